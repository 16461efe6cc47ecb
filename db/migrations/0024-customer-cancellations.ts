import type { Kysely } from "kysely";

/**
 * Customers cancel their own requests (issue 49 item 1): one row per request cancelled by its
 * customer — from the status link or their account — with the reason picked from a short list
 * (a CUSTOMER_CANCEL_REASONS code), their optional note, and whether it came inside the kind's
 * late-cancellation window before the appointment (`late`, 0/1: the operator and the provider
 * see it marked). An operator's cancellation keeps its note on the timeline event, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("request_cancellations")
    .addColumn("request_id", "text", (c) => c.primaryKey().references("requests.id").onDelete("cascade"))
    .addColumn("by", "text", (c) => c.notNull()) // "customer"
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("late", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("request_cancellations").execute();
}
