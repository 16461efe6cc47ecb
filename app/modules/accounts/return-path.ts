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

/**
 * The `redirectTo` / `resume` pair from a URL, cleaned: a same-site path and a known action, or
 * nothing. Checked before anything is written, so a hostile value cannot fail a sign-up halfway.
 */
export function returnTarget(redirectTo: unknown, resume: unknown): { redirectTo?: string; resume?: (typeof RESUMABLE_ACTIONS)[number] } {
  const path = safeRedirectPath(redirectTo, "");
  const action = RESUMABLE_ACTIONS.find((a) => a === resume);
  return { ...(path ? { redirectTo: path } : {}), ...(action ? { resume: action } : {}) };
}
