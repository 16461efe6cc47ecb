import { readFileSync, statSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import type { DB } from "./db/db.server";
import { isDatabaseUnavailable } from "./db/availability.server";
import { isStorageFull } from "./disk-full.server";
import { log } from "./log.server";

/**
 * Which app processes run, with their version and start time (ADR 22): each process keeps a row
 * in app_meta (`process:<host>:<pid>`), written at start and every BEAT_MS, removed when it
 * stops. A process whose row is older than three beats is not running: killed, frozen (SIGSTOP),
 * or stuck (issue 52: a SIGKILLed process used to be listed as running for up to 3 minutes, its
 * beat being once a minute). It stays listed, as not answering, for LISTED_MS, so whoever looks
 * sees that it died and when.
 */
export type ProcessInfo = { host: string; pid: number; version: string; builtAt: string | null; startedAt: string; seenAt: string };

/**
 * `running`: it beat within three beats. `gone`: it did not, and no process has its id on this
 * host (killed, crashed). `silent`: it did not, and cannot be looked at from here or still exists
 * (frozen, stuck, or on another host that is away).
 */
export type ProcessState = "running" | "silent" | "gone";
export type ListedProcess = ProcessInfo & { state: ProcessState; seenSecondsAgo: number };

const PREFIX = "process:";
// A small upsert every 2 s per process: nothing next to a page's queries, and a dead process
// shows within ~6 s.
const BEAT_MS = 2_000;
export const PROCESS_SILENT_MS = 3 * BEAT_MS;
const LISTED_MS = 15 * 60_000;
/** Rows of processes gone for longer are removed (by any process's beat, now and then). */
const KEPT_MS = 24 * 60 * 60_000;
const PRUNE_EVERY_BEATS = 30;

/** The app's version (package.json) and when its server bundle was built. */
export function appVersion(): { version: string; builtAt: string | null } {
  let version = "unknown";
  try {
    version = (JSON.parse(readFileSync(path.resolve("package.json"), "utf8")) as { version?: string }).version ?? version;
  } catch {
    // not where we were started from
  }
  let builtAt: string | null = null;
  try {
    builtAt = statSync(path.resolve("build/server/index.js")).mtime.toISOString();
  } catch {
    // development: nothing built
  }
  return { version, builtAt };
}

/** `beat`: records this process now (readiness uses it as its write); `stop`: removes its row. */
export function startProcessBeat(db: DB): { beat: () => Promise<void>; stop: () => Promise<void> } {
  const startedAt = new Date().toISOString();
  const { version, builtAt } = appVersion();
  const key = `${PREFIX}${hostname()}:${process.pid}`;
  const beat = async () => {
    const value = JSON.stringify({ host: hostname(), pid: process.pid, version, builtAt, startedAt, seenAt: new Date().toISOString() } satisfies ProcessInfo);
    await db
      .insertInto("app_meta")
      .values({ key, value })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
      .execute();
  };
  let beats = 0;
  // One line when beating starts to fail, not one every beat; a full disk or a database away is
  // logged where it is found (disk-full.server.ts, availability.server.ts).
  let failing = false;
  const run = () =>
    beat()
      .then(() => (++beats % PRUNE_EVERY_BEATS === 0 ? prune(db) : undefined))
      .then(() => (failing = false))
      .catch((error: unknown) => {
        if (!failing && !isStorageFull(error) && !isDatabaseUnavailable(error)) log().warn({ event: "process.beat", err: error }, "recording this process failed");
        failing = true;
      });
  void run();
  const timer = setInterval(run, BEAT_MS);
  timer.unref();
  return {
    beat,
    stop: async () => {
      clearInterval(timer);
      await db.deleteFrom("app_meta").where("key", "=", key).execute().catch(() => undefined);
    },
  };
}

const processRows = async (db: DB) =>
  (await db.selectFrom("app_meta").select(["key", "value"]).where("key", "like", `${PREFIX}%`).execute()).map((r) => ({
    key: r.key,
    info: JSON.parse(r.value) as ProcessInfo,
  }));

/** Removes the rows of processes gone for a day (a crash leaves its row behind). */
async function prune(db: DB, now = Date.now()) {
  const old = (await processRows(db)).filter((r) => now - Date.parse(r.info.seenAt) > KEPT_MS).map((r) => r.key);
  if (old.length) await db.deleteFrom("app_meta").where("key", "in", old).execute();
}

/** The processes that beat within LISTED_MS, oldest first, each with its state. Reads only. */
export async function listedProcesses(db: DB, now = Date.now()): Promise<ListedProcess[]> {
  const self = { host: hostname(), pid: process.pid };
  return (await processRows(db))
    .map(({ info }) => {
      const silentMs = now - Date.parse(info.seenAt);
      // This process is serving the page: running, even when its beat cannot be written (a full disk).
      const isSelf = info.host === self.host && info.pid === self.pid;
      const state: ProcessState = isSelf || silentMs < PROCESS_SILENT_MS ? "running" : info.host === self.host && !exists(info.pid) ? "gone" : "silent";
      return { ...info, state, seenSecondsAgo: Math.max(0, Math.round(silentMs / 1000)) };
    })
    .filter((p) => now - Date.parse(p.seenAt) < LISTED_MS)
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt));
}

/**
 * Whether a process with this id exists on this host (signal 0 only asks). Asked only of a
 * process that stopped beating: another container with the same host name but its own process
 * ids would answer "no" for a live process, which its fresh beat already contradicts.
 */
function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}
