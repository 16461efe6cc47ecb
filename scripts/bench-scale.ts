// `npm run bench:scale` (ADR 16): on PostgreSQL (TEST_DATABASE_URL or
// DATABASE_URL; each phase gets a fresh schema, dropped at the end), app processes behind nginx
// (scripts/cluster-lib.ts):
//   1. the bare node:http ceiling of this machine (as `npm run bench` measures it);
//   2. throughput with 1, then 2 app processes (BENCH_ROUNDS rounds, 3 by default; medians): a page (PAGE_CACHE_SECONDS=0, so every request
//      renders: this measures the app, not the page store of ADR 10) and a form post (/contact:
//      stores a request and queues two emails) under one mixed load; R = page + post req/s;
//   3. mail-heavy: MAIL_SUBMISSIONS (2,000) contact messages through nginx to 4 app processes,
//      one of them SIGKILLed mid-run, against a real SMTP sink; then every acknowledged
//      submission must have its two emails (else "lost") and no Message-ID may arrive twice
//      ("duplicates").
// Prints `scale: 1 process R1 req/s, 2 processes R2 req/s, emails E sent, duplicates D, lost L`
// last; exits 1 when D or L is not 0. JSON in test-results/bench-scale.json.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import autocannon from "autocannon";
import pg from "pg";
import { ClusterError, findNginx, startCluster, type Cluster } from "./cluster-lib";
import { createTestDatabase } from "../tests/support/databases";
import { SmtpSink } from "../tests/support/smtp-sink";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
// Enough to keep every process busy, few enough that a post (a dozen awaits) is not starved by
// a deep queue of page renders ahead of each of its steps.
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const submissions = Number(process.env.MAIL_SUBMISSIONS ?? 2000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const mailProcesses = Number(process.env.MAIL_PROCESSES ?? 4);
const PAGE = process.env.BENCH_PAGE ?? "/services/handyman";
const OPERATOR = "operator@example.test";
const NO_LIMITS = "writes=999999999,confirmationsPerClient=999999999";

const log = (line: string) => console.log(line);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Measure = { reqPerSec: number; p50: number; p99: number; ok: number; bad: number };

function summarise(r: autocannon.Result, ok: (r: autocannon.Result) => number): Measure {
  const total = r["1xx"] + r["2xx"] + r["3xx"] + r["4xx"] + r["5xx"];
  return { reqPerSec: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, ok: ok(r), bad: total - ok(r) + r.errors + r.timeouts };
}

/** The ceiling: node:http answering "hello" from a child process. */
async function ceiling(): Promise<number> {
  const child = spawn(process.execPath, [
    "-e",
    "const s=require('node:http').createServer((q,r)=>r.end('hello')).listen(0,'127.0.0.1',()=>console.log(s.address().port))",
  ]);
  const port = await new Promise<string>((resolve) => child.stdout.once("data", (d: Buffer) => resolve(d.toString().trim())));
  try {
    await autocannon({ url: `http://127.0.0.1:${port}/`, connections: 50, duration: 1 });
    return Math.round((await autocannon({ url: `http://127.0.0.1:${port}/`, connections: 50, duration: 5 })).requests.average);
  } finally {
    child.kill();
  }
}

const contactBody = (nonce: string, email: string) =>
  new URLSearchParams({ name: "Ada Lovelace", email, subject: `Scale ${nonce}`, message: `${nonce} Do you cover Etobicoke?` }).toString();

/** A page and a form post at once, through nginx: 3/4 of the connections read, 1/4 post. */
async function mixedLoad(cluster: Cluster): Promise<{ page: Measure; post: Measure }> {
  const origin = new URL(cluster.url).origin;
  const post = {
    url: `${cluster.url}/contact`,
    method: "POST" as const,
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: contactBody("bench", "bench.visitor@example.test"),
  };
  const pageConnections = Math.max(1, Math.round((connections * 3) / 4));
  const postConnections = Math.max(1, connections - pageConnections);
  const run = (duration: number) =>
    Promise.all([
      autocannon({ url: `${cluster.url}${PAGE}`, connections: pageConnections, duration }),
      autocannon({ ...post, connections: postConnections, duration }),
    ]);
  await run(2); // warm-up: JIT, connection pools, the outbox worker's pooled SMTP connections
  const [page, posted] = await run(seconds);
  // The contact form answers a post with 302 back to itself (its receipt); anything else is unexpected.
  return { page: summarise(page, (r) => r["2xx"]), post: summarise(posted, (r) => r["3xx"]) };
}

/** The run whose total (page + post req/s) is the median of the runs. */
const median = <T extends { r: number }>(runs: T[]): T => [...runs].sort((a, b) => a.r - b.r)[Math.floor(runs.length / 2)]!;

/** A sink that accepts and forgets (throughput phase: mail is sent, not kept). */
async function blackHole(): Promise<SmtpSink & { stopAll: () => Promise<void> }> {
  const sink = await new SmtpSink().start(0);
  // Keep nothing: the throughput phase only needs an SMTP server that says 250.
  const interval = setInterval(() => sink.messages.splice(0), 1000);
  return Object.assign(sink, { stopAll: async () => (clearInterval(interval), await sink.stop()) });
}

async function throughput(processes: number): Promise<{ page: Measure; post: Measure; r: number }> {
  const database = await createTestDatabase("postgres");
  const sink = await blackHole();
  const cluster = await startCluster({
    processes,
    env: { DATABASE_URL: database.url, DATA_DIR: database.dataDir, PAGE_CACHE_SECONDS: "0", RATE_LIMITS: NO_LIMITS, SMTP_URL: sink.url, AUTH_SECRET: randomBytes(24).toString("hex") },
  });
  try {
    const m = await mixedLoad(cluster);
    return { ...m, r: m.page.reqPerSec + m.post.reqPerSec };
  } finally {
    await cluster.stop();
    await sink.stopAll();
    await database.drop();
  }
}

/** One contact message posted once through nginx; acknowledged = the redirect to its receipt. */
function submit(url: string, agent: Agent, nonce: string): Promise<{ nonce: string; email: string; acknowledged: boolean; outcome: string }> {
  const email = `${nonce}@example.test`;
  const body = contactBody(nonce, email);
  const target = new URL(`${url}/contact`);
  return new Promise((resolve) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        agent,
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body), origin: target.origin },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ nonce, email, acknowledged: res.statusCode === 302 || res.statusCode === 303, outcome: String(res.statusCode) }));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error("timeout")));
    req.on("error", (error) => resolve({ nonce, email, acknowledged: false, outcome: `error: ${error.message}` }));
    req.end(body);
  });
}

