import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "../support/app-server";
import { contactPost, logEvents, storedRequests, type Timed, timedGet, until } from "../support/faults";
import { type PrivatePostgres, startPrivatePostgres } from "../support/private-postgres";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";

/**
 * Issue 52, item 2: a database that stops answering (a partition: the proxy between the app and
 * its private PostgreSQL stops forwarding bytes). Every request used to hang for the whole
 * partition, /healthz included, and nothing was logged. Now a page that needs the database
 * answers a 503 page with Retry-After within seconds, at once while the fault lasts, liveness
 * stays 200 while readiness says 503, and the fault is logged once, with its duration.
 */
describe("PostgreSQL stops answering", () => {
  let database: PrivatePostgres;
  let proxy: TcpProxy;
  let server: AppServer;
  let acknowledged = 0;
  const PARTITION_MS = 10_000;

  beforeAll(async () => {
    database = await startPrivatePostgres();
    proxy = await startTcpProxy({ host: "127.0.0.1", port: database.port });
    server = await startAppServer({ DATABASE_URL: proxy.url(database.url), DATA_DIR: mkdtempSync(path.join(tmpdir(), "gta-faults-")), PAGE_CACHE_SECONDS: "0" });
    expect((await timedGet(`${server.url}/homes`)).status).toBe(200);
    expect((await contactPost(server.url)).status).toBe(302);
    acknowledged++;
    expect((await timedGet(`${server.url}/healthz/ready`)).status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    try {
      // Every post the app acknowledged is stored.
      expect(await storedRequests(database.url)).toBe(acknowledged);
    } finally {
      await database?.remove();
    }
  });

  const unavailablePage = (answer: Timed) => {
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("30");
    expect(answer.body).toContain("We can&#x27;t reach our database right now. Please try again in a minute.");
  };

  it("answers 503 pages within seconds, stays live, logs the fault once with its duration, and recovers", async () => {
    proxy.pause();
    const pausedAt = performance.now();
    const [page, post, ready, live, legacy] = await Promise.all([
      timedGet(`${server.url}/homes`),
      contactPost(server.url),
      timedGet(`${server.url}/healthz/ready`),
      timedGet(`${server.url}/healthz/live`),
      timedGet(`${server.url}/healthz`),
    ]);
    console.log(`partition, first requests: page ${page.status} in ${page.ms} ms, post ${post.status} in ${post.ms} ms, ready ${ready.status} in ${ready.ms} ms, live ${live.status} in ${live.ms} ms`);
    expect(live).toMatchObject({ status: 200 });
    expect(live.ms).toBeLessThan(1_000);
    expect(ready.status).toBe(503);
    expect(legacy.status).toBe(503);
    expect(ready.ms).toBeLessThan(3_000);
    unavailablePage(page);
    unavailablePage(post);
    expect(page.ms).toBeLessThan(8_000);
    expect(post.ms).toBeLessThan(8_000);

    // While it lasts, the app knows: answered at once, not after the timeouts again.
    // A client navigation's data request (`.data`) too: a 503 whose body its error view reads.
    const later = await Promise.all([timedGet(`${server.url}/homes`), contactPost(server.url), timedGet(`${server.url}/healthz/ready`), timedGet(`${server.url}/homes.data`)]);
    console.log(`partition, later requests: ${later.map((a) => `${a.status} in ${a.ms} ms`).join(", ")}`);
    for (const answer of later) expect(answer.ms).toBeLessThan(1_500);
    unavailablePage(later[0]!);
    unavailablePage(later[1]!);
    expect(later[2]!.status).toBe(503);
    expect(later[3]!.status).toBe(503);
    expect(later[3]!.headers.get("retry-after")).toBe("30");
    expect(later[3]!.headers.has("x-remix-response")).toBe(false);
    expect(JSON.parse(later[3]!.body)).toEqual({ refusal: "error.unavailable" });

    await new Promise((resolve) => setTimeout(resolve, PARTITION_MS - (performance.now() - pausedAt)));
    proxy.resume();
    const recoveryMs = await until(async () => (await timedGet(`${server.url}/homes`, 8_000)).status === 200, 20_000, 100);
    const after = await contactPost(server.url);
    expect(after.status).toBe(302);
    acknowledged++;
    console.log(`partition of ${PARTITION_MS} ms: pages served again ${recoveryMs} ms after it ended`);
    expect(recoveryMs).toBeLessThan(8_000);
    expect(server.child.exitCode).toBeNull();

    await until(() => logEvents(server.output(), "db.available").length > 0, 2_000);
    const log = server.output();
    expect(logEvents(log, "db.unavailable")).toHaveLength(1);
    const [ended] = logEvents(log, "db.available");
    expect(logEvents(log, "db.available")).toHaveLength(1);
    // From when the first query gave up (the 3 s connect timeout at most) to the probe that got an answer.
    expect(ended!.downMs).toBeGreaterThan(PARTITION_MS - 4_000);
    expect(ended!.downMs).toBeLessThan(PARTITION_MS + 3_000);
    // Not once per request: no error lines for the requests the fault refused.
    expect(logEvents(log, "http.error")).toHaveLength(0);
  });
});
