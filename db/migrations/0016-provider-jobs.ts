import type { Kysely } from "kysely";

/**
 * Providers answer their matches (ADR 24):
 * - requests.respond_by: until when the matched provider may accept or decline (ISO instant;
 *   null once answered, or for requests never matched). Past it, the hourly job hands the
 *   request back to the operator.
 * - requests.rematch_reason: set when a match fell through (a decline's reason code, or
 *   "timeout"): the inbox flags the request "needs a new match". Cleared by the next match.
 * - requests.provider_done_at: when the provider said the job is done (the operator completes).
 * - request_declines: each provider who declined or let the window pass, per request, with the
 *   reason and note; the shortlist hides them for that request.
 * - match_windows: the operator's answer window per kind, in hours (none: the kind's default).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("requests").addColumn("respond_by", "text").execute();
  await db.schema.alterTable("requests").addColumn("rematch_reason", "text").execute();
  await db.schema.alterTable("requests").addColumn("provider_done_at", "text").execute();
  await db.schema.createIndex("requests_respond_by_idx").on("requests").column("respond_by").execute();
  await db.schema
    .createTable("request_declines")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("request_id", "text", (c) => c.notNull().references("requests.id").onDelete("cascade"))
    .addColumn("provider_id", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull()) // a DECLINE_REASONS code, or "timeout"
    .addColumn("note", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("request_declines_request_idx").on("request_declines").columns(["request_id", "provider_id"]).execute();
  await db.schema
    .createTable("match_windows")
    .addColumn("kind", "text", (c) => c.primaryKey())
    .addColumn("hours", "integer", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("match_windows").execute();
  await db.schema.dropTable("request_declines").execute();
  await db.schema.dropIndex("requests_respond_by_idx").execute();
  for (const column of ["provider_done_at", "rematch_reason", "respond_by"]) {
    await db.schema.alterTable("requests").dropColumn(column).execute();
  }
}
