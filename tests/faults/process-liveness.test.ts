import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { until } from "../support/faults";
import { HttpClient } from "../support/http-client";

/**
 * Issue 52, item 6: /admin/system tells a dead or frozen process from a live one within seconds.
 * Each process wrote its row once a minute and was listed as running for three minutes after its
 * last one, "last seen" to the minute: a SIGKILLed process looked alive for up to 3 minutes. Two
 * more processes share the first one's database here; one is killed (SIGKILL), one frozen
 * (SIGSTOP, then woken); the first one's system page is read until it says so.
 */
const ADMIN = { email: "admin@example.test", password: "correct horse battery staple" };
const WITHIN_MS = 10_000;

describe.each(DIALECTS)("the system page on %s watches the other processes", (dialect) => {
  let database: TestDatabase;
  let first: AppServer;
  const others: AppServer[] = [];
  let admin: HttpClient;

  const env = () => ({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, PAGE_CACHE_SECONDS: "0" });
  const another = async () => {
    const server = await startAppServer(env());
    others.push(server);
    return server;
  };

  /**
   * What the first process's system page says of a process: its row's state ("absent" without a
   * row; a row without a state is "running", as the page meant before it had states) and "last seen".
   */
  const seen = async (pid: number) => {
    const html = await (await admin.get("/admin/system")).text();
    const row = html.match(new RegExp(`<tr[^>]*data-pid="${pid}"[^>]*>([^]*?)</tr>`));
    const state = row ? (row[0].match(/data-state="(\w+)"/)?.[1] ?? "running") : "absent";
    return { state, lastSeen: row?.[1]?.match(/>(\d+) s ago</)?.[1] };
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    first = await startAppServer(env());
    admin = new HttpClient(first.url);
    expect((await admin.post("/auth/login", ADMIN)).status).toBe(302);
  }, 60_000);

  afterAll(async () => {
    for (const server of others) {
      if (server.child.exitCode === null) server.child.kill("SIGCONT");
      await server.stop();
    }
    await first?.stop();
    await database?.drop();
  });

  it("lists a SIGKILLed process as gone within seconds, 'last seen' in seconds", async () => {
    const victim = await another();
    const pid = victim.child.pid!;
    await until(async () => (await seen(pid)).state === "running", 10_000);
    expect((await seen(first.child.pid!)).state).toBe("running");

    await victim.kill();
    const ms = await until(async () => (await seen(pid)).state !== "running", WITHIN_MS, 250);
    const after = await seen(pid);
    console.log(`${dialect}: a SIGKILLed process shown as ${after.state} ${ms} ms after the kill (last seen ${after.lastSeen} s ago)`);
    expect(after.state).toBe("gone");
    expect(Number(after.lastSeen)).toBeGreaterThanOrEqual(1);
    expect((await seen(first.child.pid!)).state).toBe("running");
  }, 60_000);

  it("lists a frozen (SIGSTOPped) process as not answering within seconds, and as running once it wakes", async () => {
    const frozen = await another();
    const pid = frozen.child.pid!;
    await until(async () => (await seen(pid)).state === "running", 10_000);

    frozen.child.kill("SIGSTOP");
    const ms = await until(async () => (await seen(pid)).state !== "running", WITHIN_MS, 250);
    const after = await seen(pid);
    console.log(`${dialect}: a SIGSTOPped process shown as ${after.state} ${ms} ms after the stop (last seen ${after.lastSeen} s ago)`);
    expect(after.state).toBe("silent");

    frozen.child.kill("SIGCONT");
    const woke = await until(async () => (await seen(pid)).state === "running", 10_000, 250);
    console.log(`${dialect}: running again ${woke} ms after SIGCONT`);
  }, 60_000);
});
