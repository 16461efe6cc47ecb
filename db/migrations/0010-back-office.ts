import type { Kysely } from "kysely";

/**
 * The operator back office (ADR 12):
 * - requests.deleted_at: an operator's delete hides a request from every list but keeps it, so
 *   the audit log still points at something.
 * - requests.provider_id: the verified provider matched to a booking or car request (set when it
 *   moves to Matched); the matching workbench counts a provider's open matches from it and a
 *   review is tied to it.
 * - request_notes: operators' internal notes on a request (never shown to the customer).
 * - audit_log: every state change an admin makes — who, what, when, before → after.
 * - mail_outbox.request_id: the request an email was written for, so its page lists them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("requests").addColumn("deleted_at", "text").execute();
  await db.schema.alterTable("requests").addColumn("provider_id", "text").execute();
  await db.schema.createIndex("requests_provider_status_idx").on("requests").columns(["provider_id", "status"]).execute();
  await db.schema.createIndex("requests_created_idx").on("requests").column("created_at").execute();

  await db.schema
    .createTable("request_notes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("request_id", "text", (c) => c.notNull())
    .addColumn("author_user_id", "text", (c) => c.notNull())
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("request_notes_request_idx").on("request_notes").columns(["request_id", "created_at"]).execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    // No foreign keys: the record outlives what it is about (and who did it).
    .addColumn("actor_user_id", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entity_type", "text", (c) => c.notNull())
    .addColumn("entity_id", "text", (c) => c.notNull())
    .addColumn("before", "text") // JSON
    .addColumn("after", "text") // JSON
    .addColumn("note", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.alterTable("mail_outbox").addColumn("request_id", "text").execute();
  await db.schema.createIndex("mail_outbox_request_idx").on("mail_outbox").columns(["request_id", "created_at"]).execute();

  await db.schema.createIndex("audit_log_entity_idx").on("audit_log").columns(["entity_type", "entity_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("mail_outbox_request_idx").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("request_id").execute();
  await db.schema.dropTable("audit_log").execute();
  await db.schema.dropTable("request_notes").execute();
  await db.schema.dropIndex("requests_created_idx").execute();
  await db.schema.dropIndex("requests_provider_status_idx").execute();
  await db.schema.alterTable("requests").dropColumn("provider_id").execute();
  await db.schema.alterTable("requests").dropColumn("deleted_at").execute();
}
