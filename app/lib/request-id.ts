import { createContext, useContext, useState } from "react";

/**
 * The request id of the current server render (the `X-Request-Id` of its answer), shown on
 * the error page so a person can quote it. In the browser it is read back from that page's
 * markup once, when the page is hydrated: no hydration mismatch, and never a stale id (an
 * error met later, in the browser, has no server request of its own to name).
 */
const RequestIdContext = createContext<string | undefined>(undefined);
export const RequestIdProvider = RequestIdContext.Provider;

export const REQUEST_ID_ELEMENT = "request-id";

export function useRequestId(): string | undefined {
  const fromServer = useContext(RequestIdContext);
  const [id] = useState(
    () => fromServer ?? (typeof document === "undefined" ? undefined : document.getElementById(REQUEST_ID_ELEMENT)?.dataset.id),
  );
  return id;
}
