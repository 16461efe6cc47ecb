import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * A `<details>` menu keeps its open state across client-side navigations; close it whenever
 * the location changes (a language chosen, a link followed), and on Escape.
 */
export function useCloseOnNavigation() {
  const ref = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  // Closed when the location changes, not when the page hydrates: a menu opened while the page
  // was loading stays open.
  const shownAt = useRef(key);
  useEffect(() => {
    if (key === shownAt.current) return;
    shownAt.current = key;
    if (ref.current) ref.current.open = false;
  }, [key]);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && details.open) {
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    };
    const onClickOutside = (event: MouseEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    details.addEventListener("keydown", onKey);
    document.addEventListener("click", onClickOutside);
    return () => {
      details.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClickOutside);
    };
  }, []);
  return ref;
}
