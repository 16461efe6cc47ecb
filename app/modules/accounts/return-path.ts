import { safeRedirectPath } from "~/lib/safe-redirect";

/**
 * Where to go after logging in: back to the page the visitor came from, and if they were
 * interrupted in an action (the spec's `requestBooking`), with `?resume=<action>` so that page
 * reopens it.
 */
export const RESUMABLE_ACTIONS = ["requestBooking", "listProperty"] as const;

export function returnPath(redirectTo: unknown, resume: unknown): string {
  const path = safeRedirectPath(redirectTo, "/account");
  if (typeof resume !== "string" || !(RESUMABLE_ACTIONS as readonly string[]).includes(resume)) return path;
  const url = new URL(path, "http://x");
  url.searchParams.set("resume", resume);
  return url.pathname + url.search + url.hash;
}
