import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, postForm, startAppServer } from "../support/app-server";
import { contactPost, storedRequests, timed, timedGet } from "../support/faults";

/**
 * Issue 52, item 7: a write waiting on a locked SQLite file used to freeze the whole process
 * (better-sqlite3 waits synchronously: every page, /healthz included, waited with it). Now the
 * process keeps answering while a post waits, off the event loop, and answers 503 past the bound.
 */
describe("another connection holds the SQLite file's write lock", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gta-faults-"));
  const file = path.join(dataDir, "app.db");
  let server: AppServer;
  let acknowledged = 0;

  beforeAll(async () => {
    server = await startAppServer({ DATABASE_URL: `file:${file}`, DATA_DIR: dataDir, PAGE_CACHE_SECONDS: "0" });
    expect((await contactPost(server.url)).status).toBe(302);
    acknowledged++;
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    expect(await storedRequests(`file:${file}`)).toBe(acknowledged);
  });

  it("keeps answering while a post waits, and answers the post 503 within the bound", async () => {
    const other = new SQLite(file);
    other.exec("BEGIN IMMEDIATE");
    const held = performance.now();
    const post = contactPost(server.url, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const live = await timedGet(`${server.url}/healthz/live`, 5_000);
    const page = await timedGet(`${server.url}/homes`, 5_000);
    const answer = await post;
    console.log(`lock held: live ${live.status} in ${live.ms} ms, page ${page.status} in ${page.ms} ms, post ${answer.status} in ${answer.ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 8_000 - (performance.now() - held))));
    other.exec("ROLLBACK");
    other.close();

    expect(live.status).toBe(200);
    expect(live.ms).toBeLessThan(1_000);
    expect(page.status).toBe(200);
    expect(page.ms).toBeLessThan(1_000);
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("30");
    expect(answer.ms).toBeLessThan(7_000);

    const after = await contactPost(server.url);
    expect(after.status).toBe(302);
    acknowledged++;
  });

  it("answers a fetcher's post (a data request) 503 with the refusal its error view reads, not a generic error", async () => {
    const other = new SQLite(file);
    other.exec("BEGIN IMMEDIATE");
    // What React Router's client sends for a fetcher's or a script-driven form's post.
    const fields = { name: "Ada Lovelace", email: "ada@example.com", subject: `Data request ${Date.now()}`, message: "Do you cover Etobicoke?" };
    const answer = await timed((signal) => postForm(`${server.url}/contact.data`, fields, {}, signal), 20_000);
    other.exec("ROLLBACK");
    other.close();

    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("30");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    // Without this header the client takes the body as the error's data (refusalKey reads it).
    expect(answer.headers.has("x-remix-response")).toBe(false);
    expect(JSON.parse(answer.body)).toEqual({ refusal: "error.unavailable" });
    expect(answer.ms).toBeLessThan(7_000);
    expect(await storedRequests(`file:${file}`)).toBe(acknowledged);
  });
});
