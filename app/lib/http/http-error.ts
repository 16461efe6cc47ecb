import { data } from "react-router";

/**
 * Refusals of a request as a whole (not of one field): thrown from actions, rendered by the
 * root error boundary with a message for the status. Each carries a catalogue key so the page
 * can say what went wrong in the reader's language.
 */
export const REFUSALS = {
  badRequest: { status: 400, key: "error.badRequest" },
  badUrl: { status: 400, key: "error.badUrl" },
  forbiddenOrigin: { status: 403, key: "error.crossSite" },
  lengthRequired: { status: 411, key: "error.lengthRequired" },
  tooLarge: { status: 413, key: "error.tooLarge" },
  unsupportedType: { status: 415, key: "error.unsupportedType" },
  // Not the request's fault: the database did not answer (issue 52). Sent with Retry-After.
  unavailable: { status: 503, key: "error.unavailable" },
} as const;

/** How long a visitor (or a crawler) is asked to wait after a 503: a restart or failover. */
export const RETRY_AFTER_SECONDS = 30;
export type Refusal = keyof typeof REFUSALS;

export function refusal(kind: Refusal) {
  const { status, key } = REFUSALS[kind];
  return data({ refusal: key }, { status, headers: { "Cache-Control": "no-store" } });
}

/** The message key of a refusal thrown by refusal(), read back from the error's data. */
export function refusalKey(value: unknown): (typeof REFUSALS)[Refusal]["key"] | undefined {
  const key = typeof value === "object" && value !== null ? (value as { refusal?: unknown }).refusal : undefined;
  return Object.values(REFUSALS).find((r) => r.key === key)?.key;
}
