import { spawn } from "node:child_process";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/databases";
import { freePort, SmtpSink } from "../../../tests/support/smtp-sink";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../db/db.server";
import { enqueueEmail } from "./outbox.server";
import { RECIPIENT_CAPS, recipientKey } from "./recipients.server";
import { SECRET_MASK, type SecretBox, secretBox } from "./secrets.server";
import { renderEmail } from "./template.server";
import { createTransport } from "./transport.server";
import { isPermanent, MailWorker } from "./worker.server";

describe("isPermanent", () => {
  const reply = (command: string, response: string) => ({ command, response, responseCode: Number(response.slice(0, 3)) });
  it("gives a message up only when the relay refuses its recipient for good", () => {
    expect(isPermanent(reply("RCPT TO", "550 5.1.1 <nobody@example.com>: no such mailbox"))).toBe(true);
    expect(isPermanent(reply("RCPT TO", "553 5.1.3 Bad recipient address syntax"))).toBe(true);
    expect(isPermanent(reply("RCPT TO", "550 5.2.1 Mailbox disabled"))).toBe(true);
  });
  it("retries the relay's trouble: connection errors, 4xx, and 5xx that are not about the address (issue 52)", () => {
    expect(isPermanent(reply("RCPT TO", "451 4.3.0 Try again later"))).toBe(false);
    expect(isPermanent(reply("RCPT TO", "550 5.7.1 Relaying denied"))).toBe(false);
    expect(isPermanent(reply("RCPT TO", "550 Relaying denied"))).toBe(false);
    expect(isPermanent(reply("RCPT TO", "550 5.1.8 Bad sender's system address"))).toBe(false);
    expect(isPermanent(reply("CONN", "554 Service unavailable"))).toBe(false);
    expect(isPermanent(reply("MAIL FROM", "550 5.1.1 Sender rejected"))).toBe(false);
    expect(isPermanent(reply("DATA", "550 5.1.1 Rejected"))).toBe(false);
    expect(isPermanent({ responseCode: 550 })).toBe(false);
    // nodemailer marks every 5xx `permanent`, the relay's trouble included.
    expect(isPermanent({ ...reply("DATA", "550 5.7.1 Message refused"), permanent: true })).toBe(false);
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
    sink.refusals = [];
    sink.acceptDelayMs = 0;
  });
  afterAll(async () => {
    await handle.destroy();
    await database.drop();
  });

  const queue = (subject: string, db = handle.db) =>
    enqueueEmail(db, {
      ...renderEmail({ subject, heading: subject, fields: [{ label: "Name", value: "Ada" }] }, "GTA Connect"),
      kind: "test",
      to: "operator@example.test",
    });
  it("queues exactly a mailbox's cap when its sends race, in and out of transactions (PostgreSQL: from two pools)", async () => {
    // A second app process's connections; SQLite is one process's (several processes need PostgreSQL).
    const other = dialect === "postgres" ? openDatabase(database.url) : handle;
    try {
      const mailbox = `race.${Date.now().toString(36)}@gmail.com`;
      const variants = (i: number) => mailbox.replace("@", `+${i}@`).replace("race.", i % 2 ? "r.ace." : "race.");
      const send = (i: number) => {
        const db = i % 2 ? other.db : handle.db;
        const email = { ...renderEmail({ subject: `Race ${i}`, heading: "Race" }, "GTA Connect"), kind: "account.verify", to: variants(i), cap: "account" as const };
        return i % 3 ? enqueueEmail(db, email) : db.transaction().execute((trx) => enqueueEmail(trx, email));
      };
      const results = await Promise.all(Array.from({ length: 16 }, (_, i) => send(i)));
      expect(results.filter((id) => id !== null)).toHaveLength(RECIPIENT_CAPS.account.limit);
      const stored = await handle.db.selectFrom("mail_outbox").select("id").where("subject", "like", "Race %").where("recipient_key", "=", recipientKey("account", mailbox)).execute();
      expect(stored).toHaveLength(RECIPIENT_CAPS.account.limit);
    } finally {
      if (other !== handle) await other.destroy();
    }
  });

  const status = (id: string, db = handle.db) =>
    db
      .selectFrom("mail_outbox")
      .select(["status", "attempts", "last_error"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const makeWorker = (smtpUrl: string, leaseMs?: number, db = handle.db, secrets?: SecretBox) =>
    new MailWorker({
      db,
      dialect: handle.dialect,
      transport: createTransport({ smtpUrl, dataDir: database.dataDir }),
      from: "GTA Connect <no-reply@example.test>",
      baseDelayMs: 0,
      pollMs: 60_000,
      ...(leaseMs ? { leaseMs } : {}),
      ...(secrets ? { secrets } : {}),
    });
  const copiesOf = (ids: string[]) =>
    ids.map((id) => sink.messages.filter((m) => m.raw.messageId === `<${id}@outbox>`).length);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("delivers queued mail with the text and HTML bodies", async () => {
    await sink.start(0);
    worker = makeWorker(sink.url);
    const id = await queue("Hello");
    expect(await worker.drain()).toBeGreaterThanOrEqual(1);
    const mail = await sink.waitFor((m) => m.subject === "Hello");
    expect(mail.text).toContain("Name: Ada");
    expect(mail.html).toContain('<strong style="color:#334155">Name</strong>');
    expect(await status(id)).toMatchObject({ status: "sent", attempts: 1 });
    // Transactional mail: no List-Unsubscribe.
    expect(mail.source.toString()).not.toMatch(/^List-Unsubscribe/im);
  });

  it("sends an optional email's List-Unsubscribe headers (RFC 8058) with its link's token put in, stored masked", async () => {
    await sink.start(0);
    const box = secretBox("worker-test-secret-0123456789abcdef");
    worker = makeWorker(sink.url, undefined, handle.db, box);
    const url = `https://gta.test/email-preferences/${SECRET_MASK}`;
    const id = await enqueueEmail(handle.db, {
      ...renderEmail({ subject: "Reminder", heading: "Reminder", unsubscribe: { label: "Email preferences", preferencesUrl: url, oneClickUrl: url } }, "GTA Connect"),
      kind: "test.reminder",
      to: "provider@example.test",
      sealedSecret: box.seal("tok/en+1"),
    });
    const stored = await handle.db.selectFrom("mail_outbox").select("headers").where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored.headers).toContain(SECRET_MASK);
    expect(await worker.drain()).toBeGreaterThanOrEqual(1);
    const mail = await sink.waitFor((m) => m.subject === "Reminder");
    // As the message arrived (mailparser folds List-* headers into an object of its own).
    const headers = mail.source.toString().split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
    expect(headers).toMatch(/^List-Unsubscribe: <https:\/\/gta\.test\/email-preferences\/tok%2Fen%2B1>$/m);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(mail.html).toContain('href="https://gta.test/email-preferences/tok%2Fen%2B1"');
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

  it("after the relay's trouble, puts the rest of the batch back untried and waits (issue 52)", async () => {
    await sink.start(0);
    sink.refusals = [{ stage: "greeting", code: 554, text: "Service unavailable" }];
    const ids = await Promise.all([1, 2, 3].map((i) => queue(`Relay down ${Date.now()} #${i}`)));
    worker = new MailWorker({
      db: handle.db,
      dialect: handle.dialect,
      transport: createTransport({ smtpUrl: sink.url, dataDir: database.dataDir }),
      from: "GTA Connect <no-reply@example.test>",
      baseDelayMs: 60_000,
    });
    try {
      await worker.drain();
      // One message met the refusal; the others were not tried and keep their attempts.
      expect(sink.refused.greeting).toBe(1);
      const rows = await Promise.all(ids.map((id) => status(id)));
      expect(rows.every((r) => r.status === "pending")).toBe(true);
      expect(rows.map((r) => r.attempts).sort()).toEqual([0, 0, 1]);
      // While the relay is left alone, a run tries nothing.
      await worker.drain();
      expect(sink.refused.greeting).toBe(1);
    } finally {
      sink.refusals = [];
    }
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
    // A worker that claims, then stalls past its lease (no renewal); when it goes on, it finds its
    // lease run out and sends nothing, and would record nothing over the newer claim.
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

  it("keeps a live worker's claims while its SMTP server takes longer than the lease: no second send", async () => {
    await sink.start(0);
    sink.acceptDelayMs = 1400; // each message takes more than twice the lease to be accepted
    const ids = await Promise.all([1, 2, 3].map((i) => queue(`Slow relay ${Date.now()} #${i}`)));
    const slow = makeWorker(sink.url, 600);
    const other = makeWorker(sink.url, 600);
    try {
      let done = false;
      const sending = slow.drain().finally(() => (done = true));
      await expect.poll(async () => (await status(ids[0]!)).status).toBe("sending");
      // Another process polls all along: the claims it would take over are renewed every 200 ms.
      while (!done) {
        await other.drain();
        await sleep(50);
      }
      expect(await sending).toBeGreaterThanOrEqual(3);
    } finally {
      await Promise.all([slow.stop(), other.stop()]);
    }
    expect(copiesOf(ids)).toEqual([1, 1, 1]);
    for (const id of ids) expect(await status(id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("stops before sending a row that a renewal finds taken over, and records nothing over the new claim", async () => {
    await sink.start(0);
    sink.acceptDelayMs = 600;
    const ids = await Promise.all([1, 2, 3, 4].map((i) => queue(`Taken over ${Date.now()} #${i}`)));
    worker = makeWorker(sink.url, 300);
    const sending = worker.drain();
    await expect.poll(() => copiesOf(ids).some((n) => n > 0), { interval: 10 }).toBe(true);
    // What another worker's claim does to the rows still being sent, once ours had run out.
    const theirs = new Date(Date.now() + 60_000).toISOString();
    await handle.db
      .updateTable("mail_outbox")
      .set({ locked_until: theirs })
      .where("id", "in", ids)
      .where("status", "=", "sending")
      .execute();
    await sending;
    // The first message, and at most the one already in flight; none after the next renewal.
    const copies = copiesOf(ids);
    expect(copies.filter((n) => n > 0).length).toBeLessThanOrEqual(2);
    const rows = await handle.db
      .selectFrom("mail_outbox")
      .select(["id", "status", "locked_until"])
      .where("id", "in", ids)
      .execute();
    // Only the first can have been recorded before the takeover; the one in flight then (600 ms
    // at the server) was recorded after it, and that record was fenced off: all carry the new claim.
    for (const row of rows) expect(row.status === "sent" || row.locked_until === theirs, row.id).toBe(true);
    expect(rows.filter((r) => r.status === "sent").length).toBeLessThanOrEqual(1);
  });

  it("takes over the claims of a killed worker soon after its short lease; only the message in flight can go twice", async () => {
    await sink.start(0);
    sink.acceptDelayMs = 600;
    // Its own database: on SQLite a starting worker releases every claim in the file (ADR 3).
    const own = await createTestDatabase(dialect);
    const ownHandle = openDatabase(own.url);
    try {
      await migrateToLatest(ownHandle.db);
      const db = ownHandle.db;
      const ids = await Promise.all(
        Array.from({ length: 8 }, (_, i) => queue(`Killed worker ${Date.now()} #${i}`, db)),
      );
      // A worker in its own process (lease 2 s, renewed while it sends), killed during its batch.
      const child = spawn(process.execPath, ["--import", "tsx", "tests/support/mail-worker-process.ts"], {
        env: { ...process.env, DATABASE_URL: own.url, SMTP_URL: sink.url, MAIL_LEASE_MS: "2000" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (d: Buffer) => (output += d.toString()));
      child.stderr.on("data", (d: Buffer) => (output += d.toString()));
      const exited = new Promise((resolve) => child.once("exit", resolve));
      try {
        // Four messages accepted: the child has held its batch for over a lease (renewing it).
        await expect
          .poll(() => copiesOf(ids).filter((n) => n > 0).length, { timeout: 20_000, interval: 20 })
          .toBeGreaterThanOrEqual(4);
      } catch (error) {
        throw new Error(`${String(error)}\n${output}`);
      } finally {
        child.kill("SIGKILL");
        await exited;
      }
      const killedAt = Date.now();
      expect(copiesOf(ids).filter((n) => n > 0).length).toBeLessThan(8);

      worker = makeWorker(sink.url, 2000, db);
      const statuses = () => Promise.all(ids.map(async (id) => (await status(id, db)).status));
      // Nothing is claimed again while the dead worker's last renewal holds (under 2 s)...
      await worker.drain();
      for (const id of ids) expect((await status(id, db)).attempts).toBe(1);
      // ...then the rest goes out once it runs out.
      while ((await statuses()).some((s) => s !== "sent") && Date.now() - killedAt < 20_000) {
        await worker.drain();
        await sleep(100);
      }
      const tookOverAfter = Date.now() - killedAt;
      expect(await statuses()).toEqual(ids.map(() => "sent"));
      // The rest of the lease (under 2 s), then up to 4 messages at 600 ms each.
      expect(tookOverAfter).toBeLessThan(2000 + 4 * 600 + 1500);
      // Each row was claimed once by the child, which renewed its batch as long as it lived.
      for (const id of ids) expect((await status(id, db)).attempts).toBeLessThanOrEqual(2);
      const copies = copiesOf(ids);
      expect(copies.every((n) => n >= 1)).toBe(true);
      expect(copies.reduce((a, n) => a + n, 0) - ids.length).toBeLessThanOrEqual(1);
    } finally {
      await worker?.stop();
      worker = undefined;
      await ownHandle.destroy();
      await own.drop();
    }
  }, 45_000);

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
