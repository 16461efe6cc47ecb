// `npm run bench` (first part): throughput and latency of the server-rendered pages as browsers
// ask for them, beside the machine's ceiling measured in the same run (ADR 23). Builds if
// needed, starts the production server on a fresh SQLite database, signs a customer and an
// admin in through the real forms, then with autocannon (50 connections, BENCH_SECONDS each, 5
// by default): a bare `node:http` hello-world first (what this machine can serve at all, with
// the load generator sharing its cores), then each page in four ways:
//
// - served: what a first-time visitor's browser sends (Accept, Accept-Encoding, an
//   Accept-Language drawn from a realistic mix of our four languages and their regions), no
//   cookie — the page store answers (ADR 10, ADR 23);
// - cookie: the same, plus a cookie (the language the visitor chose): rendered every time;
// - logged in: a signed-in customer's session (and an admin's for the back office): rendered;
// - no headers: the old figure (no Accept-Encoding, no Accept-Language), labelled as such.
//
// Prints a table and writes test-results/bench.json. Figures compare changes on one machine;
// the ratio to the ceiling is what travels between machines.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startAppServer } from "../tests/support/app-server";
import { cookieHeader, logIn, verifiedCustomer } from "../tests/support/browser-session";
import { SmtpSink } from "../tests/support/smtp-sink";
import { RENDERED_TARGETS, SERVED_TARGETS, SPEED_PAGES } from "../tests/support/speed-budget";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** BENCH_ONLY=/,/homes: some pages only (when looking into one). */
const only = process.env.BENCH_ONLY?.split(",");

/** Signed-in pages measured logged in only (the customer's, then the admin's inbox). */
const ACCOUNT_PAGES = ["/account", "/account/bookings"];
const ADMIN_PAGES = ["/admin/requests"];

/**
 * Accept-Language as browsers send it, in a mix like the GTA's visitors: mostly Canadian and
 * American English, then French (Quebec and France), Spanish, Portuguese, and a few languages we
 * do not offer (English for them). Twenty entries, cycled per connection.
 */
const LANGUAGE_MIX = [
  ...Array(6).fill("en-CA,en;q=0.9"),
  ...Array(3).fill("en-US,en;q=0.9"),
  "en-GB,en;q=0.9",
  ...Array(3).fill("fr-CA,fr;q=0.9,en-CA;q=0.8,en;q=0.7"),
  "fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7",
  "es-MX,es;q=0.9,en;q=0.8",
  "es-419,es;q=0.9",
  "pt-BR,pt;q=0.9,en-US;q=0.8,en;q=0.7",
  "pt-PT,pt;q=0.9",
  "zh-CN,zh;q=0.9,en;q=0.8",
  "ta-IN,ta;q=0.9,en-GB;q=0.8,en;q=0.7",
] as string[];
/** The language each visitor of the mix would have chosen with the picker (its cookie). */
const CHOSEN = ["en-US", "en-US", "en-US", "fr-CA", "es", "pt-BR"];

const BROWSER = {
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8",
  "Accept-Encoding": "gzip, deflate, br, zstd",
};

type Column = "served" | "cookie" | "loggedIn" | "noHeaders";
const COLUMNS: { key: Column; title: string }[] = [
  { key: "served", title: "served (browser headers)" },
  { key: "cookie", title: "rendered, with a cookie" },
  { key: "loggedIn", title: "rendered, logged in" },
  { key: "noHeaders", title: "served, no headers (old)" },
];
type Measure = { reqPerSec: number; p50: number; p99: number; non2xx: number; errors: number; ratio: number };
type Row = { path: string } & Partial<Record<Column, Measure>>;

async function measure(url: string, requests: Record<string, string>[], ceiling = 0): Promise<Measure> {
  const opts = { url, connections, requests: requests.map((headers) => ({ method: "GET" as const, headers })) };
  // A short warm-up, so JIT and caches are in the figure's steady state, not in its first second.
  await autocannon({ ...opts, duration: 1 });
  const r = await autocannon({ ...opts, duration: seconds });
  const reqPerSec = Math.round(r.requests.average);
  return { reqPerSec, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts, ratio: ceiling ? reqPerSec / ceiling : 1 };
}

/** The ceiling: node:http answering "hello" from a child process, as the app server runs. */
async function measureCeiling(): Promise<number> {
  const child = spawn(process.execPath, [
    "-e",
    "const s=require('node:http').createServer((q,r)=>r.end('hello')).listen(0,'127.0.0.1',()=>console.log(s.address().port))",
  ]);
  const port = await new Promise<string>((resolve) => child.stdout.once("data", (d: Buffer) => resolve(d.toString().trim())));
  try {
    return (await measure(`http://127.0.0.1:${port}/`, [{}])).reqPerSec;
  } finally {
    child.kill();
  }
}

