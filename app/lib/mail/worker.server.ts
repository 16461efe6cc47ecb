import type { Kysely, Transaction } from "kysely";
import { isDatabaseUnavailable } from "../db/availability.server";
import type { DB, Dialect } from "../db/db.server";
import type { Database, OutboxRow } from "../db/schema";
import { serial } from "../serial";
import { readAttachments, readHeaders } from "./outbox.server";
import { type SecretBox, unmask } from "./secrets.server";
import type { MailTransport } from "./transport.server";

type Executor = Kysely<Database> | Transaction<Database>;

export type MailWorkerOptions = {
  db: DB;
  dialect: Dialect;
  transport: MailTransport;
  from: string;
  /** Reply-To of a message that names none (the operator mailbox: customers' replies reach a person). */
  replyTo?: string;
  /** The domain of each Message-ID (the PUBLIC_URL's host); "outbox" when unset (tests, scripts). */
  messageIdDomain?: string;
  /** Opens the sealed token of a reset or verification email (ADR 0025). */
  secrets?: SecretBox;
  /** Idle poll interval; new mail also wakes the worker through kick(). */
  pollMs?: number;
  /** First retry delay; doubles on each attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Attempts before a transiently failing message is given up as failed. */
  maxAttempts?: number;
  /**
   * How long a claim lasts unless renewed: a claim left by a killed process is sent again after
   * this. A live worker renews the claims it still holds every third of it while it sends, so
   * a slow SMTP server (slower than the lease) never hands its messages to another worker.
   */
  leaseMs?: number;
  /** Messages claimed at once (then sent one by one, their claims renewed together). */
  batchSize?: number;
  /** Messages handed to the transport at once; each one in flight is one possible duplicate. */
  concurrency?: number;
  log?: (message: string) => void;
  /** Hears each recorded outcome (the log's mail events and the metrics): ids, never an address. */
  onOutcome?: (outcome: MailOutcome) => void;
};

export type MailOutcome = { id: string; kind: string; attempts: number; result: "sent" | "retry" | "failed"; error?: string };

