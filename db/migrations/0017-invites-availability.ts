import type { Kysely } from "kysely";

/**
 * Calendar invites. A queued email may carry attachments (an .ics invite):
 * stored with the message as JSON (`[{ filename, contentType, content }]`, text content only),
 * so the invite survives the outbox's store-then-send like the bodies do. A request keeps the
 * SEQUENCE of its calendar event: every significant change (confirmed, rescheduled, cancelled)
 * bumps it, so calendars replace the older copy of the same UID.
 *
 * Provider availability, on the provider's row: the hours they usually work
 * (JSON `{ "mon": ["09:00", "17:00"], … }`, a day not listed is a day off; null until they set
 * it, read as "any time") and the periods they are away (JSON `[{ "from", "to" }]`, dates).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").addColumn("attachments", "text").execute();
  await db.schema
    .alterTable("requests")
    .addColumn("calendar_sequence", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("providers").addColumn("work_hours", "text").execute();
  await db.schema.alterTable("providers").addColumn("away_periods", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("providers").dropColumn("away_periods").execute();
  await db.schema.alterTable("providers").dropColumn("work_hours").execute();
  await db.schema.alterTable("requests").dropColumn("calendar_sequence").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("attachments").execute();
}
