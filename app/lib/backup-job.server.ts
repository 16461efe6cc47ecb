import { backup, prune } from "./backup.server";
import type { Env } from "./env.server";
import { type DailyJob, runDailyJobs } from "./jobs.server";
import { log } from "./log.server";
import { appVersion } from "./process-info.server";

/**
 * BACKUP_EVERY: the app backs itself up (ADR 22). Each period (`every` long, counted
 * from the epoch) is one run, claimed like the daily jobs (job_runs, with a lease), so on a
 * cluster one process makes it; then all but the newest BACKUP_KEEP are deleted.
 */
export function startBackups(env: Env): () => void {
  const every = env.BACKUP_EVERY;
  if (!every) return () => {};
  const job: DailyJob = {
    name: "backup",
    period: (now) => new Date(Math.floor(now.getTime() / every) * every).toISOString(),
    run: async () => {
      const started = performance.now();
      const { dir, manifest } = await backup({
        databaseUrl: env.DATABASE_URL,
        dataDir: env.DATA_DIR,
        uploadsDir: env.UPLOADS_DIR,
        backupDir: env.BACKUP_DIR,
        version: appVersion().version,
        authSecret: env.AUTH_SECRET,
      });
      const pruned = await prune(env.BACKUP_DIR, env.BACKUP_KEEP);
      const bytes = manifest.files.reduce((n, f) => n + f.bytes, 0);
      log().info({ event: "backup.done", backup: dir.split(/[\\/]/).pop(), bytes, ms: Math.round(performance.now() - started), pruned: pruned.length }, "backup made");
    },
  };
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    void runDailyJobs([job], new Date()).finally(() => (running = false));
  };
  const timer = setInterval(tick, Math.max(500, Math.min(every / 2, 60_000)));
  timer.unref();
  return () => clearInterval(timer);
}
