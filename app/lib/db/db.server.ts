import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { LRUCache } from "lru-cache";
import {
  Kysely,
  type MigrationProvider,
  type MigrationResultSet,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  type PostgresPool,
  SqliteDialect,
  sql,
} from "kysely";
import pg from "pg";
import { migrations } from "../../../db/migrations";
import { DatabaseHealth } from "./availability.server";
import { guardedDialect } from "./guarded-dialect.server";
import { literalLimits } from "./literal-limits";
import type { Database } from "./schema";

export type DB = Kysely<Database>;
export type Dialect = "sqlite" | "postgres";

/**
 * `pool`: PostgreSQL's connection pool, shared with stores that speak `pg` (rate limits).
 * `health`: whether the database answers (availability.server.ts).
 */
export type DatabaseHandle = { db: DB; dialect: Dialect; pool?: pg.Pool; health: DatabaseHealth; destroy: () => Promise<void> };

/**
 * Every call to PostgreSQL is bounded (issue 52): connecting, and waiting for a free pooled
 * connection (`connectionTimeoutMillis` bounds both), a statement on the server, and the answer
 * on our side (a partition: the server never hears the cancel). A page needing the database
 * answers 503 within these; the longest legitimate statement (a migration, the retention job's
 * deletes) takes well under a second on today's data.
 */
export const PG_TIMEOUTS = { connectMs: 3_000, statementMs: 5_000, answerMs: 6_000, idleInTransactionMs: 10_000 } as const;

/** `file:./data/app.db` → SQLite (WAL, foreign keys); `postgres://…` → PostgreSQL. */
export function openDatabase(url: string): DatabaseHandle {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const health = new DatabaseHealth(() => pool.query("select 1"));
    const pool = openPool(url, health);
    const db = new Kysely<Database>({ dialect: guardedDialect(new PostgresDialect({ pool: droppingBrokenClients(pool) }), health) });
    return { db, dialect: "postgres", pool, health, destroy: () => db.destroy() };
  }
  const file = url.replace(/^file:/, "");
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  // FULL: an acknowledged write is on disk even if the machine, not just the process, dies.
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  // Short: better-sqlite3 waits for a lock synchronously, the whole process with it; the rest
  // of the wait happens between attempts, off the event loop (guarded-dialect.server.ts).
  sqlite.pragma("busy_timeout = 20");
  reuseStatements(sqlite);
  const health = new DatabaseHealth();
  const db = new Kysely<Database>({ dialect: guardedDialect(new SqliteDialect({ database: sqlite }), health, { sqlite }), plugins: [literalLimits] });
  return { db, dialect: "sqlite", health, destroy: () => db.destroy() };
}

function openPool(url: string, health: DatabaseHealth): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: PG_TIMEOUTS.connectMs,
    statement_timeout: PG_TIMEOUTS.statementMs,
    query_timeout: PG_TIMEOUTS.answerMs,
    idle_in_transaction_session_timeout: PG_TIMEOUTS.idleInTransactionMs,
    keepAlive: true,
  });
  // A connection the server closes (a restart, a failover, pg_terminate_backend) emits 'error'
  // on its client, and on the pool too while it is idle there. Unheard, either event ends the
  // process (it did: issue 52). The pool drops the dead client itself; the health logs it once.
  pool.on("connect", (client) => client.on("error", (error) => health.connectionLost(error)));
  pool.on("error", () => undefined);
  return pool;
}

/**
 * The pool as Kysely gets it: a client whose query timed out on our side (its answer may still
 * arrive, out of turn) or whose connection broke goes back to the pool as broken, so the pool
 * closes it rather than handing it to the next query.
 */
function droppingBrokenClients(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => {
      const client = await pool.connect();
      let broken: Error | undefined;
      const query = (text: string, values: unknown[]) =>
        client.query(text, values).catch((error: unknown) => {
          if (!(error as { code?: unknown }).code) broken = error as Error;
          throw error;
        });
      return { query, release: () => client.release(broken) } as unknown as Awaited<ReturnType<PostgresPool["connect"]>>;
    },
    end: () => pool.end(),
  };
}