type MailReport = { submitted: number; acknowledged: number; refused: Record<string, number>; sent: number; duplicates: number; lost: number; resentAfterKill: number; lostDetail: string[]; killedAt: number; drainSeconds: number };

async function mailHeavy(): Promise<MailReport> {
  const database = await createTestDatabase("postgres");
  const sink = await new SmtpSink().start(0);
  const cluster = await startCluster({
    processes: mailProcesses,
    env: { DATABASE_URL: database.url, DATA_DIR: database.dataDir, RATE_LIMITS: NO_LIMITS, SMTP_URL: sink.url, OPERATOR_EMAIL: OPERATOR, AUTH_SECRET: randomBytes(24).toString("hex") },
  });
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  try {
    const results: Awaited<ReturnType<typeof submit>>[] = [];
    let next = 0;
    let killedAt = -1;
    const victim = cluster.apps[Math.floor(Math.random() * cluster.apps.length)]!;
    // Somewhere in the middle third, at a random submission.
    const killAfter = Math.floor(submissions / 3 + Math.random() * (submissions / 3));
    const loop = async () => {
      while (next < submissions) {
        const i = next++;
        if (i === killAfter) {
          killedAt = i;
          log(`  SIGKILL app ${victim.index + 1} (pid ${victim.child.pid}) after ${i} submissions`);
          void victim.kill();
        }
        results.push(await submit(cluster.url, agent, `scale${randomBytes(8).toString("hex")}`));
      }
    };
    await Promise.all(Array.from({ length: 16 }, loop));
    const acknowledged = results.filter((r) => r.acknowledged);
    const refused: Record<string, number> = {};
    for (const r of results.filter((r) => !r.acknowledged)) refused[r.outcome] = (refused[r.outcome] ?? 0) + 1;
    log(`  ${results.length} submitted, ${acknowledged.length} acknowledged${Object.keys(refused).length ? `, others: ${JSON.stringify(refused)}` : ""}; waiting for the outbox to drain…`);

    // Drain: the killed process's claims come back when their lease (15 s, no longer renewed) runs out.
    const drainStart = Date.now();
    let last = -1;
    let progressAt = Date.now();
    for (;;) {
      const { rows } = await db.query<{ n: string }>("select count(*) as n from mail_outbox where status in ('pending', 'sending')");
      const left = Number(rows[0]!.n);
      if (left === 0) break;
      if (left !== last) {
        last = left;
        progressAt = Date.now();
      }
      if (Date.now() - progressAt > 120_000) throw new Error(`The outbox stopped draining with ${left} messages left`);
      await sleep(500);
    }
    await sleep(1000); // the sink's last parse
    const drainSeconds = (Date.now() - drainStart) / 1000;

    const byId = new Map<string, number>();
    for (const m of sink.messages) {
      const id = m.raw.messageId ?? "(none)";
      byId.set(id, (byId.get(id) ?? 0) + 1);
    }
    const duplicates = [...byId.values()].filter((n) => n > 1).reduce((a, n) => a + n - 1, 0);
    const toCustomer = new Set(sink.messages.flatMap((m) => m.to));
    const operatorTexts = sink.messages.filter((m) => m.to.includes(OPERATOR)).map((m) => m.text).join("\n");
    const lostDetail: string[] = [];
    for (const s of acknowledged) {
      if (!toCustomer.has(s.email)) lostDetail.push(`${s.nonce}: no confirmation`);
      if (!operatorTexts.includes(s.nonce)) lostDetail.push(`${s.nonce}: no operator email`);
    }
    const { rows: resent } = await db.query<{ n: string }>("select count(*) as n from mail_outbox where status = 'sent' and attempts > 1");
    const { rows: failed } = await db.query<{ n: string; e: string | null }>("select count(*) as n, max(last_error) as e from mail_outbox where status = 'failed'");
    if (Number(failed[0]!.n) > 0) lostDetail.push(`${failed[0]!.n} outbox rows failed: ${failed[0]!.e}`);
    return {
      submitted: results.length,
      acknowledged: acknowledged.length,
      refused,
      sent: byId.size,
      duplicates,
      lost: new Set(lostDetail.map((l) => l.split(":")[0])).size,
      resentAfterKill: Number(resent[0]!.n),
      lostDetail: lostDetail.slice(0, 20),
      killedAt,
      drainSeconds,
    };
  } finally {
    agent.destroy();
    await db.end();
    await cluster.stop();
    await sink.stop();
    await database.drop();
  }
}

