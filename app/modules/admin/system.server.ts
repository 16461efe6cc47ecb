import { stat } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { lastBackup } from "~/lib/backup.server";
import { isStorageFull } from "~/lib/disk-full.server";
import { diskSpace } from "~/lib/disk-space.server";
import { recentProblems, type RecentLine } from "~/lib/log.server";
import { appVersion, type ListedProcess, listedProcesses } from "~/lib/process-info.server";
import type { SessionUser } from "~/lib/auth/session.server";
import { getRuntime } from "~/lib/runtime.server";
import { recordAudit } from "./audit.server";

/**
 * The back office's system page (ADR 22): what someone running the site checks
 * first. Nothing personal: process facts, counts, sizes, job names and the log's recent
 * warnings and errors (scrubbed where they were written: app/lib/log.server.ts).
 */
export type SystemReport = {
  now: string;
  thisProcess: { host: string; pid: number; version: string; builtAt: string | null; uptimeSeconds: number; node: string };
  processes: ListedProcess[];
  database: { kind: "sqlite" | "postgres"; bytes: number | null };
  outbox: { waiting: number; retrying: number; failed: number; oldestWaitingAt: string | null };
  jobs: { name: string; day: string; claimedAt: string; finishedAt: string | null }[];
  /** `low`: below READY_MIN_FREE_MB, so this process reports not ready (`minFreeMb`). */
  disks: { folder: "data" | "uploads"; freeBytes: number | null; totalBytes: number | null; low: boolean }[];
  minFreeMb: number;
  /** The disk was full: this view could not be recorded in the audit log (the page says so). */
  viewNotRecorded: boolean;
  problems: RecentLine[];
  backups: { scheduled: boolean; last: { name: string; createdAt: string; bytes: number; count: number } | null };
};

async function databaseBytes(): Promise<number | null> {
  const { db, dialect, env } = getRuntime();
  try {
    if (dialect === "postgres") {
      const { rows } = await sql<{ bytes: string }>`select pg_database_size(current_database()) as bytes`.execute(db);
      return Number(rows[0]?.bytes ?? 0);
    }
    const file = path.resolve(env.DATABASE_URL.replace(/^file:/, ""));
    let total = 0;
    for (const f of [file, `${file}-wal`]) total += await stat(f).then((s) => s.size, () => 0);
    return total;
  } catch {
    return null;
  }
}

/** Below readiness's threshold (readiness.server.ts), as `/healthz/ready` counts it. */
const isLow = (freeBytes: number | null, minFreeMb: number) => freeBytes !== null && Math.floor(freeBytes / 1_048_576) < minFreeMb;

/** How a view of this page is named in the audit log (its entity: the back office page). */
const SYSTEM_PAGE_AUDIT = { action: "admin-page.view", entityType: "admin-page", entityId: "system" } as const;

/**
 * The report for an admin, recording the view first (who, when, which page, from where) in the
 * back office's audit log, as every other admin action is. The page shows the hosts, process
 * ids, disk space and the log's recent errors: who looked at them is kept like who changed
 * something. The caller has already checked the viewer is an admin (requireAdmin): a refused
 * request never gets here, so it records nothing.
 */
export async function systemReportFor(viewer: Pick<SessionUser, "id" | "role">, clientIp: string | null): Promise<SystemReport> {
  if (viewer.role !== "admin") throw new Error("The system page is for admins only");
  // The page that shows a full disk must not need a write to render (issue 52: it answered 500
  // during the fault): the view goes unrecorded then, and the page says so.
  const recorded = await recordAudit(getRuntime().db, { actorId: viewer.id, ...SYSTEM_PAGE_AUDIT, after: { clientIp } }).then(
    () => true,
    (error: unknown) => {
      if (isStorageFull(error)) return false;
      throw error;
    },
  );
  return { ...(await systemReport()), viewNotRecorded: !recorded };
}

async function systemReport(): Promise<Omit<SystemReport, "viewNotRecorded">> {
  const { db, dialect, env } = getRuntime();
  const [processes, bytes, outboxRow, jobs, data, uploads, backup] = await Promise.all([
    listedProcesses(db),
    databaseBytes(),
    db
      .selectFrom("mail_outbox")
      .select([
        sql<number>`sum(case when status in ('pending', 'sending') then 1 else 0 end)`.as("waiting"),
        sql<number>`sum(case when status = 'pending' and attempts > 0 then 1 else 0 end)`.as("retrying"),
        sql<number>`sum(case when status = 'failed' then 1 else 0 end)`.as("failed"),
        sql<string | null>`min(case when status in ('pending', 'sending') then created_at end)`.as("oldest"),
      ])
      .where("status", "in", ["pending", "sending", "failed"])
      .executeTakeFirst(),
    db.selectFrom("job_runs").select(["name", "run_key", "claimed_at", "finished_at"]).orderBy("claimed_at", "desc").limit(10).execute(),
    diskSpace(env.DATA_DIR),
    diskSpace(env.UPLOADS_DIR),
    lastBackup(env.BACKUP_DIR).catch(() => null),
  ]);
  const { version, builtAt } = appVersion();
  return {
    now: new Date().toISOString(),
    thisProcess: { host: hostname(), pid: process.pid, version, builtAt, uptimeSeconds: Math.round(process.uptime()), node: process.version },
    processes,
    database: { kind: dialect, bytes },
    outbox: {
      waiting: Number(outboxRow?.waiting ?? 0),
      retrying: Number(outboxRow?.retrying ?? 0),
      failed: Number(outboxRow?.failed ?? 0),
      oldestWaitingAt: outboxRow?.oldest ?? null,
    },
    jobs: jobs.map((j) => ({ name: j.name, day: j.run_key, claimedAt: j.claimed_at, finishedAt: j.finished_at })),
    disks: [
      { folder: "data", ...data, low: isLow(data.freeBytes, env.READY_MIN_FREE_MB) },
      { folder: "uploads", ...uploads, low: isLow(uploads.freeBytes, env.READY_MIN_FREE_MB) },
    ],
    minFreeMb: env.READY_MIN_FREE_MB,
    problems: [...recentProblems()].reverse().slice(0, 50),
    backups: { scheduled: Boolean(env.BACKUP_EVERY), last: backup },
  };
}
