// `npm run lighthouse`: Lighthouse's mobile preset (its default: a mid-range phone, simulated
// slow 4G and 4× CPU slowdown) in Debian's Chromium, on the production build served on a fresh
// SQLite database. Builds if needed. 3 runs per page (LIGHTHOUSE_RUNS or --runs N), a fresh
// browser each, after a few requests that warm the server; the run with the median
// performance score is reported. Prints a table and writes test-results/lighthouse.json.
// JS: the JavaScript fetched during the load (KB on the wire / files), what the bundle budget
// test (tests/integration/bundle-budget.test.ts) computes from the build, seen by the browser.
// Lighthouse's report of each page's median run: test-results/lighthouse/<page>.html.
// Lighthouse's CPU figures (TBT above all) depend on what else the machine does: the load
// average at the start is printed and recorded beside them.
//
//   npm run lighthouse                      the issue's pages (tests/support/speed-budget.ts)
//   npm run lighthouse -- /about /legal     other pages
//   npm run lighthouse -- --all             every public page (with OTHER_PUBLIC_PAGES)
//   npm run lighthouse -- --check           also fail when a page misses LIGHTHOUSE_TARGETS
//   PAGE_SCRIPTS=as-rendered npm run lighthouse   without ADR 19's script rewrite (to measure it)
//
// Exits non-zero on errors (no build, server or browser failure, a page that did not load);
// low scores fail only with --check. Chromium: CHROMIUM_PATH, else /usr/bin/chromium.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { launch, type LaunchedChrome } from "chrome-launcher";
import lighthouse from "lighthouse";
import { startAppServer } from "../tests/support/app-server";
import { LIGHTHOUSE_TARGETS, OTHER_PUBLIC_PAGES, SPEED_PAGES } from "../tests/support/speed-budget";

const args = process.argv.slice(2);
const check = args.includes("--check");
const runsArg = args.indexOf("--runs");
const runs = Number(runsArg >= 0 ? args[runsArg + 1] : (process.env.LIGHTHOUSE_RUNS ?? 3));
const pages = args.filter((a, i) => a.startsWith("/") && args[i - 1] !== "--runs");
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];

type Run = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Milliseconds, as Lighthouse estimates them under its simulated throttling. */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  /** JavaScript the browser fetched while Lighthouse watched the load (bytes on the wire, files). */
  jsTransferBytes: number;
  jsFiles: number;
  /** Audits of the four categories that did not pass, for the reader to look at. */
  failing: string[];
};
type PageResult = { path: string; noindex: boolean; median: Run; runs: Run[]; misses: string[]; report: string };

if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, got ${runs}`);
if (!existsSync(chromePath)) {
  console.error(`No Chromium at ${chromePath}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  process.exit(2);
}

/** Lighthouse's own HTML reports of the median runs, to see why a page scores as it does. */
const reports = "test-results/lighthouse";
const html = new WeakMap<Run, string>();

async function audit(url: string): Promise<Run> {
  let chrome: LaunchedChrome | undefined;
  const userDataDir = mkdtempSync(path.join(tmpdir(), "gta-lighthouse-chrome-"));
  try {
    chrome = await launch({ chromePath, chromeFlags, userDataDir, logLevel: "silent" });
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: "error",
      output: "html",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (id: string) => {
      const s = lhr.categories[id]?.score;
      if (s === null || s === undefined) throw new Error(`No ${id} score for ${url}`);
      return Math.round(s * 100);
    };
    const metric = (id: string) => {
      const v = lhr.audits[id]?.numericValue;
      if (v === undefined) throw new Error(`No ${id} for ${url}: ${lhr.audits[id]?.errorMessage ?? "missing"}`);
      return v;
    };
    const failing = Object.values(lhr.categories).flatMap((c) =>
      c.auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative")
        .map((a) => `${c.id}: ${a!.id}${a!.displayValue ? ` (${a!.displayValue})` : ""}`),
    );
    type NetworkItem = { resourceType?: string; transferSize?: number };
    const requests = ((lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter(
      (r) => r.resourceType === "Script",
    );
    const run: Run = {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      fcp: metric("first-contentful-paint"),
      lcp: metric("largest-contentful-paint"),
      tbt: metric("total-blocking-time"),
      cls: metric("cumulative-layout-shift"),
      speedIndex: metric("speed-index"),
      jsTransferBytes: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      jsFiles: requests.length,
      failing,
    };
    html.set(run, String(result.report));
    return run;
  } finally {
    chrome?.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/**
 * A browser run can fail for reasons of its own (a crash, a lost target, a trace without its
 * navigation: "NO_NAVSTART … Please run Lighthouse again"): up to two more tries, said aloud.
 */
async function auditWithRetry(url: string, tries = 3): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url);
    } catch (error) {
      if (attempt >= tries) throw error;
      console.warn(`  (a Lighthouse run of ${url} failed, trying again: ${error instanceof Error ? error.message : String(error)})`);
    }
  }
}

/**
 * A page that asks search engines not to index it (a step of a flow, a confirmation) fails
 * Lighthouse's SEO audit "is-crawlable" by design: that audit alone is not held against it.
 */