async function main() {
  const base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!base || !/^postgres(ql)?:\/\//.test(base)) {
    throw new ClusterError("bench:scale runs on PostgreSQL: set TEST_DATABASE_URL (or DATABASE_URL) to postgres://… — it works in fresh schemas and drops them.");
  }
  process.env.TEST_DATABASE_URL = base;
  if (!findNginx()) throw new ClusterError("nginx is not installed: apt-get install -y nginx");

  const started = Date.now();
  // BENCH_PHASES=mail repeats only the mail-heavy run (to see how often a kill costs a duplicate).
  const mailOnly = process.env.BENCH_PHASES === "mail";
  log(`bench:scale — ${seconds} s per run, ${connections} connections (3/4 GET ${PAGE} rendered every time, PAGE_CACHE_SECONDS=0; 1/4 POST /contact)`);
  const none: Measure = { reqPerSec: 0, p50: 0, p99: 0, ok: 0, bad: 0 };
  let top = 0;
  let one = { page: none, post: none, r: 0 };
  let two = one;
  if (!mailOnly) {
    top = await ceiling();
    log(`  node:http ceiling: ${top} req/s`);
    const line = (n: number, m: typeof one) =>
      `  ${n} process${n > 1 ? "es" : ""}: ${m.r} req/s (page ${m.page.reqPerSec} req/s p50 ${m.page.p50} ms p99 ${m.page.p99} ms; post ${m.post.reqPerSec} req/s p50 ${m.post.p50} ms p99 ${m.post.p99} ms; unexpected answers ${m.page.bad + m.post.bad})`;
    // Rounds of 1 then 2 processes, the median of each: on a 2-core box whose other load comes
    // and goes, one pair of runs can land either way.
    const ones: (typeof one)[] = [];
    const twos: (typeof one)[] = [];
    for (let round = 1; round <= rounds; round++) {
      ones.push(await throughput(1));
      log(line(1, ones.at(-1)!));
      twos.push(await throughput(2));
      log(line(2, twos.at(-1)!));
    }
    one = median(ones);
    two = median(twos);
    if (rounds > 1) log(`  medians of ${rounds} rounds: 1 process ${one.r} req/s, 2 processes ${two.r} req/s`);
    log(`  2 vs 1: ×${(two.r / Math.max(1, one.r)).toFixed(2)} (target > ×1.3)`);
  }
  log(`mail-heavy: ${submissions} contact messages through nginx to ${mailProcesses} processes, one SIGKILLed mid-run`);
  const mail = await mailHeavy();
  log(`  sink received ${mail.sent} distinct messages; sent again after the kill (lease ran out): ${mail.resentAfterKill}; drained in ${mail.drainSeconds.toFixed(1)} s`);
  for (const l of mail.lostDetail) log(`  lost: ${l}`);

  mkdirSync("test-results", { recursive: true });
  writeFileSync(
    "test-results/bench-scale.json",
    JSON.stringify({ date: new Date().toISOString(), seconds, connections, page: PAGE, ceiling: top, one, two, mail, durationSeconds: (Date.now() - started) / 1000 }, null, 2),
  );
  const ok = mail.duplicates === 0 && mail.lost === 0 && mail.acknowledged > 0 && mail.killedAt >= 0;
  console.log(`scale: 1 process ${one.r} req/s, 2 processes ${two.r} req/s, emails ${mail.sent} sent, duplicates ${mail.duplicates}, lost ${mail.lost}`);
  process.exit(ok ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error instanceof ClusterError ? error.message : error);
  process.exit(1);
});
