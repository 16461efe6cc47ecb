import { type ChildProcess, spawn } from "node:child_process";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "~/lib/db/db.server";
import { enqueueEmail } from "~/lib/mail/outbox.server";
import { renderEmail } from "~/lib/mail/template.server";
import { createTransport } from "~/lib/mail/transport.server";
import { MailWorker } from "~/lib/mail/worker.server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { until } from "../support/faults";
import { type PrivatePostgres, startPrivatePostgres } from "../support/private-postgres";
import { SmtpSink } from "../support/smtp-sink";

/**
 * Issue 52, item 8: a sender frozen past its lease (SIGSTOP, a starved process) used to finish
 * its SMTP transaction when it woke, after another worker had taken the message over and sent
 * it — a duplicate with no crash. The message is now completed (SMTP's final ".") only after a
 * check that the row still carries the sender's lease; a sender that lost it abandons the
 * transaction, and the relay keeps nothing of it.
 */
const queue = (db: DatabaseHandle["db"], subject: string) =>
  enqueueEmail(db, { ...renderEmail({ subject, heading: subject }, "GTA Connect"), kind: "test", to: "operator@example.test" });

const row = (db: DatabaseHandle["db"], id: string) =>
  db.selectFrom("mail_outbox").select(["status", "attempts", "locked_until"]).where("id", "=", id).executeTakeFirstOrThrow();

describe.each(DIALECTS)("a sender whose lease was taken over, on %s", (dialect) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  const sink = new SmtpSink();
  const workers: MailWorker[] = [];
  const worker = (leaseMs: number) => {
    const w = new MailWorker({
      db: handle.db,
      dialect: handle.dialect,
      transport: createTransport({ smtpUrl: sink.url, dataDir: database.dataDir }),
      from: "GTA Connect <no-reply@example.test>",
      baseDelayMs: 0,
      leaseMs,
    });
    workers.push(w);
    return w;
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = openDatabase(database.url);
    await migrateToLatest(handle.db);
    await sink.start(0);
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
  });
  afterAll(async () => {
    await sink.stop();
    await handle.destroy();
    await database.drop();
  });

  it("abandons the message it was sending: one copy reaches the relay, and the new worker's record stands", async () => {
    const id = await queue(handle.db, `Taken over ${Date.now()}`);
    const messageId = `<${id}@outbox>`;
    // The first sender is held by the relay at RCPT TO, mid-transaction.
    const held = sink.hold("rcpt");
    const first = worker(900);
    const firstRun = first.drain();
    await held.reached;
    // Meanwhile its lease is taken over (what a second worker does once a frozen sender's lease ran
    // out): the row is due again, and the second worker sends and records it.
    await handle.db.updateTable("mail_outbox").set({ locked_until: new Date(Date.now() - 1000).toISOString() }).where("id", "=", id).execute();
    const second = worker(900);
    // On PostgreSQL a claim skips a row locked at that moment (the first sender's renewal, which
    // now matches nothing): it is claimed on the next run, as the next poll would.
    await until(async () => (await second.drain()) === 1, 5_000, 10);
    expect(sink.copies(messageId)).toBe(1);
    expect(await row(handle.db, id)).toMatchObject({ status: "sent", attempts: 2, locked_until: null });

    // The first sender goes on: it must not complete its transaction, nor record anything.
    held.release();
    await firstRun;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.copies(messageId)).toBe(1);
    expect(await row(handle.db, id)).toMatchObject({ status: "sent", attempts: 2, locked_until: null });
  });

  it("still sends a message whose lease it holds (the check before completing passes)", async () => {
    const id = await queue(handle.db, `Kept ${Date.now()}`);
    expect(await worker(900).drain()).toBe(1);
    expect(sink.copies(`<${id}@outbox>`)).toBe(1);
    expect(await row(handle.db, id)).toMatchObject({ status: "sent", attempts: 1 });
  });
});

/**
 * The fault as it happens: two worker processes on one PostgreSQL (tests/support/mail-worker-process.ts,
 * a 2 s lease); the one holding a backlog is frozen (SIGSTOP) mid-transaction, the other takes
 * the backlog over once the lease ran out and sends it; the frozen one is woken (SIGCONT).
 */
describe("a mail worker process frozen mid-send (SIGSTOP, then SIGCONT)", () => {
  let database: PrivatePostgres;
  let handle: DatabaseHandle;
  const sink = new SmtpSink();
  const children: ChildProcess[] = [];
  let output = "";

  const startWorker = async (name: string) => {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/support/mail-worker-process.ts"], {
      env: { ...process.env, DATABASE_URL: database.url, SMTP_URL: sink.url, MAIL_LEASE_MS: "2000" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    const ready = new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (d: Buffer) => {
        output += `[${name}] ${d.toString()}`;
        if (d.toString().includes("ready")) resolve();
      });
      child.once("exit", (code) => reject(new Error(`worker ${name} exited with ${code}:\n${output}`)));
    });
    child.stderr.on("data", (d: Buffer) => (output += `[${name}] ${d.toString()}`));
    await ready;
    return child;
  };

  beforeAll(async () => {
    database = await startPrivatePostgres();
    handle = openDatabase(database.url);
    await migrateToLatest(handle.db);
    await sink.start(0);
  }, 60_000);
  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGCONT");
        child.kill("SIGKILL");
      }
    }
    await sink.stop();
    await handle?.destroy();
    await database?.remove();
  });

  it("does not send a duplicate when it wakes: exactly one delivery per Message-ID", async () => {
    const stamp = Date.now();
    const held = sink.hold("rcpt");
    const frozen = await startWorker("A");
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await queue(handle.db, `Frozen sender ${stamp} #${i}`));
    // A has claimed a batch and is inside the first transaction (the relay holds its RCPT TO).
    await held.reached;
    frozen.kill("SIGSTOP");
    const frozenAt = performance.now();

    await startWorker("B");
    const statuses = async () => (await handle.db.selectFrom("mail_outbox").select("status").where("id", "in", ids).execute()).map((r) => r.status);
    const tookOverMs = await until(async () => (await statuses()).every((s) => s === "sent"), 30_000, 100);
    console.log(`frozen worker's backlog of ${ids.length} sent by the other process ${Math.round(performance.now() - frozenAt)} ms after the freeze`);
    expect(tookOverMs).toBeGreaterThan(0);

    // A wakes and gets its RCPT TO answered: it goes on with the transaction it started.
    held.release();
    frozen.kill("SIGCONT");
    // Long enough for it to finish that transaction and to try the rest of its old batch.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(frozen.exitCode, output).toBeNull();

    const copies = ids.map((id) => sink.copies(`<${id}@outbox>`));
    expect(copies, output).toEqual(ids.map(() => 1));
    expect(await statuses()).toEqual(ids.map(() => "sent"));
  }, 60_000);
});
