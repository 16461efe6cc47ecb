/** The spec's click events, counted first-party on the server (see /events). */
export type TrackedClick = "Login Click" | "Sign Up Click" | "For Providers Click";

export function trackClick(name: TrackedClick) {
  if (typeof navigator === "undefined" || !navigator.sendBeacon) return;
  navigator.sendBeacon("/events", new URLSearchParams({ name }));
}
