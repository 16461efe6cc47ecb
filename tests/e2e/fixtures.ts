import path from "node:path";
import { test as base } from "@playwright/test";

// Every spec imports `test` and `expect` from here, never from "@playwright/test" (the lint says
// so): this `test` is what points a worker at its own server.
export * from "@playwright/test";

export type E2EServer = { url: string; dataDir: string };

/**
 * The server of this worker (playwright.config.ts starts one per worker): its address, and its
 * data folder, where support.ts reads the emails it sent and back-office.ts opens its database.
 * Keyed by the parallel index, not the worker index, so a worker started again after a failure
 * finds the same server and the state the spec's earlier tests left there.
 */
export const test = base.extend<object, { e2eServer: E2EServer }>({
  e2eServer: [
    // Playwright reads a fixture's dependencies from its first parameter: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => {
      const runDir = process.env.E2E_RUN_DIR;
      if (!runDir) throw new Error("E2E_RUN_DIR is not set: run the journeys through playwright.config.ts");
      const port = Number(process.env.E2E_FIRST_PORT ?? 3210) + workerInfo.parallelIndex;
      const dataDir = path.join(runDir, `w${workerInfo.parallelIndex}`);
      const url = `http://127.0.0.1:${port}`;
      // Read at call time by support.ts (mailDir) and serverURL().
      process.env.E2E_DATA_DIR = dataDir;
      process.env.E2E_BASE_URL = url;
      await provide({ url, dataDir });
    },
    { scope: "worker", auto: true },
  ],
  baseURL: async ({ e2eServer }, provide) => {
    await provide(e2eServer.url);
  },
});

/** This worker's server address, for helpers that take no fixtures (an `Origin` header, a context). */
export function serverURL(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error("No server for this worker yet: call serverURL() inside a test or hook");
  return url;
}
