import { randomUUID } from "node:crypto";
import { type Insertable, type Kysely, PostgresAdapter, sql, type Transaction } from "kysely";
import type { Database } from "../db/schema";
import { type RecipientCap, recipientKey, withinRecipientCap } from "./recipients.server";
import type { RenderedEmail } from "./template.server";

type Executor = Kysely<Database> | Transaction<Database>;

/** A file sent with a message (text only: an .ics invite), stored with it in the outbox. */
export type MailAttachment = { filename: string; contentType: string; content: string };

export type OutgoingEmail = RenderedEmail & {
  kind: string;
  to: string;
  replyTo?: string | null;
  /** The request it is about: the back office shows a request's emails. */
  requestId?: string;
  attachments?: MailAttachment[];
  /**
   * To an address someone typed: counted against that mailbox's cap (recipients.server.ts).
   * Over the cap, nothing is queued and enqueueEmail answers null.
   */
  cap?: RecipientCap;
  /** A link's token, sealed (secrets.server.ts): the bodies carry SECRET_MASK in its place. */
  sealedSecret?: string;
};

/**
 * Queues an email. Call it inside the same transaction as the business row it belongs to:
 * either both are stored or neither is, so an acknowledged request never loses its email.
 * Delivery happens later, in the mail worker. Answers the row's id, or null when a capped
 * email was not queued because its mailbox had reached the cap.
 */
export async function enqueueEmail(db: Executor, email: OutgoingEmail & { cap: RecipientCap }): Promise<string | null>;
export async function enqueueEmail(db: Executor, email: OutgoingEmail & { cap?: undefined }): Promise<string>;
export async function enqueueEmail(db: Executor, email: OutgoingEmail): Promise<string | null> {
  const cap = email.cap;
  if (!cap) return insertEmail(db, email);
  // The count and the insert are one step per mailbox: two sends to one mailbox at once (two
  // tabs, two app processes, a sign-up's email queued while the next request already runs)
  // would otherwise both see room for one more. In a transaction (the caller's, or one of its
  // own): SQLite runs one at a time; PostgreSQL also takes a lock on the mailbox's key, held
  // until that transaction ends.
  const capped = async (trx: Executor) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`select pg_advisory_xact_lock(${MAILBOX_LOCKS}, hashtext(${recipientKey(cap, email.to)}))`.execute(trx);
    }
    return (await withinRecipientCap(trx, cap, email.to)) ? insertEmail(trx, email) : null;
  };
  return db.isTransaction ? capped(db) : (db as Kysely<Database>).transaction().execute(capped);
}

/**
 * The first half of the two-number advisory lock keys that serialize sends to one mailbox (the
 * second is hashtext of its recipient key); migration 0025's locked_recipient_count takes the same.
 */
export const MAILBOX_LOCKS = 25;

async function insertEmail(db: Executor, email: OutgoingEmail): Promise<string> {
  const row = outboxRow(email);
  await db.insertInto("mail_outbox").values(row).execute();
  return row.id;
}

/**
 * The outbox row of an email, due now: for enqueueEmail, and for a caller that writes it in a
 * statement of its own (a request's rows in one round trip, requests.server.ts).
 */
export function outboxRow(email: OutgoingEmail): Insertable<Database["mail_outbox"]> & { id: string } {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    kind: email.kind,
    to_address: email.to,
    reply_to: email.replyTo ?? null,
    subject: email.subject,
    text_body: email.text,
    html_body: email.html,
    status: "pending",
    next_attempt_at: now,
    created_at: now,
    locked_until: null,
    last_error: null,
    message_id: null,
    sent_at: null,
    request_id: email.requestId ?? null,
    attachments: email.attachments?.length ? JSON.stringify(email.attachments) : null,
    recipient_key: email.cap ? recipientKey(email.cap, email.to) : null,
    sealed_secret: email.sealedSecret ?? null,
    headers: email.headers ? JSON.stringify(email.headers) : null,
  };
}

/** A stored message's extra headers (null or a JSON object of strings), read back for sending. */
export function readHeaders(stored: string | null): Record<string, string> {
  if (!stored) return {};
  const parsed: unknown = JSON.parse(stored);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
  return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === "string"));
}

/** A stored message's attachments (null or a JSON list), read back for sending. */
export function readAttachments(stored: string | null): MailAttachment[] {
  if (!stored) return [];
  const parsed: unknown = JSON.parse(stored);
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (a): a is MailAttachment =>
      typeof a === "object" && a !== null && typeof a.filename === "string" && typeof a.contentType === "string" && typeof a.content === "string",
  );
}
