import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, postForm, startAppServer } from "../support/app-server";
import { createTestDatabase, type TestDatabase } from "../support/databases";

/**
 * Two app processes on one PostgreSQL database share their rate-limit counters: a lockout
 * reached through one process holds in the other (load-balanced visitors cannot dodge it).
 */
describe.runIf(process.env.TEST_DATABASE_URL)("rate limits shared by two app processes on PostgreSQL", () => {
  let database: TestDatabase;
  let one: AppServer;
  let two: AppServer;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    const env = { DATABASE_URL: database.url, DATA_DIR: database.dataDir, AUTH_SECRET: "shared-limits-test-secret-0123456789abcdef" };
    one = await startAppServer(env);
    two = await startAppServer({ ...env, DATA_DIR: `${database.dataDir}-2` });
  });
  afterAll(async () => {
    await one?.stop();
    await two?.stop();
    await database?.drop();
  });

  it("ten wrong passwords through one process lock the address out in the other", async () => {
    const email = `locked.${Date.now()}@example.com`;
    for (let i = 0; i < 10; i++) {
      const res = await postForm(`${one.url}/auth/login`, { email, password: `wrong password ${i}` });
      expect(res.status).toBe(401);
    }
    const elsewhere = await postForm(`${two.url}/auth/login`, { email, password: "wrong password again" });
    expect(elsewhere.status).toBe(429);
    expect(Number(elsewhere.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address from the same client is not locked.
    expect((await postForm(`${two.url}/auth/login`, { email: `other.${email}`, password: "wrong password" })).status).toBe(401);
    // Twelve deliberately slow password checks: give a busy machine time.
  }, 120_000);
});
