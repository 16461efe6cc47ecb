import { useCallback, useState } from "react";
import { useSearchParams } from "react-router";
import { useUrlQuery } from "~/components/search/use-url-query";
import { DEFAULT_SORT, isSort, normalizeQuery, parseSort, type Sort } from "~/modules/homes/search";
import { ADDED_WINDOWS } from "~/modules/search/filters";

/** Any change of search or sort starts again from the first page. */
const dropPage = (params: URLSearchParams) => params.delete("page");

/**
 * A select's choice shows at once, while the URL still holds the value it was chosen over (the
 * results are on their way): read from the URL alone, the select went back to the old value until
 * they came, a choice undone before the person's eyes. Once the URL moves (to the choice, or
 * anywhere: Back), the URL's value is shown again.
 */
function useChosen<T>(urlValue: T): [T, (value: T) => void] {
  const [chosen, setChosen] = useState<{ over: T; value: T } | null>(null);
  if (chosen && chosen.over !== urlValue) setChosen(null);
  const shown = chosen && chosen.over === urlValue ? chosen.value : urlValue;
  return [shown, (value: T) => setChosen({ over: urlValue, value })];
}

/**
 * The /homes search state in the URL (`q`, `sort`, `added`; `page` dropped whenever one
 * changes), so it survives reloads and can be shared: the shared search box behaviour plus the
 * sort and the "added within" filter, each shown as chosen while its results load (useChosen).
 */
export function useHomesQuery() {
  const [searchParams] = useSearchParams();
  const [sort, chooseSort] = useChosen(parseSort(searchParams.get("sort")));
  // An old link's window sort (`?sort=7d`) is this filter too.
  const urlAdded = searchParams.get("added") ?? (ADDED_WINDOWS as readonly string[]).find((w) => w === searchParams.get("sort")) ?? "";
  const [added, chooseAdded] = useChosen(urlAdded);
  const search = useUrlQuery(dropPage);
  const { write, query, cancelPending } = search;

  /** A select applies at once, with the box's words: `name` set to `value`, or dropped when it is the default. */
  const apply = useCallback(
    (name: "sort" | "added", value: string, isDefault: boolean) => {
      cancelPending();
      const q = normalizeQuery(query);
      write((params) => {
        if (q) params.set("q", q);
        else params.delete("q");
        // An old link's "added within" sort (`?sort=7d`) is the Added filter now: kept as one.
        const old = params.get("sort");
        if (old && !isSort(old)) {
          if (!params.has("added") && (ADDED_WINDOWS as readonly string[]).includes(old)) params.set("added", old);
          params.delete("sort");
        }
        if (isDefault) params.delete(name);
        else params.set(name, value);
      }, false);
    },
    [write, query, cancelPending],
  );
  const setSort = (value: Sort) => {
    chooseSort(value);
    apply("sort", value, value === DEFAULT_SORT);
  };
  /** The "added within" filter (issue 51). */
  const setAdded = (value: string) => {
    chooseAdded(value);
    apply("added", value, value === "");
  };

  return { ...search, sort, setSort, added, setAdded };
}
