// `tsx scripts/bench-mail-kills.ts` (ADR 16, "Exactly once, and its limit"): how fast one mail
// worker sends to the test SMTP sink, and how many messages a SIGKILL costs twice, with the
// kept-open (pooled) connection and with a connection per message.
//   1. speed: MESSAGES (300) queued, one worker process sends them; messages/s from the first
//      to the last one the sink accepted;
//   2. kills: a backlog, one worker process at a time (tests/support/mail-worker-process.ts),
//      SIGKILLed KILLS (20) times at a random moment while it sends, then one more drains the
//      rest; counts each Message-ID the sink accepted twice, per killed process.
// SQLite by default (the worker process releases a dead run's claims at start, as the app does);
// on PostgreSQL (TEST_DATABASE_URL) the claims come back when the 15 s lease runs out, so a kill
// run takes minutes. MODES=pooled,per-message,pooled-4 picks the variants (pooled-4: 4 messages
// at a time, as before ADR 16's choice of one lane).
import { type ChildProcess, spawn } from "node:child_process";
import { openDatabase } from "../app/lib/db/db.server";
import { migrateToLatest } from "../app/lib/db/db.server";
import { enqueueEmail } from "../app/lib/mail/outbox.server";
import { renderEmail } from "../app/lib/mail/template.server";
import { createTestDatabase } from "../tests/support/databases";
import { SmtpSink } from "../tests/support/smtp-sink";

const messages = Number(process.env.MESSAGES ?? 300);
const kills = Number(process.env.KILLS ?? 20);
const dialect = process.env.TEST_DATABASE_URL ? "postgres" : "sqlite";
const modes = (process.env.MODES ?? "pooled,per-message").split(",");
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.random() * (max - min);

type Worker = { child: ChildProcess; ready: Promise<number>; exited: Promise<void> };

function startWorker(url: string, sinkUrl: string, mode: string): Worker {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/mail-worker-process.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      SMTP_URL: sinkUrl,
      MAIL_POOL: mode === "per-message" ? "false" : "true",
      MAIL_CONCURRENCY: mode === "pooled-4" ? "4" : "1",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const ready = new Promise<number>((resolve) => {
    child.stdout!.on("data", (d: Buffer) => {
      if (d.toString().includes("ready")) resolve(Date.now());
    });
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { child, ready, exited };
}

async function run(mode: string) {
  const database = await createTestDatabase(dialect);
  const handle = openDatabase(database.url);
  await migrateToLatest(handle.db);
  const sink = await new SmtpSink().start(0);
  const queue = (n: number, label: string) =>
    Promise.all(
      Array.from({ length: n }, (_, i) =>
        enqueueEmail(handle.db, {
          ...renderEmail({ subject: `${label} ${i}`, heading: label, fields: [{ label: "Body", value: "x".repeat(800) }] }, "GTA Connect"),
          kind: "bench",
          to: "operator@example.test",
        }),
      ),
    );
  const left = async () =>
    Number(
      (
        await handle.db
          .selectFrom("mail_outbox")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("status", "in", ["pending", "sending"])
          .executeTakeFirstOrThrow()
      ).n,
    );
  try {
    // 1. Speed.
    await queue(messages, "Speed");
    const speed = startWorker(database.url, sink.url, mode);
    while ((await left()) > 0) await sleep(100);
    speed.child.kill("SIGTERM");
    await speed.exited;
    const times = sink.messages.map((m) => m.at);
    const perSecond = ((sink.messages.length - 1) * 1000) / (Math.max(...times) - Math.min(...times));
    sink.messages.splice(0);

    // 2. Kills, each while the worker is sending (a backlog is topped up before each).
    const lives: { from: number; accepted: number }[] = [];
    for (let k = 0; k < kills; k++) {
      const pending = await left();
      if (pending < 150) await queue(150 - pending, `Kill ${k}`);
      const worker = startWorker(database.url, sink.url, mode);
      const from = await worker.ready;
      const before = sink.messages.length;
      // Killed once it has sent, at a random moment.
      while (sink.messages.length === before) await sleep(5);
      await sleep(between(50, 600));
      worker.child.kill("SIGKILL");
      await worker.exited;
      lives.push({ from, accepted: sink.messages.length - before });
    }
    const last = startWorker(database.url, sink.url, mode);
    await last.ready;
    let stalledAt = Date.now();
    for (let n = await left(), previous = n; n > 0; previous = n, n = await left()) {
      if (n !== previous) stalledAt = Date.now();
      if (Date.now() - stalledAt > 60_000) throw new Error(`${n} messages were never sent`);
      await sleep(200);
    }
    last.child.kill("SIGTERM");
    await last.exited;
    await sleep(500);

    // A copy belongs to the last process started (ready) before the sink accepted it.
    const copies = new Map<string, number[]>();
    for (const m of sink.messages) copies.set(m.raw.messageId ?? "", [...(copies.get(m.raw.messageId ?? "") ?? []), m.at]);
    const perKill = lives.map(() => 0);
    for (const times of copies.values()) {
      if (times.length < 2) continue;
      const first = Math.min(...times);
      const life = lives.findLastIndex((l) => l.from <= first);
      if (life >= 0) perKill[life]! += times.length - 1;
    }
    const duplicates = [...copies.values()].reduce((a, t) => a + t.length - 1, 0);
    console.log(
      `${mode} on ${dialect}: ${perSecond.toFixed(1)} messages/s; ${kills} kills while sending (${lives.reduce((a, l) => a + l.accepted, 0)} messages accepted ` +
        `by the killed processes): ${duplicates} duplicates, at most ${Math.max(...perKill)} per kill, kills with one: ${perKill.filter((n) => n > 0).length}`,
    );
  } finally {
    await sink.stop();
    await handle.destroy();
    await database.drop();
  }
}

for (const mode of modes) await run(mode);
