import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { type CapturedMail, SmtpSink } from "../support/smtp-sink";

/**
 * The e2e web server (playwright.config.ts → webServer): a real SMTP sink on a free local port,
 * then the production app (`node --import tsx server/main.ts`) with SMTP_URL pointing at it.
 *
 * Every message the sink receives is written to `${E2E_DATA_DIR}/smtp/<timestamp>-<n>.json`
 * as {to, from, replyTo, subject, text, html}, where the tests read it back (support.ts).
 * Files are written under a temporary name and renamed, so a reader never sees half a message.
 *
 * SIGTERM / SIGINT stop the app (and wait for it) and then the sink. If the app exits on its
 * own, the sink is stopped and this process exits with the app's code.
 */

const dataDir = process.env.E2E_DATA_DIR ?? process.env.DATA_DIR;
if (!dataDir) {
  console.error("serve.ts: E2E_DATA_DIR (or DATA_DIR) must be set");
  process.exit(1);
}
const smtpDir = path.join(dataDir, "smtp");
fs.mkdirSync(smtpDir, { recursive: true });

const sink = await new SmtpSink().start(0);
console.log(`SMTP sink listening on ${sink.url}, writing messages to ${smtpDir}`);

let written = 0;
let stopping = false;

function persist(mail: CapturedMail, n: number) {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const name = `${stamp}-${String(n).padStart(5, "0")}.json`;
  const replyTo = mail.raw.replyTo?.value.map((a) => a.address ?? "").filter(Boolean) ?? [];
  const json = JSON.stringify(
    { to: mail.to, from: mail.from, replyTo, subject: mail.subject, text: mail.text, html: mail.html },
    null,
    2,
  );
  const tmp = path.join(smtpDir, `.${name}.tmp`);
  fs.writeFileSync(tmp, json);
  fs.renameSync(tmp, path.join(smtpDir, name));
}

function flush() {
  while (written < sink.messages.length) {
    const mail = sink.messages[written]!;
    written += 1;
    try {
      persist(mail, written);
    } catch (error) {
      console.error(`serve.ts: could not write message ${written}:`, error);
    }
  }
}

/** Writes each new message as soon as the sink has it (the sink wakes its waiters on arrival). */
async function pump() {
  while (!stopping) {
    try {
      await sink.waitFor((m) => sink.messages.indexOf(m) >= written, 60_000);
    } catch {
      // No new message within the wait: wait again.
    }
    flush();
  }
}
void pump();

const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
  env: { ...process.env, SMTP_URL: sink.url },
  stdio: ["ignore", "pipe", "pipe"],
});
child.stdout?.pipe(process.stdout);
child.stderr?.pipe(process.stderr);

const childExited = new Promise<number>((resolve) => {
  child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
});

async function stopSink() {
  stopping = true;
  flush();
  await sink.stop();
}

async function shutdown(signal: NodeJS.Signals) {
  if (stopping) return;
  console.log(`serve.ts: ${signal}, stopping the app and the SMTP sink`);
  const force = setTimeout(() => {
    child.kill("SIGKILL");
    process.exit(1);
  }, 15_000);
  force.unref();
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  await childExited;
  await stopSink();
  process.exit(0);
}

process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

void childExited.then(async (code) => {
  if (stopping) return;
  console.error(`serve.ts: the app exited with code ${code}`);
  await stopSink();
  process.exit(code);
});
