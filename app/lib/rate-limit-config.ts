/**
 * Every rate limit and its default. Limits are per deployment: RATE_LIMITS overrides any of
 * them by name (e.g. a campus network allowed more sign-ups per address). The counters
 * themselves are in rate-limit.server.ts.
 */
export type Limit = { limit: number; windowMs: number };
export type LimitResult = { allowed: boolean; retryAfterMs: number; remaining: number };

export const LIMITS = {
  /** Form posts per client (every action; RATE_LIMITS="writes=N" sets it). */
  writes: { limit: 120, windowMs: 60_000 },
  /** Failed log-ins per address and client. */
  loginFailures: { limit: 10, windowMs: 15 * 60_000 },
  /** Log-in attempts per client, whatever the address. */
  loginPerClient: { limit: 100, windowMs: 15 * 60_000 },
  /** Wrong current passwords when changing it, per account (a stolen session is not a free guesser). */
  passwordChecks: { limit: 10, windowMs: 15 * 60_000 },
  /** Sign-ups per client (a shared office or campus address may have a few). */
  signUp: { limit: 20, windowMs: 60 * 60_000 },
  resendVerification: { limit: 3, windowMs: 10 * 60_000 },
  forgotPassword: { limit: 5, windowMs: 15 * 60_000 },
  /**
   * Reset requests per mailbox (ADR 36), counted whether or not an account uses it, so what the
   * page says tells nothing: one email per 15 minutes from browsers the account does not know,
   * three a day from them, and three a day from browsers where it was logged in.
   */
  resetResend: { limit: 1, windowMs: 15 * 60_000 },
  resetPerMailbox: { limit: 3, windowMs: 24 * 60 * 60_000 },
  resetKnownBrowser: { limit: 3, windowMs: 24 * 60 * 60_000 },
  /** Confirmation emails one client can have sent to the addresses it typed. */
  confirmationsPerClient: { limit: 20, windowMs: 60 * 60_000 },
} as const satisfies Record<string, Limit>;
export type LimitName = keyof typeof LIMITS;
