import type { Kysely } from "kysely";

/**
 * Rate-limit counters shared by every app process (rate-limiter-flexible's PostgreSQL store,
 * app/lib/rate-limit.server.ts), in the shape that store reads. On SQLite (one process) the
 * counters stay in memory and this table stays empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "varchar(255)", (c) => c.primaryKey())
    .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expire", "bigint")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_limits").ifExists().execute();
}
