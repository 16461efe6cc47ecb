import type { Kysely } from "kysely";

/**
 * The date and time a quote offers (issue 50 item 3), for a request whose form asked none (a
 * chauffeur contact, a free-text booking, an unlisted service): a wall-clock day and time in
 * Toronto. Accepting the quote writes them into the request's values, so the request is dated
 * like any booking (its calendar invite, its late-cancellation window, its reschedule).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("quotes").addColumn("appointment_date", "text").execute();
  await db.schema.alterTable("quotes").addColumn("appointment_time", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("quotes").dropColumn("appointment_time").execute();
  await db.schema.alterTable("quotes").dropColumn("appointment_date").execute();
}
