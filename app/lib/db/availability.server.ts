import { log } from "../log.server";

/**
 * Whether the database answers, as the app's queries find out (issue 52). A fault — a server
 * that refuses connections, times out or stays locked — is logged once when it starts and once
 * with its duration when it ends, never once per request; while it lasts on PostgreSQL, queries
 * are refused at once (every page that needs the database says 503 within milliseconds instead
 * of each waiting out the timeouts) and a probe in the background asks the database every
 * second whether it is back. One connection the server closed is not such a fault: the page
 * that met it is answered 503, the pool replaces it, the next page is served.
 */

/** A query that could not reach the database (not one it refused): answered 503, retried later. */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

/** By name: the server entry and the app bundle each load their own copy of this module. */
export const isDatabaseUnavailable = (error: unknown): error is DatabaseUnavailableError =>
  error instanceof Error && error.name === "DatabaseUnavailableError";

// Node's socket errors and PostgreSQL's classes 08 (connection), 53300 (too many connections),
// 57P0x (shut down, crashed, starting up) and 57014 (statement timeout / cancelled).
const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "53300", "57014", "57P01", "57P02", "57P03"]);
// What `pg` and `pg-pool` throw without a code: a closed socket, the connect/acquire timeout,
// the client-side query timeout, a client whose connection already failed.
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|connection timeout/i;

/** A driver error that means "the database is not there right now" (not "your query is wrong"). */
export function meansUnavailable(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
  return UNAVAILABLE_MESSAGES.test(error.message);
}

/**
 * Of those, the ones that say "this connection died", not "the database is not there": the server
 * closed it (pg_terminate_backend, 57P01; a pooler's recycle) or the socket broke. The next query
 * takes a fresh connection from the pool; if the database is really gone, that one fails to
 * connect, and that trips the refusals. Tripping them here answered every page 503 for up to a
 * second after one recycled connection (a fault-suite run, 2026-12-07: seven pages in a row).
 */
const LOST_CODES = new Set(["ECONNRESET", "EPIPE", "57P01"]);
const LOST_MESSAGES = /Connection terminated(?!.*timeout)|not queryable/i;

function meansConnectionLost(error: unknown): boolean {
  const cause = isDatabaseUnavailable(error) ? (error as Error).cause : error;
  if (!(cause instanceof Error)) return false;
  const code = (cause as { code?: unknown }).code;
  return (typeof code === "string" && LOST_CODES.has(code)) || (!code && LOST_MESSAGES.test(cause.message));
}

const LOST_LOG_EVERY_MS = 10_000;

const PROBE_EVERY_MS = 1_000;

export class DatabaseHealth {
  #downSince: number | undefined;
  #lostLoggedAt = 0;
  #prober: NodeJS.Timeout | undefined;

  /** `probe`: a query of its own (PostgreSQL); without one (SQLite) queries are never refused. */
  constructor(private readonly probe?: () => Promise<unknown>) {}

  /** Since when (epoch ms) the database has not answered; undefined while it does. */
  get downSince() {
    return this.#downSince;
  }

  /** Whether a query may try the database now: not while a probed fault lasts. */
  admit(): boolean {
    return this.#downSince === undefined || !this.probe;
  }

  stop() {
    clearInterval(this.#prober);
  }

  answered() {
    if (this.#downSince === undefined) return;
    const downMs = Date.now() - this.#downSince;
    this.#downSince = undefined;
    this.stop();
    log().warn({ event: "db.available", downMs }, `the database answers again (after ${(downMs / 1000).toFixed(1)} s)`);
  }

  failed(error: unknown) {
    if (this.#downSince !== undefined) return;
    // One dead connection is the pool's business (connectionLost), not a fault of the database.
    if (meansConnectionLost(error)) return this.connectionLost(error);
    this.#downSince = Date.now();
    log().warn({ event: "db.unavailable", err: error }, "the database does not answer: pages that need it answer 503 until it does");
    const probe = this.probe;
    if (!probe) return;
    let probing = false;
    this.#prober = setInterval(() => {
      if (probing) return;
      probing = true;
      probe()
        .then(() => this.answered())
        .catch(() => undefined)
        .finally(() => (probing = false));
    }, PROBE_EVERY_MS);
    this.#prober.unref();
  }

  /**
   * A pooled connection the server closed (a restart, a failover, `pg_terminate_backend`): the
   * pool drops it and opens another on next use. A restart closes them all at once: one line.
   */
  connectionLost(error: unknown) {
    const now = Date.now();
    if (now - this.#lostLoggedAt < LOST_LOG_EVERY_MS) return;
    this.#lostLoggedAt = now;
    log().warn({ event: "db.connection_lost", err: error }, "the database closed a connection; the pool replaces it");
  }
}
