/**
 * The /homes search's pure rules, shared by the server (query building) and the browser
 * (URL state, labels): sort options, the search terms a query is split into, LIKE escaping,
 * pagination and price formatting. Nothing here touches the database.
 */
import { MAX_QUERY_LENGTH, normalizeQuery } from "~/modules/search/query";
import { suggest } from "~/modules/search/suggest";

/** Spec §9: newest (default), added within 24 hours / 7 days / 30 days, price low→high, high→low. */
export const SORTS = ["newest", "24h", "7d", "30d", "price-asc", "price-desc"] as const;
export type Sort = (typeof SORTS)[number];
export const DEFAULT_SORT: Sort = "newest";

/** The "added within" sorts keep listings created in the last N days, newest first. */
export const SORT_WINDOW_DAYS: Partial<Record<Sort, number>> = { "24h": 1, "7d": 7, "30d": 30 };

export const isSort = (value: unknown): value is Sort => typeof value === "string" && (SORTS as readonly string[]).includes(value);

/** Unknown or missing values fall back to newest, so a hand-edited URL still shows a page. */
export const parseSort = (value: string | null | undefined): Sort => (isSort(value) ? value : DEFAULT_SORT);

/** The oldest created_at a windowed sort keeps (ISO string, comparable with created_at), or null. */
export function sortCutoff(sort: Sort, now: Date = new Date()): string | null {
  const days = SORT_WINDOW_DAYS[sort];
  return days === undefined ? null : new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
}

/** Results per page; the next page is `?page=N+1`. */
export const PAGE_SIZE = 24;
/** Deep pages cost an OFFSET scan; nobody pages this far by hand, so the URL is clamped. */
export const MAX_PAGE = 2000;

export function parsePage(value: string | null | undefined): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.min(Math.max(Number(value), 1), MAX_PAGE);
}

/** Longer queries are cut (the URL stays sane, and no listing text needs more). */
export { MAX_QUERY_LENGTH, normalizeQuery };
/** At most this many words are matched; the rest of a pasted paragraph is ignored. */
export const MAX_TERMS = 8;
/** The trigram index answers terms of at least three characters; shorter ones use LIKE. */
export const MIN_INDEXED_TERM = 3;

/** The query as the page shows and keeps it: trimmed, inner spaces collapsed, length capped. */

/**
 * The words a listing must all contain (anywhere in title, city, neighbourhood or description,
 * case-insensitive): lower-cased, de-duplicated, at most MAX_TERMS.
 */
export function searchTerms(q: string | null | undefined): string[] {
  const words = normalizeQuery(q).toLowerCase().split(" ").filter(Boolean);
  return [...new Set(words)].slice(0, MAX_TERMS);
}

export const termLength = (term: string) => [...term].length;

/** Escapes LIKE wildcards so `50%` or `a_b` match literally (used with ESCAPE '\'). */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%term%` for a substring match, wildcards in the term escaped. */
export const containsPattern = (term: string) => `%${escapeLike(term)}%`;

/**
 * An FTS5 query matching rows that contain every term as a substring: each term a quoted
 * string (quotes doubled), so no user input is read as FTS syntax. Terms must be ≥ 3 characters.
 */
export const ftsQuery = (terms: readonly string[]) => terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(" AND ");

/** Counting stops here: "1,000+ homes" costs the same whatever the term matches. */
export const COUNT_CAP = 1000;

/** Spec §9: up to 4 popular cities on the no-results view. */
export const POPULAR_CITIES = 4;

/** City suggestions for the search box: the spec's scoring (prefix 3, substring 2, overlap 1), up to 6. */
export const suggestCities = (query: string, cities: readonly string[]) => (query.trim() ? suggest(query, cities, (c) => c) : []);

/** The URL of a results page: only non-default values are written, so shared links stay short. */
export function homesSearch(state: { q?: string; sort?: Sort; page?: number }): string {
  const params = new URLSearchParams();
  const q = normalizeQuery(state.q);
  if (q) params.set("q", q);
  if (state.sort && state.sort !== DEFAULT_SORT) params.set("sort", state.sort);
  if (state.page && state.page > 1) params.set("page", String(state.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** Property kinds live on their own (a listing's page needs them, not the search's rules). */
export { type PropertyKind, propertyKind, schemaOrgType } from "./property-kind";
