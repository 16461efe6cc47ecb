import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { type CapturedMail, SmtpSink } from "../support/smtp-sink";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

/**
 * The e2e web server (playwright.config.ts → webServer): a real SMTP sink on a free local port,
 * then the production app (`node build/server/main.js`) with SMTP_URL pointing at it.
 *
 * Every message the sink receives is written to `${E2E_DATA_DIR}/smtp/<timestamp>-<n>.json`
 * as {to, from, replyTo, subject, text, html}, where the tests read it back (support.ts).
 * Files are written under a temporary name and renamed, so a reader never sees half a message.
 *
 * The app runs from a snapshot of the project taken at start-up (build/, server/, app/ and the
 * package files copied to `${E2E_DATA_DIR}/app-snapshot`, node_modules linked): other engineers rebuild
 * /work/main while the suite runs, and the server build loads some of its chunks lazily, so a
 * rebuild mid-run would otherwise break the running server. The snapshot is only accepted once
 * every chunk and client asset the server build refers to is present (a build in progress is
 * waited for). E2E_SNAPSHOT=0 runs the app in place instead.
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
/** Set once the sink is being stopped: ends the pump loop. */
let stopping = false;
/** Set once a signal asked us to stop: the app's exit is then expected. */
let shuttingDown = false;

function persist(mail: CapturedMail, n: number) {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const name = `${stamp}-${String(n).padStart(5, "0")}.json`;
  const replyTo = mail.raw.replyTo?.value.map((a) => a.address ?? "").filter(Boolean) ?? [];
  const json = JSON.stringify(
    {
      to: mail.to,
      from: mail.from,
      replyTo,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      // Calendar invites, as the .ics text (journeys check their METHOD, UID and SEQUENCE).
      calendars: mail.raw.attachments.filter((a) => a.contentType === "text/calendar").map((a) => a.content.toString("utf8")),
    },
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

/** Files the server build needs that are missing: lazily imported chunks and client assets. */
function missingBuildFiles(root: string): string[] {
  const serverDir = path.join(root, "build/server");
  const entry = path.join(serverDir, "index.js");
  if (!fs.existsSync(entry)) return [entry];
  const missing: string[] = [];
  const files = fs
    .readdirSync(serverDir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".js"))
    .map((f) => path.join(serverDir, f));
  for (const file of files) {
    const code = fs.readFileSync(file, "utf8");
    for (const [, rel] of code.matchAll(/(?:from|import\()\s*["'](\.{1,2}\/[^"']+)["']/g)) {
      const target = path.resolve(path.dirname(file), rel!);
      if (!fs.existsSync(target)) missing.push(target);
    }
    for (const [, asset] of code.matchAll(/["'](\/assets\/[\w.-]+\.(?:js|css))["']/g)) {
      const target = path.join(root, "build/client", asset!);
      if (!fs.existsSync(target)) missing.push(target);
    }
  }
  return missing;
}

/** Copies what the server runs from into `dest`, retrying while a build is being written. */
async function snapshotApp(dest: string): Promise<string> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    let problem: string;
    try {
      fs.rmSync(dest, { recursive: true, force: true });
      fs.mkdirSync(dest, { recursive: true });
      for (const entry of ["build", "server", "app", "package.json", "tsconfig.json"]) {
        fs.cpSync(path.join(projectRoot, entry), path.join(dest, entry), { recursive: true });
      }
      fs.symlinkSync(path.join(projectRoot, "node_modules"), path.join(dest, "node_modules"), "dir");
      const missing = missingBuildFiles(dest);
      if (missing.length === 0) return dest;
      problem = `incomplete build, missing ${missing.slice(0, 3).join(", ")}`;
    } catch (error) {
      problem = String(error);
    }
    if (Date.now() > deadline) throw new Error(`serve.ts: no usable build in ${projectRoot}: ${problem}`);
    console.log(`serve.ts: waiting for a complete build (${problem})`);
    await sleep(2000);
  }
}

const appDir =
  process.env.E2E_SNAPSHOT === "0" ? projectRoot : await snapshotApp(path.join(dataDir, "app-snapshot"));
if (appDir !== projectRoot) console.log(`serve.ts: running the app from a snapshot in ${appDir}`);

const child: ChildProcess = spawn(process.execPath, ["build/server/main.js"], {
  cwd: appDir,
  // Warnings and errors only: a line per request would bury the journeys' own output.
  // scrypt at 2^14 as in the integration servers (tests/support/app-server.ts).
  env: { LOG_LEVEL: "warn", PASSWORD_HASH_COST: "14", ...process.env, SMTP_URL: sink.url },
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
  if (shuttingDown) return;
  shuttingDown = true;
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
  if (shuttingDown) return;
  console.error(`serve.ts: the app exited with code ${code}`);
  await stopSink();
  process.exit(code);
});