/**
 * Sends queued mail; one runs in every app process (ADR 3, ADR 16). Claims due rows (pending,
 * or claimed by a worker whose lease ran out) with a lease, sends them, and records each
 * outcome: sent; failed when the server refuses the recipient for good (a 5xx to RCPT TO that
 * names the address: 5.1.x, 5.2.1); retried later with exponential backoff for everything else
 * (connection errors, 4xx, and a 5xx on connecting, the greeting, MAIL FROM or DATA, or to RCPT
 * TO without an address status: the relay's trouble, not the message's — issue 52). After the
 * relay's trouble the rest of the batch is put back untried and the worker waits: one message
 * probes the relay, the backlog keeps its attempts.
 *
 * Delivery is at-least-once, and a duplicate only follows a crash between the server's
 * acceptance and our record: the message is completed (SMTP's final ".") only after a check
 * that the row still carries our lease, so a worker that was frozen (SIGSTOP, a starved
 * process) past its lease, whose row another worker took over, abandons the transaction.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  /** kick() does nothing until start(); drain() can still be called directly (tests, scripts). */
  private started = false;
  private stopping = false;
  /** Until when the relay is left alone after its trouble (ms since the epoch), and how many in a row. */
  private relayPausedUntil = 0;
  private relayTroubles = 0;
  private readonly o: Required<Omit<MailWorkerOptions, "log" | "onOutcome" | "replyTo" | "secrets">> &
    Pick<MailWorkerOptions, "log" | "onOutcome" | "replyTo" | "secrets">;

  constructor(options: MailWorkerOptions) {
    this.o = {
      pollMs: 2000,
      baseDelayMs: 5000,
      maxDelayMs: 60 * 60 * 1000,
      maxAttempts: 25,
      leaseMs: 15 * 1000,
      // One message at a time per process: a killed process can have sent at most one message
      // it had no time to record (each lane in flight is one more possible duplicate, ADR 16).
      batchSize: 10,
      concurrency: 1,
      messageIdDomain: "outbox",
      ...options,
    };
  }

  /** A run that failed; a database away is the database health's to log, once (not every poll). */
  private problem(error: unknown) {
    if (!isDatabaseUnavailable(error)) this.o.log?.(`mail worker: ${String(error)}`);
  }

  start() {
    this.started = true;
    this.recoverAbandoned()
      .catch((error: unknown) => this.problem(error))
      .finally(() => this.kick());
  }

  /** Run soon (coalesces with a run in progress). */
  kick() {
    if (!this.started || this.stopping) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain()
      .then(() => undefined)
      .catch((error: unknown) => this.problem(error))
      .finally(() => {
        this.running = undefined;
        if (this.stopping) return;
        if (this.again) {
          this.again = false;
          this.kick();
        } else {
          this.timer = setTimeout(() => this.kick(), this.o.pollMs);
          this.timer.unref();
        }
      });
  }

  async stop() {
    this.stopping = true;
    clearTimeout(this.timer);
    await this.running;
    this.o.transport.close();
  }

  /**
   * Sends everything that was due when the call began (a message rescheduled by a failure
   * waits for a later run). Returns how many messages were attempted.
   */
  async drain(): Promise<number> {
    const dueBy = new Date().toISOString();
    let total = 0;
    for (;;) {
      if (this.relayPaused()) return total;
      const claimed = await this.claim(dueBy);
      if (claimed.rows.length === 0) return total;
      await this.deliver(claimed.rows, claimed.leaseUntil);
      total += claimed.rows.length;
      if (this.stopping) return total;
    }
  }

  /**
   * Claims up to `batchSize` due rows with a lease, in one short transaction: no transaction
   * stays open while we talk to SMTP. On PostgreSQL the rows are picked `FOR UPDATE SKIP
   * LOCKED`, so workers in several app processes claim disjoint rows without waiting for each
   * other; on SQLite the single writer serialises claims. A claim counts as an attempt, so a
   * message that kills its worker every time still runs out of attempts.
   */
  async claim(dueBy = new Date().toISOString()): Promise<{ rows: OutboxRow[]; leaseUntil: string }> {
    const leaseUntil = new Date(Date.now() + this.o.leaseMs).toISOString();
    const rows = await this.o.db.transaction().execute(async (trx) => {
      const query = this.dueQuery(trx, dueBy, this.o.batchSize);
      const due = await (this.o.dialect === "postgres" ? query.forUpdate().skipLocked() : query).execute();
      if (due.length === 0) return [];
      await trx
        .updateTable("mail_outbox")
        .set((eb) => ({ status: "sending", locked_until: leaseUntil, attempts: eb("attempts", "+", 1) }))
        .where(
          "id",
          "in",
          due.map((r) => r.id),
        )
        .execute();
      return due.map((r) => ({ ...r, status: "sending" as const, locked_until: leaseUntil, attempts: r.attempts + 1 }));
    });
    return { rows, leaseUntil };
  }

  /**
   * Sends claimed rows, `concurrency` at a time (the SMTP transport has one connection), and
   * records each outcome as soon as it is known (the smaller the gap between the server's
   * acceptance and our record, the rarer a re-send after a crash). Meanwhile a heartbeat renews
   * the claim of the rows not yet recorded every third of the lease; a row whose claim was lost
   * (or cannot be renewed in time) is not sent: another worker has it, or will.
   */
  async deliver(rows: OutboxRow[], leaseUntil: string) {
    const lease = new Lease(leaseUntil, rows.map((r) => r.id));
    const heartbeat = setInterval(() => {
      this.renew(lease).catch((error: unknown) => this.o.log?.(`mail worker: renewing a claim: ${String(error)}`));
    }, Math.max(1, Math.floor(this.o.leaseMs / 3)));
    heartbeat.unref();
    try {
      const queue = [...rows];
      const lane = async () => {
        for (let row = queue.shift(); row; row = queue.shift()) {
          // A third of the lease left means a renewal failed: the row may soon be due elsewhere.
          if (!lease.holds(row.id, this.o.leaseMs / 3)) continue;
          const current = row;
          if (this.relayPaused()) {
            await lease.exclusive(() => this.putBack(current, lease, new Date(this.relayPausedUntil)));
            continue;
          }
          const outcome = await this.send(row, () => this.stillOurs(current, lease));
          await lease.exclusive(() => (outcome.ok === "lost" ? this.putBack(current, lease, new Date()) : this.record(current, lease, outcome)));
        }
      };
      await Promise.all(Array.from({ length: Math.min(this.o.concurrency, rows.length) }, lane));
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * Moves the lease of the rows still ours forward: the update matches exactly the rows that
   * carry our current token, and those get the new one. A row it does not match was taken over
   * (our lease had run out) and is dropped from the batch.
   */
  async renew(lease: Lease) {
    await lease.exclusive(async () => {
      if (lease.held.size === 0) return;
      const next = new Date(Date.now() + this.o.leaseMs).toISOString();
      const renewed = await this.o.db
        .updateTable("mail_outbox")
        .set({ locked_until: next })
        .where("id", "in", [...lease.held])
        .where("status", "=", "sending")
        .where("locked_until", "=", lease.until)
        .returning("id")
        .execute();
      lease.renewed(next, renewed.map((r) => r.id));
    });
  }

  /**
   * Releases claims that a previous, crashed run of this process left behind (SQLite only: one
   * process owns the file). On PostgreSQL other processes may be sending right now; there a
   * claim is released by its lease running out.
   */
  async recoverAbandoned(): Promise<number> {
    if (this.o.dialect !== "sqlite") return 0;
    const result = await this.o.db
      .updateTable("mail_outbox")
      .set({ status: "pending", locked_until: null })
      .where("status", "=", "sending")
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  private relayPaused() {
    return Date.now() < this.relayPausedUntil;
  }

  /**
   * The check before a message is completed (the transport's beforeCommit): the row is still
   * ours, with time left to record it. Rejects (and the transaction is abandoned) when the lease
   * was lost — another worker may be sending it now — or is about to run out.
   */
  private stillOurs(row: OutboxRow, lease: Lease): Promise<void> {
    return lease.exclusive(async () => {
      if (lease.holds(row.id, this.o.leaseMs / 3)) {
        const mine = await this.o.db
          .selectFrom("mail_outbox")
          .select("id")
          .where("id", "=", row.id)
          .where("status", "=", "sending")
          .where("locked_until", "=", lease.until)
          .executeTakeFirst();
        if (mine) return;
      }
      throw new LeaseLost(row.id);
    });
  }

  /**
   * Gives a claimed row back untried (fenced by our lease: a row taken over stays with its new
   * worker): due at `due`, and its claim's attempt not counted, since nothing was attempted.
   */
  private async putBack(row: OutboxRow, lease: Lease, due: Date) {
    const leaseUntil = lease.until;
    lease.release(row.id);
    await this.o.db
      .updateTable("mail_outbox")
      .set((eb) => ({ status: "pending", locked_until: null, next_attempt_at: due.toISOString(), attempts: eb("attempts", "-", 1) }))
      .where("id", "=", row.id)
      .where("status", "=", "sending")
      .where("locked_until", "=", leaseUntil)
      .execute();
  }

  private dueQuery(db: Executor, nowIso: string, limit: number) {
    return db
      .selectFrom("mail_outbox")
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb("status", "=", "pending"), eb("next_attempt_at", "<=", nowIso)]),
          eb.and([eb("status", "=", "sending"), eb("locked_until", "<", nowIso)]),
        ]),
      )
      .orderBy("next_attempt_at")
      .limit(limit);
  }

  private async send(
    row: OutboxRow,
    beforeCommit: () => Promise<void>,
  ): Promise<{ ok: true; messageId: string } | { ok: false; error: unknown } | { ok: "lost" }> {
    let lost = false;
    const gate = () =>
      beforeCommit().catch((error: unknown) => {
        lost = error instanceof LeaseLost;
        throw error;
      });
    try {
      const stored = { text: row.text_body, html: row.html_body };
      // The live link exists only in the message handed to SMTP, never in a stored row.
      const secret = row.sealed_secret ? this.openSecret(row.sealed_secret) : null;
      const body = secret === null ? stored : unmask(stored, secret);
      // Extra headers (List-Unsubscribe) may carry the same link: unmasked the same way.
      const extra = Object.fromEntries(
        Object.entries(readHeaders(row.headers)).map(([name, value]) => [name, secret === null ? value : unmask({ text: value, html: "" }, secret).text]),
      );
      const replyTo = row.reply_to ?? this.o.replyTo;
      const info = await this.o.transport.send(
        {
        from: this.o.from,
        to: row.to_address,
        ...(replyTo ? { replyTo } : {}),
        subject: row.subject,
        ...body,
        messageId: `<${row.id}@${this.o.messageIdDomain}>`,
        // RFC 3834: no autoresponder answers it, and none is an answer to a person.
        headers: { ...extra, "Auto-Submitted": "auto-generated" },
        ...(row.attachments ? { attachments: readAttachments(row.attachments) } : {}),
        },
        { beforeCommit: gate },
      );
      return { ok: true, messageId: info.messageId };
    } catch (error) {
      return lost ? { ok: "lost" } : { ok: false, error };
    }
  }

  private openSecret(sealed: string): string {
    if (!this.o.secrets) throw new PermanentError("No key to open this message's link");
    try {
      return this.o.secrets.open(sealed);
    } catch {
      // A key that changed (AUTH_SECRET rotated) never opens it: give the message up.
      throw new PermanentError("This message's link cannot be opened (AUTH_SECRET changed?)");
    }
  }

  /**
   * Records an outcome, fenced by our lease: if the lease ran out and another worker claimed the
   * row meanwhile, its claim (a later lease) wins and this update changes nothing. Runs inside
   * lease.exclusive(), so no renewal moves the token between this read of it and the update.
   */
  private async record(row: OutboxRow, lease: Lease, outcome: { ok: true; messageId: string } | { ok: false; error: unknown }) {
    const attempts = row.attempts;
    const leaseUntil = lease.until;
    lease.release(row.id);
    const mine = this.o.db
      .updateTable("mail_outbox")
      .where("id", "=", row.id)
      .where("status", "=", "sending")
      .where("locked_until", "=", leaseUntil);
    if (outcome.ok) {
      this.relayTroubles = 0;
      await mine
        .set({
          status: "sent",
          sent_at: new Date().toISOString(),
          message_id: outcome.messageId,
          locked_until: null,
          last_error: null,
          sealed_secret: null,
        })
        .execute();
      this.o.onOutcome?.({ id: row.id, kind: row.kind, attempts, result: "sent" });
      return;
    }
    const permanent = isPermanent(outcome.error) || attempts >= this.o.maxAttempts;
    const delay = this.backoff(attempts);
    if (isRelayTrouble(outcome.error)) {
      // The next messages would meet the same trouble: they wait with this one, untried.
      this.relayTroubles++;
      this.relayPausedUntil = Math.max(this.relayPausedUntil, Date.now() + Math.min(this.backoff(this.relayTroubles), RELAY_PAUSE_MAX_MS));
    } else this.relayTroubles = 0;
    const message = describe(outcome.error);
    if (this.o.onOutcome) this.o.onOutcome({ id: row.id, kind: row.kind, attempts, result: permanent ? "failed" : "retry", error: message });
    else this.o.log?.(`mail ${row.id} (${row.kind}) attempt ${attempts} ${permanent ? "failed" : "will retry"}: ${message}`);
    await mine
      .set({
        status: permanent ? "failed" : "pending",
        last_error: message.slice(0, 1000),
        ...(permanent ? { sealed_secret: null, failed_at: new Date().toISOString() } : {}),
        locked_until: null,
        next_attempt_at: new Date(Date.now() + delay).toISOString(),
      })
      .execute();
  }

  private backoff(attempts: number) {
    return Math.max(1, Math.min(this.o.baseDelayMs * 2 ** (attempts - 1), this.o.maxDelayMs));
  }
}

