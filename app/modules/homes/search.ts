/**
 * The /homes search's pure rules, shared by the server (query building) and the browser
 * (URL state, labels): sort options, filters as URL parameters, the search terms a query is
 * split into, LIKE escaping, pagination and price formatting. Nothing here touches the database.
 */
import { MAX_QUERY_LENGTH, normalizeQuery } from "~/modules/search/query";
import { suggest } from "~/modules/search/suggest";
import { ADDED_WINDOWS, type AddedWindow, HOME_TYPES, type HomeFilter, type HomeFilters, type HomeType } from "~/modules/search/filters";

/**
 * Spec §9 lists "added within 24 hours / 7 days / 30 days" among the sorts; they filter (which
 * listings), they do not order, so "Sort by" offers only orders and "Added" is a filter (ADR 45,
 * issue 51). Old links with `?sort=24h` still work: parseSort reads them as newest, and
 * parseHomeFilters as the "added" filter.
 */
export const SORTS = ["newest", "price-asc", "price-desc"] as const;
export type Sort = (typeof SORTS)[number];
export const DEFAULT_SORT: Sort = "newest";

/** An "added within" window keeps listings created in the last N days, newest first. */
export const ADDED_DAYS: Record<AddedWindow, number> = { "24h": 1, "7d": 7, "30d": 30 };

export const isSort = (value: unknown): value is Sort => typeof value === "string" && (SORTS as readonly string[]).includes(value);

/** Unknown or missing values fall back to newest, so a hand-edited URL still shows a page. */
export const parseSort = (value: string | null | undefined): Sort => (isSort(value) ? value : DEFAULT_SORT);

/** The oldest created_at an "added within" filter keeps (ISO string, comparable with created_at), or null. */
export function addedCutoff(added: AddedWindow | undefined, now: Date = new Date()): string | null {
  return added ? new Date(now.getTime() - ADDED_DAYS[added] * 24 * 60 * 60 * 1000).toISOString() : null;
}

/**
 * The stored property types each named home type stands for: the seed's spellings ("WholeHome")
 * and the wizard's ("Whole Home"). A condo or an apartment is any self-contained unit: studio,
 * one or two bedrooms.
 */
export const HOME_TYPE_VALUES: Record<HomeType, readonly string[]> = {
  room: ["Room"],
  studio: ["Studio"],
  apartment: ["Studio", "1BR", "2BR"],
  house: ["WholeHome", "Whole Home"],
  shortterm: ["ShortTerm", "Short-term"],
  sublet: ["Sublet"],
};

/** Filters as URL parameters (`?type=apartment&max=2000&beds=2&pets=1&area=Etobicoke&added=7d`). */
export const FILTER_PARAMS = { type: "type", minPrice: "min", maxPrice: "max", beds: "beds", pets: "pets", area: "area", added: "added" } as const satisfies Record<HomeFilter, string>;

const MAX_PRICE = 1_000_000;
const price = (v: string | null) => (v && /^\d{1,7}$/.test(v) && Number(v) <= MAX_PRICE ? Number(v) : undefined);

/** The filters a URL sets; a bad value is ignored (a hand-edited link still shows a page). */
export function parseHomeFilters(params: URLSearchParams): HomeFilters {
  const f: HomeFilters = {};
  const type = params.get(FILTER_PARAMS.type);
  if (type && (HOME_TYPES as readonly string[]).includes(type)) f.type = type as HomeType;
  const min = price(params.get(FILTER_PARAMS.minPrice));
  if (min !== undefined) f.minPrice = min;
  const max = price(params.get(FILTER_PARAMS.maxPrice));
  if (max !== undefined) f.maxPrice = max;
  const beds = params.get(FILTER_PARAMS.beds);
  if (beds && /^[1-9]$/.test(beds)) f.beds = Number(beds);
  if (params.get(FILTER_PARAMS.pets) === "1") f.pets = true;
  const area = normalizeQuery(params.get(FILTER_PARAMS.area)).slice(0, 60);
  if (area) f.area = area;
  // The old "added within" sorts, from links made before it became a filter.
  const added = params.get(FILTER_PARAMS.added) ?? params.get("sort");
  if (added && (ADDED_WINDOWS as readonly string[]).includes(added)) f.added = added as AddedWindow;
  return f;
}

/** Writes filters into URL parameters (only those set). */
export function writeHomeFilters(params: URLSearchParams, filters: HomeFilters) {
  for (const key of Object.keys(FILTER_PARAMS) as HomeFilter[]) {
    const v = filters[key];
    if (v === undefined) params.delete(FILTER_PARAMS[key]);
    else params.set(FILTER_PARAMS[key], v === true ? "1" : String(v));
  }
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
export function homesSearch(state: { q?: string; sort?: Sort; page?: number; filters?: HomeFilters }): string {
  const params = new URLSearchParams();
  const q = normalizeQuery(state.q);
  if (q) params.set("q", q);
  if (state.filters) writeHomeFilters(params, state.filters);
  if (state.sort && state.sort !== DEFAULT_SORT) params.set("sort", state.sort);
  if (state.page && state.page > 1) params.set("page", String(state.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** Property kinds live on their own (a listing's page needs them, not the search's rules). */
export { type PropertyKind, propertyKind, schemaOrgType } from "./property-kind";
