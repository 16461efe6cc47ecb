// `npm run bench` (first part): throughput and latency of the server-rendered pages, beside the
// machine's ceiling measured in the same run. Builds if needed, starts the production server on
// a fresh SQLite database, then with autocannon (50 connections, BENCH_SECONDS each, 5 by
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

const PAGES = [
  "/",
  "/services",
  "/services/handyman",
  "/homes",
  "/homes?q=toronto",
  "/homes/h-annex-studio",
  "/cars/request?type=airport-transfer",
  "/auth/login",
  "/healthz",
];
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

type Row = { path: string; reqPerSec: number; p50: number; p99: number; non2xx: number; errors: number; ratio: number };

async function measure(url: string) {
  // A short warm-up, so JIT and caches are in the figure's steady state, not in its first second.
  await autocannon({ url, connections, duration: 1 });
  const r = await autocannon({ url, connections, duration: seconds });
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

execFileSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: "inherit" });
const top = await ceiling();
const dir = mkdtempSync(path.join(tmpdir(), "gta-bench-"));
const server = await startAppServer({ DATABASE_URL: `file:${dir}/app.db`, DATA_DIR: dir });
const rows: Row[] = [];
try {
  console.log(`\nnode:http ceiling: ${top} req/s (${connections} connections, ${seconds} s)\n`);
  console.log("page                                   req/s   ratio   p50 ms   p99 ms   non-2xx");
  for (const page of PAGES) {
    const m = await measure(`${server.url}${page}`);
    const row = { path: page, ...m, ratio: m.reqPerSec / top };
    rows.push(row);
    console.log(
      `${page.padEnd(36)} ${String(m.reqPerSec).padStart(7)} ${(row.ratio * 100).toFixed(1).padStart(6)}% ${String(m.p50).padStart(8)} ${String(m.p99).padStart(8)} ${String(m.non2xx + m.errors).padStart(9)}`,
    );
  }
} finally {
  await server.stop();
}
mkdirSync("test-results", { recursive: true });
writeFileSync(
  "test-results/bench.json",
  JSON.stringify({ at: new Date().toISOString(), connections, seconds, ceiling: top, pages: rows }, null, 2),
);
console.log("\nWritten to test-results/bench.json");
