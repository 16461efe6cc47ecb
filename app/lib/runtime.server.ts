import { meansUnavailable } from "./db/availability.server";
import { type DatabaseHandle, type DB, exclusively, migrateToLatest, openDatabase } from "./db/db.server";
import { dkimOptions, type Env } from "./env.server";
import { ensurePrivateFolder } from "./private-files.server";
import { log as logger } from "./log.server";
import { outsideRequest } from "./request-scope.server";
import { mailOutcome } from "./ops-events.server";
import { setDatabaseFigures } from "./metrics.server";
import { startProcessBeat } from "./process-info.server";
import { readiness, type Readiness } from "./readiness.server";
import { sql } from "kysely";
import { settleAfterResponse } from "./after-response.server";
import { secretBox } from "./mail/secrets.server";
import { createTransport } from "./mail/transport.server";
import { MailWorker, type MailWorkerOptions } from "./mail/worker.server";
import { RateLimits } from "./rate-limit-store.server";

/**
 * The process-wide resources: configuration, database and mail worker. Started once by the
 * server entry (or by an integration test), then reached through the getters below.
 */
export type Runtime = {
  env: Env;
  db: DB;
  dialect: DatabaseHandle["dialect"];
  mail: MailWorker;
  rateLimits: RateLimits;
  /** Whether the database answers now (its faults are logged there, once each). */
  health: DatabaseHandle["health"];
  /** What `/healthz/ready` reports: the database read and written, disk space (readiness.server.ts). */
  readiness: () => Promise<Readiness>;
  /** Runs a start-up task one process at a time (PostgreSQL advisory lock; see exclusively). */
  exclusively: <T>(name: string, task: () => Promise<T>) => Promise<T>;
  stop: () => Promise<void>;
};

// Kept on globalThis so Vite's dev-time module reloads keep the one started runtime.
const holder = globalThis as typeof globalThis & { __appRuntime?: Runtime };

export type StartOptions = {
  /** Fills a new database (the server entry passes the sample data); run after migrating, one process at a time. */
  seed?: (db: DB, env: Env, log: (message: string) => void) => Promise<void>;
  startMailWorker?: boolean;
  mail?: Partial<Pick<MailWorkerOptions, "pollMs" | "baseDelayMs" | "maxDelayMs" | "maxAttempts">>;
  log?: (message: string) => void;
};

export async function startRuntime(env: Env, options: StartOptions = {}): Promise<Runtime> {
  if (holder.__appRuntime) throw new Error("The runtime is already started");
  const log = options.log ?? ((m: string) => logger().info({ event: "runtime" }, m));
  if (env.PASSWORD_HASH_COST < 17) {
    logger().warn({ event: "auth.weak-hashing", cost: env.PASSWORD_HASH_COST }, `PASSWORD_HASH_COST=${env.PASSWORD_HASH_COST}: passwords hashed below OWASP's minimum (17) — for test servers only`);
  }
  ensurePrivateFolder(env.DATA_DIR);
  ensurePrivateFolder(env.UPLOADS_DIR);
  const handle = openDatabase(env.DATABASE_URL);
  try {
    await waitForDatabase(handle.db);
    // Several app processes may start at once on one PostgreSQL database: one migrates and
    // seeds, the others wait for it and then find nothing left to do.
    await exclusively(handle, "start", async () => {
      await migrateToLatest(handle.db);
      await options.seed?.(handle.db, env, log);
    });
  } catch (error) {
    await handle.destroy();
    throw error;
  }
  const mail = new MailWorker({
    db: handle.db,
    dialect: handle.dialect,
    transport: createTransport({ smtpUrl: env.SMTP_URL, dataDir: env.DATA_DIR, dkim: dkimOptions(env) }),
    from: env.MAIL_FROM,
    replyTo: env.OPERATOR_EMAIL,
    messageIdDomain: new URL(env.PUBLIC_URL).hostname,
    secrets: secretBox(env.AUTH_SECRET),
    log: options.log ?? ((m: string) => logger().warn({ event: "mail.worker" }, m)),
    onOutcome: mailOutcome,
    baseDelayMs: env.MAIL_RETRY_MS,
    ...options.mail,
  });
  if (options.startMailWorker ?? env.MAIL_WORKER) mail.start();
  const processBeat = startProcessBeat(handle.db);

  const runtime: Runtime = {
    env,
    db: handle.db,
    dialect: handle.dialect,
    mail,
    health: handle.health,
    readiness: () =>
      readiness({ db: handle.db, write: processBeat.beat, folders: { data: env.DATA_DIR, uploads: env.UPLOADS_DIR }, minFreeMb: env.READY_MIN_FREE_MB }),
    rateLimits: new RateLimits(handle.pool ? { kind: "postgres", pool: handle.pool } : { kind: "memory" }, env.RATE_LIMITS),
    exclusively: (name, task) => exclusively(handle, name, task),
    stop: async () => {
      await settleAfterResponse();
      await mail.stop();
      await processBeat.stop();
      await handle.destroy();
      if (holder.__appRuntime === runtime) holder.__appRuntime = undefined;
    },
  };
  holder.__appRuntime = runtime;
  setDatabaseFigures(async () => {
    const row = await handle.db
      .selectFrom("mail_outbox")
      .select([
        sql<number>`sum(case when status in ('pending', 'sending') then 1 else 0 end)`.as("waiting"),
        sql<string | null>`min(case when status in ('pending', 'sending') then created_at end)`.as("oldest"),
        sql<number>`sum(case when status = 'failed' then 1 else 0 end)`.as("failed"),
      ])
      .where("status", "in", ["pending", "sending", "failed"])
      .executeTakeFirst();
    const pool = handle.pool;
    return {
      outboxWaiting: Number(row?.waiting ?? 0),
      outboxOldestWaitingSeconds: row?.oldest ? Math.max(0, (Date.now() - Date.parse(row.oldest)) / 1000) : 0,
      outboxFailed: Number(row?.failed ?? 0),
      connections: pool ? { open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : { open: 1, idle: 0, waiting: 0 },
    };
  });
  return runtime;
}

const WAIT_MAX_MS = 15_000;

/**
 * A database that is away at start (PostgreSQL down, restarting, still starting up) is waited
 * for with backoff (1, 2, 4, 8, then every 15 s), each attempt logged once, instead of ending
 * the process (issue 52: six exits in 20 s, then systemd gave up). Anything else still ends it.
 */
async function waitForDatabase(db: DB): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await sql`select 1`.execute(db);
      return;
    } catch (error) {
      if (!meansUnavailable(error)) throw error;
      const waitMs = Math.min(1000 * 2 ** (attempt - 1), WAIT_MAX_MS);
      logger().warn(
        { event: "db.waiting", attempt, nextInMs: waitMs },
        `waiting for the database (attempt ${attempt}, next in ${waitMs / 1000}s): ${error instanceof Error ? error.message : String(error)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

export function getRuntime(): Runtime {
  if (!holder.__appRuntime) throw new Error("The runtime has not been started (startRuntime)");
  return holder.__appRuntime;
}

export const getAppEnv = () => getRuntime().env;

/** Wake the mail worker after a transaction that queued mail has committed. */
export function mailQueued() {
  // The worker's sends are its own, not this request's (their log lines carry no request id).
  outsideRequest(() => holder.__appRuntime?.mail.kick());
}
