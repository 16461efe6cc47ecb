import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, findNginx, startCluster } from "../../scripts/cluster-lib";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { SmtpSink } from "../support/smtp-sink";

/**
 * Issue 16's acceptance on PostgreSQL with two app processes behind nginx (the
 * `npm run start:cluster` setup, scripts/cluster-lib.ts). Visitors come from distinct loopback
 * addresses (127.0.0.x: Linux routes the whole block to this machine), so nginx sees each one's
 * own address. The lockout shared by two processes is tests/integration/shared-limits.test.ts.
 */
const nginx = findNginx();
const enabled = Boolean(process.env.TEST_DATABASE_URL) && (Boolean(nginx) || process.env.CI === "true");
if (process.env.TEST_DATABASE_URL && !nginx && process.env.CI !== "true") {
  console.warn("cluster.test.ts skipped: nginx is not installed (apt-get install -y nginx); CI installs it (.ci/run).");
}

type Answer = { status: number; location?: string };

/** A form post from the visitor at `from` (a loopback address), optionally with extra headers. */
function post(base: string, path: string, fields: Record<string, string>, from: string, headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL(path, base);
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress: from,
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body), origin: url.origin, ...headers },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const click = (base: string, from: string, headers: Record<string, string> = {}) => post(base, "/events", { name: "Login Click" }, from, headers);

/** Posts from `from`, each claiming another client address in X-Forwarded-For. */
async function spoofedClicks(base: string, from: string, count: number) {
  const statuses: number[] = [];
  for (let i = 1; i <= count; i++) statuses.push((await click(base, from, { "X-Forwarded-For": `203.0.113.${i}` })).status);
  return statuses;
}

describe.runIf(enabled)("two app processes on PostgreSQL behind nginx", () => {
  const databases: TestDatabase[] = [];
  const clusters: Cluster[] = [];
  const sink = new SmtpSink();

  const start = async (trustProxy: string) => {
    const database = await createTestDatabase("postgres");
    databases.push(database);
    const cluster = await startCluster({
      processes: 2,
      env: {
        DATABASE_URL: database.url,
        DATA_DIR: database.dataDir,
        AUTH_SECRET: "cluster-test-secret-0123456789abcdefghij",
        TRUST_PROXY: trustProxy,
        RATE_LIMITS: "writes=5",
        SMTP_URL: sink.url,
        OPERATOR_EMAIL: "operator@example.test",
        PAGE_CACHE_SECONDS: "0",
      },
    });
    clusters.push(cluster);
    return cluster;
  };

  let on: Cluster;
  let off: Cluster;
  beforeAll(async () => {
    await sink.start(0);
    [on, off] = await Promise.all([start("loopback"), start("false")]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(clusters.map((c) => c.stop()));
    await Promise.all(databases.map((d) => d.drop()));
    await sink.stop();
  });

  it("TRUST_PROXY on: each visitor is counted on their own address, whatever X-Forwarded-For they send", async () => {
    // Five posts allowed per client address per minute, counted across both processes.
    expect(await spoofedClicks(on.url, "127.0.0.2", 7)).toEqual([204, 204, 204, 204, 204, 429, 429]);
    // Another visitor behind the same proxy is not limited by the first one's posts.
    expect((await click(on.url, "127.0.0.3")).status).toBe(204);
  });

  it("TRUST_PROXY off: a spoofed X-Forwarded-For changes nothing; every visitor is the proxy's address", async () => {
    const direct = `http://127.0.0.1:${off.apps[0]!.port}`;
    // Straight to an app process: the spoofed addresses do not give the client fresh limits.
    expect(await spoofedClicks(direct, "127.0.0.4", 6)).toEqual([204, 204, 204, 204, 204, 429]);
    // Through nginx, every visitor is nginx (127.0.0.1): one visitor's posts limit the next one.
    expect(await spoofedClicks(off.url, "127.0.0.5", 5)).toEqual([204, 204, 204, 204, 204]);
    expect((await click(off.url, "127.0.0.6")).status).toBe(429);
  });

  it("sends every email exactly once while both processes' workers share the outbox", async () => {
    const before = sink.messages.length;
    const nonces = Array.from({ length: 60 }, (_, i) => `cluster${Date.now().toString(36)}n${String(i).padStart(3, "0")}`);
    // 4 posts per visitor address stay within writes=5; 15 visitors, all at once.
    const answers = await Promise.all(
      nonces.map((nonce, i) =>
        post(on.url, "/contact", { name: "Ada Lovelace", email: `${nonce}@example.test`, subject: `Cluster ${nonce}`, message: `${nonce} Do you cover Etobicoke?` }, `127.0.1.${10 + (i % 15)}`),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(nonces.map(() => 302));
    const expected = nonces.length * 2; // the operator's notification and the visitor's confirmation
    const deadline = Date.now() + 60_000;
    const ours = () => sink.messages.slice(before).filter((m) => nonces.some((n) => m.text.includes(n) || m.to.includes(`${n}@example.test`)));
    while (ours().length < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    await new Promise((resolve) => setTimeout(resolve, 2500)); // a second copy would arrive now
    const got = ours();
    expect(got).toHaveLength(expected);
    expect(new Set(got.map((m) => m.raw.messageId)).size).toBe(expected);
    for (const nonce of nonces) {
      expect(got.filter((m) => m.to.includes(`${nonce}@example.test`))).toHaveLength(1);
      expect(got.filter((m) => m.to.includes("operator@example.test") && m.text.includes(nonce))).toHaveLength(1);
    }
  }, 120_000);
});
