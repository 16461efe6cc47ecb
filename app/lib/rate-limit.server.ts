import type { LimitName, LimitResult } from "./rate-limit-config";
import { getRuntime } from "./runtime.server";

// The running app's counters (runtime.server.ts creates them on the configured store: the
// RateLimits of rate-limit-store.server.ts, which knows nothing of the runtime).
const limits = () => getRuntime().rateLimits;
export const hit = (name: LimitName, key: string) => limits().hit(name, key);
export const isLimited = (name: LimitName, key: string) => limits().isLimited(name, key);
export const clear = (name: LimitName, key: string) => limits().clear(name, key);

/**
 * How a request a limit refused is answered: the wait in whole minutes for the message (at
 * least one, never "0 minutes") and the 429's init with Retry-After in seconds.
 */
export function refusal(limited: LimitResult) {
  return {
    minutes: Math.max(1, Math.ceil(limited.retryAfterMs / 60_000)),
    init: { status: 429, headers: { "Retry-After": String(Math.ceil(limited.retryAfterMs / 1000)) } },
  };
}

/** The refusal once `name` has had its fill for `key` (this attempt is not counted); null while allowed. */
export async function refusedBy(name: LimitName, key: string) {
  const limited = await isLimited(name, key);
  return limited.allowed ? null : refusal(limited);
}
