import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, findNginx, startCluster } from "../../scripts/cluster-lib";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { timedGet } from "../support/faults";

/**
 * Issue 52, item 8 (nginx's part): a process frozen (SIGSTOP) behind nginx pinned requests for
 * nginx's proxy_read_timeout of 60 s. With deploy/nginx.conf.template's upstream timeouts a
 * request that reached the frozen process is given up within seconds (a GET is answered by
 * another process, nginx's passive check keeps the frozen one out for fail_timeout), so
 * visitors wait seconds, not a minute. Needs PostgreSQL (TEST_DATABASE_URL) and nginx.
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL) && Boolean(findNginx());

describe.runIf(enabled)("an app process frozen behind nginx", () => {
  let database: TestDatabase;
  let cluster: Cluster;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    cluster = await startCluster({
      processes: 2,
      env: { DATABASE_URL: database.url, DATA_DIR: database.dataDir, AUTH_SECRET: "frozen-process-secret-0123456789abcdef", PAGE_CACHE_SECONDS: "0" },
    });
  }, 120_000);
  afterAll(async () => {
    cluster?.apps.forEach((app) => app.child.kill("SIGCONT"));
    await cluster?.stop();
    await database?.drop();
  });

  it("answers every request within seconds while one process is frozen", async () => {
    const frozen = cluster.apps[0]!;
    frozen.child.kill("SIGSTOP");
    try {
      // Requests at once: least_conn gives some of them to the frozen process.
      const first = await Promise.all(Array.from({ length: 6 }, () => timedGet(`${cluster.url}/homes`, 40_000)));
      // Then a visitor's steady browsing: the frozen process is out (passive check).
      const after: number[] = [];
      for (let i = 0; i < 10; i++) {
        const page = await timedGet(`${cluster.url}/homes`, 40_000);
        expect(page.status).toBe(200);
        after.push(page.ms);
      }
      const slowest = Math.max(...first.map((r) => r.ms));
      console.log(`frozen process: first ${first.length} pages ${first.map((r) => `${r.status}/${r.ms}ms`).join(", ")}; then slowest of 10 ${Math.max(...after)} ms`);
      expect(first.map((r) => r.status)).toEqual(first.map(() => 200));
      expect(slowest).toBeLessThan(20_000);
      expect(Math.max(...after)).toBeLessThan(2_000);
    } finally {
      frozen.child.kill("SIGCONT");
    }
  }, 120_000);
});
