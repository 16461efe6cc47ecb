import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, findNginx, startCluster } from "../../scripts/cluster-lib";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { SmtpSink } from "../support/smtp-sink";

/**
 * Issue 27, item 6: a deploy that drops nothing. Three app processes on PostgreSQL behind
 * nginx (`npm run start:cluster`) serve page views and form posts from several visitors at
 * once while every process is replaced, one at a time (the rolling restart SIGHUP starts):
 * no request fails and every acknowledged submission is stored.
 */
const nginx = findNginx();
const enabled = Boolean(process.env.TEST_DATABASE_URL) && (Boolean(nginx) || process.env.CI === "true");

describe.runIf(enabled)("rolling restart behind nginx", () => {
  let database: TestDatabase;
  let cluster: Cluster;
  const sink = new SmtpSink();

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    await sink.start(0);
    cluster = await startCluster({
      processes: 3,
      env: {
        DATABASE_URL: database.url,
        DATA_DIR: database.dataDir,
        AUTH_SECRET: "rolling-restart-secret-0123456789abcdef",
        RATE_LIMITS: "writes=1000000,confirmationsPerClient=1000000",
        SMTP_URL: sink.url,
        OPERATOR_EMAIL: "operator@example.test",
        LOG_LEVEL: "warn",
      },
    });
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    await sink.stop();
    await database?.drop();
  });

  /**
   * A request as a browser sends it: nginx's old workers close their idle keep-alive connections
   * when it reloads, and a request written on such a connection at that very moment meets a
   * closed socket before any byte of an answer ("other side closed"): the server never read it.
   * Browsers (Chromium's "resend on a reused socket") send it again on a new connection, posts
   * included; undici's fetch does not, so it is tried once more here. Any other error, or an
   * answer other than the expected one, counts as a failure.
   */
  const asBrowser = async (url: string, init?: RequestInit) => {
    try {
      return await fetch(url, init);
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (code !== "UND_ERR_SOCKET" && code !== "ECONNRESET") throw error;
      return onNewConnection(url, init);
    }
  };

  /** The same request on a connection of its own (fetch's pool would hand out another idle one). */
  const onNewConnection = (url: string, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const request = http.request(
        url,
        { method: init?.method ?? "GET", headers: init?.headers as Record<string, string> | undefined, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 0 })));
          res.on("error", reject);
        },
      );
      request.on("error", reject);
      request.end(init?.body ? String(init.body) : undefined);
    });

  it("replaces every process under load with 0 failed requests and 0 lost submissions", async () => {
    const pidsBefore = cluster.apps.map((a) => a.child.pid);
    const failures: string[] = [];
    const acknowledged: string[] = [];
    let requests = 0;
    let running = true;

    const visitor = async (n: number) => {
      for (let i = 0; running; i++) {
        const page = ["/", "/homes", "/services/handyman", "/homes/h-annex-studio"][i % 4]!;
        try {
          const res = await asBrowser(`${cluster.url}${page}`);
          await res.arrayBuffer();
          requests++;
          if (res.status !== 200) failures.push(`GET ${page} → ${res.status}`);
        } catch (error) {
          failures.push(`GET ${page} → ${String(error)} (${String((error as { cause?: unknown }).cause)})`);
        }
        const marker = `rolling-${n}-${i}`;
        try {
          const res = await asBrowser(`${cluster.url}/contact`, {
            method: "POST",
            body: new URLSearchParams({ name: "Rolling Visitor", email: `${marker}@example.com`, subject: marker, message: `Message ${marker}` }),
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: cluster.url },
            redirect: "manual",
          });
          await res.arrayBuffer();
          requests++;
          if (res.status === 302) acknowledged.push(marker);
          else failures.push(`POST /contact → ${res.status}`);
        } catch (error) {
          failures.push(`POST /contact → ${String(error)} (${String((error as { cause?: unknown }).cause)})`);
        }
      }
    };
    const visitors = Array.from({ length: 4 }, (_, n) => visitor(n));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = requests;
    await cluster.rollingRestart();
    const during = requests - before;
    await new Promise((resolve) => setTimeout(resolve, 500));
    running = false;
    await Promise.all(visitors);

    const pidsAfter = cluster.apps.map((a) => a.child.pid);
    for (const pid of pidsAfter) expect(pidsBefore).not.toContain(pid);
    expect(during, "requests served while the processes were replaced").toBeGreaterThan(20);
    expect(failures, failures.slice(0, 5).join("\n")).toEqual([]);

    const db = connect(database.url);
    try {
      const stored = new Set(
        (await db.db.selectFrom("requests").select("email").where("kind", "=", "contact-message").execute()).map((r) => (r.email ?? "").split("@")[0]),
      );
      const lost = acknowledged.filter((m) => !stored.has(m));
      expect(lost, `lost: ${lost.slice(0, 5).join(", ")}`).toEqual([]);
      expect(acknowledged.length).toBeGreaterThan(10);
    } finally {
      await db.close();
    }
    // The new processes serve.
    for (const app of cluster.apps) expect((await fetch(`http://127.0.0.1:${app.port}/healthz`)).status).toBe(200);
  }, 240_000);
});
