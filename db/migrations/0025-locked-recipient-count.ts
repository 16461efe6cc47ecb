import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * PostgreSQL only (issue 52 item 4): a request's rows and its capped confirmation are written
 * in ONE statement (requests.server.ts), one round trip to a distant database. The mailbox cap
 * needs its count taken after the mailbox's lock is held, and a statement's own snapshot is
 * older than its lock: a racing post that committed while this one waited would go uncounted.
 * A VOLATILE function's queries take a fresh snapshot each (PostgreSQL's "Function Volatility
 * Categories"), so this one takes the lock, then counts what is committed by then. The lock is
 * the one enqueueEmail takes (outbox.server.ts: `lock_space` and hashtext of the key), so both
 * ways of queuing a capped email wait for each other. Created in the connection's own schema;
 * SQLite has nothing to create (one writer at a time).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    create or replace function locked_recipient_count(lock_space integer, key text, since text) returns bigint
    language plpgsql volatile as $fn$
    begin
      perform pg_advisory_xact_lock(lock_space, hashtext(key));
      return (select count(*) from mail_outbox where recipient_key = key and created_at >= since);
    end
    $fn$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop function if exists locked_recipient_count(integer, text, text)`.execute(db);
}

