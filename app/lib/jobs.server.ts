import { torontoToday } from "./forms/fields";
import { log as logger } from "./log.server";
import { jobEvent } from "./ops-events.server";
import { getRuntime } from "./runtime.server";
import { serial } from "./serial";

/**
 * Daily background jobs, run in-process and safe with several app processes: each process
 * checks every hour, and a job's run for a day (Toronto time) belongs to whichever process
 * first inserts its row in job_runs (the primary key makes the claim atomic on SQLite and
 * PostgreSQL alike). The claim is a lease, renewed every third of it while the job runs (so a
 * run longer than the lease keeps it): a run whose process died before finishing it (claim
 * not renewed for JOB_LEASE_MS, not finished) may be claimed again by the next check in any
 * process. Jobs must therefore be safe to run twice (each step guarded by the state it reads)
 * and catch-up safe (a missed day finds the same work the next day).
 */
export const JOB_LEASE_MS = 3 * 60 * 1000;

/**
 * `period`: which run a moment belongs to (default: the Toronto day). A job run more often
 * than daily (the backups, BACKUP_EVERY) names shorter periods; each is claimed once.
 */
export type DailyJob = { name: string; run: (now: Date) => Promise<unknown>; period?: (now: Date) => string };

/**
 * Claims today's run of a job; false when another process (or an earlier check) has it, or
 * finished it. An unfinished claim older than the lease is taken over.
 */
export async function claimDailyRun(name: string, now = new Date(), leaseMs = JOB_LEASE_MS, runKey = torontoToday(now)): Promise<boolean> {
  const stale = new Date(now.getTime() - leaseMs).toISOString();
  const result = await getRuntime()
    .db.insertInto("job_runs")
    .values({ name, run_key: runKey, claimed_at: now.toISOString(), finished_at: null })
    .onConflict((oc) =>
      oc
        .columns(["name", "run_key"])
        .doUpdateSet({ claimed_at: now.toISOString() })
        .where("job_runs.finished_at", "is", null)
        .where("job_runs.claimed_at", "<", stale),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Runs each job once a day if this process claims it; returns whether each ran. `claimed_at` is
 * the claim's fencing token: a renewal moves it forward only while it is still ours, and the
 * run is marked finished only by the process whose claim it is.
 */
export async function runDailyJobs(
  jobs: readonly DailyJob[],
  now = new Date(),
  log: (m: string) => void = (m) => logger().warn({ event: "job" }, m),
  leaseMs = JOB_LEASE_MS,
) {
  const ran: Record<string, boolean> = {};
  for (const job of jobs) {
    ran[job.name] = false;
    let started: number | undefined;
    try {
      const runKey = job.period?.(now) ?? torontoToday(now);
      if (!(await claimDailyRun(job.name, now, leaseMs, runKey))) continue;
      started = performance.now();
      jobEvent({ result: "start", job: job.name });
      const claim = new DailyClaim(job.name, now, runKey);
      const heartbeat = setInterval(() => {
        claim.renew().catch((error: unknown) => log(`daily job ${job.name}: renewing its claim: ${String(error)}`));
      }, Math.max(1, Math.floor(leaseMs / 3)));
      heartbeat.unref();
      try {
        await job.run(now);
      } finally {
        clearInterval(heartbeat);
      }
      ran[job.name] = true;
      jobEvent({ result: "done", job: job.name, seconds: (performance.now() - started) / 1000 });
      if (!(await claim.finish())) jobEvent({ result: "lost", job: job.name });
    } catch (error) {
      if (started === undefined) log(`daily job ${job.name}: ${String(error)}`);
      else jobEvent({ result: "failed", job: job.name, seconds: (performance.now() - started) / 1000, error });
    }
  }
  return ran;
}

/** This process's claim of a day's run; its token is `claimed_at`, advanced by renewals. */
class DailyClaim {
  private token: string;
  private readonly startedAt = Date.now();
  /** A renewal and the finish take turns: both read the token the other may move. */
  private readonly exclusive = serial();

  constructor(
    private readonly name: string,
    private readonly now: Date,
    private readonly runKey: string,
  ) {
    this.token = now.toISOString();
  }

  /** Moves the claim forward if it is still ours (on the clock the run was started with). */
  renew(): Promise<boolean> {
    return this.exclusive(async () => {
      const next = new Date(this.now.getTime() + Date.now() - this.startedAt).toISOString();
      if (next <= this.token) return true;
      const result = await this.mine().set({ claimed_at: next }).executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      this.token = next;
      return true;
    });
  }

  finish(): Promise<boolean> {
    return this.exclusive(async () => {
      const result = await this.mine().set({ finished_at: new Date().toISOString() }).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    });
  }

  private mine() {
    return getRuntime()
      .db.updateTable("job_runs")
      .where("name", "=", this.name)
      .where("run_key", "=", this.runKey)
      .where("finished_at", "is", null)
      .where("claimed_at", "=", this.token);
  }
}

/** Checks now and then every `intervalMs` (an hour); the timer never keeps the process alive. */
export function startDailyJobs(
  jobs: readonly DailyJob[],
  { intervalMs = 60 * 60 * 1000, log = (m: string) => logger().warn({ event: "job" }, m) } = {},
): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    void runDailyJobs(jobs, new Date(), log).finally(() => (running = false));
  };
  const first = setTimeout(tick, 5_000);
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
