import { test } from "./fixtures";
import { parseEnv } from "~/lib/env.server";
import { type Runtime, startRuntime } from "~/lib/runtime.server";
import { OPERATOR_EMAIL } from "./support";

/**
 * The back office's modules on the e2e server's own database, for journeys that do through the
 * modules what is not their feature (a provider record as an approval leaves it, a request
 * matched or completed). Call once at the top of a spec: it starts the runtime before the
 * spec's tests and stops it after. No mail worker: the server's worker sends what is queued.
 */
export function withBackOfficeRuntime(): void {
  let runtime: Runtime | undefined;
  test.beforeAll(async ({ e2eServer }) => {
    const dataDir = e2eServer.dataDir;
    const env = parseEnv({ DATABASE_URL: `file:${dataDir}/app.db`, DATA_DIR: dataDir, OPERATOR_EMAIL, PUBLIC_URL: "http://127.0.0.1" });
    runtime = await startRuntime(env, { startMailWorker: false, log: () => {} });
  });
  test.afterAll(async () => {
    await runtime?.stop();
  });
}

/** This test process is a second writer on the server's SQLite file: a busy file is tried again. */
export async function whileBusy<T>(operation: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (attempt > 30 || !/database is locked|SQLITE_BUSY/.test(String(error))) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
