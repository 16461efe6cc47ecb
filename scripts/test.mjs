// `npm test`: typecheck, lint and the production build (side by side), unit + integration tests
// (Vitest), then browser journeys (Playwright on Debian's Chromium). Ends with each suite's time,
// the slowest files, and one "N passed, N failed" line.
//
// `npm run test:fast` (`--fast`): typecheck, lint, build, then Vitest's fast lane on SQLite only
// — every unit test and every integration test but the slow ones listed in vitest.config.ts
// (SLOW_FILES). For the inner loop; `npm test` before a merge.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const fast = process.argv.includes("--fast");
const ci = process.env.CI === "true" || process.env.CI === "1";
// The journeys' browser: Debian's chromium-headless-shell where installed (a quarter faster than
// the full browser, the same engine: playwright.config.ts), else Debian's chromium.
const chromium =
  process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => existsSync(p)) ?? "/usr/bin/chromium";
// Outside test-results/: Playwright empties that folder when it starts.
const reports = "test-reports";
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const started = Date.now();
/** [title, seconds, ok] of every step, for the summary. */
const timings = [];
const seconds = (ms) => Math.round(ms / 100) / 10;

/**
 * Runs a command. `buffered`: its output is held and printed whole when it ends, so steps that
 * run side by side do not interleave their lines.
 */
function run(title, command, args, { env = {}, buffered = false } = {}) {
  const t0 = Date.now();
  if (!buffered) console.log(`\n▶ ${title}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...env },
    });
    let output = "";
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    child.on("close", (code) => {
      const ok = code === 0;
      const took = seconds(Date.now() - t0);
      if (buffered) process.stdout.write(`\n▶ ${title}\n${output}`);
      console.log(`${ok ? "✔" : "✖"} ${title}: ${took} s`);
      timings.push([title, took, ok]);
      resolve(ok);
    });
  });
}

let ok = true;
const must = (passed, what) => {
  if (!passed) {
    console.error(`✖ ${what} failed`);
    ok = false;
  }
};

// Typecheck and lint read the sources, the build writes build/: independent, so side by side
// (about a minute instead of two on two cores).
const [typed, linted, built] = await Promise.all([
  run("Typecheck", "npm", ["run", "typecheck"], { buffered: true }),
  run("Lint", "npx", ["eslint", ".", "--max-warnings=0"], { buffered: true }),
  run("Build", "npm", ["run", "build"], { buffered: true }),
]);
must(typed, "Typecheck");
must(linted, "Lint");
must(built, "Build");

let passed = 0;
/** [what, suite, file, test, first error] for the summary's last lines. */
const problems = [];
let failed = 0;
let skipped = 0;
/** [suite, file, seconds] of the slowest files. */
const slowest = [];

/**
 * Vitest and Playwright one after the other, or side by side (`TEST_SIDE_BY_SIDE=1`): each
 * waits on servers, browsers and timers about half of its time (perf-log.md, 2026-12-06: the
 * two cores were busy 48 % of a sequential run). Side by side, Vitest's lines are held and
 * printed whole when it ends, so they do not interleave with the journeys'. Measured slower and
 * starved on two cores (perf-log.md, 2026-12-06 14:15): off unless asked for.
 */
const sideBySide = !fast && process.env.TEST_SIDE_BY_SIDE === "1";

async function vitest() {
  const vitestEnv = fast ? { VITEST_LANE: "fast", TEST_DATABASE_URL: "" } : {};
  const unitOk = await run(
    fast ? "Unit and integration tests, fast lane (Vitest, SQLite)" : "Unit and integration tests (Vitest)",
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${reports}/vitest.json`],
    { env: vitestEnv, buffered: sideBySide },
  );
  must(unitOk, "Vitest");
  if (existsSync(`${reports}/vitest.json`)) {
    const r = JSON.parse(readFileSync(`${reports}/vitest.json`, "utf8"));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    for (const file of r.testResults) {
      const name = file.name.replace(`${process.cwd()}/`, "");
      slowest.push(["vitest", name, seconds(file.endTime - file.startTime)]);
      for (const t of file.assertionResults) {
        // A test that passed on its retry keeps the first attempt's error (Vitest's JSON report).
        if (t.status === "failed") problems.push(["✖ failed", "vitest", name, t.fullName, t.failureMessages[0]]);
        else if (t.status === "passed" && t.failureMessages.length)
          problems.push(["⚠ flaky (passed on retry)", "vitest", name, t.fullName, t.failureMessages[0]]);
      }
    }
  }
}

