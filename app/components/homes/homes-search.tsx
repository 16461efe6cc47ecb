import { useMemo } from "react";
import { Form } from "react-router";
import { useT } from "~/lib/i18n/use-t";
import { SORTS, type Sort, suggestCities } from "~/modules/homes/search";
import { Highlighted } from "~/components/search/highlighted";
import { useCombobox } from "~/components/search/use-combobox";
import { useHomesQuery } from "./use-homes-query";

export const HOMES_SEARCH_ID = "homes-search";
const LISTBOX_ID = "homes-search-suggestions";
const SORT_ID = "homes-sort";
const SORT_HINT_ID = "homes-sort-hint";
const optionId = (index: number) => `${LISTBOX_ID}-${index}`;

/**
 * The /homes search: a plain GET form (q, sort, Search) that works before JavaScript, and
 * once hydrated a debounced box with city suggestions as an ARIA 1.2 combobox (WAI-ARIA APG
 * "combobox with listbox popup"): shown only while the box is focused and non-empty, closed
 * 200 ms after it loses focus; the sort applies as soon as it changes.
 */
export function HomesSearch({ cities, className }: { cities: readonly string[]; className?: string }) {
  const t = useT();
  const { query, setQuery, searchNow, sort, setSort, cancelPending, maxLength } = useHomesQuery();
  const suggestions = useMemo(() => suggestCities(query, cities), [query, cities]);
  // A box that already holds exactly the one suggested city has nothing left to suggest.
  const redundant = suggestions.length === 1 && suggestions[0]!.toLowerCase() === query.trim().toLowerCase();
  const box = useCombobox({ options: suggestions, canOpen: !redundant, query, onChoose: searchNow, onClear: () => setQuery("") });

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
      <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <div>
          <label htmlFor={HOMES_SEARCH_ID} className="field-label">
            {t("homes.searchLabel")}
          </label>
          <div className="relative mt-1">
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              fill="currentColor"
              className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400"
            >
              <path
                fillRule="evenodd"
                d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.58 3.58a.75.75 0 1 1-1.06 1.06l-3.58-3.58A7 7 0 0 1 2 9Z"
                clipRule="evenodd"
              />
            </svg>
            <input
              id={HOMES_SEARCH_ID}
              name="q"
              type="search"
              value={query}
              maxLength={maxLength}
              placeholder={t("homes.searchPlaceholder")}
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="search"
              role="combobox"
              aria-expanded={box.open}
              aria-controls={LISTBOX_ID}
              aria-autocomplete="list"
              aria-activedescendant={box.activeIndex >= 0 ? optionId(box.activeIndex) : undefined}
              onChange={(event) => {
                setQuery(event.target.value);
                box.typed();
              }}
              {...box.inputHandlers}
              className="block h-12 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-10 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-teal-600"
            />
            <ul
              id={LISTBOX_ID}
              role="listbox"
              aria-label={t("homes.suggestions")}
              hidden={!box.open}
              className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
            >
              {box.open
                ? suggestions.map((city, index) => (
                    <li
                      key={city}
                      id={optionId(index)}
                      role="option"
                      aria-selected={index === box.activeIndex}
                      {...box.optionHandlers(index, city)}
                      className="flex cursor-pointer items-center gap-2 px-4 py-2.5 text-slate-800 aria-selected:bg-teal-50 aria-selected:text-teal-900"
                    >
                      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0 text-slate-400">
                        <path
                          fillRule="evenodd"
                          d="M10 18s6-5.2 6-10A6 6 0 0 0 4 8c0 4.8 6 10 6 10Zm0-8a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z"
                          clipRule="evenodd"
                        />
                      </svg>
                      <Highlighted text={city} query={query} />
                    </li>
                  ))
                : null}
            </ul>
          </div>
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
            className="mt-1 block h-12 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:border-teal-600 sm:w-56"
          >
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`homes.sort.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary h-12 px-6 text-base max-sm:order-last">
          {t("homes.searchButton")}
        </button>
        {/* Under the sort select on phones; under the whole row, right-aligned, on wider screens. */}
        <p id={SORT_HINT_ID} className="-mt-1 text-sm text-slate-500 sm:col-span-3 sm:mt-0 sm:text-right">
          {t("homes.sortHint")}
        </p>
      </div>
    </Form>
  );
}
