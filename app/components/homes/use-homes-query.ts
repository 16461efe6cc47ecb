import { useCallback, useState } from "react";
import { useSearchParams } from "react-router";
import { useUrlQuery } from "~/components/search/use-url-query";
import { DEFAULT_SORT, normalizeQuery, parseSort, type Sort } from "~/modules/homes/search";

/** Any change of search or sort starts again from the first page. */
const dropPage = (params: URLSearchParams) => params.delete("page");

/**
 * The /homes search state in the URL (`q`, `sort`; `page` dropped whenever either changes), so
 * it survives reloads and can be shared: the shared search box behaviour plus the sort.
 *
 * A sort chosen shows at once, while the URL still holds the sort it was chosen over (the
 * results are on their way): read from the URL alone, the select went back to the old sort until
 * they came, a choice undone before the person's eyes. Once the URL moves (to the choice, or
 * anywhere: Back), the URL's sort is shown again.
 */
export function useHomesQuery() {
  const [searchParams] = useSearchParams();
  const urlSort = parseSort(searchParams.get("sort"));
  const [chosen, setChosen] = useState<{ over: Sort; value: Sort } | null>(null);
  if (chosen && chosen.over !== urlSort) setChosen(null);
  const sort = chosen && chosen.over === urlSort ? chosen.value : urlSort;
  const search = useUrlQuery(dropPage);
  const { write, query, cancelPending } = search;

  const setSort = useCallback(
    (value: Sort) => {
      setChosen({ over: urlSort, value });
      cancelPending();
      const q = normalizeQuery(query);
      write((params) => {
        if (q) params.set("q", q);
        else params.delete("q");
        if (value === DEFAULT_SORT) params.delete("sort");
        else params.set("sort", value);
      }, false);
    },
    [write, query, cancelPending, urlSort],
  );

  return { ...search, sort, setSort };
}
