import { type Kysely, sql } from "kysely";

/**
 * Issue 47 item 6: every link mailed to an account ends when its password is reset or changed.
 * `user.linksRevokedAt` (ISO text) records when, so that verification and email-change links —
 * JWTs better-auth signs and never stores — issued before it are refused. Reset tokens are now
 * stored hashed by better-auth (`verification.storeIdentifier: "hashed"`): the plain
 * `reset-password:<token>` rows of before could no longer be found and are removed, so no live
 * token stays readable in the database or its backups.
 *
 * Item 5: `reset_links` holds an account's one outstanding reset link, sealed (AES-GCM under a
 * key derived from AUTH_SECRET, like the outbox's sealed tokens: ADR 25), so that another request
 * re-sends the same link, with the same expiry, instead of adding one (ADR 36).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user").addColumn("linksRevokedAt", "text").execute();
  await sql`delete from "verification" where "identifier" like 'reset-password:%'`.execute(db);
  await db.schema
    .createTable("reset_links")
    .addColumn("user_id", "text", (c) => c.primaryKey())
    .addColumn("sealed_token", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("reset_links").execute();
  await db.schema.alterTable("user").dropColumn("linksRevokedAt").execute();
}
