import { sql, type SqlBool } from "kysely";
import type { OutboxRow, OutboxStatus } from "~/lib/db/schema";
import { getRuntime, mailQueued } from "~/lib/runtime.server";
import { TRIMMED_ADDRESS } from "~/modules/privacy/retention.server";
import { recordAudit } from "./audit.server";
import { fromTorontoWallClock } from "./export-dates";
import type { OutboxFilter, OutboxFilterStatus } from "./outbox";

/**
 * The back office's view of the mail outbox (ADR 3):
 * every email with its delivery state, one message in full, and resending a failed one.
 *
 * Operators see three states. "Queued" is the worker's pending and sending (claimed, on its
 * way): both mean "not delivered yet, the worker will try". "Failed" is final (an SMTP 5xx
 * reply that refuses the recipient, or the retries ran out) until an operator resends.
 */
const STORED: Record<OutboxFilterStatus, OutboxStatus[]> = {
  queued: ["pending", "sending"],
  sent: ["sent"],
  failed: ["failed"],
};

export const displayStatus = (status: OutboxStatus): OutboxFilterStatus =>
  status === "sent" ? "sent" : status === "failed" ? "failed" : "queued";

export const OUTBOX_PAGE_SIZE = 25;

export type OutboxListItem = {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: OutboxFilterStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string;
  /** The retention job blanked its body and address (privacy/retention.server.ts). */
  trimmed: boolean;
};

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Filters as a query (shared by the page and the CSV export). */
function filtered(filter: OutboxFilter) {
  let query = getRuntime().db.selectFrom("mail_outbox");
  if (filter.status) query = query.where("status", "in", STORED[filter.status]);
  const q = filter.q?.trim();
  if (q) {
    // lower() on both sides: SQLite's LIKE ignores ASCII case, PostgreSQL's does not.
    const pattern = `%${escapeLike(q.toLowerCase())}%`;
    query = query.where(
      sql<SqlBool>`(lower(to_address) like ${pattern} escape '\\' or lower(subject) like ${pattern} escape '\\')`,
    );
  }
  return query;
}

const toItem = (r: OutboxRow): OutboxListItem => ({
  id: r.id,
  kind: r.kind,
  to: r.to_address,
  subject: r.subject,
  status: displayStatus(r.status),
  attempts: Number(r.attempts),
  lastError: r.last_error,
  createdAt: r.created_at,
  sentAt: r.sent_at,
  nextAttemptAt: r.next_attempt_at,
  trimmed: r.to_address === TRIMMED_ADDRESS,
});

const LIST_COLUMNS = [
  "id",
  "kind",
  "to_address",
  "subject",
  "status",
  "attempts",
  "last_error",
  "created_at",
  "sent_at",
  "next_attempt_at",
] as const;

/** One page of the outbox, newest first. */
export async function listOutbox(filter: OutboxFilter, page = 1, pageSize = OUTBOX_PAGE_SIZE) {
  const counted = await filtered(filter)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(page, pages);
  const rows = await filtered(filter)
    .select(LIST_COLUMNS)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((current - 1) * pageSize)
    .execute();
  return { items: rows.map((r) => toItem(r as OutboxRow)), total, page: current, pages, pageSize };
}

/** Every message matching the filter, newest first, for the CSV export (bodies left out). */
export async function exportOutbox(filter: OutboxFilter = {}): Promise<OutboxListItem[]> {
  const rows = await filtered(filter).select(LIST_COLUMNS).orderBy("created_at", "desc").orderBy("id", "desc").execute();
  return rows.map((r) => toItem(r as OutboxRow));
}

export type OutboxMessage = OutboxListItem & {
  replyTo: string | null;
  messageId: string | null;
  text: string;
  html: string;
  /** The request it was written for, if any and not deleted (its page in the back office). */
  requestReference: string | null;
};

export async function getOutboxMessage(id: string): Promise<OutboxMessage | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { db } = getRuntime();
  const row = await db.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const request = row.request_id
    ? await db.selectFrom("requests").select("reference").where("id", "=", row.request_id).where("deleted_at", "is", null).executeTakeFirst()
    : undefined;
  return {
    ...toItem(row),
    replyTo: row.reply_to,
    messageId: row.message_id,
    text: row.text_body,
    html: row.html_body,
    requestReference: request?.reference ?? null,
  };
}

