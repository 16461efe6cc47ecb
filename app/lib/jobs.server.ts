import { torontoToday } from "./forms/fields";
import { getRuntime } from "./runtime.server";

/**
 * Daily background jobs, run in-process and safe with several app processes: each process
 * checks every hour, and a job's run for a day (Toronto time) belongs to whichever process
 * first inserts its row in job_runs (the primary key makes the claim atomic on SQLite and
 * PostgreSQL alike). The claim is a lease: a run whose process died before finishing it
 * (claimed more than JOB_LEASE_MS ago, not finished) may be claimed again by the next check
 * in any process. Jobs must therefore be safe to run twice (each step guarded by the state it
 * reads) and catch-up safe (a missed day finds the same work the next day).
 */
export const JOB_LEASE_MS = 30 * 60 * 1000;

export type DailyJob = { name: string; run: (now: Date) => Promise<unknown> };

/**
 * Claims today's run of a job; false when another process (or an earlier check) has it, or
 * finished it. An unfinished claim older than the lease is taken over.
 */
export async function claimDailyRun(name: string, now = new Date(), leaseMs = JOB_LEASE_MS): Promise<boolean> {
  const stale = new Date(now.getTime() - leaseMs).toISOString();
  const result = await getRuntime()
    .db.insertInto("job_runs")
    .values({ name, run_key: torontoToday(now), claimed_at: now.toISOString(), finished_at: null })
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

/** Runs each job once a day if this process claims it; returns whether each ran. */
export async function runDailyJobs(
  jobs: readonly DailyJob[],
  now = new Date(),
  log: (m: string) => void = console.log,
) {
  const ran: Record<string, boolean> = {};
  for (const job of jobs) {
    ran[job.name] = false;
    try {
      if (!(await claimDailyRun(job.name, now))) continue;
      await job.run(now);
      ran[job.name] = true;
      await getRuntime()
        .db.updateTable("job_runs")
        .set({ finished_at: new Date().toISOString() })
        .where("name", "=", job.name)
        .where("run_key", "=", torontoToday(now))
        .execute();
    } catch (error) {
      log(`daily job ${job.name}: ${String(error)}`);
    }
  }
  return ran;
}

/** Checks now and then every `intervalMs` (an hour); the timer never keeps the process alive. */
export function startDailyJobs(
  jobs: readonly DailyJob[],
  { intervalMs = 60 * 60 * 1000, log = console.log } = {},
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
