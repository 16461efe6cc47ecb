import type { Kysely, Transaction } from "kysely";
import type { DB, Dialect } from "../db/db.server";
import type { Database, OutboxRow } from "../db/schema";
import type { MailTransport } from "./transport.server";

type Executor = Kysely<Database> | Transaction<Database>;

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
  /**
   * How long a claimed message stays claimed before another worker may take it (a claim left
   * by a killed process is sent again after this). Longer than the transport's timeouts, so a
   * slow but live worker never loses its claim.
   */
  leaseMs?: number;
  /** Messages claimed at once, and sent at once over the transport's pooled connections. */
  batchSize?: number;
  concurrency?: number;
  log?: (message: string) => void;
};

/**
 * Sends queued mail; one runs in every app process (ADR 3, ADR 16). Claims due rows (pending,
 * or claimed by a worker whose lease ran out) with a lease, sends them, and records each
 * outcome: sent; retried later with exponential backoff for connection errors and SMTP 4xx
 * replies; failed for SMTP 5xx replies (the server will never accept it). Delivery is
 * at-least-once: a crash after the server accepted a message but before its row was marked
 * sent re-sends it when the lease runs out.
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
      // One message at a time per process: a killed process can have sent at most one message
      // it had no time to record (each lane in flight is one more possible duplicate, ADR 16).
      batchSize: 10,
      concurrency: 1,
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
   * Sends claimed rows, `concurrency` at a time over the transport's pooled connections, and
   * records each outcome as soon as it is known (the smaller the gap between the server's
   * acceptance and our record, the rarer a re-send after a crash).
   */
  async deliver(rows: OutboxRow[], leaseUntil: string) {
    const queue = [...rows];
    const lane = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        await this.record(row, leaseUntil, await this.send(row));
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.o.concurrency, rows.length) }, lane));
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

  /**
   * Records an outcome, fenced by our lease: if the lease ran out and another worker claimed the
   * row meanwhile, its claim (a later lease) wins and this update changes nothing.
   */
  private async record(row: OutboxRow, leaseUntil: string, outcome: Awaited<ReturnType<MailWorker["send"]>>) {
    const attempts = row.attempts;
    const mine = this.o.db
      .updateTable("mail_outbox")
      .where("id", "=", row.id)
      .where("status", "=", "sending")
      .where("locked_until", "=", leaseUntil);
    if (outcome.ok) {
      await mine
        .set({
          status: "sent",
          sent_at: new Date().toISOString(),
          message_id: outcome.messageId,
          locked_until: null,
          last_error: null,
        })
        .execute();
      return;
    }
    const permanent = isPermanent(outcome.error) || attempts >= this.o.maxAttempts;
    const delay = Math.max(1, Math.min(this.o.baseDelayMs * 2 ** (attempts - 1), this.o.maxDelayMs));
    const message = describe(outcome.error);
    this.o.log?.(`mail ${row.id} (${row.kind}) attempt ${attempts} ${permanent ? "failed" : "will retry"}: ${message}`);
    await mine
      .set({
        status: permanent ? "failed" : "pending",
        last_error: message.slice(0, 1000),
        locked_until: null,
        next_attempt_at: new Date(Date.now() + delay).toISOString(),
      })
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
