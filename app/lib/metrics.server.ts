import { timingSafeEqual } from "node:crypto";
import { BlockList, isIPv4, isIPv6 } from "node:net";
import type { Request, Response } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { log } from "./log.server";

/**
 * Prometheus metrics at /metrics (ADR 22), in the text exposition format.
 * Per process: the counters are this process's since it started (Prometheus sums processes
 * and handles restarts). Labels are route patterns, statuses, kinds and job names: never a
 * raw path, an address or anything a person typed, and a bounded set.
 *
 * The database figures (outbox depth, age of the oldest waiting message, failed messages,
 * connections) are read when scraped.
 */
type Metrics = ReturnType<typeof create>;
// One registry per process, though this module is loaded twice in production (the server
// entry and the app's bundle): both copies reach it through globalThis.
const holder = globalThis as typeof globalThis & { __gtaMetrics?: Metrics };

export type DatabaseFigures = {
  outboxWaiting: number;
  outboxOldestWaitingSeconds: number;
  outboxFailed: number;
  connections: { open: number; idle: number; waiting: number };
};

function create() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const state: { readDatabase?: () => Promise<DatabaseFigures> } = {};
  // One database read per scrape, shared by the gauges below (prom-client collects them
  // together): a read in flight is joined, a finished one never reused.
  let reading: Promise<DatabaseFigures | undefined> | undefined;
  const current = () => {
    if (reading) return reading;
    const read = state.readDatabase;
    if (!read) return Promise.resolve(undefined);
    reading = read()
      .catch((error: unknown) => {
        log().warn({ event: "metrics.database", err: error }, "metrics: reading the database failed");
        return undefined;
      })
      .finally(() => (reading = undefined));
    return reading;
  };
  return {
    registry,
    state,
    requests: new Counter({
      name: "http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status.",
      labelNames: ["method", "route", "status"] as const,
      registers: [registry],
    }),
    duration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer an HTTP request (to the last byte), by method, route pattern and status.",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    responseBytes: new Counter({
      name: "http_response_bytes_total",
      help: "Body bytes sent (after compression), by route pattern.",
      labelNames: ["route"] as const,
      registers: [registry],
    }),
    mail: new Counter({
      name: "mail_outcomes_total",
      help: "Emails handed to the SMTP server by this process: sent, retry (a transient failure, tried again later) or failed (given up).",
      labelNames: ["result", "kind"] as const,
      registers: [registry],
    }),
    jobs: new Counter({
      name: "job_runs_total",
      help: "Daily job runs claimed by this process, by job and result (done, failed).",
      labelNames: ["job", "result"] as const,
      registers: [registry],
    }),
    jobDuration: new Histogram({
      name: "job_duration_seconds",
      help: "Time a daily job run took, by job.",
      labelNames: ["job"] as const,
      buckets: [0.1, 1, 10, 60, 300, 1800],
      registers: [registry],
    }),
    pageStore: new Counter({
      name: "page_store_lookups_total",
      help: "Anonymous page requests looked up in the page store: hit (fresh), stale (served while re-rendered) or miss (rendered).",
      labelNames: ["result"] as const,
      registers: [registry],
    }),
    keptPages: new Counter({
      name: "kept_page_lookups_total",
      help: "Page renders looked up by their URL and data (ADR 23): kept (the same page sent again) or rendered (no page kept for that data yet).",
      labelNames: ["result"] as const,
      registers: [registry],
    }),
    uploads: new Counter({
      name: "upload_bytes_total",
      help: "Bytes of uploaded files stored, by kind (listings, reviews, documents…).",
      labelNames: ["kind"] as const,
      registers: [registry],
    }),
    outboxWaiting: new Gauge({
      name: "mail_outbox_waiting",
      help: "Emails waiting to be sent (pending or being sent), all processes.",
      registers: [registry],
      async collect() {
        const f = await current();
        if (f) this.set(f.outboxWaiting);
      },
    }),
    outboxOldest: new Gauge({
      name: "mail_outbox_oldest_waiting_seconds",
      help: "Age of the oldest email still waiting to be sent (0 when none waits).",
      registers: [registry],
      async collect() {
        const f = await current();
        if (f) this.set(f.outboxOldestWaitingSeconds);
      },
    }),
    outboxFailed: new Gauge({
      name: "mail_outbox_failed",
      help: "Emails given up as failed and not resent (the back office can resend them).",
      registers: [registry],
      async collect() {
        const f = await current();
        if (f) this.set(f.outboxFailed);
      },
    }),
    connections: new Gauge({
      name: "db_connections",
      help: "This process's database connections, by state (open, idle, waiting: callers waiting for one).",
      labelNames: ["state"] as const,
      registers: [registry],
      async collect() {
        const f = await current();
        if (f) for (const [state, n] of Object.entries(f.connections)) this.set({ state }, n);
      },
    }),
  };
}

