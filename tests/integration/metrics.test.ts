import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { HttpClient } from "../support/http-client";
import { SmtpSink } from "../support/smtp-sink";

/**
 * Issue 27, item 2: /metrics of the running production server, scraped while it is under
 * load (page views, contact messages with their emails, a photo upload): every figure the issue
 * names is there and the counters move; only private addresses and METRICS_TOKEN holders may
 * read it (behind TRUST_PROXY, the forwarded client's address is the one that counts); and no
 * personal data is in it.
 */
const TOKEN = "metrics-token-for-tests-0123456789";
const PASSWORD = "orchard by the river";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text exposition (comments skipped). */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!m) throw new Error(`Not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k!] = v!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels include `labels`. */
function sum(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((total, s) => total + s.value, 0);
}
const has = (samples: Sample[], name: string) => samples.some((s) => s.name === name);

describe.each(DIALECTS)("metrics on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>;
  const email = `metrics.person.${Date.now()}@example.com`;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await sink.start(0);
    server = await startAppServer({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      SMTP_URL: sink.url,
      METRICS_TOKEN: TOKEN,
      // One proxy hop trusted: X-Forwarded-For names the client, as behind nginx.
      TRUST_PROXY: "1",
      RATE_LIMITS: "writes=100000,signUp=1000",
    });
    db = connect(database.url);
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  const scrape = async (headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}/metrics`, { headers });
    return { res, text: await res.text() };
  };

  it("answers a private address, and a public one only with the token", async () => {
    const direct = await scrape();
    expect(direct.res.status).toBe(200);
    expect(direct.res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(direct.res.headers.get("cache-control")).toBe("no-store");
    expect((await scrape({ "X-Forwarded-For": "10.1.2.3" })).res.status).toBe(200);

    // A public client through the balancer: refused, like any unknown page.
    const publicClient = await scrape({ "X-Forwarded-For": "203.0.113.9" });
    expect(publicClient.res.status).toBe(404);
    expect(publicClient.text).not.toContain("http_requests_total");
    expect((await scrape({ "X-Forwarded-For": "203.0.113.9", Authorization: "Bearer wrong-token-wrong-token-000" })).res.status).toBe(404);
    expect((await scrape({ "X-Forwarded-For": "203.0.113.9", Authorization: `Basic ${TOKEN}` })).res.status).toBe(404);
    expect((await scrape({ "X-Forwarded-For": "2001:db8::1" })).res.status).toBe(404);

    const withToken = await scrape({ "X-Forwarded-For": "203.0.113.9", Authorization: `Bearer ${TOKEN}` });
    expect(withToken.res.status).toBe(200);
    expect(withToken.text).toContain("http_requests_total");
  });

  it("counts requests, latency, mail, page store lookups, kept pages and uploads while under load", async () => {
    const before = parse((await scrape()).text);

    // A member with a listing draft, to upload a photo.
    const member = (await signedInAccount(server.url, db.db, { email, name: "Mira Metric", password: PASSWORD })).client;
    expect((await member.post("/homes/new", { intent: "autosave", step: "1", ownerName: "Mira Metric" })).status).toBe(200);

    // Load: anonymous page views (the page store), contact messages (two emails each), one
    // photo upload, and scrapes all along.
    const scrapes: Promise<{ res: Response; text: string }>[] = [];
    const work: Promise<unknown>[] = [];
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 10; i++) work.push(fetch(`${server.url}/`).then((r) => r.text()));
      for (let i = 0; i < 3; i++) work.push(fetch(`${server.url}/homes/h-annex-studio`).then((r) => r.text()));
      work.push(
        new HttpClient(server.url).post("/contact", { name: "Mira Metric", email, subject: "Hello", message: `Message ${round}` }).then((r) => {
          expect(r.status).toBe(302);
        }),
      );
      scrapes.push(scrape());
      await new Promise((resolve) => setImmediate(resolve));
    }
    const form = new FormData();
    form.set("intent", "");
    form.set("files", new Blob([PNG], { type: "image/png" }), "photo.png");
    const upload = await fetch(`${server.url}/homes/new`, {
      method: "POST",
      body: form,
      headers: { Origin: server.url, Cookie: [...member.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
      redirect: "manual",
    });
    expect(upload.status).toBe(303);
    await Promise.all(work);
    for (const s of await Promise.all(scrapes)) {
      expect(s.res.status).toBe(200);
      expect(() => parse(s.text)).not.toThrow();
    }
    // Every contact email sent.
    for (let i = 0; i < 150; i++) {
      const waiting = await db.db.selectFrom("mail_outbox").select("id").where("status", "!=", "sent").execute();
      if (waiting.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // A signed-in page asked for again with the same data: rendered until two renders agree, then kept (ADR 23).
    for (let i = 0; i < 5; i++) expect((await member.get("/account/bookings")).status).toBe(200);
    const after = parse((await scrape()).text);

    const moved = (name: string, labels: Record<string, string> = {}) => sum(after, name, labels) - sum(before, name, labels);
    expect(moved("http_requests_total", { method: "GET", route: "/", status: "200" })).toBe(100);
    expect(moved("http_requests_total", { method: "GET", route: "/homes/:id", status: "200" })).toBe(30);
    expect(moved("http_requests_total", { method: "POST", route: "/contact", status: "302" })).toBe(10);
    expect(moved("http_requests_total", { method: "GET", route: "/metrics", status: "200" })).toBeGreaterThanOrEqual(10);
    expect(moved("http_request_duration_seconds_count", { route: "/", status: "200" })).toBe(100);
    expect(moved("http_request_duration_seconds_sum", { route: "/", status: "200" })).toBeGreaterThan(0);
    expect(moved("http_request_duration_seconds_bucket", { route: "/", status: "200", le: "+Inf" })).toBe(100);
    expect(moved("http_response_bytes_total", { route: "/" })).toBeGreaterThan(100 * 1000);
    // Ten to the operator, five confirmations (at most five a day to one address), the sign-up's.
    expect(moved("mail_outcomes_total", { result: "sent" })).toBeGreaterThanOrEqual(16);
    expect(moved("page_store_lookups_total", { result: "hit" })).toBeGreaterThan(0);
    expect(moved("page_store_lookups_total")).toBeGreaterThanOrEqual(130);
    expect(moved("upload_bytes_total", { kind: "listings" })).toBeGreaterThan(0);
    expect(moved("kept_page_lookups_total", { result: "rendered" })).toBeGreaterThanOrEqual(2);
    expect(moved("kept_page_lookups_total", { result: "kept" })).toBeGreaterThanOrEqual(1);

    // Figures of the process and of the database.
    for (const name of [
      "nodejs_eventloop_lag_seconds",
      "nodejs_eventloop_lag_p99_seconds",
      "nodejs_heap_size_used_bytes",
      "process_resident_memory_bytes",
      "mail_outbox_waiting",
      "mail_outbox_oldest_waiting_seconds",
      "mail_outbox_failed",
      "db_connections",
    ]) {
      expect(has(after, name), name).toBe(true);
    }
    expect(sum(after, "mail_outbox_waiting")).toBe(0);
    expect(sum(after, "db_connections", { state: "open" })).toBeGreaterThanOrEqual(1);
  });

  it("shows the outbox backlog and the age of its oldest message", async () => {
    // A message written an hour ago and not due before tomorrow: it waits.
    const hourAgo = new Date(Date.now() - 3600_000).toISOString();
    await db.db
      .insertInto("mail_outbox")
      .values({
        id: "metrics-test-waiting",
        kind: "test",
        to_address: "someone@example.com",
        subject: "Waiting",
        text_body: "Waiting",
        html_body: "<p>Waiting</p>",
        status: "pending",
        next_attempt_at: new Date(Date.now() + 86_400_000).toISOString(),
        created_at: hourAgo,
      } as never)
      .execute();
    try {
      const during = parse((await scrape()).text);
      expect(sum(during, "mail_outbox_waiting")).toBe(1);
      expect(sum(during, "mail_outbox_oldest_waiting_seconds")).toBeGreaterThanOrEqual(3600);
      expect(sum(during, "mail_outbox_oldest_waiting_seconds")).toBeLessThan(4000);
    } finally {
      await db.db.deleteFrom("mail_outbox").where("id", "=", "metrics-test-waiting").execute();
    }
    expect(sum(parse((await scrape()).text), "mail_outbox_waiting")).toBe(0);
  });

  it("holds no personal data: no address, no raw path, no text someone typed", async () => {
    await fetch(`${server.url}/requests/secret-status-token-0123456789`);
    await fetch(`${server.url}/homes?q=${encodeURIComponent("private search words")}`);
    const { text } = await scrape();
    expect(text).not.toContain(email);
    expect(text).not.toMatch(/@/);
    expect(text).not.toContain("secret-status-token");
    expect(text).not.toContain("private search");
    expect(text).toContain('route="/requests/:token"');
  });
});
