import { type ReactNode, type Ref, useRef } from "react";
import { useAdoptPageValue } from "~/lib/adopt-page-value";
import { Highlighted } from "./highlighted";
import type { useCombobox } from "./use-combobox";

const OPTION_CLASS =
  "cursor-pointer px-4 py-2.5 text-slate-800 aria-selected:bg-teal-50 aria-selected:text-teal-900";

/**
 * The search input with its suggestions popup, for the services and homes searches (the
 * behaviour is `useCombobox`'s; this is the one markup for it): a magnifier, a combobox input
 * that keeps focus, and a listbox whose options show the query highlighted. Options are
 * referenced by position (`<listboxId>-<index>`) because their labels may hold spaces.
 */
export function SearchBox<T>({
  id,
  listboxId,
  listboxLabel,
  placeholder,
  query,
  onQueryChange,
  maxLength,
  inputRef,
  box,
  options,
  optionKey,
  optionLabel,
  optionIcon,
  className,
}: {
  id: string;
  listboxId: string;
  listboxLabel: string;
  placeholder: string;
  query: string;
  onQueryChange: (value: string) => void;
  maxLength: number;
  inputRef?: Ref<HTMLInputElement>;
  box: ReturnType<typeof useCombobox<T>>;
  options: readonly T[];
  optionKey: (option: T) => string;
  optionLabel: (option: T) => string;
  /** A decorative icon before each option's label. */
  optionIcon?: ReactNode;
  /** The wrapper's classes (it is always `relative`, the popup hangs from it). */
  className?: string;
}) {
  const optionId = (index: number) => `${listboxId}-${index}`;
  const own = useRef<HTMLInputElement | null>(null);
  // Text typed while the page was loading is the person's search: kept, and searched as typed.
  useAdoptPageValue(
    own,
    query,
    (value) => {
      onQueryChange(value);
      box.typed();
    },
    () => box.inputHandlers.onFocus(),
  );
  return (
    <div className={`relative ${className ?? ""}`}>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400" />
      <input
        ref={(element) => {
          own.current = element;
          if (typeof inputRef === "function") inputRef(element);
          else if (inputRef) inputRef.current = element;
        }}
        id={id}
        name="q"
        // A text input, not type="search": ARIA 1.2's combobox role and aria-expanded are not
        // allowed on a search input (Nu HTML Checker). The form around it is the search landmark.
        type="text"
        inputMode="search"
        value={query}
        maxLength={maxLength}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        role="combobox"
        aria-expanded={box.open}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={box.activeIndex >= 0 ? optionId(box.activeIndex) : undefined}
        onChange={(event) => {
          onQueryChange(event.target.value);
          box.typed();
        }}
        {...box.inputHandlers}
        className="block h-12 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-10 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-teal-600"
      />
      <ul
        id={listboxId}
        role="listbox"
        aria-label={listboxLabel}
        hidden={!box.open}
        className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
        {box.open
          ? options.map((option, index) => (
              <li
                key={optionKey(option)}
                id={optionId(index)}
                role="option"
                aria-selected={index === box.activeIndex}
                {...box.optionHandlers(index, option)}
                className={optionIcon ? `flex items-center gap-2 ${OPTION_CLASS}` : OPTION_CLASS}
              >
                {optionIcon}
                <Highlighted text={optionLabel(option)} query={query} />
              </li>
            ))
          : null}
      </ul>
    </div>
  );
}

/** The magnifier of a search, wherever one is offered. */
export function SearchIcon({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={className}>
      <path
        fillRule="evenodd"
        d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.58 3.58a.75.75 0 1 1-1.06 1.06l-3.58-3.58A7 7 0 0 1 2 9Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
