// `npm run profile -- <page> [served|cookie|rendered|loggedIn|admin|noHeaders]`: where a page's server time
// goes (ADR 23). Starts the production server with V8's CPU profiler (--cpu-prof), signs a
// customer in if asked, loads the page with autocannon (the headers `npm run bench` sends, 50
// connections, PROFILE_SECONDS, 8 by default), stops the server and prints the functions and
// the packages that took the most CPU (self time). The .cpuprofile is kept for Chrome DevTools
// (Performance → Load profile).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startAppServer } from "../tests/support/app-server";
import { cookieHeader, logIn, verifiedCustomer } from "../tests/support/browser-session";
import { SmtpSink } from "../tests/support/smtp-sink";

const page = process.argv[2] ?? "/";
const mode = process.argv[3] ?? "loggedIn";
const seconds = Number(process.env.PROFILE_SECONDS ?? 8);
const BROWSER = {
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "Accept-Encoding": "gzip, deflate, br, zstd",
  "Accept-Language": "en-CA,en;q=0.9",
};

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

execFileSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: "inherit" });
const dir = mkdtempSync(path.join(tmpdir(), "gta-profile-"));
const sink = await new SmtpSink().start(0);
const admin = { email: "profile-admin@example.test", password: "a long profile admin password" };
const server = await startAppServer({
  DATABASE_URL: `file:${dir}/app.db`,
  DATA_DIR: dir,
  SMTP_URL: sink.url,
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
}, { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}/prof`], keepOutput: false });
let headers: Record<string, string> = BROWSER;
try {
  if (mode === "loggedIn") {
    const client = await verifiedCustomer(server.url, sink, { name: "Profile Customer", email: `profile-${Date.now()}@example.test`, password: "a long profile password" });
    headers = { ...BROWSER, Cookie: cookieHeader(client) };
  } else if (mode === "admin") headers = { ...BROWSER, Cookie: cookieHeader(await logIn(server.url, admin)) };
  else if (mode === "cookie") headers = { ...BROWSER, Cookie: "lang=en-US" };
  else if (mode === "noHeaders") headers = {};
  // Any other cookie (an analytics id, say) makes an anonymous visit rendered, not stored: the
  // render's own cost without a session.
  else if (mode === "rendered") headers = { ...BROWSER, Cookie: "_ga=GA1.1.123.456" };
  const r = await autocannon({ url: `${server.url}${page}`, connections: 50, duration: seconds, headers });
  console.log(`${page} (${mode}): ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`);
} finally {
  await server.stop();
  await sink.stop();
}

const file = readdirSync(`${dir}/prof`).find((f) => f.endsWith(".cpuprofile"));
if (!file) throw new Error("no profile written");
const profile = JSON.parse(readFileSync(`${dir}/prof/${file}`, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const where = (url: string) => {
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
  if (pkg) return pkg;
  if (url.startsWith("node:") || !url) return url || "(native / idle / gc)";
  return path.relative(process.cwd(), url.replace("file://", ""));
};
const sum = (key: (n: Node) => string) => {
  const out = new Map<string, number>();
  for (const [id, us] of self) {
    const k = key(byId.get(id)!);
    out.set(k, (out.get(k) ?? 0) + us);
  }
  return [...out].sort((a, b) => b[1] - a[1]);
};
const show = (title: string, rows: [string, number][], n: number) => {
  console.log(`\n${title}`);
  for (const [k, us] of rows.slice(0, n)) console.log(`${((us / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
};
show("By package or file (self time):", sum((n) => where(n.callFrame.url)), 20);
show("By function (self time):", sum((n) => `${n.callFrame.functionName || "(anonymous)"}  ${where(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`), 30);
console.log(`\nProfile: ${dir}/prof/${file}`);
