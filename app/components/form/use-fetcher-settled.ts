import { useEffect, useRef } from "react";

type FetcherLike = { state: "idle" | "loading" | "submitting"; data?: { result?: unknown } };

/**
 * Calls `onSuccess` once a fetcher form's submission settles without field errors (the server
 * redirected, bringing its toast), or `onRejected` when it came back with errors. Dialogs use
 * it to close themselves after a successful send.
 */
export function useFetcherSettled(fetcher: FetcherLike, handlers: { onSuccess?: () => void; onRejected?: () => void }) {
  const submitted = useRef(false);
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (fetcher.state !== "idle") {
      submitted.current = true;
      return;
    }
    if (!submitted.current) return;
    submitted.current = false;
    if (fetcher.data?.result) latest.current.onRejected?.();
    else latest.current.onSuccess?.();
  }, [fetcher.state, fetcher.data]);
}
