import type { Kysely } from "kysely";

/**
 * Caps per mailbox on emails to typed addresses; no live token in a stored email (ADR 25).
 * - `recipient_key`: which mailbox cap an email to a typed address counts against — the cap's
 *   group and a hash of the normalised mailbox (app/lib/mail/recipients.server.ts), so
 *   `ada+x@…` and `ada@…` count as one, and the count survives the retention job blanking
 *   `to_address`. Null for emails that are not capped (the operator's copies).
 * - `sealed_secret`: the live token of a reset or verification link, encrypted with a key
 *   derived from AUTH_SECRET (never in the database); the stored bodies hold a mask in its
 *   place, the worker puts the token back only in the message it hands to SMTP, then clears
 *   this column (ADR 0025).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").addColumn("recipient_key", "text").execute();
  await db.schema.alterTable("mail_outbox").addColumn("sealed_secret", "text").execute();
  await db.schema.createIndex("mail_outbox_recipient_key_idx").on("mail_outbox").columns(["recipient_key", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("mail_outbox_recipient_key_idx").ifExists().execute();
  await db.schema.alterTable("mail_outbox").dropColumn("sealed_secret").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("recipient_key").execute();
}
