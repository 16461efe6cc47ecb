import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * Browser journeys against the production build (`npm run build` must have run first;
 * the test script does that). Each worker has a server of its own (tests/e2e/fixtures.ts picks
 * it by the worker's parallel index): a fresh data folder and database, so journeys on two
 * workers never see each other's accounts, counts or emails. Each server is tests/e2e/serve.ts:
 * a real local SMTP sink plus the app with SMTP_URL pointing at it; every email the app sends is
 * written as JSON to `<its data folder>/smtp/`, where the tests read it back (support.ts).
 *
 * The config is evaluated by the runner and again in each worker process (which inherits the
 * runner's environment): a worker reuses the runner's folder, the runner always makes a new one,
 * even if a stale E2E_RUN_DIR is left in the shell.
 */
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3210);
/** Two on the 2-core machine: the journeys wait on the network and hashing as much as on the CPU. */
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

function e2eRunDir(): string {
  const owner = process.env.E2E_RUN_DIR_OWNER;
  const inherited = process.env.E2E_RUN_DIR;
  if (inherited && (owner === String(process.pid) || owner === String(process.ppid))) return inherited;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gta-e2e-"));
  process.env.E2E_RUN_DIR = dir;
  process.env.E2E_RUN_DIR_OWNER = String(process.pid);
  process.env.E2E_FIRST_PORT = String(FIRST_PORT);
  return dir;
}

const runDir = e2eRunDir();
// One loading-race seed for the whole run (workers inherit the runner's environment): its chunks
// run on both workers and must draw from the same sample; a retried chunk replays its cases.
process.env.RACE_SEED ??= String(Math.floor(Math.random() * 2 ** 31));
const servers = Array.from({ length: WORKERS }, (_, i) => ({ port: FIRST_PORT + i, dataDir: path.join(runDir, `w${i}`) }));
for (const { dataDir } of servers) fs.mkdirSync(dataDir, { recursive: true });

/**
 * Debian's chromium-headless-shell where it is installed: Chromium's own headless browser (what
 * Playwright runs headless by default), the same Blink and V8 as /usr/bin/chromium without the
 * full browser around them. The whole run's journeys took 488 s on it against 661 s on the full
 * browser, all 197 passing on both (docs/perf-log.md, 2026-12-07 06:35). scripts/test.mjs makes
 * the same choice and passes it here as CHROMIUM_PATH.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ],
};

const MOBILE_SPECS = /mobile\.spec\.ts/;
/** The longest spec, in chunks both workers share: scheduled first, so it never runs alone at the end. */
const RACE_SPEC = /loading-race\.spec\.ts/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: "list",
  use: {
    // Recorded only for a retry (CI retries a failed journey once): recording every first
    // attempt, to keep the failing ones, cost a third of the journeys' time (summed 858 → 574 s,
    // docs/perf-log.md 2026-12-07). A failure to study locally: `--trace on`.
    trace: "on-first-retry",
  },
  projects: [
    {
      name: "race",
      testMatch: RACE_SPEC,
      use: { browserName: "chromium", viewport: { width: 1280, height: 720 }, launchOptions },
    },
    {
      name: "chromium",
      testIgnore: [MOBILE_SPECS, RACE_SPEC],
      use: { browserName: "chromium", viewport: { width: 1280, height: 720 }, launchOptions },
    },
    {
      name: "mobile",
      testMatch: MOBILE_SPECS,
      use: {
        browserName: "chromium",
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        launchOptions,
      },
    },
  ],
  webServer: servers.map(({ port, dataDir }) => ({
    command: "node --import tsx tests/e2e/serve.ts",
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    // serve.ts may first wait for a build another engineer is writing (see its header).
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    // serve.ts stops the app, then the SMTP sink, on SIGTERM.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    env: {
      E2E_DATA_DIR: dataDir,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      // Links in emails (verification, password reset) point at the server the tests drive.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${dataDir}/app.db`,
      OPERATOR_EMAIL: "operator@example.test",
      // The back office's journeys log in as this admin (tests/e2e/support.ts ADMIN).
      ADMIN_EMAIL: "admin@example.test",
      ADMIN_PASSWORD: "correct horse battery staple",
      // Every journey comes from one address: a visitor's caps of confirmation emails, of
      // sign-ups per hour and of form posts per minute (120) would otherwise stop them halfway
      // through the suite. The posts cap did, once the journeys ran faster (2026-12-07): the
      // listing wizard's 20 rounds of autosaves, Next and Previous, then the next journey's
      // posts, within one minute — a 429 where the wizard expected its next step.
      RATE_LIMITS: "confirmationsPerClient=100000,signUp=100000,writes=100000",
      // The journeys count the providers and reviews they make: no sample providers.
      SAMPLE_PROVIDERS: "0",
      // The pseudo-locale run (tests/e2e/pseudo-locale.spec.ts): a browser whose `lang` cookie
      // is "en-XA" reads pages with every catalogue text accented, to find untranslated text.
      PSEUDO_LOCALE: "1",
    },
  })),
});
