import { useEffect, useRef, useState } from "react";
import { SUGGESTION_BLUR_DELAY_MS } from "~/modules/search/suggest";

/**
 * The behaviour of a search box with a suggestions popup (WAI-ARIA APG "combobox with listbox
 * popup"), shared by the services and homes searches: shown while focused, hidden
 * SUGGESTION_BLUR_DELAY_MS after blur; ArrowDown/ArrowUp move the highlight, Enter chooses it
 * (or submits the search when nothing is highlighted), the first Escape closes the list and a
 * second one clears the box. Focus stays in the input; the markup is `SearchBox`'s.
 */
export function useCombobox<T>({
  options,
  canOpen = true,
  query,
  onChoose,
  onClear,
}: {
  options: readonly T[];
  /** Extra condition for showing the list (e.g. not when it would only repeat the query). */
  canOpen?: boolean;
  query: string;
  onChoose: (option: T) => void;
  onClear: () => void;
}) {
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const open = focused && !dismissed && options.length > 0 && canOpen;
  const activeIndex = open && active < options.length ? active : -1;

  const close = () => {
    setDismissed(true);
    setActive(-1);
  };
  const choose = (option: T) => {
    close();
    onChoose(option);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const n = options.length;
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
        if (activeIndex >= 0) {
          event.preventDefault();
          choose(options[activeIndex]!);
        }
        break;
      case "Escape":
        if (open) {
          event.preventDefault();
          close();
        } else if (query) {
          event.preventDefault();
          onClear();
        }
        break;
    }
  };

  return {
    open,
    activeIndex,
    close,
    choose,
    /** Call from the input's onChange: typing reopens the list with nothing highlighted. */
    typed: () => {
      setDismissed(false);
      setActive(-1);
    },
    inputHandlers: {
      onKeyDown,
      onFocus: () => {
        clearTimeout(blurTimer.current);
        setFocused(true);
      },
      onBlur: () => {
        clearTimeout(blurTimer.current);
        blurTimer.current = setTimeout(() => {
          setFocused(false);
          setActive(-1);
        }, SUGGESTION_BLUR_DELAY_MS);
      },
    },
    /** Props for the option at `index`: keeps focus in the box so a click lands. */
    optionHandlers: (index: number, option: T) => ({
      onMouseDown: (event: React.MouseEvent) => event.preventDefault(),
      onMouseMove: () => index !== activeIndex && setActive(index),
      onClick: () => choose(option),
    }),
  };
}
