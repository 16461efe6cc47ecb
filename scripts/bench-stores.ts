// `npm run bench:stores`: what each of the three page stores (docs/pages.md § 1) buys, measured
// by turning it off (issue 48 item 4). Runs scripts/bench.ts (browser headers, the node:http
// ceiling in the same run) once per configuration over pages that each store serves, then
// prints each figure as a share of that run's ceiling, side by side:
//   all stores · no anonymous page store · no signed-in templates · no kept personal pages · none.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";

const PAGES = ["/", "/services/handyman", "/homes/h-annex-studio", "/account", "/account/bookings", "/admin/requests"];
const CONFIGS: { name: string; env: Record<string, string> }[] = [
  { name: "all", env: {} },
  { name: "no anonymous", env: { PAGE_STORES: "signed-in,kept" } },
  { name: "no signed-in", env: { PAGE_STORES: "anonymous,kept" } },
  { name: "no kept", env: { PAGE_STORES: "anonymous,signed-in" } },
  { name: "none", env: { PAGE_CACHE_SECONDS: "0" } },
];
type Measure = { reqPerSec: number; p99: number; ratio: number };
type Report = { ceiling: number; pages: ({ path: string } & Record<string, Measure | string>)[] };

mkdirSync("test-results", { recursive: true });
const reports = new Map<string, Report>();
for (const config of CONFIGS) {
  const out = `test-results/bench-stores-${config.name.replace(/\W+/g, "-")}.json`;
  console.log(`\n=== ${config.name} ===`);
  execFileSync(process.execPath, ["--import", "tsx", "scripts/bench.ts"], {
    stdio: "inherit",
    env: { ...process.env, ...config.env, BENCH_ONLY: PAGES.join(","), BENCH_OUT: out },
  });
  reports.set(config.name, JSON.parse(readFileSync(out, "utf8")) as Report);
}

const columns = ["served", "cookie", "loggedIn"] as const;
console.log(`\nShare of the node:http ceiling (req/s ÷ ceiling of the same run) and p99 ms, per store configuration:`);
console.log(`${"page · visitor".padEnd(36)}${CONFIGS.map((c) => c.name.padStart(18)).join("")}`);
for (const path of PAGES)
  for (const column of columns) {
    const cells = CONFIGS.map((c) => {
      const m = reports.get(c.name)!.pages.find((p) => p.path === path)?.[column] as Measure | undefined;
      return m ? `${(m.ratio * 100).toFixed(1)}% ${String(m.p99).padStart(4)}ms`.padStart(18) : "".padStart(18);
    });
    if (cells.some((c) => c.trim())) console.log(`${`${path} · ${column}`.padEnd(36)}${cells.join("")}`);
  }
console.log(`Ceilings: ${CONFIGS.map((c) => `${c.name} ${reports.get(c.name)!.ceiling}`).join(", ")} req/s`);
