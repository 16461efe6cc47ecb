import { readFileSync, statSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import type { DB } from "./db/db.server";
import { log } from "./log.server";

/**
 * Which app processes run, with their version and start time (ADR 22): each process
 * keeps a row in app_meta (`process:<host>:<pid>`), written at start and every minute, removed
 * when it stops; the system page lists the rows seen in the last three minutes, so a process
 * that died without stopping drops off by itself.
 */
export type ProcessInfo = { host: string; pid: number; version: string; builtAt: string | null; startedAt: string; seenAt: string };

const PREFIX = "process:";
const BEAT_MS = 60_000;
export const PROCESS_STALE_MS = 3 * BEAT_MS;

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
  const run = () => beat().catch((error: unknown) => log().warn({ event: "process.beat", err: error }, "recording this process failed"));
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

export async function liveProcesses(db: DB, now = Date.now()): Promise<ProcessInfo[]> {
  const rows = await db.selectFrom("app_meta").select("value").where("key", "like", `${PREFIX}%`).execute();
  return rows
    .map((r) => JSON.parse(r.value) as ProcessInfo)
    .filter((p) => now - Date.parse(p.seenAt) < PROCESS_STALE_MS)
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt));
}
