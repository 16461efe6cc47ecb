import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { useUrlQuery } from "~/components/search/use-url-query";
import { DEFAULT_SORT, normalizeQuery, parseSort, type Sort } from "~/modules/homes/search";

/** Any change of search or sort starts again from the first page. */
const dropPage = (params: URLSearchParams) => params.delete("page");

/**
 * The /homes search state in the URL (`q`, `sort`; `page` dropped whenever either changes), so
 * it survives reloads and can be shared: the shared search box behaviour plus the sort.
 */
export function useHomesQuery() {
  const [searchParams] = useSearchParams();
  const sort = parseSort(searchParams.get("sort"));
  const search = useUrlQuery(dropPage);
  const { write, query, cancelPending } = search;

  const setSort = useCallback(
    (value: Sort) => {
      cancelPending();
      const q = normalizeQuery(query);
      write((params) => {
        if (q) params.set("q", q);
        else params.delete("q");
        if (value === DEFAULT_SORT) params.delete("sort");
        else params.set("sort", value);
      }, false);
    },
    [write, query, cancelPending],
  );

  return { ...search, sort, setSort };
}
