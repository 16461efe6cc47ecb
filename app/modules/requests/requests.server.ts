import { createHash, randomBytes, randomInt, randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { href } from "react-router";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Database } from "~/lib/db/schema";
import { enqueueEmail } from "~/lib/mail/outbox.server";
import { type EmailField, renderEmail } from "~/lib/mail/template.server";
import { hit } from "~/lib/rate-limit.server";
import { getRuntime, mailQueued } from "~/lib/runtime.server";
import type { RequestStatus } from "./status";

/** Every kind of request a customer can make; each shares the status model in ./status.ts. */
export const REQUEST_KINDS = [
  "booking",
  "service-request",
  "car-request",
  "chauffeur-contact",
  "rent-request",
  "city-request",
  "listing",
  "provider-application",
  "contact-message",
] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** Who submits: the signed-in user, if any, and the client's address (for abuse limits). */
export type SubmitContext = { user: SessionUser | null; clientIp: string };

export type NewRequest = {
  kind: RequestKind;
  userId: string | null;
  /** The submitting client's address; confirmations per client are capped by it. */
  clientIp?: string;
  /** Customer's name and, when they gave one, email (the confirmation goes there). */
  name: string;
  email: string | null;
  /** What was requested, as people read it: "Handyman Services", "Airport Transfer". */
  service: string;
  /** The operator email's subject, in the spec's shape for this kind. */
  operatorSubject: string;
  /** Every form field with its label, in form order ("N/A" for empty ones in the email). */
  fields: EmailField[];
  /** The line the customer's confirmation email opens with. */
  confirmation: string;
  /** Extra recipients of the operator email (e.g. a listing's owner). */
  alsoNotify?: string[];
};

/** `emailed`: whether the customer gave an email, so a confirmation is on its way. */
export type SubmittedRequest = { id: string; reference: string; statusPath: string; statusUrl: string; emailed: boolean };

const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"; // no 0/O, 1/I/L, U
const newReference = () =>
  `GTA-${Array.from({ length: 6 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join("")}`;
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Stores a request with its first timeline event and queues the operator notification and
 * the customer's confirmation (reference + private status link), all in one transaction.
 */
export async function submitRequest(input: NewRequest): Promise<SubmittedRequest> {
  const { db } = getRuntime();
  const confirm = await confirmationAllowed(input);
  for (let attempt = 0; ; attempt++) {
    try {
      const request = await db.transaction().execute((trx) => insertRequest(trx, input, confirm));
      mailQueued();
      return request;
    } catch (error) {
      // A reference collision (1 in ~730 million) just draws another one.
      if (attempt < 3 && /unique|duplicate/i.test(String(error)) && /reference/i.test(String(error))) continue;
      throw error;
    }
  }
}

/**
 * Whether the customer's confirmation may be sent (mayConfirm). Read before the transaction
 * that stores the request: on SQLite a query outside that transaction would wait for it.
 */
export async function confirmationAllowed(input: Pick<NewRequest, "email" | "clientIp">): Promise<boolean> {
  const recipient = input.email?.trim().toLowerCase() || null;
  return recipient !== null && (await mayConfirm(recipient, input.clientIp));
}

/**
 * Writes a request, its first timeline event and its emails in the caller's transaction, for
 * callers whose own rows must commit with it (a listing and its request: either both or
 * neither). Call mailQueued() once that transaction has committed.
 */
export async function insertRequest(trx: Transaction<Database>, input: NewRequest, confirm: boolean): Promise<SubmittedRequest> {
  const { env } = getRuntime();
  const id = randomUUID();
  const token = randomBytes(24).toString("base64url");
  const statusPath = href("/requests/:token", { token });
  const statusUrl = `${env.PUBLIC_URL}${statusPath}`;
  const now = new Date().toISOString();
  const recipient = input.email?.trim().toLowerCase() || null;
  const reference = newReference();
  await trx
    .insertInto("requests")
    .values({
      id,
      reference,
      token_hash: hashToken(token),
      kind: input.kind,
      status: "received" satisfies RequestStatus,
      user_id: input.userId,
      name: input.name,
      email: input.email,
      service: input.service,
      subject: input.operatorSubject,
      details: JSON.stringify(input.fields.map((f) => ({ label: f.label, value: f.value ?? null }))),
      created_at: now,
      updated_at: now,
    })
    .execute();
  await trx
    .insertInto("request_events")
    .values({ id: randomUUID(), request_id: id, status: "received", note: null, created_at: now })
    .execute();

  const operator = renderEmail(
    {
      subject: input.operatorSubject,
      heading: `New request: ${input.service}`,
      fields: [...input.fields, { label: "Reference", value: reference }, { label: "Submitted at", value: now }],
    },
    env.BRAND_NAME,
  );
  for (const to of [env.OPERATOR_EMAIL, ...(input.alsoNotify ?? [])]) {
    await enqueueEmail(trx, { ...operator, kind: `${input.kind}.operator`, to, replyTo: input.email });
  }
  const emailed = confirm && recipient !== null;
  if (emailed) {
    // The visitor's own words go to an address they typed: no name in the heading, and
    // every value short and quoted, so the form cannot be used to write to strangers.
    const customer = renderEmail(
      {
        subject: `We received your request — ${reference}`,
        heading: "Thanks, we received your request",
        paragraphs: [
          input.confirmation,
          `Your reference is ${reference}. You can follow your request at any time, no log-in needed:`,
        ],
        fields: [{ label: "Request", value: input.service }, ...input.fields],
        quoteValues: CONFIRMATION_VALUE_LENGTH,
        action: { label: "Track your request", url: statusUrl },
        footer: `Questions? Reply to this email or write to ${env.OPERATOR_EMAIL}. Nothing is charged on this site; payment is arranged directly with the provider.`,
      },
      env.BRAND_NAME,
    );
    await enqueueEmail(trx, { ...customer, kind: `${input.kind}.customer`, to: recipient });
  }
  return { id, reference, statusPath, statusUrl, emailed };
}

