// Start-up time to a healthy /healthz, median of RUNS starts (docs/perf-log.md, ADR 22):
// `node scripts/startup-time.mjs` measures `npm start`'s command (the compiled server);
// `-- --tsx` the old way (TypeScript compiled at start-up by tsx), for comparison.
// A fresh data folder is seeded by the first start; the measured starts reuse it.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const RUNS = Number(process.env.RUNS ?? 5);
const PORT = Number(process.env.PORT ?? 3409);
const tsx = process.argv.includes("--tsx");
const args = tsx ? ["--import", "tsx", "server/main.ts"] : ["build/server/main.js"];
const dataDir = mkdtempSync(path.join(tmpdir(), "gta-startup-"));

async function once() {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: `file:${dataDir}/app.db`, LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`);
      try {
        const res = await fetch(`http://127.0.0.1:${PORT}/healthz`);
        if (res.ok) return performance.now() - started;
      } catch {
        // not yet
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

await once(); // seeds
const times = [];
for (let i = 0; i < RUNS; i++) times.push(await once());
times.sort((a, b) => a - b);
rmSync(dataDir, { recursive: true, force: true });
console.log(`${tsx ? "tsx server/main.ts" : "node build/server/main.js"}: start-up to healthy /healthz, median of ${RUNS}: ${Math.round(times[Math.floor(RUNS / 2)])} ms (${times.map((t) => Math.round(t)).join(", ")})`);
