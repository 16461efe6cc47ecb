import { useEffect, useMemo, useRef, useState } from "react";
import { Form, href, useNavigate } from "react-router";
import { useT } from "~/lib/i18n/use-t";
import { suggest, SUGGESTION_BLUR_DELAY_MS } from "~/modules/search/suggest";
import { MAX_QUERY_LENGTH } from "./use-search-query";

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
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const suggestions = useMemo(() => (query.trim() ? suggest(query, categories, (c) => c.title) : []), [query, categories]);
  const open = focused && !dismissed && suggestions.length > 0;
  const activeIndex = open && active < suggestions.length ? active : -1;
  const activeOption = activeIndex >= 0 ? suggestions[activeIndex] : undefined;

  const close = () => {
    setDismissed(true);
    setActive(-1);
  };

  const choose = (option: Suggestible) => {
    close();
    void navigate(href("/services/:slug", { slug: option.slug }));
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const n = suggestions.length;
    switch (event.key) {
      case "ArrowDown":
        if (n === 0) return;
        event.preventDefault();
        setDismissed(false);
        setActive(open ? (activeIndex + 1) % n : 0);
        break;
      case "ArrowUp":
        if (n === 0) return;
        event.preventDefault();
        setDismissed(false);
        setActive(open ? (activeIndex <= 0 ? n - 1 : activeIndex - 1) : n - 1);
        break;
      case "Enter":
        // With no highlighted option, Enter submits the search as usual.
        if (activeOption) {
          event.preventDefault();
          choose(activeOption);
        }
        break;
      case "Escape":
        // First Escape closes the list; a second one clears the box (APG behaviour).
        event.preventDefault();
        if (open) close();
        else if (query) onQueryChange("");
        break;
    }
  };

  return (
    <Form
      method="get"
      role="search"
      className={className}
      onSubmit={() => {
        close();
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
            aria-expanded={open}
            aria-controls={LISTBOX_ID}
            aria-autocomplete="list"
            aria-activedescendant={activeOption ? optionId(activeOption.slug) : undefined}
            onChange={(event) => {
              onQueryChange(event.target.value);
              setDismissed(false);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            onFocus={() => {
              clearTimeout(blurTimer.current);
              setFocused(true);
            }}
            onBlur={() => {
              clearTimeout(blurTimer.current);
              blurTimer.current = setTimeout(() => {
                setFocused(false);
                setActive(-1);
              }, SUGGESTION_BLUR_DELAY_MS);
            }}
            className="block h-12 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-10 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-teal-600"
          />
          <ul
            id={LISTBOX_ID}
            role="listbox"
            aria-label={t("services.suggestions")}
            hidden={!open}
            className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
          >
            {open
              ? suggestions.map((option, index) => (
                  <li
                    key={option.slug}
                    id={optionId(option.slug)}
                    role="option"
                    aria-selected={index === activeIndex}
                    // Keep focus in the box so the click lands and the list stays a popup of it.
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => index !== activeIndex && setActive(index)}
                    onClick={() => choose(option)}
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

/** The title with the typed text in bold where it appears (prefix/contains matches). */
function Highlighted({ text, query }: { text: string; query: string }) {
  const q = query.trim().toLowerCase();
  const at = q ? text.toLowerCase().indexOf(q) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <strong className="font-semibold">{text.slice(at, at + q.length)}</strong>
      {text.slice(at + q.length)}
    </>
  );
}
