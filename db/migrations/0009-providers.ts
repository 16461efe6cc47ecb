import type { Kysely } from "kysely";

/**
 * Provider verification (docs/decisions/0009-providers.md). The application itself is a request
 * of kind "provider-application" (its status is the review's); these tables hold what outlives
 * the review:
 * - providers: one per approved account, with the services granted, the profile (bio, the six
 *   categories), service areas and whether it is live.
 * - provider_documents: each uploaded document, stored privately under a generated key, with its
 *   expiry date, review status, the reminders sent and when it is to be deleted.
 * - document_access_log: every time an admin opened a document (who, when, which).
 * - job_runs: one row per scheduled job and day, so among several app processes only the one
 *   that inserts it runs that day's job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("providers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().unique().references("user.id").onDelete("cascade"))
    .addColumn("application_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("bio", "text")
    .addColumn("services", "text", (c) => c.notNull()) // JSON: catalogue slugs granted
    .addColumn("categories", "text", (c) => c.notNull()) // JSON: profile category ids
    .addColumn("service_areas", "text", (c) => c.notNull()) // JSON: areas as typed
    .addColumn("search_text", "text", (c) => c.notNull().defaultTo("")) // lower-cased areas, for the area filter
    .addColumn("status", "text", (c) => c.notNull()) // approved (profile not set up yet) | live
    .addColumn("id_checked_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("providers_status_idx").on("providers").column("status").execute();

  await db.schema
    .createTable("provider_documents")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("application_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull()) // id_front | id_back | work_permit | licence
    .addColumn("original_name", "text", (c) => c.notNull())
    .addColumn("storage_key", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("expires_on", "text") // YYYY-MM-DD: ID, permit and licence expiry as given
    .addColumn("status", "text", (c) => c.notNull()) // pending | approved | rejected | superseded
    .addColumn("reminded_days", "integer") // the smallest reminder threshold already emailed
    .addColumn("delete_after", "text")
    .addColumn("deleted_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("provider_documents_application_idx")
    .on("provider_documents")
    .column("application_id")
    .execute();
  await db.schema
    .createIndex("provider_documents_user_idx")
    .on("provider_documents")
    .columns(["user_id", "status"])
    .execute();
  await db.schema
    .createIndex("provider_documents_expiry_idx")
    .on("provider_documents")
    .columns(["status", "expires_on"])
    .execute();
  await db.schema
    .createIndex("provider_documents_delete_idx")
    .on("provider_documents")
    .column("delete_after")
    .execute();

  await db.schema
    .createTable("document_access_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    // No foreign key: the record of an access outlives the document.
    .addColumn("document_id", "text", (c) => c.notNull())
    .addColumn("admin_user_id", "text", (c) => c.notNull())
    .addColumn("accessed_at", "text", (c) => c.notNull())
    .addColumn("client_ip", "text")
    .execute();
  await db.schema
    .createIndex("document_access_log_document_idx")
    .on("document_access_log")
    .columns(["document_id", "accessed_at"])
    .execute();

  await db.schema
    .createTable("job_runs")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("run_key", "text", (c) => c.notNull())
    .addColumn("claimed_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .addPrimaryKeyConstraint("job_runs_pk", ["name", "run_key"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("job_runs").ifExists().execute();
  await db.schema.dropTable("document_access_log").ifExists().execute();
  await db.schema.dropTable("provider_documents").ifExists().execute();
  await db.schema.dropTable("providers").ifExists().execute();
}
