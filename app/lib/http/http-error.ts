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
  // Nor this: the disk is full, the write was refused and nothing kept (issue 52). Retry-After too.
  storageFull: { status: 507, key: "error.storageFull" },
} as const;

/** How long a visitor (or a crawler) is asked to wait after a 503: a restart or failover. */
export const RETRY_AFTER_SECONDS = 30;
export type Refusal = keyof typeof REFUSALS;

export function refusal(kind: Refusal) {
  const { status, key } = REFUSALS[kind];
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (status >= 500) headers["Retry-After"] = String(RETRY_AFTER_SECONDS);
  return data({ refusal: key }, { status, headers });
}

/**
 * The message key of a refusal thrown by refusal(), read back from the error's data — or from its
 * text: a data request's 503/507 reaches the browser's router as the body's text
 * (entry.server.tsx, handleDataRequest).
 */
export function refusalKey(value: unknown): (typeof REFUSALS)[Refusal]["key"] | undefined {
  const data = typeof value === "string" ? parsedJson(value) : value;
  const key = typeof data === "object" && data !== null ? (data as { refusal?: unknown }).refusal : undefined;
  return Object.values(REFUSALS).find((r) => r.key === key)?.key;
}

/**
 * The error view's texts in the reader's language, carried by a refusal whose page has no root
 * data: a failed action's error goes to the root's boundary, and React Router then skips the
 * root loader, whose data carries the page's language and texts (a French post refused for a
 * full disk read English otherwise). Set by entry.server.tsx; read by error-content.tsx.
 */
export type RefusalTexts = { lang: string; messages: Record<string, string> };

export function refusalTexts(value: unknown): RefusalTexts | undefined {
  const texts = typeof value === "object" && value !== null ? (value as { texts?: unknown }).texts : undefined;
  if (typeof texts !== "object" || texts === null) return undefined;
  const { lang, messages } = texts as Partial<RefusalTexts>;
  return typeof lang === "string" && typeof messages === "object" && messages !== null ? { lang, messages } : undefined;
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
