import type { LimitName } from "./rate-limit-config";
import { getRuntime } from "./runtime.server";

// The running app's counters (runtime.server.ts creates them on the configured store: the
// RateLimits of rate-limit-store.server.ts, which knows nothing of the runtime).
const limits = () => getRuntime().rateLimits;
export const hit = (name: LimitName, key: string) => limits().hit(name, key);
export const isLimited = (name: LimitName, key: string) => limits().isLimited(name, key);
export const clear = (name: LimitName, key: string) => limits().clear(name, key);
