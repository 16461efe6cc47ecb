import type { Kysely } from "kysely";

/**
 * Documents renewal (ADR 27). A provider whose licence, ID or work permit is about to
 * expire uploads the renewed document; the operator approves it as a renewal, not as a new
 * application. `document_renewals` holds one such upload (the document group: `licence`, `id`
 * — front and optional back — or `work_permit`), its new expiry and the decision; the files
 * themselves are ordinary `provider_documents` rows (same private storage, same access log),
 * pending until the decision, linked by `renewal_id`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("document_renewals")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("provider_id", "text", (c) => c.notNull())
    .addColumn("document", "text", (c) => c.notNull())
    .addColumn("expires_on", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("decided_by", "text")
    .addColumn("decided_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("document_renewals_status").on("document_renewals").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("document_renewals_user").on("document_renewals").columns(["user_id", "status"]).execute();
  await db.schema.alterTable("provider_documents").addColumn("renewal_id", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("provider_documents").dropColumn("renewal_id").execute();
  await db.schema.dropTable("document_renewals").execute();
}
