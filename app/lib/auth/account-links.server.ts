import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";
import { getRuntime } from "../runtime.server";
import { verificationClaims } from "./link-claims";

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Ends every emailed link of an account at once: after a password reset, a password change and
 * (through the account's own rows going) a deletion, no link mailed before can act on it.
 *
 * - Reset links are rows of better-auth's `verification` table whose value is the account's id
 *   (their identifier is hashed, so it cannot be matched by its `reset-password:` prefix): they
 *   are deleted, with the sealed copy kept to send the same link again (`reset_links`).
 * - Verification and email-change links are JWTs better-auth signs and never stores, so they
 *   cannot be deleted: the account records when its links were revoked (`linksRevokedAt`), and
 *   verifyEmail refuses a token issued before that (linkWasRevoked).
 */
export async function revokeAccountLinks(userId: string, db: Executor = getRuntime().db): Promise<void> {
  await db.deleteFrom("verification").where("value", "=", userId).execute();
  await db.deleteFrom("reset_links").where("user_id", "=", userId).execute();
  await db.updateTable("user").set({ linksRevokedAt: new Date().toISOString() }).where("id", "=", userId).execute();
}

/**
 * Whether a verification or email-change link was issued before its account's links were
 * revoked. JWTs carry their issue time in whole seconds, so a link issued in the same second as
 * the revocation still counts as newer (a person asking for a new link right after changing
 * their password must get a working one). Reads the token without checking its signature: it
 * only ever refuses, and better-auth checks the signature of whatever is let through.
 */
export async function linkWasRevoked(token: string): Promise<boolean> {
  const { userId, email, issuedAt } = verificationClaims(token);
  if (issuedAt === undefined || (!userId && !email)) return false;
  const query = getRuntime().db.selectFrom("user").select("linksRevokedAt");
  const row = await (userId ? query.where("id", "=", userId) : query.where("email", "=", email!.toLowerCase())).executeTakeFirst();
  if (!row?.linksRevokedAt) return false;
  return issuedAt < Math.floor(new Date(row.linksRevokedAt).getTime() / 1000);
}
