import { sql } from "kysely";
import type { DB } from "./db/db.server";
import { diskSpace } from "./disk-space.server";

/**
 * `/healthz/ready` (issue 52): whether this process can do its work — read and write the
 * database, and write files — as opposed to `/healthz/live`, whether it answers at all. A load
 * balancer sends visitors only to ready processes; a supervisor restarts only dead ones (a
 * restart cures neither a database away nor a full disk).
 */
export type Readiness = {
  ready: boolean;
  database: "ok" | "unavailable";
  disks: { folder: "data" | "uploads"; freeMb: number | null; ok: boolean }[];
};

const CHECK_TIMEOUT_MS = 2_000;

export async function readiness(options: {
  db: DB;
  /** A write of this process's own row (process-info.server.ts). */
  write: () => Promise<void>;
  folders: { data: string; uploads: string };
  minFreeMb: number;
}): Promise<Readiness> {
  const [database, ...disks] = await Promise.all([
    databaseAnswers(options.db, options.write),
    ...(["data", "uploads"] as const).map(async (folder) => {
      const { freeBytes } = await diskSpace(options.folders[folder]);
      const freeMb = freeBytes === null ? null : Math.floor(freeBytes / 1_048_576);
      return { folder, freeMb, ok: freeMb !== null && freeMb >= options.minFreeMb };
    }),
  ]);
  return { ready: database === "ok" && disks.every((d) => d.ok), database, disks };
}

/** A read and a write within the check's time: a balancer's check must not hang on a partition. */
async function databaseAnswers(db: DB, write: () => Promise<void>): Promise<Readiness["database"]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"unavailable">((resolve) => (timer = setTimeout(() => resolve("unavailable"), CHECK_TIMEOUT_MS)));
  const check = (async () => {
    await sql`select 1`.execute(db);
    await write();
    return "ok" as const;
  })().catch(() => "unavailable" as const);
  try {
    return await Promise.race([check, late]);
  } finally {
    clearTimeout(timer);
  }
}
