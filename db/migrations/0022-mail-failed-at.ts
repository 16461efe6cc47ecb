import type { Kysely } from "kysely";

/**
 * When a message was given up as failed (issue 52): the back office resends every message that
 * failed since a time (after the relay's trouble), whatever its age — a backlog that met the
 * trouble was created long before it. Null for messages that have not failed (and for those
 * that failed before this column: the back office reads their creation time instead).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").addColumn("failed_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").dropColumn("failed_at").execute();
}
