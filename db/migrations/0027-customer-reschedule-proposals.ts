import type { Kysely } from "kysely";

/**
 * A customer proposes a new date and time for a matched or accepted request (issue 49 item 1,
 * ADR 43). The proposal waits in its own columns until a provider accepts it: only then is it
 * written into the request's stored values (its appointment), so the appointment every page,
 * invite and check reads is always one a provider agreed to. `proposed_from`: the status the
 * proposal left ("accepted": the matched provider had the old time in their calendar).
 * All null when nothing is proposed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("requests").addColumn("proposed_date", "text").execute();
  await db.schema.alterTable("requests").addColumn("proposed_time", "text").execute();
  await db.schema.alterTable("requests").addColumn("proposed_from", "text").execute();
  await db.schema.alterTable("requests").addColumn("proposed_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["proposed_at", "proposed_from", "proposed_time", "proposed_date"]) {
    await db.schema.alterTable("requests").dropColumn(column).execute();
  }
}
