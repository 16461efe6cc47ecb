import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { MAX_QUERY_LENGTH, normalizeQuery } from "~/modules/search/query";

/** Spec §9: the URL (and so the results) follow the box 300 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

export { MAX_QUERY_LENGTH };

type Write = (change: (params: URLSearchParams) => void, replace: boolean) => void;

/**
 * A search box's text kept in step with `?q=` both ways (services and homes): typing updates
 * the URL after a pause (replacing the history entry, so Back leaves the search rather than
 * each keystroke), a chosen suggestion or submitted search writes at once as a new entry, and
 * a URL change we did not make ourselves (back/forward, a link) updates the text.
 * `onWrite` adjusts the other parameters whenever the page writes (e.g. drop `page`).
 */
export function useUrlQuery(onWrite?: (params: URLSearchParams) => void) {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlQuery = normalizeQuery(searchParams.get("q"));
  const [query, setQueryState] = useState(urlQuery);
  // `written`: the values this box wrote that have not reached the page yet, oldest first. A
  // navigation is asynchronous (and rendered as a transition), so on a slow page an older
  // write can arrive after a newer one was made: it is still ours, not a reason to take the
  // box back to it (that erased the letters typed in between).
  const [seen, setSeen] = useState<{ url: string; written: readonly string[] }>({ url: urlQuery, written: [] });

  // Adjusting state while rendering (not in an effect) so the box never shows a stale value.
  if (urlQuery !== seen.url) {
    const ours = seen.written.indexOf(urlQuery);
    if (ours === -1) setQueryState(urlQuery);
    setSeen({ url: urlQuery, written: ours === -1 ? [] : seen.written.slice(ours + 1) });
  }

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const cancelPending = useCallback(() => clearTimeout(timer.current), []);

  const write: Write = useCallback(
    (change, replace) => {
      setSearchParams(
        (prev) => {
          const params = new URLSearchParams(prev);
          change(params);
          onWrite?.(params);
          return params;
        },
        { replace, preventScrollReset: true },
      );
    },
    [setSearchParams, onWrite],
  );

  const writeQuery = useCallback(
    (next: string, replace: boolean) => {
      setSeen((s) => ({ ...s, written: [...s.written.slice(-20), next] }));
      write((params) => (next ? params.set("q", next) : params.delete("q")), replace);
    },
    [write],
  );

  const setQuery = useCallback(
    (value: string) => {
      setQueryState(value);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const next = normalizeQuery(value);
        if (normalizeQuery(new URLSearchParams(window.location.search).get("q")) === next) return;
        writeQuery(next, true);
      }, SEARCH_DEBOUNCE_MS);
    },
    [writeQuery],
  );

  /** A chosen suggestion or a submitted search: at once, as a new history entry. */
  const searchNow = useCallback(
    (value: string) => {
      clearTimeout(timer.current);
      const next = normalizeQuery(value);
      setQueryState(next);
      writeQuery(next, false);
    },
    [writeQuery],
  );

  return { query, setQuery, searchNow, cancelPending, write, maxLength: MAX_QUERY_LENGTH };
}
