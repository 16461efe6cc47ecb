import { randomBytes } from "node:crypto";
import { getAuth, RESET_PASSWORD_TTL_SECONDS } from "~/lib/auth/auth.server";
import { recipientKey } from "~/lib/mail/recipients.server";
import { secretBox } from "~/lib/mail/secrets.server";
import { hit, isLimited } from "~/lib/rate-limit.server";
import { getRuntime } from "~/lib/runtime.server";
import { isKnownBrowser } from "./known-browser.server";

/**
 * Password reset requests (ADR 36). Strangers may type anyone's address into "Forgot password",
 * so what they can cost its owner is bounded, and never the owner's own way back in:
 *
 * - An account has one outstanding reset link. Asked again while it lives, the same link (same
 *   expiry) is sent again; nothing is added.
 * - From a browser the account does not know: one email per mailbox per 15 minutes, three a day.
 * - From a browser where the account was logged in (known-browser.server.ts): three a day of the
 *   owner's own, which strangers cannot spend.
 * - These are counted per mailbox whether or not an account uses it, so the page can say when
 *   no email was sent, and why, without telling whether the address has an account.
 */
export type ResetAllowance = "reset" | "owner";
export type ResetDecision =
  | { send: true; allowance: ResetAllowance }
  | { send: false; reason: "recent" | "daily" | "daily-known"; minutes: number };

const minutesOf = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/** Whether a reset email goes out for this request, from which allowance, or why not. */
export async function decideReset(request: Request, email: string): Promise<ResetDecision> {
  const mailbox = recipientKey("reset", email);
  if (await isKnownBrowser(request, email)) {
    const known = await hit("resetKnownBrowser", mailbox);
    return known.allowed ? { send: true, allowance: "owner" } : { send: false, reason: "daily-known", minutes: minutesOf(known.retryAfterMs) };
  }
  const recent = await isLimited("resetResend", mailbox);
  if (!recent.allowed) return { send: false, reason: "recent", minutes: minutesOf(recent.retryAfterMs) };
  const daily = await hit("resetPerMailbox", mailbox);
  if (!daily.allowed) return { send: false, reason: "daily", minutes: minutesOf(daily.retryAfterMs) };
  await hit("resetResend", mailbox);
  return { send: true, allowance: "reset" };
}

const box = () => secretBox(getRuntime().env.AUTH_SECRET, "reset-link");
const identifierOf = (token: string) => `reset-password:${token}`;

/**
 * The account's reset link that still works, or a new one. The token is kept by better-auth as a
 * hash only (its `verification` row) and here sealed, so that it can be sent again; a reset, a
 * password change or a deletion removes both (account-links.server.ts, erase.server.ts).
 */
export async function currentResetToken(userId: string): Promise<string> {
  const { db } = getRuntime();
  const context = await getAuth().$context;
  const kept = await db.selectFrom("reset_links").select(["sealed_token", "expires_at"]).where("user_id", "=", userId).executeTakeFirst();
  if (kept && new Date(kept.expires_at) > new Date()) {
    const token = openOrNull(kept.sealed_token);
    const live = token ? await context.internalAdapter.findVerificationValue(identifierOf(token)) : null;
    if (token && live && live.value === userId && new Date(live.expiresAt) > new Date()) return token;
  }
  // The same token shape and store as better-auth's own requestPasswordReset, so its resetPassword takes it.
  const token = randomBytes(24).toString("base64url");
  const expiresAt = new Date(Date.now() + RESET_PASSWORD_TTL_SECONDS * 1000);
  await context.internalAdapter.createVerificationValue({ value: userId, identifier: identifierOf(token), expiresAt });
  const row = { sealed_token: box().seal(token), expires_at: expiresAt.toISOString() };
  await db
    .insertInto("reset_links")
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(row))
    .execute();
  return token;
}

/** A sealed token that no longer opens (AUTH_SECRET rotated) is as good as none. */
function openOrNull(sealed: string): string | null {
  try {
    return box().open(sealed);
  } catch {
    return null;
  }
}
