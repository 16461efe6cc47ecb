import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";

/** Longer queries are cut: no category title comes close, and the URL stays sane. */
export const MAX_QUERY_LENGTH = 100;
/** Typing filters at once; the URL (?q=) follows after this pause, so history is not flooded. */
export const URL_DEBOUNCE_MS = 300;

export const queryFromParams = (params: URLSearchParams) => (params.get("q") ?? "").slice(0, MAX_QUERY_LENGTH);

/**
 * The search box's text, kept in step with `?q=` both ways: typing updates the URL (replacing
 * the entry, debounced), and a URL change we did not make ourselves (back/forward, a link to
 * /services, a submitted search) updates the text.
 */
export function useSearchQuery() {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlQuery = queryFromParams(searchParams);
  const [query, setQueryState] = useState(urlQuery);
  const [seen, setSeen] = useState<{ url: string; written: string | null }>({ url: urlQuery, written: null });

  // Adjusting state while rendering (not in an effect) so the box never shows a stale value.
  if (urlQuery !== seen.url) {
    if (urlQuery !== seen.written) setQueryState(urlQuery);
    setSeen({ url: urlQuery, written: null });
  }

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const cancelPending = useCallback(() => clearTimeout(timer.current), []);

  const setQuery = useCallback(
    (value: string) => {
      setQueryState(value);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const next = value.trim().slice(0, MAX_QUERY_LENGTH);
        if (queryFromParams(new URLSearchParams(window.location.search)) === next) return;
        setSeen((s) => ({ ...s, written: next }));
        setSearchParams(
          (prev) => {
            const params = new URLSearchParams(prev);
            if (next) params.set("q", next);
            else params.delete("q");
            return params;
          },
          { replace: true, preventScrollReset: true },
        );
      }, URL_DEBOUNCE_MS);
    },
    [setSearchParams],
  );

  return { query, setQuery, cancelPending };
}
