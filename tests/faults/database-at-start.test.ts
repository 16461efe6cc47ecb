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
    // PostgreSQL starts once the app has said twice that it waits (not after a fixed pause: on a
    // busy machine the app took longer than that to reach its first connection, and never waited).
    let waitedTwice: () => void = () => undefined;
    const twice = new Promise<void>((resolve) => (waitedTwice = resolve));
    const starting = startAppServer(
      { DATABASE_URL: database.url, DATA_DIR: mkdtempSync(path.join(tmpdir(), "gta-faults-")), PAGE_CACHE_SECONDS: "0" },
      // (Whole lines only: the last may still be arriving.)
      { onOutput: (log) => logEvents(log.slice(0, log.lastIndexOf("\n") + 1), "db.waiting").length >= 2 && waitedTwice() },
    );
    starting.catch(() => undefined);
    await twice;
    const databaseStarted = performance.now();
    await database.start();
    server = await starting;
    const readyMs = Math.round(performance.now() - databaseStarted);
    console.log(`PostgreSQL started after the app's second wait; the app listened ${readyMs} ms later`);

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