async function playwright() {
  if (fast) {
    // The fast lane stops at Vitest: no browser.
  } else if (existsSync(chromium)) {
    const e2eOk = await run("Browser journeys (Playwright)", "npx", ["playwright", "test", "--reporter=list,json"], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json`, CHROMIUM_PATH: chromium },
    });
    must(e2eOk, "Playwright");
    if (existsSync(`${reports}/playwright.json`)) {
      const report = JSON.parse(readFileSync(`${reports}/playwright.json`, "utf8"));
      const s = report.stats;
      passed += s.expected + (s.flaky ?? 0);
      failed += s.unexpected;
      skipped += s.skipped;
      for (const [file, ms] of playwrightFileTimes(report)) slowest.push(["playwright", file, seconds(ms)]);
      for (const [file, title, status, message] of playwrightProblems(report))
        problems.push([status === "flaky" ? "⚠ flaky (passed on retry)" : "✖ failed", "playwright", file, title, message]);
    }
  } else if (ci) {
    console.error(`✖ Chromium not found at ${chromium}: CI must run the browser journeys (.ci/run installs it).`);
    ok = false;
  } else {
    console.warn(`\n⚠ Browser journeys skipped: no Chromium at ${chromium}.`);
    console.warn("  Install it with `sudo apt-get install -y chromium-headless-shell` (or chromium, or set CHROMIUM_PATH), then run `npm test` again.");
  }
}

if (built) {
  if (sideBySide) await Promise.all([vitest(), playwright()]);
  else {
    await vitest();
    await playwright();
  }
}

/** Journeys that failed, or passed only on their retry, with the first attempt's error. */
function playwrightProblems(report) {
  const found = [];
  const visit = (suite, file, titles) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === "unexpected" || t.status === "flaky") {
          const error = (t.results ?? []).flatMap((r) => r.errors ?? [])[0];
          found.push([file, [...titles, spec.title].join(" › "), t.status, error?.message]);
        }
    for (const child of suite.suites ?? []) visit(child, file, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) visit(suite, suite.file ?? suite.title, []);
  return found;
}

/** Time spent in each spec file: the sum of its tests' attempts (two workers run files side by side). */
function playwrightFileTimes(report) {
  const times = new Map();
  const visit = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        for (const r of t.results ?? []) times.set(file, (times.get(file) ?? 0) + (r.duration ?? 0));
    for (const child of suite.suites ?? []) visit(child, file);
  };
  for (const suite of report.suites ?? []) visit(suite, suite.file ?? suite.title);
  return times;
}

console.log(`\nTime per suite (${fast ? "fast lane" : "npm test"}):`);
for (const [title, took, passedStep] of timings) console.log(`  ${passedStep ? "✔" : "✖"} ${title.padEnd(58)} ${String(took).padStart(7)} s`);
console.log(`  ${"Total (wall)".padEnd(60)} ${String(seconds(Date.now() - started)).padStart(7)} s`);
if (slowest.length) {
  console.log("Slowest files (time in the file; Vitest and Playwright run two at a time):");
  for (const [suite, file, took] of slowest.sort((a, b) => b[2] - a[2]).slice(0, 12))
    console.log(`  ${String(took).padStart(7)} s  ${suite.padEnd(10)} ${file}`);
}
if (problems.length) {
  // Last in the log, where a CI excerpt (its tail) still shows them.
  console.log("\nTests that failed or needed their retry:");
  for (const [what, suite, file, title, message] of problems) {
    console.log(`  ${what}: ${suite} ${file} › ${title}`);
    const first = String(message ?? "").replace(/\u001b\[[0-9;]*m/g, "").split("\n").find((line) => line.trim());
    if (first) console.log(`      ${first.trim().slice(0, 300)}`);
  }
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(ok && failed === 0 ? 0 : 1);
