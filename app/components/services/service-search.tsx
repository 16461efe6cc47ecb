import { useMemo } from "react";
import { Form, href, useNavigate } from "react-router";
import { useT } from "~/lib/i18n/use-t";
import { SearchBox } from "~/components/search/search-box";
import { useCombobox } from "~/components/search/use-combobox";
import { suggest } from "~/modules/search/suggest";
import { MAX_QUERY_LENGTH } from "~/components/search/use-url-query";

export const SEARCH_INPUT_ID = "service-search";
const LISTBOX_ID = "service-search-suggestions";

type Suggestible = { slug: string; title: string };

type Props = {
  categories: readonly Suggestible[];
  query: string;
  onQueryChange: (value: string) => void;
  /**
   * Called when the visitor leaves typing — a submitted search (the page navigates to ?q=) or a
   * chosen suggestion (it opens that service): the page drops its pending ?q= write, which would
   * otherwise land during the navigation and take the visitor back to the list.
   */
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
    onChoose: (option) => {
      onSubmit?.();
      void navigate(href("/services/:slug", { slug: option.slug }));
    },
    onClear: () => onQueryChange(""),
  });

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
        <SearchBox
          id={SEARCH_INPUT_ID}
          listboxId={LISTBOX_ID}
          listboxLabel={t("services.suggestions")}
          placeholder={t("services.searchPlaceholder")}
          query={query}
          onQueryChange={onQueryChange}
          maxLength={MAX_QUERY_LENGTH}
          inputRef={inputRef}
          box={box}
          options={suggestions}
          optionKey={(option) => option.slug}
          optionLabel={(option) => option.title}
          className="flex-1"
        />
        <button type="submit" className="btn-primary h-12 px-5 text-base">
          {t("services.searchButton")}
        </button>
      </div>
    </Form>
  );
}
