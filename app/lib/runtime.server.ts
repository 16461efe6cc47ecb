import { type DatabaseHandle, type DB, exclusively, migrateToLatest, openDatabase } from "./db/db.server";
import type { Env } from "./env.server";
import { ensurePrivateFolder } from "./private-files.server";
import { createTransport } from "./mail/transport.server";
import { MailWorker, type MailWorkerOptions } from "./mail/worker.server";
import { RateLimits } from "./rate-limit.server";
import { seedOnce } from "../../db/seed/seed.server";

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
  /** Runs a start-up task one process at a time (PostgreSQL advisory lock; see exclusively). */
  exclusively: <T>(name: string, task: () => Promise<T>) => Promise<T>;
  stop: () => Promise<void>;
};

// Kept on globalThis so Vite's dev-time module reloads keep the one started runtime.
const holder = globalThis as typeof globalThis & { __appRuntime?: Runtime };

export type StartOptions = {
  seed?: boolean;
  startMailWorker?: boolean;
  mail?: Partial<Pick<MailWorkerOptions, "pollMs" | "baseDelayMs" | "maxDelayMs" | "maxAttempts">>;
  log?: (message: string) => void;
};

export async function startRuntime(env: Env, options: StartOptions = {}): Promise<Runtime> {
  if (holder.__appRuntime) throw new Error("The runtime is already started");
  const log = options.log ?? ((m: string) => console.log(m));
  ensurePrivateFolder(env.DATA_DIR);
  ensurePrivateFolder(env.UPLOADS_DIR);
  const handle = openDatabase(env.DATABASE_URL);
  try {
    // Several app processes may start at once on one PostgreSQL database: one migrates and
    // seeds, the others wait for it and then find nothing left to do.
    await exclusively(handle, "start", async () => {
      await migrateToLatest(handle.db);
      if (options.seed ?? true) {
        if (await seedOnce(handle.db)) log("Seeded sample data.");
      }
    });
  } catch (error) {
    await handle.destroy();
    throw error;
  }
  const mail = new MailWorker({
    db: handle.db,
    dialect: handle.dialect,
    transport: createTransport({ smtpUrl: env.SMTP_URL, dataDir: env.DATA_DIR }),
    from: env.MAIL_FROM,
    log,
    ...options.mail,
  });
  if (options.startMailWorker ?? true) mail.start();

  const runtime: Runtime = {
    env,
    db: handle.db,
    dialect: handle.dialect,
    mail,
    rateLimits: new RateLimits(handle.pool ? { kind: "postgres", pool: handle.pool } : { kind: "memory" }, env.RATE_LIMITS),
    exclusively: (name, task) => exclusively(handle, name, task),
    stop: async () => {
      await mail.stop();
      await handle.destroy();
      if (holder.__appRuntime === runtime) holder.__appRuntime = undefined;
    },
  };
  holder.__appRuntime = runtime;
  return runtime;
}

export function getRuntime(): Runtime {
  if (!holder.__appRuntime) throw new Error("The runtime has not been started (startRuntime)");
  return holder.__appRuntime;
}

export const getAppEnv = () => getRuntime().env;

/** Wake the mail worker after a transaction that queued mail has committed. */
export function mailQueued() {
  holder.__appRuntime?.mail.kick();
}