/**
 * Kysely prepares every query it runs anew; a page asks the same few queries each time, and
 * preparing was ~2 % of a signed-in page's CPU (profile of /account). Each SQL text is
 * prepared once and its statement reused, unless that statement is still being read (an
 * iterating stream), in which case a new one is made.
 */
function reuseStatements(sqlite: SQLite.Database) {
  const prepare = sqlite.prepare.bind(sqlite);
  const statements = new LRUCache<string, SQLite.Statement>({ max: 1000 });
  sqlite.prepare = ((source: string) => {
    let statement = statements.get(source);
    if (!statement || statement.busy) statements.set(source, (statement = prepare(source)));
    return statement;
  }) as typeof sqlite.prepare;
}

/**
 * Runs `task` while holding a PostgreSQL advisory lock named by `name` and the connection's
 * schema, so app processes starting together take turns (migrations, seeding, the admin
 * account: each checks, then writes). SQLite has one process: it just runs the task.
 */
export async function exclusively<T>(handle: DatabaseHandle, name: string, task: () => Promise<T>): Promise<T> {
  if (!handle.pool) return task();
  const client = await handle.pool.connect();
  const key = `select hashtext($1 || ':' || current_schema()) as key`;
  let failed: Error | undefined;
  try {
    const { rows } = await client.query<{ key: number }>(key, [name]);
    // Waiting for the other process's migrations and seeding is not a stuck statement: no
    // statement timeout for the wait (pg's own answer timeout is per query, here ten minutes).
    await client.query("set statement_timeout = 0");
    const lock: pg.QueryConfig & { query_timeout: number } = { text: "select pg_advisory_lock($1)", values: [rows[0]!.key], query_timeout: 600_000 };
    await client.query(lock);
    await client.query("reset statement_timeout");
    try {
      return await task();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [rows[0]!.key]);
    }
  } catch (error) {
    failed = error as Error;
    throw error;
  } finally {
    // After a failure the session may hold the lock or a changed setting: close it.
    client.release(failed);
  }
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The migrator for our migrations (tests use it to stop at an older version). */
export async function createMigrator(db: Kysely<unknown>): Promise<Migrator> {
  // On PostgreSQL, Kysely looks for its bookkeeping tables in every schema unless told which:
  // pin them to the connection's own schema (several apps or test runs may share a database).
  const schema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  return new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
}

/** Applies pending migrations; throws with the failing migration's name. */
/**
 * Runs a migrator step, again while the catalogue changed under its first read. Before taking its
 * lock, Kysely reads the catalogue of every table in the database to find its own; on PostgreSQL
 * that read can fail while another process (or another schema's app) adds a column at that moment
 * ("column … does not exist", 42703) or drops its schema ("schema … does not exist", 3F000: the
 * read names each schema it lists): nothing ran yet, so try again. Up to ten tries, spread at
 * random: a schema dropped and made again in a loop (a busy test database) failed five regular
 * tries in a row once (CI rehearsal, 2026-12-06).
 */
async function retryingCatalogueChanges(step: () => Promise<MigrationResultSet>): Promise<MigrationResultSet> {
  let result = await step();
  for (let attempt = 1; result.error && !result.results && attempt <= 10 && isConcurrentCatalogueChange(result.error); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 100 * attempt) + Math.random() * 200));
    result = await step();
  }
  return result;
}

/** Migrates to one named migration (tests of a migration's data), with the same retries. */
export async function migrateTo(db: Kysely<unknown>, name: string): Promise<MigrationResultSet> {
  const migrator = await createMigrator(db);
  return retryingCatalogueChanges(() => migrator.migrateTo(name));
}

export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = await createMigrator(db as unknown as Kysely<unknown>);
  const { error, results } = await retryingCatalogueChanges(() => migrator.migrateToLatest());
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${reason}`, {
      cause: error,
    });
  }
}

/** A PostgreSQL error raised by a catalogue that changed under a read (undefined column, table or schema). */
function isConcurrentCatalogueChange(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "42703" || code === "42P01" || code === "3F000";
}
