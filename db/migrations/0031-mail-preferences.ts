import type { Kysely } from "kysely";

/**
 * Mail a person may stop (review invitations, expiry reminders; issue 51 item 1): its headers
 * (List-Unsubscribe, RFC 8058) travel with the outbox row; each such email carries a link whose
 * token is stored here only as a hash; an address that asked to stop is kept in
 * mail_opt_outs until it asks again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").addColumn("headers", "text").execute();
  await db.schema
    .createTable("mail_preference_links")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("mail_preference_links_address").on("mail_preference_links").column("address").execute();
  await db.schema
    .createTable("mail_opt_outs")
    .addColumn("address", "text", (c) => c.primaryKey())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("mail_opt_outs").execute();
  await db.schema.dropTable("mail_preference_links").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("headers").execute();
}