async function signIn(base: string, sink: SmtpSink, admin: { email: string; password: string }) {
  const customer = await verifiedCustomer(base, sink, { name: "Bench Customer", email: `bench-${Date.now()}@example.test`, password: "a long bench password" });
  const operator = await logIn(base, admin);
  return { customer: cookieHeader(customer), admin: cookieHeader(operator) };
}

execFileSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: "inherit" });
const ceiling = await measureCeiling();
console.log(`\nnode:http ceiling: ${ceiling} req/s (${connections} connections, ${seconds} s per figure)`);

const dir = mkdtempSync(path.join(tmpdir(), "gta-bench-"));
const sink = await new SmtpSink().start(0);
const admin = { email: "bench-admin@example.test", password: "a long bench admin password" };
const server = await startAppServer({
  DATABASE_URL: `file:${dir}/app.db`,
  DATA_DIR: dir,
  SMTP_URL: sink.url,
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  // Which page stores run (scripts/bench-stores.ts measures each by turning it off).
  ...(process.env.PAGE_STORES ? { PAGE_STORES: process.env.PAGE_STORES } : {}),
  ...(process.env.PAGE_CACHE_SECONDS ? { PAGE_CACHE_SECONDS: process.env.PAGE_CACHE_SECONDS } : {}),
}, { keepOutput: false });
const rows: Row[] = [];
try {
  const sessions = await signIn(server.url, sink, admin);
  const browser = LANGUAGE_MIX.map((language) => ({ ...BROWSER, "Accept-Language": language }));
  const withCookie = browser.map((headers, i) => ({ ...headers, Cookie: `lang=${CHOSEN[i % CHOSEN.length]}` }));
  const loggedIn = (cookie: string) => browser.map((headers) => ({ ...headers, Cookie: cookie }));
  const pages = [...SPEED_PAGES, ...ACCOUNT_PAGES, ...ADMIN_PAGES].filter((page) => !only || only.includes(page));
  console.log(`Measuring ${pages.length} pages: served, with a cookie, logged in, and without headers…`);
  for (const page of pages) {
    const url = `${server.url}${page}`;
    const row: Row = { path: page };
    if (ADMIN_PAGES.includes(page)) row.loggedIn = await measure(url, loggedIn(sessions.admin), ceiling);
    else if (ACCOUNT_PAGES.includes(page)) row.loggedIn = await measure(url, loggedIn(sessions.customer), ceiling);
    else {
      row.served = await measure(url, browser, ceiling);
      row.cookie = await measure(url, withCookie, ceiling);
      // The log-in form sends a signed-in person on to their account: not a page they are shown.
      if (page !== "/auth/login") row.loggedIn = await measure(url, loggedIn(sessions.customer), ceiling);
      row.noHeaders = await measure(url, [{}], ceiling);
    }
    rows.push(row);
    process.stdout.write(".");
  }
} finally {
  await server.stop();
  await sink.stop();
}

const pct = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
const cell = (m: Measure | undefined) =>
  m ? `${String(m.reqPerSec).padStart(6)} ${pct(m.ratio).padStart(5)} ${String(m.p99).padStart(5)}${m.non2xx + m.errors ? "!" : " "}` : "".padEnd(20);
const met = (row: Row) => {
  const ok = (m: Measure | undefined, t: { ratio: number; p99Ms: number }) => !m || (m.ratio >= t.ratio && m.p99 <= t.p99Ms && m.non2xx + m.errors === 0);
  return ok(row.served, SERVED_TARGETS) && ok(row.cookie, RENDERED_TARGETS) && ok(row.loggedIn, RENDERED_TARGETS);
};
console.log(`\n\n${"".padEnd(36)}${COLUMNS.map((c) => c.title.padEnd(21)).join(" ")}`);
console.log(`${"page".padEnd(36)}${COLUMNS.map(() => " req/s ratio   p99 ").join("  ")} targets`);
for (const row of rows) console.log(`${row.path.padEnd(36)}${COLUMNS.map((c) => cell(row[c.key])).join("  ")}  ${met(row) ? "met" : "NOT met"}`);
console.log(
  `\nTargets: served ≥ ${pct(SERVED_TARGETS.ratio)} of the ceiling and p99 ≤ ${SERVED_TARGETS.p99Ms} ms; rendered ≥ ${pct(RENDERED_TARGETS.ratio)} and p99 ≤ ${RENDERED_TARGETS.p99Ms} ms. p99 in ms; "!" marks non-2xx answers or errors.`,
);
mkdirSync("test-results", { recursive: true });
writeFileSync(
  process.env.BENCH_OUT ?? "test-results/bench.json",
  JSON.stringify(
    { at: new Date().toISOString(), connections, seconds, ceiling, targets: { served: SERVED_TARGETS, rendered: RENDERED_TARGETS }, languageMix: LANGUAGE_MIX, pages: rows },
    null,
    2,
  ),
);
console.log(`Written to ${process.env.BENCH_OUT ?? "test-results/bench.json"}`);