export type ResendResult = { ok: true } | { ok: false; reason: "not-found" | "not-failed" };

/**
 * Puts a failed message back in the queue, due now, and wakes the worker. Its attempts start
 * again from zero: the worker gives up after maxAttempts, and a message that ran out of retries
 * (or met a 5xx) deserves a full set once the operator fixed the cause. What it was (status,
 * attempts, last error) is kept in the audit log. Only a failed message can be resent: a
 * queued one is already on its way and a sent one was delivered (resending would duplicate).
 */
export async function resendOutboxMessage(id: string, actorId: string): Promise<ResendResult> {
  const { db } = getRuntime();
  const result = await db.transaction().execute(async (trx): Promise<ResendResult> => {
    const row = await trx
      .selectFrom("mail_outbox")
      .select(["id", "status", "attempts", "last_error", "next_attempt_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return { ok: false, reason: "not-found" };
    if (row.status !== "failed") return { ok: false, reason: "not-failed" };
    const now = new Date().toISOString();
    // The status condition makes a double submit (two tabs) resend once.
    const updated = await trx
      .updateTable("mail_outbox")
      .set({ status: "pending", attempts: 0, next_attempt_at: now, locked_until: null, failed_at: null })
      .where("id", "=", id)
      .where("status", "=", "failed")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return { ok: false, reason: "not-failed" };
    await recordAudit(trx, {
      actorId,
      action: "outbox.resend",
      entityType: "mail_outbox",
      entityId: id,
      before: { status: row.status, attempts: Number(row.attempts), lastError: row.last_error, nextAttemptAt: row.next_attempt_at },
      after: { status: "pending", attempts: 0, nextAttemptAt: now },
    });
    return { ok: true };
  });
  if (result.ok) mailQueued();
  return result;
}

/**
 * The instant a "failed since" field names: Toronto's wall clock as an <input
 * type="datetime-local"> sends it ("2026-12-06T09:30"), not in the future. Null otherwise.
 */
export function parseFailedSince(value: unknown, now = new Date()): Date | null {
  const wall = typeof value === "string" ? /^(\d{4}-\d{2}-\d{2})T([01]\d:[0-5]\d|2[0-3]:[0-5]\d)(?::\d{2})?$/.exec(value.trim()) : null;
  const since = wall ? fromTorontoWallClock(wall[1]!, wall[2]!) : null;
  return since && since.getTime() <= now.getTime() ? since : null;
}

/**
 * Puts every message that failed since `since` back in the queue, due now, with a fresh set of
 * attempts (as resendOutboxMessage does for one): after the relay's trouble, an operator's way
 * out that is not one message at a time (issue 52). A message that failed before migration
 * 0022 has no failure time and is read by its creation time. One audit record names them all
 * (ids, how many, since when), in the transaction that resends them; a second submit finds
 * none left to resend.
 */
export async function resendFailedSince(since: Date, actorId: string): Promise<{ count: number }> {
  const { db } = getRuntime();
  const sinceIso = since.toISOString();
  const ids = await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const resent = await trx
      .updateTable("mail_outbox")
      .set({ status: "pending", attempts: 0, next_attempt_at: now, locked_until: null, failed_at: null })
      .where("status", "=", "failed")
      .where((eb) => eb(eb.fn.coalesce("failed_at", "created_at"), ">=", sinceIso))
      // Trimmed by the retention job: no address left to send to.
      .where("to_address", "!=", TRIMMED_ADDRESS)
      .returning("id")
      .execute();
    if (resent.length === 0) return [];
    const ids = resent.map((r) => r.id);
    await recordAudit(trx, {
      actorId,
      action: "outbox.resend-failed",
      entityType: "mail_outbox",
      entityId: `failed-since:${sinceIso}`,
      before: { status: "failed", failedSince: sinceIso, count: ids.length, ids },
      after: { status: "pending", attempts: 0, nextAttemptAt: now },
    });
    return ids;
  });
  if (ids.length > 0) mailQueued();
  return { count: ids.length };
}
