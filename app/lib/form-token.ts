/**
 * A request form's one-time token (ADR 28): rendered into the form by the server as a
 * hidden field, so it is there before any script runs, and posted with it. The server stores a
 * request once per token and what was sent (requests.server.ts), so a double click without
 * JavaScript, a retry or a resent post answers with the first request instead of a second one.
 */
export const FORM_TOKEN_FIELD = "formToken";

const WELL_FORMED = /^[A-Za-z0-9_-]{16,64}$/;
export const isFormToken = (value: unknown): value is string => typeof value === "string" && WELL_FORMED.test(value);

/**
 * 128 random bits, base64url. `crypto.getRandomValues` exists on the server and in every
 * browser, also on pages served over plain http (randomUUID does not).
 */
export function newFormToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
