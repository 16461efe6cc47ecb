import { useEffect, useMemo } from "react";
import { Form } from "react-router";
import { useT } from "~/lib/i18n/use-t";
import { parseSort, SORTS, type Sort, suggestCities } from "~/modules/homes/search";
import { ADDED_WINDOWS } from "~/modules/search/filters";
import { SearchBox } from "~/components/search/search-box";
import { useCombobox } from "~/components/search/use-combobox";
import { useHomesQuery } from "./use-homes-query";

export const HOMES_SEARCH_ID = "homes-search";
const LISTBOX_ID = "homes-search-suggestions";
const SORT_ID = "homes-sort";
const SORT_HINT_ID = "homes-sort-hint";
const ADDED_ID = "homes-added";
/** Sort by and Added: the same select beside the box. */
const SELECT_CLASS = "mt-1 block h-12 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:border-teal-600 sm:w-48";

const PIN = (
  <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0 text-slate-400">
    <path fillRule="evenodd" d="M10 18s6-5.2 6-10A6 6 0 0 0 4 8c0 4.8 6 10 6 10Zm0-8a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z" clipRule="evenodd" />
  </svg>
);

/**
 * The /homes search: a plain GET form (q, sort, Search) that works before JavaScript, and
 * once hydrated a debounced box with city suggestions as an ARIA 1.2 combobox (WAI-ARIA APG
 * "combobox with listbox popup"): shown only while the box is focused and non-empty, closed
 * 200 ms after it loses focus; the sort applies as soon as it changes.
 */
export function HomesSearch({
  cities,
  kept = [],
  addedNow,
  className,
}: {
  cities: readonly string[];
  /** Filters set by URL parameters (not read from the words): sent again with each search. */
  kept?: readonly (readonly [string, string])[];
  /** The "added within" window in force (from the words or an old sort link). */
  addedNow?: string;
  className?: string;
}) {
  const t = useT();
  const { query, setQuery, searchNow, sort, setSort, added, setAdded, cancelPending, maxLength } = useHomesQuery();
  const suggestions = useMemo(() => suggestCities(query, cities), [query, cities]);
  // A box that already holds exactly the one suggested city has nothing left to suggest.
  const redundant = suggestions.length === 1 && suggestions[0]!.toLowerCase() === query.trim().toLowerCase();
  // The words may ask for a window themselves ("new this week"): the select shows it until one is chosen.
  const shownAdded = added || addedNow || "";
  const box = useCombobox({ options: suggestions, canOpen: !redundant, query, onChoose: searchNow, onClear: () => setQuery("") });

  // The page loads this code when the visitor reaches for the form (a form island,
  // routes/homes/index.tsx): what they typed or chose before it ran is in the page, not in the
  // state. A new sort applies as a search (with the box's text); new text is searched as typed.
  useEffect(() => {
    const select = document.getElementById(SORT_ID) as HTMLSelectElement | null;
    const addedSelect = document.getElementById(ADDED_ID) as HTMLSelectElement | null;
    const input = document.getElementById(HOMES_SEARCH_ID) as HTMLInputElement | null;
    const typed = input && input.value !== query;
    const sortChosen = select && select.value !== sort;
    const addedChosen = addedSelect && addedSelect.value !== shownAdded;
    if (sortChosen || addedChosen) {
      if (typed || (sortChosen && addedChosen)) (select ?? addedSelect)?.form?.requestSubmit();
      else if (sortChosen) setSort(parseSort(select.value));
      else if (addedSelect) setAdded(addedSelect.value);
    } else if (typed) setQuery(input.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Form
      method="get"
      role="search"
      aria-label={t("homes.searchLabel")}
      className={className}
      preventScrollReset
      onSubmit={() => {
        box.close();
        cancelPending();
      }}
    >
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end">
        <div>
          <label htmlFor={HOMES_SEARCH_ID} className="field-label">
            {t("homes.searchLabel")}
          </label>
          <SearchBox
            id={HOMES_SEARCH_ID}
            listboxId={LISTBOX_ID}
            listboxLabel={t("homes.suggestions")}
            placeholder={t("homes.searchPlaceholder")}
            query={query}
            onQueryChange={setQuery}
            maxLength={maxLength}
            box={box}
            options={suggestions}
            optionKey={(city) => city}
            optionLabel={(city) => city}
            optionIcon={PIN}
            className="mt-1"
          />
        </div>
        <div>
          <label htmlFor={SORT_ID} className="field-label">
            {t("homes.sortLabel")}
          </label>
          <select
            id={SORT_ID}
            name="sort"
            value={sort}
            aria-describedby={SORT_HINT_ID}
            onChange={(event) => setSort(event.target.value as Sort)}
            className={SELECT_CLASS}
          >
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`homes.sort.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ADDED_ID} className="field-label">
            {t("homes.addedLabel")}
          </label>
          <select
            id={ADDED_ID}
            name="added"
            value={shownAdded}
            onChange={(event) => setAdded(event.target.value)}
            className={SELECT_CLASS}
          >
            <option value="">{t("homes.added.any")}</option>
            {ADDED_WINDOWS.map((w) => (
              <option key={w} value={w}>
                {t(`homes.added.${w}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary h-12 px-6 text-base max-sm:order-last">
          {t("homes.searchButton")}
        </button>
        {/* Under the sort select on phones; under the whole row, right-aligned, on wider screens. */}
        <p id={SORT_HINT_ID} className="-mt-1 text-sm text-slate-500 sm:col-span-4 sm:mt-0 sm:text-right">
          {t("homes.sortHint")}
        </p>
      </div>
    </Form>
  );
}
