import type { Kysely } from "kysely";

/**
 * The operator's late-cancellation window per kind with an appointment (issue 49 item 1, ADR 43;
 * ADR 41 left it as kind data): a customer's cancellation within `hours` before the appointment
 * is marked late. No row: the kind's own default (`lateCancelHours`). Set on the system page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("late_cancel_windows")
    .addColumn("kind", "text", (c) => c.primaryKey())
    .addColumn("hours", "integer", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("late_cancel_windows").execute();
}