const metrics = (): Metrics => (holder.__gtaMetrics ??= create());

/** Where the database figures come from (the runtime, once started). */
export function setDatabaseFigures(read: () => Promise<DatabaseFigures>) {
  metrics().state.readDatabase = read;
}

export function observeRequest(r: { method: string; route: string; status: number; seconds: number; bytes: number }) {
  const m = metrics();
  const labels = { method: r.method, route: r.route, status: String(r.status) };
  m.requests.inc(labels);
  m.duration.observe(labels, r.seconds);
  m.responseBytes.inc({ route: r.route }, r.bytes);
}

export const countMail = (result: "sent" | "retry" | "failed", kind: string) => metrics().mail.inc({ result, kind });

export function countJob(job: string, result: "done" | "failed", seconds: number) {
  metrics().jobs.inc({ job, result });
  metrics().jobDuration.observe({ job }, seconds);
}

/** The page store calls this on each lookup (app/lib/http/page-store.server.ts). */
export const countPageStore = (result: "hit" | "stale" | "miss") => metrics().pageStore.inc({ result });
export const countKeptPage = (result: "kept" | "rendered") => metrics().keptPages.inc({ result });

export const countUpload = (kind: string, bytes: number) => metrics().uploads.inc({ kind }, bytes);

// -------------------------------------------------------------------------------------------
// Who may read them
// -------------------------------------------------------------------------------------------

const PRIVATE = new BlockList();
PRIVATE.addSubnet("127.0.0.0", 8, "ipv4");
PRIVATE.addSubnet("10.0.0.0", 8, "ipv4");
PRIVATE.addSubnet("172.16.0.0", 12, "ipv4");
PRIVATE.addSubnet("192.168.0.0", 16, "ipv4");
PRIVATE.addSubnet("169.254.0.0", 16, "ipv4");
PRIVATE.addSubnet("100.64.0.0", 10, "ipv4"); // carrier-grade NAT, as cloud private networks use
PRIVATE.addAddress("::1", "ipv6");
PRIVATE.addSubnet("fc00::", 7, "ipv6");
PRIVATE.addSubnet("fe80::", 10, "ipv6");

/** A loopback, private-network or link-local address (IPv4, IPv6, IPv4-mapped IPv6). */
export function isPrivateAddress(address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, "ipv4");
  if (isIPv4(address)) return PRIVATE.check(address, "ipv4");
  if (isIPv6(address)) return PRIVATE.check(address, "ipv6");
  return false;
}

function hasToken(req: Request, token: string | undefined): boolean {
  if (!token) return false;
  const given = /^Bearer\s+(.+)$/i.exec(req.get("authorization") ?? "")?.[1]?.trim() ?? "";
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics: for a client on a private address (req.ip: behind TRUST_PROXY, the address the
 * proxy forwarded, so the public never qualifies through the balancer) or one that sends
 * `Authorization: Bearer <METRICS_TOKEN>`. Others get a 404, as for any unknown page.
 */
export function metricsHandler(getToken: () => string | undefined) {
  return async (req: Request, res: Response) => {
    res.set("Cache-Control", "no-store");
    if (!isPrivateAddress(req.ip) && !hasToken(req, getToken())) {
      res.status(404).type("text/plain; charset=utf-8").send("Not Found");
      return;
    }
    const m = metrics();
    res.type(m.registry.contentType).send(await m.registry.metrics());
  };
}
