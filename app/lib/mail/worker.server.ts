import type { Kysely, Transaction } from "kysely";
import type { DB, Dialect } from "../db/db.server";
import type { Database, OutboxRow } from "../db/schema";

type Executor = Kysely<Database> | Transaction<Database>;
import type { MailTransport } from "./transport.server";

export type MailWorkerOptions = {
  db: DB;
  dialect: Dialect;
  transport: MailTransport;
  from: string;
  /** Idle poll interval; new mail also wakes the worker through kick(). */
  pollMs?: number;
  /** First retry delay; doubles on each attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Attempts before a transiently failing message is given up as failed. */
  maxAttempts?: number;
  /** How long a claimed message stays claimed before another worker may take it. */
  leaseMs?: number;
  log?: (message: string) => void;
};

/**
 * Sends queued mail. Claims due rows (pending, or claimed by a worker that died), sends each,
 * and records the outcome: sent; retried later with exponential backoff for connection errors
 * and SMTP 4xx replies; failed for SMTP 5xx replies (the server will never accept it).
 * Delivery is at-least-once: a crash between sending and recording the outcome re-sends.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  /** kick() does nothing until start(); drain() can still be called directly (tests, scripts). */
  private started = false;
  private stopping = false;
  private readonly o: Required<Omit<MailWorkerOptions, "log">> & Pick<MailWorkerOptions, "log">;

  constructor(options: MailWorkerOptions) {
    this.o = {
      pollMs: 2000,
      baseDelayMs: 5000,
      maxDelayMs: 60 * 60 * 1000,
      maxAttempts: 25,
      leaseMs: 60 * 1000,
      ...options,
    };
  }

  start() {
    this.started = true;
    this.recoverAbandoned()
      .catch((error: unknown) => this.o.log?.(`mail worker: ${String(error)}`))
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
      .catch((error: unknown) => this.o.log?.(`mail worker: ${String(error)}`))
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
      const sent =
        this.o.dialect === "postgres" ? await this.drainOneLocked(dueBy) : await this.drainBatchLeased(dueBy);
      total += sent;
      if (sent === 0 || this.stopping) return total;
    }
  }

  /**
   * SQLite has one writer, so we must not hold a transaction open while talking to SMTP: rows
   * are claimed with a lease instead. Only one process uses a SQLite file, so claims left by
   * a crashed run are released at start (recoverAbandoned).
   */
  private async drainBatchLeased(dueBy: string): Promise<number> {
    const leaseUntil = new Date(Date.now() + this.o.leaseMs).toISOString();
    const rows = await this.o.db.transaction().execute(async (trx) => {
      const due = await this.dueQuery(trx, dueBy, 10).execute();
      if (due.length === 0) return [];
      await trx
        .updateTable("mail_outbox")
        .set({ status: "sending", locked_until: leaseUntil })
        .where(
          "id",
          "in",
          due.map((r) => r.id),
        )
        .execute();
      return due;
    });
    for (const row of rows) await this.record(this.o.db, row, await this.send(row));
    return rows.length;
  }

  /**
   * PostgreSQL: each message is sent inside a transaction that holds its row lock, so several
   * app processes never send the same message, and a crash simply releases the lock.
   */
  private async drainOneLocked(dueBy: string): Promise<number> {
    return this.o.db.transaction().execute(async (trx) => {
      const row = await this.dueQuery(trx, dueBy, 1).forUpdate().skipLocked().executeTakeFirst();
      if (!row) return 0;
      await this.record(trx, row, await this.send(row));
      return 1;
    });
  }

  /** Releases claims that a previous, crashed run of this process left behind (SQLite only). */
  async recoverAbandoned(): Promise<number> {
    if (this.o.dialect !== "sqlite") return 0;
    const result = await this.o.db
      .updateTable("mail_outbox")
      .set({ status: "pending", locked_until: null })
      .where("status", "=", "sending")
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
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

  private async send(row: OutboxRow): Promise<{ ok: true; messageId: string } | { ok: false; error: unknown }> {
    try {
      const info = await this.o.transport.send({
        from: this.o.from,
        to: row.to_address,
        replyTo: row.reply_to ?? undefined,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        messageId: `<${row.id}@outbox>`,
      });
      return { ok: true, messageId: info.messageId };
    } catch (error) {
      return { ok: false, error };
    }
  }

  private async record(db: Executor, row: OutboxRow, outcome: Awaited<ReturnType<MailWorker["send"]>>) {
    const attempts = row.attempts + 1;
    if (outcome.ok) {
      await db
        .updateTable("mail_outbox")
        .set({
          status: "sent",
          sent_at: new Date().toISOString(),
          message_id: outcome.messageId,
          locked_until: null,
          last_error: null,
          attempts,
        })
        .where("id", "=", row.id)
        .execute();
      return;
    }
    const permanent = isPermanent(outcome.error) || attempts >= this.o.maxAttempts;
    const delay = Math.max(1, Math.min(this.o.baseDelayMs * 2 ** (attempts - 1), this.o.maxDelayMs));
    const message = describe(outcome.error);
    this.o.log?.(`mail ${row.id} (${row.kind}) attempt ${attempts} ${permanent ? "failed" : "will retry"}: ${message}`);
    await db
      .updateTable("mail_outbox")
      .set({
        status: permanent ? "failed" : "pending",
        attempts,
        last_error: message.slice(0, 1000),
        locked_until: null,
        next_attempt_at: new Date(Date.now() + delay).toISOString(),
      })
      .where("id", "=", row.id)
      .execute();
  }
}

/** SMTP 5xx replies are final; connection problems and 4xx replies are worth retrying. */
export function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const e = error as Error & { code?: string; responseCode?: number };
    return [e.code, e.responseCode, e.message].filter(Boolean).join(" ");
  }
  return String(error);
}
