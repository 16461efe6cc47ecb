// `npm run bench` (first part): throughput and latency of the server-rendered pages, beside the
// machine's ceiling measured in the same run. Builds if needed, starts the production server on
// a fresh SQLite database (twice: pages as anonymous visitors get them, then with the page
// store off so every request renders — ADR 10), then with autocannon (50 connections, BENCH_SECONDS each, 5 by
// default): a bare `node:http` hello-world first (what this machine can serve at all, with the
// load generator sharing its cores), then each page. Prints a table and writes
// test-results/bench.json. Figures compare changes on one machine; the ratio to the ceiling is
// what travels between machines.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startAppServer } from "../tests/support/app-server";
import { SERVER_TARGETS, SPEED_PAGES } from "../tests/support/speed-budget";

const PAGES = [...SPEED_PAGES, "/healthz"];
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

type Measure = { reqPerSec: number; p50: number; p99: number; non2xx: number; errors: number };
type Row = { path: string; served: Measure & { ratio: number }; rendered: Measure & { ratio: number } };

const TARGET_REQ_PER_SEC = SERVER_TARGETS.reqPerSec;
const TARGET_P99_MS = SERVER_TARGETS.p99Ms;

async function measure(url: string, duration = seconds): Promise<Measure> {
  // A short warm-up, so JIT and caches are in the figure's steady state, not in its first second.
  await autocannon({ url, connections, duration: 1 });
  const r = await autocannon({ url, connections, duration });
  return { reqPerSec: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

/** The ceiling: node:http answering "hello" from a child process, as the app server runs. */
async function ceiling(): Promise<number> {
  const child = spawn(process.execPath, [
    "-e",
    "const s=require('node:http').createServer((q,r)=>r.end('hello')).listen(0,'127.0.0.1',()=>console.log(s.address().port))",
  ]);
  const port = await new Promise<string>((resolve) => child.stdout.once("data", (d: Buffer) => resolve(d.toString().trim())));
  try {
    return (await measure(`http://127.0.0.1:${port}/`)).reqPerSec;
  } finally {
    child.kill();
  }
}

/** Every page on a fresh server: as visitors get them (PAGE_CACHE_SECONDS default), or rendered each time. */
async function measurePages(env: Record<string, string>): Promise<Map<string, Measure>> {
  const dir = mkdtempSync(path.join(tmpdir(), "gta-bench-"));
  const server = await startAppServer({ DATABASE_URL: `file:${dir}/app.db`, DATA_DIR: dir, ...env });
  const out = new Map<string, Measure>();
  try {
    for (const page of PAGES) out.set(page, await measure(`${server.url}${page}`));
  } finally {
    await server.stop();
  }
  return out;
}

execFileSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: "inherit" });
const top = await ceiling();
console.log(`\nnode:http ceiling: ${top} req/s (${connections} connections, ${seconds} s per figure)`);
console.log("Measuring pages as anonymous visitors get them, then rendered on every request (PAGE_CACHE_SECONDS=0)…");
const served = await measurePages({});
const rendered = await measurePages({ PAGE_CACHE_SECONDS: "0" });

const rows: Row[] = PAGES.map((page) => {
  const s = served.get(page)!;
  const r = rendered.get(page)!;
  return { path: page, served: { ...s, ratio: s.reqPerSec / top }, rendered: { ...r, ratio: r.reqPerSec / top } };
});
const pct = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
const fmt = (m: Measure & { ratio: number }) =>
  `${String(m.reqPerSec).padStart(6)} ${pct(m.ratio).padStart(6)} ${String(m.p50).padStart(5)} ${String(m.p99).padStart(6)} ${String(m.non2xx + m.errors).padStart(5)}`;
console.log(`\n${"".padEnd(36)} ${"served".padEnd(32)}    ${"rendered every time"}`);
console.log(`${"page".padEnd(36)}  req/s  ratio   p50    p99 non-2xx    req/s  ratio   p50    p99 non-2xx  target`);
for (const row of rows) {
  const isPage = row.path !== "/healthz";
  const met = row.served.reqPerSec >= TARGET_REQ_PER_SEC && row.served.p99 <= TARGET_P99_MS && row.served.non2xx + row.served.errors === 0;
  console.log(`${row.path.padEnd(36)} ${fmt(row.served)}   ${fmt(row.rendered)}  ${isPage ? (met ? "met" : "NOT met") : ""}`);
}
mkdirSync("test-results", { recursive: true });
writeFileSync(
  "test-results/bench.json",
  JSON.stringify(
    { at: new Date().toISOString(), connections, seconds, ceiling: top, target: { reqPerSec: TARGET_REQ_PER_SEC, p99Ms: TARGET_P99_MS }, pages: rows },
    null,
    2,
  ),
);
console.log("\nWritten to test-results/bench.json");
