import { createHash } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";

/**
 * Caps on the emails we send to an address someone typed (ADR 25): a sign-up, a
 * resend, a forgotten password, an email change, a request's confirmation. Whoever types an
 * address can make us write to it, so each mailbox gets at most `limit` of a group's emails
 * in `windowMs`, whatever the client, the account or the app process: the count is taken in
 * the mail outbox (the database every process shares), through `recipient_key`.
 *
 * Groups are counted apart so that one cannot silence another: a stranger who fills a
 * mailbox's cap with sign-up and reset links cannot suppress the notices its owner must get
 * when their own password or email changes.
 */
export const RECIPIENT_CAPS = {
  /** A request's confirmation (the cap request confirmations have had since the start). */
  confirmation: { limit: 5, windowMs: 24 * 60 * 60_000 },
  /** Links anyone can ask for by typing the address: verify, a new address. */
  account: { limit: 5, windowMs: 24 * 60 * 60_000 },
  /** "Someone tried to sign up with your address": anyone can cause it, so it has its own small allowance (ADR 36). */
  existing: { limit: 2, windowMs: 24 * 60 * 60_000 },
  /** Notices to an account's own address after a change made while signed in. */
  notice: { limit: 5, windowMs: 24 * 60 * 60_000 },
  /** Reset links asked for from a browser not known to the account (anyone, ADR 36). */
  reset: { limit: 3, windowMs: 24 * 60 * 60_000 },
  /** Links the owner asked for with proof (a reset from a browser where the account was logged in, a verification link after the right password): the owner's own allowance. */
  owner: { limit: 3, windowMs: 24 * 60 * 60_000 },
  /** Reminders the site sends on its own (a quote about to expire, issue 50): a few a day to any one mailbox. */
  reminder: { limit: 3, windowMs: 24 * 60 * 60_000 },
} as const;
export type RecipientCap = keyof typeof RECIPIENT_CAPS;

const GMAIL = new Set(["gmail.com", "googlemail.com"]);

/**
 * One mailbox, whatever way its address is written: lower case; `+tag` dropped on every domain
 * (most providers deliver `ada+x@` to `ada@`; a domain that does not merely gets a stricter
 * cap); dots dropped and googlemail.com read as gmail.com for Gmail, which ignores them. Other
 * domains keep their dots: there `a.da@` and `ada@` may well be two people.
 */
export function mailboxOf(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 1) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  local = local.split("+")[0] || local;
  if (GMAIL.has(domain)) {
    local = local.replace(/\./g, "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}

/** The value stored in `recipient_key`: the cap's group and a hash of the mailbox (no address kept twice). */
export function recipientKey(cap: RecipientCap, address: string): string {
  return `${cap}:${createHash("sha256").update(mailboxOf(address)).digest("hex")}`;
}

/** Whether one more email of this group may go to this mailbox now. */
export async function withinRecipientCap(
  db: Kysely<Database> | Transaction<Database>,
  cap: RecipientCap,
  address: string,
): Promise<boolean> {
  const { limit, windowMs } = RECIPIENT_CAPS[cap];
  const since = new Date(Date.now() - windowMs).toISOString();
  const row = await db
    .selectFrom("mail_outbox")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("recipient_key", "=", recipientKey(cap, address))
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.n) < limit;
}
