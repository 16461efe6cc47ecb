// `npm run bench`: starts the production server on a fresh SQLite database and measures
// latency and throughput of the main pages with autocannon. Needs `npm run build` first.
// Numbers are for comparing before/after a change on the same machine, not absolute targets.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startAppServer } from "../tests/support/app-server";

const PATHS = ["/", "/about", "/contact", "/legal/terms", "/healthz"];
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

const dir = mkdtempSync(path.join(tmpdir(), "gta-bench-"));
const server = await startAppServer({ DATABASE_URL: `file:${dir}/app.db`, DATA_DIR: dir });
try {
  console.log(`path                    req/s    p50 ms   p97.5 ms   p99 ms   errors`);
  for (const p of PATHS) {
    const result = await autocannon({ url: `${server.url}${p}`, connections: 10, duration: seconds });
    const l = result.latency as unknown as Record<string, number>;
    console.log(
      `${p.padEnd(22)} ${result.requests.average.toFixed(0).padStart(6)} ${String(l.p50).padStart(8)} ${String(
        l.p97_5 ?? l.p95,
      ).padStart(8)} ${String(l.p99).padStart(8)} ${String(result.errors + result.non2xx).padStart(8)}  ${JSON.stringify(result.statusCodeStats)} timeouts=${result.timeouts}`,
    );
  }
} finally {
  await server.stop();
}
