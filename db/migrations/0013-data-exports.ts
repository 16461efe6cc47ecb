import { sql, type Kysely, type SqlBool } from "kysely";

/**
 * Data exports: one row per "Download my data" request. A worker claims a
 * queued row (status queued → building, guarded by the status so one process builds it), writes
 * the ZIP to private storage under `file_key` and marks it ready with an expiry; the retention
 * job deletes the file once it expires and marks the row expired (the link then answers 410).
 * At most one export per person may be waiting (queued or building): a partial unique index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("data_exports")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("file_name", "text")
    .addColumn("file_key", "text")
    .addColumn("size", "integer")
    .addColumn("error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("claimed_at", "text")
    .addColumn("ready_at", "text")
    .addColumn("expires_at", "text")
    .execute();
  await db.schema.createIndex("data_exports_user").on("data_exports").columns(["user_id", "created_at"]).execute();
  await db.schema
    .createIndex("data_exports_one_waiting")
    .unique()
    .on("data_exports")
    .column("user_id")
    .where(sql<SqlBool>`status in ('queued', 'building')`)
    .execute();
  await db.schema.createIndex("data_exports_status").on("data_exports").columns(["status", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("data_exports").ifExists().execute();
}
