import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { LRUCache } from "lru-cache";
import {
  Kysely,
  type MigrationProvider,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  sql,
} from "kysely";
import pg from "pg";
import { migrations } from "../../../db/migrations";
import { literalLimits } from "./literal-limits";
import type { Database } from "./schema";

export type DB = Kysely<Database>;
export type Dialect = "sqlite" | "postgres";

/** `pool`: PostgreSQL's connection pool, shared with stores that speak `pg` (rate limits). */
export type DatabaseHandle = { db: DB; dialect: Dialect; pool?: pg.Pool; destroy: () => Promise<void> };

/** `file:./data/app.db` → SQLite (WAL, foreign keys); `postgres://…` → PostgreSQL. */
export function openDatabase(url: string): DatabaseHandle {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", pool, destroy: () => db.destroy() };
  }
  const file = url.replace(/^file:/, "");
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  // FULL: an acknowledged write is on disk even if the machine, not just the process, dies.
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  reuseStatements(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), plugins: [literalLimits] });
  return { db, dialect: "sqlite", destroy: () => db.destroy() };
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
  try {
    const { rows } = await client.query<{ key: number }>(key, [name]);
    await client.query("select pg_advisory_lock($1)", [rows[0]!.key]);
    try {
      return await task();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [rows[0]!.key]);
    }
  } finally {
    client.release();
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
export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = await createMigrator(db as unknown as Kysely<unknown>);
  let { error, results } = await migrator.migrateToLatest();
  // Before taking its lock, Kysely reads the catalogue of every table in the database to find its
  // own; on PostgreSQL that read can fail while another process (or another schema's app) adds a
  // column at that moment ("column … does not exist", 42703) or drops its schema ("schema … does
  // not exist", 3F000: the read names each schema it lists): nothing ran yet, so try again.
  for (let attempt = 1; error && !results && attempt <= 5 && isConcurrentCatalogueChange(error); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    ({ error, results } = await migrator.migrateToLatest());
  }
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
