import type { Kysely } from "kysely";

/**
 * Every customer request of any kind (bookings, service requests, car requests, rentals,
 * listings, applications) shares one table and one status timeline, so tracking, My Bookings
 * and the back office work the same way for all of them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("requests")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("reference", "text", (c) => c.notNull().unique())
    // SHA-256 of the private status-link token; the token itself is only in the customer's email.
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("service", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("details", "text", (c) => c.notNull()) // JSON: [{ label, value }]
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("requests_user_created_idx").on("requests").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("requests_status_created_idx").on("requests").columns(["status", "created_at"]).execute();

  await db.schema
    .createTable("request_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("request_id", "text", (c) => c.notNull().references("requests.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("request_events_request_idx").on("request_events").columns(["request_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("request_events").ifExists().execute();
  await db.schema.dropTable("requests").ifExists().execute();
}
