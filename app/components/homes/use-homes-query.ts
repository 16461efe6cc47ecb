import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { DEFAULT_SORT, MAX_QUERY_LENGTH, normalizeQuery, parseSort, type Sort } from "~/modules/homes/search";

/** Spec §9: the URL (and so the results) follow the box 300 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

const queryFrom = (params: URLSearchParams) => normalizeQuery(params.get("q"));

/**
 * The /homes search state, kept in the URL (`q`, `sort`; `page` is dropped whenever either
 * changes) so it survives reloads and can be shared. The box's own text follows the URL when
 * something else changes it (back/forward, a suggestion, a link), and writes to it, debounced,
 * as the visitor types; each URL change loads the matching results.
 */
export function useHomesQuery() {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlQuery = queryFrom(searchParams);
  const sort = parseSort(searchParams.get("sort"));
  const [query, setQueryState] = useState(urlQuery);
  const [seen, setSeen] = useState<{ url: string; written: string | null }>({ url: urlQuery, written: null });

  // Adjusting state while rendering (not in an effect) so the box never shows a stale value.
  if (urlQuery !== seen.url) {
    if (urlQuery !== seen.written) setQueryState(urlQuery);
    setSeen({ url: urlQuery, written: null });
  }

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const cancelPending = useCallback(() => clearTimeout(timer.current), []);

  const write = useCallback(
    (next: { q?: string; sort?: Sort }, replace: boolean) => {
      setSearchParams(
        (prev) => {
          const params = new URLSearchParams(prev);
          if (next.q !== undefined) {
            if (next.q) params.set("q", next.q);
            else params.delete("q");
          }
          if (next.sort !== undefined) {
            if (next.sort === DEFAULT_SORT) params.delete("sort");
            else params.set("sort", next.sort);
          }
          params.delete("page");
          return params;
        },
        { replace, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  const setQuery = useCallback(
    (value: string) => {
      setQueryState(value);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const next = normalizeQuery(value);
        if (queryFrom(new URLSearchParams(window.location.search)) === next) return;
        setSeen((s) => ({ ...s, written: next }));
        // Typing replaces the history entry: Back leaves the search, not each keystroke.
        write({ q: next }, true);
      }, SEARCH_DEBOUNCE_MS);
    },
    [write],
  );

  /** A chosen suggestion or a submitted search: at once, as a new history entry. */
  const searchNow = useCallback(
    (value: string) => {
      clearTimeout(timer.current);
      const next = normalizeQuery(value);
      setQueryState(next);
      setSeen((s) => ({ ...s, written: next }));
      write({ q: next }, false);
    },
    [write],
  );

  const setSort = useCallback(
    (value: Sort) => {
      clearTimeout(timer.current);
      write({ q: normalizeQuery(query), sort: value }, false);
    },
    [write, query],
  );

  return { query, setQuery, searchNow, sort, setSort, cancelPending, maxLength: MAX_QUERY_LENGTH };
}
