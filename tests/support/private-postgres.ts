import { execFile } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "./smtp-sink";

const run = promisify(execFile);
const BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

/**
 * A PostgreSQL server of the test's own (issue 52's fault suite): its own data folder and port,
 * so a test may kill its connections, stop it, restart it — never the shared one. As root,
 * PostgreSQL refuses to run: the server then runs as the `postgres` account.
 */
export type PrivatePostgres = {
  url: string;
  port: number;
  start: () => Promise<void>;
  stop: () => Promise<void>;
  restart: () => Promise<void>;
  /** pg_terminate_backend on every other connection to the database; how many were ended. */
  terminateConnections: () => Promise<number>;
  remove: () => Promise<void>;
};

export async function startPrivatePostgres({ started = true } = {}): Promise<PrivatePostgres> {
  const folder = mkdtempSync(path.join(tmpdir(), "gta-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: group } = await run("id", ["-g", "postgres"]);
    chownSync(folder, Number(stdout.trim()), Number(group.trim()));
  }
  const as = (command: string, args: string[]) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", path.join(BIN, command), ...args]) : run(path.join(BIN, command), args);
  const data = path.join(folder, "data");
  await as("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
  const port = await freePort();
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const ctl = (...args: string[]) => as("pg_ctl", ["-D", data, "-l", path.join(folder, "log"), "-w", "-t", "30", ...args]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const server: PrivatePostgres = {
    url,
    port,
    start: async () => void (await ctl("-o", options, "start")),
    stop: async () => void (await ctl("-m", "fast", "stop")),
    restart: async () => void (await ctl("-o", options, "-m", "fast", "restart")),
    terminateConnections: async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ ended: boolean }>(
          "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
        );
        return rows.filter((r) => r.ended).length;
      } finally {
        await admin.end();
      }
    },
    remove: async () => {
      await ctl("-m", "immediate", "stop").catch(() => undefined);
      rmSync(folder, { recursive: true, force: true });
    },
  };
  if (started) await server.start();
  return server;
}
