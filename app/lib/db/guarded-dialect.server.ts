import type SQLite from "better-sqlite3";
import { CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type QueryCompiler, type QueryResult, type TransactionSettings } from "kysely";
import { meansStorageFull, storageFull, storageWritten } from "../disk-full.server";
import { type DatabaseHealth, DatabaseUnavailableError, meansUnavailable } from "./availability.server";

/**
 * Kysely's dialect with every query watched (issue 52): a query that cannot reach the database
 * throws DatabaseUnavailableError (the page answers 503, entry.server.tsx) and tells the
 * database's health, which logs the fault once and, while it lasts, has queries refused at once
 * (DatabaseHealth.admit). A query that reaches it, even one refused, says it answers.
 */
export function guardedDialect(inner: Dialect, health: DatabaseHealth, { sqlite }: { sqlite?: SQLite.Database } = {}): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createDriver: () => new GuardedDriver(inner.createDriver(), health, sqlite),
  };
}

/**
 * The error to throw for what a driver threw, once health has heard of it. A full disk is the
 * database answering (reads go on), refusing writes: a StorageFullError (507, logged once).
 */
function verdict(health: DatabaseHealth, error: unknown): unknown {
  if (meansStorageFull(error)) {
    health.answered();
    return storageFull(error, "database");
  }
  if (!meansUnavailable(error)) {
    health.answered();
    return error;
  }
  health.failed(error);
  return error instanceof DatabaseUnavailableError
    ? error
    : new DatabaseUnavailableError(error instanceof Error ? error.message : String(error), { cause: error });
}

async function watched<T>(health: DatabaseHealth, run: () => Promise<T>): Promise<T> {
  try {
    const result = await run();
    health.answered();
    return result;
  } catch (error) {
    throw verdict(health, error);
  }
}

/**
 * SQLite (issue 52, item 7): a write waiting for another connection's lock used to wait inside
 * better-sqlite3 (busy_timeout 5 s), freezing the whole process, health check included. Now
 * SQLite waits a few milliseconds (db.server.ts), and the wait goes on here, between attempts,
 * with the event loop free; past LOCK_WAIT_MS the request is answered 503.
 */
export const LOCK_WAIT_MS = 5_000;
const isLocked = (error: unknown) => /^SQLITE_(BUSY|LOCKED)/.test(String((error as { code?: unknown } | null)?.code ?? ""));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` until it gets past SQLite's lock or LOCK_WAIT_MS has gone by; `between` runs while waiting. */
async function pastLocks<T>(attempt: () => Promise<T>, between?: LockWait): Promise<T> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isLocked(error)) throw error;
      if (Date.now() > deadline) throw new DatabaseUnavailableError(`the database file stayed locked for ${LOCK_WAIT_MS} ms`, { cause: error });
      await between?.before();
      await pause(Math.min(25 * tries, 200));
      await between?.after();
    }
  }
}

type LockWait = { before: () => Promise<void>; after: () => Promise<void> };

class GuardedConnection implements DatabaseConnection {
  /**
   * Inside a transaction the connection is kept while waiting for a lock (it holds the
   * transaction), and a write is not yet on disk (the commit says so).
   */
  inTransaction = false;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly health: DatabaseHealth,
    /** SQLite: how to hand the one connection back while waiting for a lock, so reads go on. */
    private readonly lockWait: LockWait | undefined,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const run = () => this.inner.executeQuery<R>(query);
    const lockWait = this.lockWait;
    const result = await watched(this.health, lockWait ? () => pastLocks(run, this.inTransaction ? undefined : lockWait) : run);
    if (!this.inTransaction && WRITES.has(query.query.kind)) storageWritten("database");
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/** Statements that write: one that succeeds (or a commit) ends a disk-full fault. */
const WRITES = new Set(["InsertQueryNode", "UpdateQueryNode", "DeleteQueryNode", "MergeQueryNode"]);

const innerOf = (connection: DatabaseConnection) => (connection as GuardedConnection).inner;

class GuardedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly health: DatabaseHealth,
    /** SQLite: its lock waits happen here, and whether a transaction is still open is asked of it. */
    private readonly sqlite: SQLite.Database | undefined,
  ) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.health.admit()) throw new DatabaseUnavailableError("the database does not answer (a probe tries it every second)");
    try {
      const inner = await this.inner.acquireConnection();
      const lockWait = this.sqlite ? this.lockWait(inner) : undefined;
      return new GuardedConnection(inner, this.health, lockWait);
    } catch (error) {
      throw verdict(this.health, error);
    }
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (!this.sqlite) {
      await watched(this.health, () => this.inner.beginTransaction(innerOf(connection), settings));
      (connection as GuardedConnection).inTransaction = true;
      return;
    }
    // Our transactions write: take the write lock at BEGIN (IMMEDIATE), and while another
    // connection holds it, hand our one connection back between attempts so reads go on.
    const inner = innerOf(connection);
    await watched(this.health, () => pastLocks(() => inner.executeQuery(CompiledQuery.raw("begin immediate")), this.lockWait(inner)));
    (connection as GuardedConnection).inTransaction = true;
  }

  private lockWait(inner: DatabaseConnection): LockWait {
    return {
      before: () => this.inner.releaseConnection(inner),
      after: async () => void (await this.inner.acquireConnection()),
    };
  }

  async commitTransaction(connection: DatabaseConnection) {
    await watched(this.health, () => this.inner.commitTransaction(innerOf(connection)));
    (connection as GuardedConnection).inTransaction = false;
    storageWritten("database");
  }

  /**
   * Kysely rolls back after any error in a transaction, and a failed ROLLBACK replaces that
   * error. SQLite has often rolled back already (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM, a
   * failed COMMIT), and its "cannot rollback - no transaction is active" then hid the real
   * error (issue 52: 102 of them logged for one full disk): no ROLLBACK when none is open.
   */
  async rollbackTransaction(connection: DatabaseConnection) {
    (connection as GuardedConnection).inTransaction = false;
    if (this.sqlite && !this.sqlite.inTransaction) return;
    await watched(this.health, () => this.inner.rollbackTransaction(innerOf(connection)));
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]) {
    await watched(this.health, async () => this.inner.savepoint?.(innerOf(connection), name, compile));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]) {
    await watched(this.health, async () => this.inner.rollbackToSavepoint?.(innerOf(connection), name, compile));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]) {
    await watched(this.health, async () => this.inner.releaseSavepoint?.(innerOf(connection), name, compile));
  }

  async releaseConnection(connection: DatabaseConnection) {
    await this.inner.releaseConnection(innerOf(connection));
  }

  destroy() {
    this.health.stop();
    return this.inner.destroy();
  }
}
