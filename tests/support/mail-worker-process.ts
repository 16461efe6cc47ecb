// A mail worker alone in its own process, for tests and measurements that SIGKILL it in the
// middle of a batch (app/lib/mail/worker.server.test.ts, scripts/bench-mail-kills.ts).
// Environment: DATABASE_URL, SMTP_URL, MAIL_LEASE_MS, MAIL_POOL ("false": a connection per
// message), MAIL_CONCURRENCY (messages at a time, 1). Prints "ready" once started; sends until
// killed or stopped (SIGTERM).
import { openDatabase } from "../../app/lib/db/db.server";
import { createTransport } from "../../app/lib/mail/transport.server";
import { MailWorker } from "../../app/lib/mail/worker.server";

const handle = openDatabase(process.env.DATABASE_URL!);
const worker = new MailWorker({
  db: handle.db,
  dialect: handle.dialect,
  transport: createTransport({ smtpUrl: process.env.SMTP_URL!, dataDir: "/nonexistent", pool: process.env.MAIL_POOL !== "false" }),
  from: "GTA Connect <no-reply@example.test>",
  leaseMs: Number(process.env.MAIL_LEASE_MS ?? 15_000),
  concurrency: Number(process.env.MAIL_CONCURRENCY ?? 1),
  pollMs: 50,
  log: (line) => console.log(line),
});
worker.start();
console.log("ready");
process.once("SIGTERM", () => {
  void worker
    .stop()
    .then(() => handle.destroy())
    .then(() => process.exit(0));
});
