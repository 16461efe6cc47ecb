import type { Kysely } from "kysely";

/** Confirmations per recipient are counted in the outbox (requests.server.ts → mayConfirm). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("mail_outbox_recipient_idx").on("mail_outbox").columns(["to_address", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("mail_outbox_recipient_idx").ifExists().execute();
}
