/**
 * Fixed-window counters for abuse-prone actions (log-in, resend, reset). Kept in memory: one
 * app process on SQLite. The scale-out path (DESIGN.md) moves them to shared storage.
 */
type Window = { count: number; resetAt: number };
const windows = new Map<string, Window>();

export type Limit = { limit: number; windowMs: number };
export type LimitResult = { allowed: boolean; retryAfterMs: number; remaining: number };

/** Counts one hit against `key`; refused once `limit` hits happened within the window. */
export function hit(key: string, { limit, windowMs }: Limit, now = Date.now()): LimitResult {
  let w = windows.get(key);
  if (!w || w.resetAt <= now) {
    w = { count: 0, resetAt: now + windowMs };
    windows.set(key, w);
  }
  w.count += 1;
  if (windows.size > 50_000) prune(now);
  return { allowed: w.count <= limit, retryAfterMs: Math.max(0, w.resetAt - now), remaining: Math.max(0, limit - w.count) };
}

/** Is `key` over its limit right now (without counting a hit)? */
export function isLimited(key: string, { limit }: Limit, now = Date.now()): LimitResult {
  const w = windows.get(key);
  if (!w || w.resetAt <= now) return { allowed: true, retryAfterMs: 0, remaining: limit };
  return { allowed: w.count < limit, retryAfterMs: w.resetAt - now, remaining: Math.max(0, limit - w.count) };
}

export function clear(key: string) {
  windows.delete(key);
}

function prune(now: number) {
  for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
}

export const LIMITS = {
  /** Failed log-ins per address and client. */
  loginFailures: { limit: 10, windowMs: 15 * 60_000 },
  /** Log-in attempts per client, whatever the address. */
  loginPerClient: { limit: 100, windowMs: 15 * 60_000 },
  /** Sign-ups per client (a shared office or campus address may have a few). */
  signUp: { limit: 20, windowMs: 60 * 60_000 },
  resendVerification: { limit: 3, windowMs: 10 * 60_000 },
  forgotPassword: { limit: 5, windowMs: 15 * 60_000 },
  /** Confirmation emails to one typed address (counted in the mail outbox, not here). */
  confirmationsPerRecipient: { limit: 5, windowMs: 24 * 60 * 60_000 },
  /** Confirmation emails one client can have sent to the addresses it typed. */
  confirmationsPerClient: { limit: 20, windowMs: 60 * 60_000 },
} as const satisfies Record<string, Limit>;
