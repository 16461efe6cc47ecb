// `npm run start:cluster`: CLUSTER_PROCESSES app processes (default 2) on PostgreSQL
// (DATABASE_URL) behind nginx on PORT (default 3000), each process started again if it dies.
// Ctrl-C stops everything; SIGHUP replaces the app processes one at a time (a rolling restart,
// e.g. after `npm run build` of a new release). What runs where: deploy/README.md, ADR 16, ADR 22.
import { loadDotEnv } from "../app/lib/env.server";
import { ClusterError, startCluster } from "./cluster-lib";

// Read before anything below looks at the environment; the app processes inherit it.
if (process.argv.includes("--dotenv")) loadDotEnv();

const processes = Number(process.env.CLUSTER_PROCESSES ?? 2);
const port = Number(process.env.PORT ?? 3000);

try {
  if (!process.env.DATABASE_URL) {
    throw new ClusterError("DATABASE_URL is required: the cluster runs on PostgreSQL (postgres://user@host:5432/dbname).");
  }
  const cluster = await startCluster({
    processes,
    port,
    host: process.env.CLUSTER_HOST ?? "127.0.0.1",
    env: { DATABASE_URL: process.env.DATABASE_URL },
    restartOnExit: true,
    log: (line) => console.log(line),
  });
  console.log(
    `GTA Connect cluster: ${processes} app processes behind nginx on ${cluster.url} (Ctrl-C stops; kill -HUP ${process.pid} restarts them one by one)`,
  );
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    console.log("Stopping the cluster…");
    cluster.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
  // A deploy: build the new release, then `kill -HUP <this pid>` (printed above) replaces every
  // app process with one running it, one at a time, dropping no request (ADR 22).
  process.on("SIGHUP", () => {
    if (stopping) return;
    console.log("SIGHUP: rolling restart…");
    cluster.rollingRestart().then(
      () => console.log("Rolling restart done: every app process replaced."),
      (error: unknown) => console.error("Rolling restart failed:", error),
    );
  });
} catch (error) {
  console.error(error instanceof ClusterError ? error.message : error);
  process.exit(1);
}