/** Confirmation emails to one typed address (counted in the mail outbox, which every process shares). */
const CONFIRMATIONS_PER_RECIPIENT = { limit: 5, windowMs: 24 * 60 * 60_000 };

/** Longest value of a field quoted back in a confirmation email. */
const CONFIRMATION_VALUE_LENGTH = 200;

/**
 * Whether a confirmation may go to this address: at most a few a day to any one address
 * (counted in the outbox, so every app process and restart sees the same count), and a few an
 * hour from any one client. The request itself is stored and reaches the operator either way;
 * only the email to the typed address is skipped, and the page then shows no "we emailed you".
 */
async function mayConfirm(recipient: string, clientIp: string | undefined): Promise<boolean> {
  const { db } = getRuntime();
  const { limit, windowMs } = CONFIRMATIONS_PER_RECIPIENT;
  const since = new Date(Date.now() - windowMs).toISOString();
  const row = await db
    .selectFrom("mail_outbox")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("to_address", "=", recipient)
    .where("created_at", ">=", since)
    .where("kind", "like", "%.customer")
    .executeTakeFirstOrThrow();
  if (Number(row.n) >= limit) return false;
  return clientIp === undefined || (await hit("confirmationsPerClient", clientIp)).allowed;
}

export type RequestView = {
  reference: string;
  kind: RequestKind;
  status: RequestStatus;
  service: string;
  name: string;
  createdAt: string;
  details: { label: string; value: string | number | boolean | null }[];
  events: { status: RequestStatus; note: string | null; at: string }[];
};

/** The request behind a private status link, or null for an unknown token. */
export async function findRequestByToken(token: string): Promise<RequestView | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  return findRequestByHash(hashToken(token));
}

async function findRequestByHash(tokenHash: string): Promise<RequestView | null> {
  const { db } = getRuntime();
  const row = await db.selectFrom("requests").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
  if (!row) return null;
  const events = await db
    .selectFrom("request_events")
    .select(["status", "note", "created_at"])
    .where("request_id", "=", row.id)
    .orderBy("created_at")
    .execute();
  return {
    reference: row.reference,
    kind: row.kind as RequestKind,
    status: row.status as RequestStatus,
    service: row.service,
    name: row.name,
    createdAt: row.created_at,
    details: JSON.parse(row.details) as RequestView["details"],
    events: events.map((e) => ({ status: e.status as RequestStatus, note: e.note, at: e.created_at })),
  };
}

export type RequestSummary = { reference: string; kind: RequestKind; status: RequestStatus; service: string; createdAt: string };

/** A signed-in customer's requests, newest first (for My Bookings). */
export async function listRequestsForUser(userId: string): Promise<RequestSummary[]> {
  const { db } = getRuntime();
  const rows = await db
    .selectFrom("requests")
    .select(["reference", "kind", "status", "service", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .limit(200)
    .execute();
  return rows.map((r) => ({
    reference: r.reference,
    kind: r.kind as RequestKind,
    status: r.status as RequestStatus,
    service: r.service,
    createdAt: r.created_at,
  }));
}

/** One of the signed-in customer's own requests, by reference (My Bookings → details). */
export async function findRequestForUser(userId: string, reference: string): Promise<RequestView | null> {
  const { db } = getRuntime();
  const row = await db
    .selectFrom("requests")
    .select("token_hash")
    .where("user_id", "=", userId)
    .where("reference", "=", reference)
    .executeTakeFirst();
  if (!row) return null;
  return findRequestByHash(row.token_hash);
}
