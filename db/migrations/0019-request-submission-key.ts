import type { Kysely } from "kysely";

/**
 * A request form posted twice (a double click without JavaScript, a retry) must store one
 * request (ADR 28). `submission_key` is a hash of the form's one-time token, the kind,
 * who sent it and what was sent (requests.server.ts `submissionKey`); unique, so two processes
 * racing with the same post cannot both insert — the loser reads the winner's row and answers
 * with it. Null for posts without a token (older pages, clients that send none): a unique
 * index allows any number of nulls on SQLite and PostgreSQL alike.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("requests").addColumn("submission_key", "text").execute();
  await db.schema.createIndex("requests_submission_key_unique").unique().on("requests").column("submission_key").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("requests_submission_key_unique").ifExists().execute();
  await db.schema.alterTable("requests").dropColumn("submission_key").execute();
}
