import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/databases";
import { freePort, SmtpSink } from "../../../tests/support/smtp-sink";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../db/db.server";
import { enqueueEmail } from "./outbox.server";
import { renderEmail } from "./template.server";
import { createTransport } from "./transport.server";
import { isPermanent, MailWorker } from "./worker.server";

describe("isPermanent", () => {
  it("treats SMTP 5xx as final and connection errors or 4xx as transient", () => {
    expect(isPermanent({ responseCode: 550 })).toBe(true);
    expect(isPermanent({ responseCode: 451 })).toBe(false);
    expect(isPermanent(Object.assign(new Error("refused"), { code: "ECONNECTION" }))).toBe(false);
  });
});

describe.each(DIALECTS)("mail worker on %s", (dialect) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  const sink = new SmtpSink();
  let worker: MailWorker | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = openDatabase(database.url);
    await migrateToLatest(handle.db);
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await sink.stop();
    sink.rejectWith = null;
  });
  afterAll(async () => {
    await handle.destroy();
    await database.drop();
  });

  const queue = (subject: string) =>
    enqueueEmail(handle.db, {
      ...renderEmail({ subject, heading: subject, fields: [{ label: "Name", value: "Ada" }] }, "GTA Connect"),
      kind: "test",
      to: "operator@example.test",
    });
  const status = (id: string) =>
    handle.db.selectFrom("mail_outbox").select(["status", "attempts", "last_error"]).where("id", "=", id).executeTakeFirstOrThrow();
  const makeWorker = (smtpUrl: string) =>
    new MailWorker({
      db: handle.db,
      dialect: handle.dialect,
      transport: createTransport({ smtpUrl, dataDir: database.dataDir }),
      from: "GTA Connect <no-reply@example.test>",
      baseDelayMs: 0,
      pollMs: 60_000,
    });

  it("delivers queued mail with the text and HTML bodies", async () => {
    await sink.start(0);
    worker = makeWorker(sink.url);
    const id = await queue("Hello");
    expect(await worker.drain()).toBeGreaterThanOrEqual(1);
    const mail = await sink.waitFor((m) => m.subject === "Hello");
    expect(mail.text).toContain("Name: Ada");
    expect(mail.html).toContain("<th");
    expect(await status(id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("retries a 4xx reply and gives up on a 5xx reply", async () => {
    await sink.start(0);
    worker = makeWorker(sink.url);
    sink.rejectWith = 451;
    const soft = await queue("Soft bounce");
    await worker.drain();
    expect(await status(soft)).toMatchObject({ status: "pending", attempts: 1 });

    sink.rejectWith = null;
    await worker.drain();
    expect(await status(soft)).toMatchObject({ status: "sent", attempts: 2 });

    sink.rejectWith = 550;
    const hard = await queue("Hard bounce");
    await worker.drain();
    expect(await status(hard)).toMatchObject({ status: "failed", attempts: 1 });
    expect((await status(hard)).last_error).toContain("550");
    await worker.drain();
    expect(await status(hard)).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("keeps mail pending while the server is unreachable", async () => {
    worker = makeWorker(`smtp://127.0.0.1:${await freePort()}`);
    const id = await queue("Unreachable");
    await worker.drain();
    const row = await status(id);
    expect(row.status).toBe("pending");
    expect(row.last_error).toMatch(/ECONNREFUSED|ECONNECTION|ESOCKET/);
  });

  it("shares a backlog between workers of several processes, sending each message once", async () => {
    await sink.start(0);
    const subject = `Backlog ${Date.now()}`;
    const ids = await Promise.all(Array.from({ length: 60 }, (_, i) => queue(`${subject} #${i}`)));
    const workers = [makeWorker(sink.url), makeWorker(sink.url), makeWorker(sink.url)];
    try {
      await Promise.all(workers.map((w) => w.drain()));
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    const got = sink.messages.filter((m) => m.subject.startsWith(subject));
    expect(got).toHaveLength(60);
    expect(new Set(got.map((m) => m.raw.messageId)).size).toBe(60);
    for (const id of ids) expect(await status(id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("sends a dead worker's claim again once its lease runs out; the late worker's record changes nothing", async () => {
    await sink.start(0);
    const id = await queue(`Leased ${Date.now()}`);
    // A worker that claims, then stalls past its lease; when it finally answers, it fails.
    const late = new MailWorker({
      db: handle.db,
      dialect: handle.dialect,
      transport: { send: () => Promise.reject(Object.assign(new Error("late"), { responseCode: 550 })), close: () => {} },
      from: "GTA Connect <no-reply@example.test>",
      leaseMs: 200,
    });
    const claimed = await late.claim();
    expect(claimed.rows.map((r) => r.id)).toContain(id);
    expect(await status(id)).toMatchObject({ status: "sending", attempts: 1 });
    worker = makeWorker(sink.url);
    await worker.drain();
    expect(await status(id)).toMatchObject({ status: "sending" }); // still leased
    await new Promise((resolve) => setTimeout(resolve, 300));
    await worker.drain();
    expect(await status(id)).toMatchObject({ status: "sent", attempts: 2 });
    await late.deliver(claimed.rows.filter((r) => r.id === id), claimed.leaseUntil);
    expect(await status(id)).toMatchObject({ status: "sent", attempts: 2, last_error: null });
    expect(sink.messages.filter((m) => m.raw.messageId === `<${id}@outbox>`)).toHaveLength(1);
  });

  it("writes .eml files when no SMTP server is configured", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    worker = new MailWorker({
      db: handle.db,
      dialect: handle.dialect,
      transport: createTransport({ dataDir: database.dataDir }),
      from: "GTA Connect <no-reply@example.test>",
    });
    const id = await queue("Dev outbox");
    await worker.drain();
    expect(await status(id)).toMatchObject({ status: "sent" });
    const files = readdirSync(`${database.dataDir}/mail`).filter((f) => f.endsWith(".eml"));
    const contents = files.map((f) => readFileSync(`${database.dataDir}/mail/${f}`, "utf8"));
    expect(contents.some((c) => c.includes("Subject: Dev outbox") && c.includes("operator@example.test"))).toBe(true);
  });
});
