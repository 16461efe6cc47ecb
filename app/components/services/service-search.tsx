import { useMemo } from "react";
import { Form, href, useNavigate } from "react-router";
import { useT } from "~/lib/i18n/use-t";
import { Highlighted } from "~/components/search/highlighted";
import { useCombobox } from "~/components/search/use-combobox";
import { suggest } from "~/modules/search/suggest";
import { MAX_QUERY_LENGTH } from "~/components/search/use-url-query";

export const SEARCH_INPUT_ID = "service-search";
const LISTBOX_ID = "service-search-suggestions";
const optionId = (slug: string) => `${LISTBOX_ID}-${slug}`;

type Suggestible = { slug: string; title: string };

type Props = {
  categories: readonly Suggestible[];
  query: string;
  onQueryChange: (value: string) => void;
  /** Called when the search is submitted (the page navigates to ?q=). */
  onSubmit?: () => void;
  inputRef?: React.Ref<HTMLInputElement>;
  className?: string;
};

/**
 * The services search box: a plain GET form (?q=) before JavaScript, and an ARIA 1.2 combobox
 * with list autocomplete after it (WAI-ARIA APG "combobox with listbox popup"). Focus stays in
 * the input; the highlighted option is announced through aria-activedescendant.
 */
export function ServiceSearch({ categories, query, onQueryChange, onSubmit, inputRef, className }: Props) {
  const t = useT();
  const navigate = useNavigate();
  const suggestions = useMemo(() => (query.trim() ? suggest(query, categories, (c) => c.title) : []), [query, categories]);
  const box = useCombobox({
    options: suggestions,
    query,
    onChoose: (option) => void navigate(href("/services/:slug", { slug: option.slug })),
    onClear: () => onQueryChange(""),
  });
  const activeOption = box.activeIndex >= 0 ? suggestions[box.activeIndex] : undefined;

  return (
    <Form
      method="get"
      role="search"
      className={className}
      onSubmit={() => {
        box.close();
        onSubmit?.();
      }}
    >
      <label htmlFor={SEARCH_INPUT_ID} className="field-label">
        {t("services.searchLabel")}
      </label>
      <div className="mt-1 flex gap-2">
        <div className="relative flex-1">
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
            ref={inputRef}
            id={SEARCH_INPUT_ID}
            name="q"
            type="search"
            value={query}
            maxLength={MAX_QUERY_LENGTH}
            placeholder={t("services.searchPlaceholder")}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            role="combobox"
            aria-expanded={box.open}
            aria-controls={LISTBOX_ID}
            aria-autocomplete="list"
            aria-activedescendant={activeOption ? optionId(activeOption.slug) : undefined}
            onChange={(event) => {
              onQueryChange(event.target.value);
              box.typed();
            }}
            {...box.inputHandlers}
            className="block h-12 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-10 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-teal-600"
          />
          <ul
            id={LISTBOX_ID}
            role="listbox"
            aria-label={t("services.suggestions")}
            hidden={!box.open}
            className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
          >
            {box.open
              ? suggestions.map((option, index) => (
                  <li
                    key={option.slug}
                    id={optionId(option.slug)}
                    role="option"
                    aria-selected={index === box.activeIndex}
                    {...box.optionHandlers(index, option)}
                    className="cursor-pointer px-4 py-2.5 text-slate-800 aria-selected:bg-teal-50 aria-selected:text-teal-900"
                  >
                    <Highlighted text={option.title} query={query} />
                  </li>
                ))
              : null}
          </ul>
        </div>
        <button type="submit" className="btn-primary h-12 px-5 text-base">
          {t("services.searchButton")}
        </button>
      </div>
    </Form>
  );
}