function misses(r: Run, noindex: boolean): string[] {
  const t = LIGHTHOUSE_TARGETS;
  const out: string[] = [];
  if (r.performance < t.performance) out.push(`performance ${r.performance} < ${t.performance}`);
  if (r.accessibility < t.accessibility) out.push(`accessibility ${r.accessibility} < ${t.accessibility}`);
  if (r.bestPractices < t.bestPractices) out.push(`best practices ${r.bestPractices} < ${t.bestPractices}`);
  const seoFailures = r.failing.filter((f) => f.startsWith("seo: "));
  const onlyNoindex = noindex && seoFailures.length === 1 && seoFailures[0]!.startsWith("seo: is-crawlable");
  if (r.seo < t.seo && !onlyNoindex) out.push(`SEO ${r.seo} < ${t.seo}`);
  if (r.fcp > t.fcp) out.push(`FCP ${ms(r.fcp)} > ${ms(t.fcp)}`);
  if (r.lcp > t.lcp) out.push(`LCP ${ms(r.lcp)} > ${ms(t.lcp)}`);
  if (r.tbt > t.tbt) out.push(`TBT ${Math.round(r.tbt)} ms > ${t.tbt} ms`);
  if (r.cls > t.cls) out.push(`CLS ${r.cls.toFixed(3)} > ${t.cls}`);
  return out;
}

const ms = (v: number) => `${(v / 1000).toFixed(2)} s`;
const cell = (v: string | number, n: number) => String(v).padStart(n);

execFileSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: "inherit" });
const dir = mkdtempSync(path.join(tmpdir(), "gta-lighthouse-"));
// PAGE_SCRIPTS=as-rendered: the page as React Router renders it, to measure what ADR 19 buys.
const server = await startAppServer({
  DATABASE_URL: `file:${dir}/app.db`,
  DATA_DIR: dir,
  ...(process.env.PAGE_SCRIPTS ? { PAGE_SCRIPTS: process.env.PAGE_SCRIPTS } : {}),
});
const results: PageResult[] = [];
const loadAverageAtStart = loadavg();
let failed = false;
try {
  const list = args.includes("--all") ? [...SPEED_PAGES, ...OTHER_PUBLIC_PAGES] : pages.length ? pages : SPEED_PAGES;
  console.log(`\nLighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile preset (simulated throttling), median of ${runs} run(s) by performance score, ${chromePath}; load average ${loadAverageAtStart.map((l) => l.toFixed(2)).join(" ")}\n`);
  if (loadAverageAtStart[0]! > availableParallelism()) {
    console.warn(
      `⚠ The machine is busy (load ${loadAverageAtStart[0]!.toFixed(1)} on ${availableParallelism()} cores): Lighthouse scales the CPU time it observes, so TBT, FCP and LCP come out worse than on an idle machine.\n`,
    );
  }
  console.log(
    `${"page".padEnd(38)} ${cell("perf", 4)} ${cell("a11y", 4)} ${cell("bp", 4)} ${cell("seo", 4)} ${cell("FCP", 7)} ${cell("LCP", 7)} ${cell("TBT", 7)} ${cell("CLS", 6)} ${cell("SI", 7)} ${cell("JS", 13)}  perf of each run`,
  );
  for (const page of list) {
    const all: Run[] = [];
    const url = `${server.url}${page}`;
    // A warm server, as visitors meet it: the first renders of a page pay for JIT and caches.
    let noindex = false;
    for (let i = 0; i < 5; i++) {
      const res = await fetch(url);
      noindex = /<meta name="robots" content="noindex/.test(await res.text());
      if (!res.ok) throw new Error(`${page} answered ${res.status}`);
    }
    for (let i = 0; i < runs; i++) all.push(await auditWithRetry(url));
    const median = [...all].sort((a, b) => a.performance - b.performance)[Math.floor((all.length - 1) / 2)]!;
    const report = `${reports}/${page.replace(/^\//, "").replace(/[^\w-]+/g, "_") || "home"}.html`;
    mkdirSync(reports, { recursive: true });
    writeFileSync(report, html.get(median) ?? "");
    const result = { path: page, noindex, median, runs: all, misses: misses(median, noindex), report };
    results.push(result);
    const mark = result.misses.length ? "✖ " : "  ";
    console.log(
      `${mark}${page.padEnd(36)} ${cell(median.performance, 4)} ${cell(median.accessibility, 4)} ${cell(median.bestPractices, 4)} ${cell(median.seo, 4)} ${cell(ms(median.fcp), 7)} ${cell(ms(median.lcp), 7)} ${cell(`${Math.round(median.tbt)}ms`, 7)} ${cell(median.cls.toFixed(3), 6)} ${cell(ms(median.speedIndex), 7)} ${cell(`${(median.jsTransferBytes / 1024).toFixed(0)} KB/${median.jsFiles}`, 13)}  ${all.map((r) => r.performance).join(" ")}`,
    );
  }
} catch (error) {
  console.error(`\n✖ ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  failed = true;
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}

if (results.length) {
  const t = LIGHTHOUSE_TARGETS;
  console.log(
    `\ntargets: perf ≥ ${t.performance}, FCP ≤ ${ms(t.fcp)}, LCP ≤ ${ms(t.lcp)}, TBT ≤ ${t.tbt} ms, CLS ≤ ${t.cls}, a11y/best practices/SEO ${t.accessibility}`,
  );
  for (const r of results) {
    if (r.misses.length) console.log(`  ${r.path}: ${r.misses.join(", ")}`);
    const failing = r.median.failing.filter((f) => !f.startsWith("performance:"));
    if (failing.length) console.log(`  ${r.path} audits not passed: ${failing.join("; ")}`);
  }
  mkdirSync("test-results", { recursive: true });
  writeFileSync(
    "test-results/lighthouse.json",
    JSON.stringify({ at: new Date().toISOString(), loadAverageAtStart, loadAverageAtEnd: loadavg(), preset: "mobile (Lighthouse default)", runs, targets: t, pages: results }, null, 2),
  );
  console.log(`\nWritten to test-results/lighthouse.json; Lighthouse reports of the median runs in ${reports}/`);
}

if (failed) process.exit(1);
if (check && results.some((r) => r.misses.length)) {
  console.error("\n✖ Pages below the Lighthouse targets (see above).");
  process.exit(1);
}
