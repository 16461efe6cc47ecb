import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "../support/app-server";
import { contactPost, logEvents, storedRequests, timedGet } from "../support/faults";
import { type PrivatePostgres, startPrivatePostgres } from "../support/private-postgres";

/**
 * Issue 52, item 3: a process started while PostgreSQL is down (or starting up) used to exit
 * with a fatal error at once. Now it waits, with backoff, saying so once per attempt, and
 * serves as soon as the database is there.
 */
describe("PostgreSQL is down when the app starts", () => {
  let database: PrivatePostgres | undefined;
  let server: AppServer | undefined;

  afterAll(async () => {
    await server?.stop();
    await database?.remove();
  });

  it("waits for it with backoff and becomes ready once it starts", async () => {
    database = await startPrivatePostgres({ started: false });
    const starting = startAppServer({ DATABASE_URL: database.url, DATA_DIR: mkdtempSync(path.join(tmpdir(), "gta-faults-")), PAGE_CACHE_SECONDS: "0" });
    starting.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const databaseStarted = performance.now();
    await database.start();
    server = await starting;
    const readyMs = Math.round(performance.now() - databaseStarted);
    console.log(`PostgreSQL started 4 s after the app; the app listened ${readyMs} ms later`);

    const waits = logEvents(server.output(), "db.waiting");
    expect(waits.length).toBeGreaterThanOrEqual(2);
    expect(waits[0]).toMatchObject({ level: "warn", attempt: 1, nextInMs: 1000 });
    expect(String(waits[0]!.msg)).toMatch(/^waiting for the database \(attempt 1, next in 1s\)/);
    expect(readyMs).toBeLessThan(15_000);

    expect((await timedGet(`${server.url}/healthz/ready`)).status).toBe(200);
    expect((await contactPost(server.url)).status).toBe(302);
    expect(await storedRequests(database.url)).toBe(1);
  }, 90_000);
});
