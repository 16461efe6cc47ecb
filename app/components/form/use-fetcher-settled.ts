import { useEffect, useRef } from "react";

type FetcherLike = { state: "idle" | "loading" | "submitting"; data?: { result?: unknown } };

/**
 * Calls `onSuccess` once a fetcher form's submission settles without field errors (the server
 * redirected, bringing its toast), or `onRejected` when it came back with errors. Dialogs use
 * it to close themselves after a successful send.
 *
 * A redirect leaves `fetcher.data` as it was (React Router keeps a fetcher's last data), so a
 * refusal followed by a successful send would still show the refusal: only data that arrived
 * with this submission counts.
 */
export function useFetcherSettled(fetcher: FetcherLike, handlers: { onSuccess?: () => void; onRejected?: () => void }) {
  const submitted = useRef(false);
  const dataBefore = useRef<FetcherLike["data"]>(undefined);
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (fetcher.state !== "idle") {
      if (!submitted.current) dataBefore.current = fetcher.data;
      submitted.current = true;
      return;
    }
    if (!submitted.current) return;
    submitted.current = false;
    const answer = fetcher.data !== dataBefore.current ? fetcher.data : undefined;
    if (answer?.result) latest.current.onRejected?.();
    else latest.current.onSuccess?.();
  }, [fetcher.state, fetcher.data]);
}