/** The longest wait after the relay's trouble: a relay back after an hour's outage is used within minutes. */
const RELAY_PAUSE_MAX_MS = 5 * 60 * 1000;

/** Our lease on a row was lost (or nearly ran out) before its message was completed. */
class LeaseLost extends Error {
  constructor(id: string) {
    super(`mail ${id}: the lease ran out or was taken over before the message was completed`);
  }
}

/** A message that can never be sent, whatever the relay says (its link cannot be opened). */
class PermanentError extends Error {}

/**
 * One batch's claim: the rows not yet recorded and the token (`locked_until`) they carry. A
 * renewal and a record both read and use the token, so they take turns (exclusive).
 */
export class Lease {
  readonly held: Set<string>;
  readonly exclusive = serial();

  constructor(
    public until: string,
    ids: string[],
  ) {
    this.held = new Set(ids);
  }

  /** Ours, with more than `marginMs` of the lease left. */
  holds(id: string, marginMs: number) {
    return this.held.has(id) && Date.parse(this.until) - Date.now() > marginMs;
  }

  renewed(until: string, ids: string[]) {
    const still = new Set(ids);
    for (const id of this.held) if (!still.has(id)) this.held.delete(id);
    this.until = until;
  }

  release(id: string) {
    this.held.delete(id);
  }
}

