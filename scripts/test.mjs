// `npm test`: typecheck, lint, production build, unit + integration (Vitest), then browser
// journeys (Playwright on Debian's Chromium). Ends with one "N passed, N failed" line.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const ci = process.env.CI === "true" || process.env.CI === "1";
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// Outside test-results/: Playwright empties that folder when it starts.
const reports = "test-reports";
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

let ok = true;
const must = (passed, what) => {
  if (!passed) {
    console.error(`✖ ${what} failed`);
    ok = false;
  }
};

must(run("Typecheck", "npx", ["react-router", "typegen"]) && run("Typecheck", "npx", ["tsc", "--noEmit"]), "Typecheck");
must(run("Lint", "npx", ["eslint", ".", "--max-warnings=0"]), "Lint");
const built = run("Build", "npm", ["run", "build"]);
must(built, "Build");

let passed = 0;
let failed = 0;
let skipped = 0;

if (built) {
  const unitOk = run("Unit and integration tests (Vitest)", "npx", [
    "vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${reports}/vitest.json`,
  ]);
  must(unitOk, "Vitest");
  if (existsSync(`${reports}/vitest.json`)) {
    const r = JSON.parse(readFileSync(`${reports}/vitest.json`, "utf8"));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  }

  if (existsSync(chromium)) {
    const e2eOk = run("Browser journeys (Playwright)", "npx", ["playwright", "test", "--reporter=list,json"], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json`,
      CHROMIUM_PATH: chromium,
    });
    must(e2eOk, "Playwright");
    if (existsSync(`${reports}/playwright.json`)) {
      const s = JSON.parse(readFileSync(`${reports}/playwright.json`, "utf8")).stats;
      passed += s.expected + (s.flaky ?? 0);
      failed += s.unexpected;
      skipped += s.skipped;
    }
  } else if (ci) {
    console.error(`✖ Chromium not found at ${chromium}: CI must run the browser journeys (.ci/run installs it).`);
    ok = false;
  } else {
    console.warn(`\n⚠ Browser journeys skipped: no Chromium at ${chromium}.`);
    console.warn("  Install it with `sudo apt-get install -y chromium` (or set CHROMIUM_PATH), then run `npm test` again.");
  }
}

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(ok && failed === 0 ? 0 : 1);
