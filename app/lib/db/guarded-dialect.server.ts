import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryCompiler, QueryResult, TransactionSettings } from "kysely";
import { type DatabaseHealth, DatabaseUnavailableError, meansUnavailable } from "./availability.server";

/**
 * Kysely's dialect with every query watched (issue 52): a query that cannot reach the database
 * throws DatabaseUnavailableError (the page answers 503, entry.server.tsx) and tells the
 * database's health, which logs the fault once and, while it lasts, has queries refused at once
 * (DatabaseHealth.admit). A query that reaches it, even one refused, says it answers.
 */
export function guardedDialect(inner: Dialect, health: DatabaseHealth): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createDriver: () => new GuardedDriver(inner.createDriver(), health),
  };
}

/** The error to throw for what a driver threw, once health has heard of it. */
function verdict(health: DatabaseHealth, error: unknown): unknown {
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

class GuardedConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly health: DatabaseHealth,
  ) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return watched(this.health, () => this.inner.executeQuery<R>(query));
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

const innerOf = (connection: DatabaseConnection) => (connection as GuardedConnection).inner;

class GuardedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly health: DatabaseHealth,
  ) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.health.admit()) throw new DatabaseUnavailableError("the database does not answer (a probe tries it every second)");
    try {
      return new GuardedConnection(await this.inner.acquireConnection(), this.health);
    } catch (error) {
      throw verdict(this.health, error);
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return watched(this.health, () => this.inner.beginTransaction(innerOf(connection), settings));
  }

  commitTransaction(connection: DatabaseConnection) {
    return watched(this.health, () => this.inner.commitTransaction(innerOf(connection)));
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return watched(this.health, () => this.inner.rollbackTransaction(innerOf(connection)));
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