type SmtpError = { responseCode?: unknown; command?: unknown; response?: unknown } | null;

/**
 * Final: the relay refused this message's recipient for good — a 5xx reply to RCPT TO whose
 * enhanced status code (RFC 3463) is about the address: 5.1.x (no such mailbox or domain, bad
 * syntax; not 5.1.7/5.1.8, the sender's) or 5.2.1 (mailbox disabled). Everything else is worth
 * retrying: connection problems, 4xx replies, and 5xx replies that are about the relay (on
 * connecting, the greeting, MAIL FROM, DATA, or RCPT TO without an address status, like a
 * "550 relaying denied" of a misconfigured relay) — a relay refusing everything for five
 * seconds failed every message that came due (issue 52). A message the relay keeps refusing
 * still fails once its attempts run out.
 */
export function isPermanent(error: unknown): boolean {
  // Not nodemailer's own `permanent` flag: it marks every 5xx, the relay's trouble included.
  if (error instanceof PermanentError) return true;
  const e = error as SmtpError;
  const code = e?.responseCode;
  if (typeof code !== "number" || code < 500 || code >= 600 || e?.command !== "RCPT TO") return false;
  const status = typeof e.response === "string" ? /^\d{3}[ -](\d\.\d{1,3}\.\d{1,3})\b/.exec(e.response)?.[1] : undefined;
  return Boolean(status && ((/^5\.1\.\d+$/.test(status) && status !== "5.1.7" && status !== "5.1.8") || status === "5.2.1"));
}

/** The relay's trouble, not the message's: anything not final but a 4xx reply to RCPT TO (that one recipient's, for now). */
function isRelayTrouble(error: unknown): boolean {
  const e = error as SmtpError;
  if (isPermanent(error) || error instanceof LeaseLost) return false;
  return !(e?.command === "RCPT TO" && typeof e.responseCode === "number" && e.responseCode < 500);
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const e = error as Error & { code?: string; responseCode?: number };
    return [e.code, e.responseCode, e.message].filter(Boolean).join(" ");
  }
  return String(error);
}
