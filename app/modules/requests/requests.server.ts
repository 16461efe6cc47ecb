import { createHash, createHmac, randomBytes, randomInt, randomUUID } from "node:crypto";
import { type Insertable, type Kysely, sql, type Transaction } from "kysely";
import { href, type AppLoadContext } from "react-router";
import { getSessionUser, type SessionUser } from "~/lib/auth/session.server";
import { formTokenOf } from "~/lib/http/form.server";
import { compiledOnce, filled, slot } from "~/lib/db/compiled-once";
import type { DB } from "~/lib/db/db.server";
import type { Database } from "~/lib/db/schema";
import { localeFromRequest, messagesFor } from "~/lib/i18n/catalogue.server";
import { DEFAULT_LOCALE, isLocale, type Locale, localizedPath } from "~/lib/i18n/locales";
import { formattersFor } from "~/lib/i18n/format";
import { createTranslate, type MessageKey, type Translate, translateLocale } from "~/lib/i18n/translate";
import { enqueueEmail, MAILBOX_LOCKS, type OutgoingEmail, outboxRow } from "~/lib/mail/outbox.server";
import { RECIPIENT_CAPS, withinRecipientCap } from "~/lib/mail/recipients.server";
import { optedOut, unsubscribeParts } from "~/lib/mail/preferences.server";
import { SECRET_MASK, secretBox } from "~/lib/mail/secrets.server";
import { renderEmail } from "~/lib/mail/template.server";
import { hit } from "~/lib/rate-limit.server";
import { getRuntime, mailQueued } from "~/lib/runtime.server";
import { recordAudit } from "~/modules/admin/audit.server";
import { KIND_LABEL_KEYS } from "~/modules/admin/labels";
import { appointmentOf, tooEarly } from "./appointment";
import { calendarFile, inviteForMove, newRequestInvite, requestInvite, slotOf } from "./calendar.server";
import { renderFields } from "./kind";
import { lateCancelHours } from "./late";
import { lateWindowHours } from "./late-windows.server";
import { requestOutcome } from "./outcome.server";
import { mayReschedule, proposalOf } from "./proposal.server";
import { isRequestKind, type KindData, kindOf, type RequestKind } from "./kinds";
import { customerQuote } from "~/modules/quotes/read.server";
import { canMove, customerCanCancel, isQuoteState, isRequestStatus, type Lifecycle, moveFor, type Mover, type RequestStatus, statusLabelKey } from "./status";
import type { CustomerCancellation, RequestEventView, RequestView } from "./views";

export { REQUEST_KINDS, type RequestKind } from "./kinds";

/**
 * Who submits and in which language: the signed-in user, if any; the client's address (for
 * abuse limits); the reader's locale (their confirmation and status page use it). Every
 * `submitX(input, ctx)` takes this one shape.
 */
export type SubmitContext = {
  user: SessionUser | null;
  clientIp: string;
  locale: Locale;
  /** The posted form's one-time token (FormToken), if it carried one: the same post is stored once. */
  formToken?: string | null;
};

/**
 * The context of a submission made through this request (its form read by readForm first).
 * `user`: who the action already found signed in (its guard read the session), so the session
 * is not read a second time (a round trip to the database); omitted, it is read here.
 */
export async function submitContext(request: Request, context: AppLoadContext, user?: SessionUser | null): Promise<SubmitContext> {
  return {
    user: user === undefined ? await getSessionUser(request) : user,
    clientIp: context.clientIp,
    locale: localeFromRequest(request),
    formToken: formTokenOf(request),
  };
}

/** An extra line for the operator email that is no stored value (a link built from the subject). */
/**
 * A link in the operator's copy: its label, and a short text standing for the address (a long
 * address as text would make the email wider than a phone, issue 51); `number`: the nth of a
 * list (a listing's photos: "Photo 2").
 */
export type OperatorLink = { label: MessageKey; url: string; number?: number };

/**
 * More for a customer's status email. `optional`: these lines are mail a person may stop (a
 * review invitation, issue 51): the email then carries List-Unsubscribe and a preferences link,
 * and to an address that stopped them it goes without these lines (the status change itself
 * is always told).
 */
export type StatusEmailExtra = { paragraphs?: string[]; action?: { label: string; url: string }; optional?: boolean };

export type SubmitOptions = {
  /** Extra recipients of the operator email (e.g. a listing's owner). */
  alsoNotify?: string[];
  operatorLinks?: OperatorLink[];
  /** The caller's transaction, when the request must commit with other rows (a new listing). */
  trx?: Transaction<Database>;
  /**
   * What makes two posts of one form token the same submission (default: the stored values).
   * A caller whose values hold ids drawn per post (a new listing's, an application's) passes
   * null: its token alone decides (submissionFor finds the first one before any work is done).
   */
  fingerprint?: unknown;
};

/**
 * `emailed`: whether a confirmation to the customer was queued (none without an address or over a cap).
 * `withheld`: why a confirmation to a typed address was not queued — the mailbox's daily cap
 * ("mailbox") or this client's allowance ("client"); null when it was queued, when there was no
 * address, or when unknown (the same post answered again). The receipt says why (issue 49 item 5).
 * `asked`: what was asked, in the customer's language, for the receipt (askedOf; not for a post answered by submissionFor).
 */
export type SubmittedRequest = {
  id: string;
  reference: string;
  statusPath: string;
  statusUrl: string;
  emailed: boolean;
  withheld: Withheld;
  asked?: Asked;
};
export type Withheld = "mailbox" | "client" | null;
/** A request as its receipt restates it: its title, its non-empty fields, and what happens next. */
export type Asked = { title: string; fields: { label: string; value: string }[]; next: string };

/** What the customer asked, as the status page and the operator email list it (renderFields), in their language. */
function askedOf(kind: ReturnType<typeof kindOf>, data: Parameters<ReturnType<typeof kindOf>["title"]>[0], locale: Locale): Asked {
  const t = translatorFor(locale);
  const fields = renderFields(kind, data, t).flatMap((f) => (f.value === null ? [] : [{ label: f.label, value: String(f.value) }]));
  return { title: kind.title(data, t), fields, next: t(kind.confirmation(data)) };
}

const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"; // no 0/O, 1/I/L, U
const newReference = () =>
  `GTA-${Array.from({ length: 6 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join("")}`;
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * A status email's subject says what happened (issue 51 item 1: "Your provider application is
 * approved", not "Update on your request — GTA-…"): by kind and new status where one reads
 * better, else the request's reference and its new status.
 */
const STATUS_SUBJECTS: Partial<Record<string, Partial<Record<RequestStatus, MessageKey>>>> = {
  listing: { in_review: "email.status.subjectListingInReview", published: "email.status.subjectListingPublished", rejected: "email.status.subjectListingRejected" },
  "provider-application": {
    in_review: "email.status.subjectApplicationInReview",
    approved: "email.status.subjectApplicationApproved",
    rejected: "email.status.subjectApplicationRejected",
  },
  "*": { in_review: "email.status.subjectInReview", matched: "email.status.subjectMatched", completed: "email.status.subjectCompleted", cancelled: "email.status.subjectCancelled" },
};
/**
 * Where a kind's lifecycle words a status its own way, its subject follows: a matched booking is
 * an offer the provider has yet to accept (ADR 24), and "is confirmed" told the customer otherwise.
 */
const LABELLED_SUBJECTS: Partial<Record<MessageKey, MessageKey>> = { "status.offered": "email.status.subjectOffered" };
export function statusSubject(kind: string, to: RequestStatus, t: Translate, reference: string, status: string, lifecycle?: Pick<Lifecycle, "labels"> | null): string {
  const label = lifecycle?.labels?.[to];
  const key = (label && LABELLED_SUBJECTS[label]) ?? STATUS_SUBJECTS[kind]?.[to] ?? (kind in STATUS_SUBJECTS ? undefined : STATUS_SUBJECTS["*"]?.[to]);
  return key ? t(key, { reference }) : t("email.status.subject", { reference, status });
}

/** The translate function for a locale, with the brand filled in. */
export function translatorFor(locale: Locale): Translate {
  const { messages, contentLocale } = messagesFor(locale);
  return createTranslate(messages, { brand: getRuntime().env.BRAND_NAME }, contentLocale);
}
/**
 * What an email needs of its reader's language besides the words: the language tag, the
 * "not given" mark and how a "label: value" line is written (French puts a space before ":").
 */
export function emailFormat(locale: Locale, t: Translate) {
  return {
    lang: messagesFor(locale).contentLocale,
    notGiven: t("status.notGiven"),
    line: (label: string, value: string) => t("email.field", { label, value }),
  };
}

/** Operator emails are written in the operator team's language. */
const operatorLocale: Locale = DEFAULT_LOCALE;

/**
 * Stores a request of a declared kind — its typed values, the customer's locale and what it
 * concerns — with its first timeline event, and queues the operator notification and the
 * customer's confirmation (reference + private status link), all at once: on PostgreSQL in one
 * statement (one round trip to the database: issue 52 item 4), on SQLite in one transaction.
 */
export async function submitRequest<K extends RequestKind>(
  name: K,
  input: KindData<K>,
  ctx: SubmitContext,
  options: SubmitOptions = {},
): Promise<SubmittedRequest> {
  const kind = kindOf(name);
  const data = kind.payload.parse(input);
  const { db, env, dialect } = getRuntime();
  const key = submissionKey(name, ctx, options.fingerprint === undefined ? data : options.fingerprint);
  // In a caller's transaction the same post again must fail before the caller's rows commit, so
  // it is looked for first. Elsewhere the unique submission_key decides: a first post pays no
  // read for it, and the same post again (a double click, a retry) is refused by the key and
  // then answered with the first one's receipt (below).
  if (key && options.trx && (await submissionByKey(options.trx, name, key, ctx.locale))) throw new DuplicateSubmission();
  const id = randomUUID();
  const token = key ? statusTokenFor(key) : randomBytes(24).toString("base64url");
  const statusPath = href("/requests/:token", { token });
  const statusUrl = statusUrlFor(ctx.locale, token);
  const now = new Date().toISOString();
  const who = kind.contact(data);
  const subject = kind.subject(data);
  const recipient = who.email?.trim().toLowerCase() || null;
  const asked = askedOf(kind, data, ctx.locale);

  /** Everything one submission writes, for the reference drawn for this attempt. */
  const submission = (reference: string): Submission => {
    const request = {
      id,
      reference,
      token_hash: hashToken(token),
      kind: name,
      status: "received" satisfies RequestStatus,
      user_id: ctx.user?.id ?? null,
      name: who.name,
      email: who.email,
      data: JSON.stringify(data),
      locale: ctx.locale,
      subject_type: subject?.type ?? null,
      subject_id: subject?.id ?? null,
      created_at: now,
      updated_at: now,
      submission_key: key,
    };
    const ot = translatorFor(operatorLocale);
    const operatorEmail = renderEmail(
      {
        subject: kind.operatorSubject(data, ot),
        heading: ot("email.operator.heading", { title: kind.title(data, ot) }),
        fields: [
          ...renderFields(kind, data, ot),
          ...(options.operatorLinks ?? []).map((l) => ({
            label: ot(l.label),
            value: l.number === undefined ? ot("email.link.open") : ot("email.listing.photos", { number: l.number }),
            url: l.url,
          })),
          // Straight to the request's page in the back office: the operator acts there.
          { label: ot("request.link.backOffice"), value: reference, url: `${env.PUBLIC_URL}${href("/admin/requests/:reference", { reference })}` },
          { label: ot("request.field.reference"), value: reference },
          { label: ot("request.field.submittedAt"), value: formattersFor(translateLocale(ot)).dateTime(now) },
        ],
        ...emailFormat(operatorLocale, ot),
      },
      env.BRAND_NAME,
    );
    const operator = [env.OPERATOR_EMAIL, ...(options.alsoNotify ?? [])].map((to) => ({
      ...operatorEmail,
      kind: `${name}.operator`,
      to,
      replyTo: who.email,
      requestId: id,
    }));
    if (recipient === null) return { request, operator, confirmation: null };
    // The address was typed by whoever sent the form, and the email is signed as ours (DKIM):
    // it repeats only what identifies the request — its kind, reference and date — never a
    // word the visitor wrote (a name, a message, a city), which could speak to a stranger in
    // our name (issue 47 item 8). The details are behind the status link.
    const ct = translatorFor(ctx.locale);
    const format = formattersFor(translateLocale(ct));
    // A request at a date and time: the confirmation carries its calendar invite, and says
    // when — a date and a time the form validated, never the visitor's words. Built from the
    // values in hand: the request is being written in the same statement.
    const invite = newRequestInvite(request, { method: "REQUEST", to: recipient });
    const slot = kind.calendar?.(data) ?? null;
    const customer = renderEmail(
      {
        subject: ct("email.customer.subject", { reference }),
        heading: ct("email.customer.heading"),
        paragraphs: [ct(kind.confirmation(data)), ct("email.customer.reference", { reference }), ...(invite ? [ct("email.calendar.attached")] : [])],
        fields: [
          { label: ct("email.customer.request"), value: ct(KIND_LABEL_KEYS[name as RequestKind]) },
          { label: ct("request.field.reference"), value: reference },
          ...(slot
            ? [
                { label: ct("request.field.preferredDate"), value: format.date(slot.date) },
                { label: ct("request.field.preferredTime"), value: format.time(slot.time) },
              ]
            : []),
          { label: ct("request.field.submittedAt"), value: format.dateTime(now) },
        ],
        // The live status link is put in at send time, never stored in the outbox (ADR 25).
        action: { label: ct("email.customer.track"), url: statusUrlFor(ctx.locale, SECRET_MASK) },
        footer: ct(kind.customerFooter ?? "email.customer.footer", { operator: env.OPERATOR_EMAIL }),
        ...emailFormat(ctx.locale, ct),
      },
      env.BRAND_NAME,
    );
    const confirmation = {
      ...customer,
      kind: `${name}.customer`,
      to: recipient,
      requestId: id,
      cap: "confirmation" as const,
      sealedSecret: secretBox(env.AUTH_SECRET).seal(token),
      ...(invite ? { attachments: [invite] } : {}),
    };
    return { request, operator, confirmation };
  };

  if (options.trx) {
    // The caller commits (and tells the mail worker); a reference collision fails its transaction.
    const reference = newReference();
    const queued = await writeInTurn(options.trx, submission(reference), ctx.clientIp);
    return { id, reference, statusPath, statusUrl, ...queued, asked };
  }
  for (let attempt = 0; ; attempt++) {
    const reference = newReference();
    try {
      const rows = submission(reference);
      const queued = dialect === "postgres" ? await writeAtOnce(db, rows, ctx.clientIp) : await db.transaction().execute((trx) => writeInTurn(trx, rows, ctx.clientIp));
      mailQueued();
      return { id, reference, statusPath, statusUrl, ...queued, asked };
    } catch (error) {
      // The same post, stored before (a double click, a retry) or meanwhile by a racing
      // request (another process): answer with it.
      if (key && isDuplicateSubmission(error)) {
        const first = await submissionByKey(db, name, key, ctx.locale);
        // The same post: the same values, so the same receipt.
        if (first) return { ...first, asked };
      }
      // A reference collision (1 in ~730 million) just draws another one.
      if (attempt < 3 && /unique|duplicate/i.test(String(error)) && /reference/i.test(String(error))) continue;
      throw error;
    }
  }
}

/**
 * What one submission writes: the request (its first event goes with it), the operator emails,
 * and the customer's confirmation, queued only while the mailbox's cap and the client's
 * allowance (RECIPIENT_CAPS.confirmation, confirmationsPerClient) leave room: at most a few a
 * day to any one mailbox (`+tag` and Gmail dot variants are one mailbox; counted in the outbox,
 * so every app process and restart sees the same count) and a few an hour from any one client.
 * The request itself is stored and reaches the operator either way; only the email to the typed
 * address is skipped, and the page then shows no "we emailed you".
 */
type Submission = {
  request: Insertable<Database["requests"]> & { id: string; reference: string; kind: RequestKind; status: string; data: string; locale: string; created_at: string };
  operator: OutgoingEmail[];
  confirmation: (OutgoingEmail & { cap: "confirmation" }) | null;
};

/** The submission's first timeline event. */
const firstEvent = (request: Submission["request"]) => ({ id: randomUUID(), request_id: request.id, status: request.status, note: null, created_at: request.created_at });

/**
 * A submission written statement by statement in a transaction (SQLite, where a statement costs
 * no network; a caller's transaction). Answers whether the confirmation was queued, and if not, why.
 */
type Queued = { emailed: boolean; withheld: Withheld };
async function writeInTurn(trx: Transaction<Database>, { request, operator, confirmation }: Submission, clientIp: string): Promise<Queued> {
  await trx.insertInto("requests").values(request).execute();
  await trx.insertInto("request_events").values(firstEvent(request)).execute();
  if (operator.length) await trx.insertInto("mail_outbox").values(operator.map(outboxRow)).execute();
  if (!confirmation) return { emailed: false, withheld: null };
  // A full mailbox costs the client's allowance nothing: the count comes first. enqueueEmail
  // counts again under the mailbox's lock (PostgreSQL), for a post racing another to it.
  if (!(await withinRecipientCap(trx, "confirmation", confirmation.to))) return { emailed: false, withheld: "mailbox" };
  if (!(await hit("confirmationsPerClient", clientIp)).allowed) return { emailed: false, withheld: "client" };
  // Refused here only by the cap counted again under the lock (a racing post filled the mailbox).
  return (await enqueueEmail(trx, confirmation)) !== null ? { emailed: true, withheld: null } : { emailed: false, withheld: "mailbox" };
}

/**
 * The same writes and the same answer as writeInTurn, on PostgreSQL in ONE statement — one
 * round trip to the database, however far away it is (issue 52 item 4) — whose data-modifying
 * CTEs commit together or not at all: the request, its event, the operator emails, then the
 * mailbox's count under its lock (migration 0025), the client's allowance counted only while the
 * mailbox has room (the rate limiter's own row, rate-limit-store.server.ts), and the
 * confirmation only while both allow it.
 */
async function writeAtOnce(db: Kysely<Database>, { request, operator, confirmation }: Submission, clientIp: string): Promise<Queued> {
  const parts = [
    sql`r as (${db.insertInto("requests").values(request).returning("id")})`,
    sql`e as (${db.insertInto("request_events").values(firstEvent(request))})`,
  ];
  if (operator.length) parts.push(sql`o as (${db.insertInto("mail_outbox").values(operator.map(outboxRow))})`);
  let emailed = sql<boolean>`false`;
  // Whether the mailbox had room: without it, the cap withheld the confirmation.
  let room = sql<boolean>`true`;
  if (confirmation) {
    const row = outboxRow(confirmation);
    const { limit, windowMs } = RECIPIENT_CAPS.confirmation;
    const since = new Date(Date.now() - windowMs).toISOString();
    const allowance = getRuntime().rateLimits.hitInStatement("confirmationsPerClient", clientIp, "room");
    if (!allowance) throw new Error("The rate limits are not in PostgreSQL");
    const columns = Object.keys(row) as (keyof typeof row)[];
    parts.push(
      // From r: the request is inserted before the mailbox's lock is waited for, as in
      // writeInTurn, so the same post again fails on its key at once, holding no lock.
      sql`room as (select 1 from r where locked_recipient_count(${MAILBOX_LOCKS}, ${row.recipient_key}, ${since}) < ${limit})`,
      sql`client as (${allowance})`,
      sql`c as (insert into mail_outbox (${sql.join(columns.map((c) => sql.ref(c)))}) select ${sql.join(columns.map((c) => sql`${row[c]}`))} from client where allowed returning id)`,
    );
    emailed = sql<boolean>`exists (select 1 from c)`;
    room = sql<boolean>`exists (select 1 from room)`;
  }
  const { rows } = await sql<{ emailed: boolean; room: boolean }>`with ${sql.join(parts)} select ${emailed} as emailed, ${room} as room`.execute(db);
  if (rows[0]?.emailed === true) return { emailed: true, withheld: null };
  return { emailed: false, withheld: confirmation ? (rows[0]?.room === false ? "mailbox" : "client") : null };
}

/**
 * The key of one post of a form (migration 0019's unique `submission_key`): its one-time token,
 * the kind, who sent it (the account, else the client's address) and what was sent. Who and
 * what are in it because a page from the anonymous page store (ADR 10) carries the same token
 * for everyone who got it within seconds: two people, or one person who went Back and changed
 * the form, make different keys. Null without a token (no deduplication: older pages, clients
 * that post none).
 */
function submissionKey(name: RequestKind, ctx: SubmitContext, fingerprint: unknown): string | null {
  if (!ctx.formToken) return null;
  const who = ctx.user ? `user:${ctx.user.id}` : `ip:${ctx.clientIp}`;
  return createHash("sha256").update([ctx.formToken, name, who, JSON.stringify(fingerprint ?? null)].join("\0")).digest("hex");
}

/** A request's status link as emailed: it opens in the customer's language's URL space. */
export const statusUrlFor = (locale: Locale, token: string) => `${getRuntime().env.PUBLIC_URL}${localizedPath(locale, href("/requests/:token", { token }))}`;

/**
 * The status link of a request made with a form token, derived from its key under the app's
 * secret, so the same post again can answer with the same link (only its hash is stored, as
 * for every request; the key alone, e.g. from a copy of the database, does not give it).
 */
export function statusTokenFor(key: string): string {
  return createHmac("sha256", getRuntime().env.AUTH_SECRET).update(`request-status\0${key}`).digest("base64url");
}

/**
 * Thrown inside a caller's transaction when the same post was stored already, so the rows the
 * caller wrote with it (a listing, documents) roll back; the caller answers with submissionFor.
 */
export class DuplicateSubmission extends Error {
  constructor() {
    super("This form was submitted already (submission_key)");
  }
}

/**
 * The same post stored by another request: found before inserting, or refused by a unique key —
 * `submission_key`, or `token_hash` (the status token is derived from the key, and PostgreSQL
 * may check that index first).
 */
export const isDuplicateSubmission = (error: unknown) =>
  error instanceof DuplicateSubmission || (/unique|duplicate/i.test(String(error)) && /submission_key|token_hash/i.test(String(error)));

/** The answer the first post with this key got, if it was stored. */
async function submissionByKey(db: Kysely<Database>, name: RequestKind, key: string, locale: Locale): Promise<SubmittedRequest | null> {
  const row = await db.selectFrom("requests").select(["id", "reference"]).where("submission_key", "=", key).executeTakeFirst();
  if (!row) return null;
  const confirmation = await db
    .selectFrom("mail_outbox")
    .select("id")
    .where("request_id", "=", row.id)
    .where("kind", "=", `${name}.customer`)
    .executeTakeFirst();
  const token = statusTokenFor(key);
  return { id: row.id, reference: row.reference, statusPath: href("/requests/:token", { token }), statusUrl: statusUrlFor(locale, token), emailed: confirmation !== undefined, withheld: null };
}

/**
 * The request a post of this kind with this form token made before, if any: for callers that
 * must answer a repeated post before their own checks (the wizard's draft is gone once it was
 * sent; one open application at a time) and after losing a race (their transaction failed on
 * the unique key). Only for callers passing `fingerprint: null`.
 */
export async function submissionFor(name: RequestKind, ctx: SubmitContext): Promise<SubmittedRequest | null> {
  const key = submissionKey(name, ctx, null);
  return key ? submissionByKey(getRuntime().db, name, key, ctx.locale) : null;
}

export type { RequestView };

type StoredRow = {
  id: string;
  reference: string;
  kind: string;
  status: string;
  data: string;
  created_at: string;
  provider_id: string | null;
  proposed_date: string | null;
  proposed_time: string | null;
  proposed_at: string | null;
};

/** The stored payload, read back through its kind's schema (a row that no longer fits still shows). */
function readData(row: Pick<StoredRow, "kind" | "data">): Record<string, unknown> {
  const raw: unknown = JSON.parse(row.data);
  if (!isRequestKind(row.kind)) return raw as Record<string, unknown>;
  const parsed = kindOf(row.kind).payload.safeParse(raw);
  return parsed.success ? parsed.data : (raw as Record<string, unknown>);
}

function lifecycleOf(kind: string): Lifecycle | null {
  return isRequestKind(kind) ? kindOf(kind).lifecycle : null;
}

/** The request's title in the reader's language. */
function titleOf(row: Pick<StoredRow, "kind" | "data">, t: Translate): string {
  return isRequestKind(row.kind) ? kindOf(row.kind).title(readData(row), t) : row.kind;
}

/** A request's moves, oldest first: the timeline of every page that shows one. */
export async function requestEvents(db: Kysely<Database>, requestId: string): Promise<RequestEventView[]> {
  const rows = await db
    .selectFrom("request_events")
    .select(["status", "note", "created_at"])
    .where("request_id", "=", requestId)
    .orderBy("created_at")
    .execute();
  return rows.map((e) => ({ status: e.status as RequestStatus, note: e.note, at: e.created_at }));
}

async function view(row: StoredRow, t: Translate): Promise<RequestView> {
  const { db } = getRuntime();
  const events = await requestEvents(db, row.id);
  const kind = isRequestKind(row.kind) ? kindOf(row.kind) : null;
  const data = readData(row);
  const lifecycle = lifecycleOf(row.kind);
  const quoted = Boolean(kind?.quoted?.(data));
  return {
    reference: row.reference,
    kind: row.kind as RequestKind,
    status: row.status as RequestStatus,
    title: titleOf(row, t),
    createdAt: row.created_at,
    appointment: appointmentOf(slotOf(row)),
    details: kind ? renderFields(kind, data, t) : [],
    events,
    // A quoted kind's request priced otherwise (an airport transfer) shows no quote steps.
    timeline: {
      steps: (lifecycle?.steps ?? []).filter((s) => quoted || !isQuoteState(s)),
      endings: (lifecycle?.endings ?? []).filter((s) => quoted || !isQuoteState(s)),
      labels: lifecycle?.labels ?? {},
    },
    // Not for a request that ended (cancelled): there is nothing to add. Its file still answers,
    // marked CANCELLED, for a calendar that already holds the event.
    hasCalendar: slotOf(row) !== null && !(lifecycle?.endings ?? []).includes(row.status as RequestStatus),
    canCancel: lifecycle !== null && isRequestStatus(row.status) && customerCanCancel(lifecycle, row.status),
    // Cancelling now would be late: the form says so first (the window's hours).
    lateCancelHours: kind ? lateCancelHours(kind, data, new Date(), await lateWindowHours(row.kind)) : null,
    cancellation: await customerCancellation(db, row.id),
    // The latest quote sent, and what it replaced (issue 50): the page offers accept and decline.
    quote: quoted ? await customerQuote(row.id, row.status) : null,
    // A new date and time may be proposed while a provider holds it and it has not started (ADR 43).
    canReschedule: mayReschedule(row),
    proposal: proposalOf(row),
    // Who was matched, and why it ended: the customer's pages say so.
    ...(await requestOutcome(db, row, events)),
  };
}

/** The customer's own cancellation of a request, if they made one (0023). */
export async function customerCancellation(db: Kysely<Database>, requestId: string): Promise<CustomerCancellation | null> {
  const c = await db.selectFrom("request_cancellations").select(["reason", "note", "late", "created_at"]).where("request_id", "=", requestId).executeTakeFirst();
  return c ? { reason: c.reason, note: c.note, late: Number(c.late) === 1, at: c.created_at } : null;
}

const VIEW_COLUMNS = ["id", "reference", "kind", "status", "data", "created_at", "provider_id", "proposed_date", "proposed_time", "proposed_at"] as const;

/** The request behind a private status link, or null for an unknown token. */
export async function findRequestByToken(token: string, t: Translate): Promise<RequestView | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const row = await getRuntime().db.selectFrom("requests").select(VIEW_COLUMNS).where("token_hash", "=", hashToken(token)).where("deleted_at", "is", null).executeTakeFirst();
  return row ? view(row, t) : null;
}

/**
 * The "Add to calendar" file behind a private status link (the same access rule as the status
 * page: whoever holds the link), in the reader's language; null for an unknown token or a
 * request without a date and time.
 */
export async function findCalendarByToken(token: string, locale: Locale): Promise<{ reference: string; ics: string } | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const row = await getRuntime()
    .db.selectFrom("requests")
    .select(["id", "reference", "kind", "status", "data", "locale", "calendar_sequence"])
    .where("token_hash", "=", hashToken(token))
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  const ics = row ? calendarFile({ ...row, calendar_sequence: Number(row.calendar_sequence) }, locale) : null;
  return row && ics ? { reference: row.reference, ics } : null;
}

/** One of the signed-in customer's own requests, by reference (My Bookings → details). */
export async function findRequestForUser(userId: string, reference: string, t: Translate): Promise<RequestView | null> {
  const row = await getRuntime()
    .db.selectFrom("requests")
    .select(VIEW_COLUMNS)
    .where("user_id", "=", userId)
    .where("reference", "=", reference)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return row ? view(row, t) : null;
}

/** `statusLabel`: the status in its kind's lifecycle words ("Offered to a provider", not "Confirmed"). */
export type RequestSummary = {
  reference: string;
  kind: RequestKind;
  status: RequestStatus;
  statusLabel: MessageKey;
  title: string;
  createdAt: string;
  /** Its appointment (Toronto's wall clock, as typed): the row's headline; null without a date and time. */
  appointment: string | null;
  /** The row links to the request's cancel step and, when a provider holds it, its reschedule step. */
  canCancel: boolean;
  canReschedule: boolean;
};

/** A signed-in customer's requests, newest first (for My Bookings). */
export async function listRequestsForUser(userId: string, t: Translate): Promise<RequestSummary[]> {
  const { db } = getRuntime();
  const { rows } = await db.executeQuery(filled(userRequestsQuery(db), { userId }));
  return rows.map((r) => ({
    reference: r.reference,
    kind: r.kind as RequestKind,
    status: r.status as RequestStatus,
    statusLabel: statusLabelKey(lifecycleOf(r.kind), r.status as RequestStatus),
    title: titleOf(r, t),
    createdAt: r.created_at,
    appointment: appointmentOf(slotOf(r)),
    canCancel: isRequestStatus(r.status) && lifecycleOf(r.kind) !== null && customerCanCancel(lifecycleOf(r.kind)!, r.status),
    canReschedule: mayReschedule(r),
  }));
}

// My Bookings asks it on every view: built once (compiled-once.ts).
const userRequestsQuery = compiledOnce((db: DB) =>
  db
    .selectFrom("requests")
    .select(["reference", "kind", "status", "data", "created_at"])
    .where("user_id", "=", slot("userId"))
    .where("deleted_at", "is", null)
    .orderBy("created_at", "desc")
    .limit(200)
    .compile(),
);

/** A listing's public visibility mirrors its request's status (the one lifecycle). */
const LISTING_VISIBILITY: Record<RequestStatus, "published" | "pending" | "rejected"> = {
  received: "pending",
  in_review: "pending",
  published: "published",
  rejected: "rejected",
  cancelled: "rejected",
  matched: "pending",
  accepted: "pending",
  completed: "pending",
  approved: "pending",
  quoted: "pending",
  quote_accepted: "pending",
  quote_declined: "pending",
  quote_expired: "pending",
};

/** `too-early`: a move kept until the appointment starts (`notBefore`), asked for before it; `startsAt` is the appointment. */
export type TransitionResult =
  | { ok: true; from: RequestStatus; to: RequestStatus }
  | { ok: false; reason: "not-found" | "not-allowed" }
  | { ok: false; reason: "too-early"; startsAt: string };

/**
 * Moves a request along its kind's lifecycle (only the moves declared there), records the
 * event with its note, keeps what the request concerns in step (a listing goes live when its
 * request is published), and emails the customer in their language — in one transaction.
 */
export type TransitionOptions = {
  /** The admin making the move: recorded in the audit log with the move, in its transaction. */
  actor?: { id: string };
  /** Work that must commit with the move (a provider approval grants the role), run in its transaction. */
  effects?: (
    trx: Transaction<Database>,
    request: {
      id: string;
      reference: string;
      userId: string | null;
      subjectId: string | null;
      data: Record<string, unknown>;
      /** The move being made (for the caller's own audit entry: before → after). */
      from: RequestStatus;
      to: RequestStatus;
    },
  ) => Promise<void>;
  /** More for the customer's status email, in their language (e.g. the profile set-up link). */
  email?: (t: Translate, locale: Locale) => StatusEmailExtra;
  /**
   * Who makes a move the lifecycle keeps to one party (`Transition.by`): the matched provider's
   * answer, the hourly job when the answer window passed, or the customer's own cancellation.
   * Without it such moves are refused; with "customer", every move but the customer's is.
   */
  by?: Mover;
  /** No status email to the customer (the caller writes its own, or the customer need not know). */
  quiet?: boolean;
  /** The clock the move is made on (its time stamps, and whether the appointment has started). */
  now?: Date;
};

export async function transitionRequest(
  id: string,
  to: RequestStatus,
  note: string | null = null,
  options: TransitionOptions = {},
): Promise<TransitionResult> {
  const { db, env } = getRuntime();
  const result = await db.transaction().execute(async (trx): Promise<TransitionResult> => {
    const row = await trx.selectFrom("requests").selectAll().where("id", "=", id).executeTakeFirst();
    const lifecycle = row ? lifecycleOf(row.kind) : null;
    if (!row || row.deleted_at || !lifecycle || !isRequestStatus(row.status)) return { ok: false, reason: "not-found" };
    if (!canMove(lifecycle, row.status, to)) return { ok: false, reason: "not-allowed" };
    // A move kept to one party (the provider, the answer window's job, the customer) is made
    // only by them; the customer makes only their own.
    const move = moveFor(lifecycle, row.status, to, options.by);
    if (!move) return { ok: false, reason: "not-allowed" };
    // A move whose effects belong to the kind's own module (a provider decision) goes through it.
    if (isRequestKind(row.kind) && kindOf(row.kind).guardedMoves?.includes(to) && !options.effects) {
      return { ok: false, reason: "not-allowed" };
    }
    const clock = options.now ?? new Date();
    // Completion waits for the appointment (read here, in the move's transaction: a new date counts).
    const appointment = appointmentOf(slotOf(row));
    if (tooEarly(move, appointment, clock)) return { ok: false, reason: "too-early", startsAt: appointment! };
    const now = clock.toISOString();
    // The status in the WHERE clause makes a concurrent move by another operator a no-op here.
    const moved = await trx.updateTable("requests").set({ status: to, updated_at: now }).where("id", "=", id).where("status", "=", row.status).executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return { ok: false, reason: "not-allowed" };
    await trx.insertInto("request_events").values({ id: randomUUID(), request_id: id, status: to, note, created_at: now }).execute();
    // A quote out with the customer can no longer be answered once the request leaves Quoted
    // other than by an answer or the clock (withdrawn by the operator, cancelled): issue 50.
    if (row.status === "quoted" && to !== "quote_accepted" && to !== "quote_declined" && to !== "quote_expired") {
      await trx.updateTable("quotes").set({ status: "withdrawn", updated_at: now }).where("request_id", "=", id).where("status", "=", "sent").execute();
    }
    // The operator acted on it: the inbox's quote flag (accepted, declined, asked again) is read.
    if (!options.by && row.quote_flag) await trx.updateTable("requests").set({ quote_flag: null }).where("id", "=", id).execute();
    if (row.subject_type === "listing" && row.kind === "listing" && row.subject_id) {
      await trx.updateTable("home_listings").set({ status: LISTING_VISIBILITY[to] }).where("id", "=", row.subject_id).execute();
    }
    if (options.actor) {
      await recordAudit(trx, { actorId: options.actor.id, action: "request.transition", entityType: "request", entityId: id, before: { status: row.status }, after: { status: to }, note });
    }
    await options.effects?.(trx, {
      id,
      reference: row.reference,
      userId: row.user_id,
      subjectId: row.subject_id,
      data: readData(row),
      from: row.status,
      to,
    });
    if (row.email && !options.quiet) {
      const locale = isLocale(row.locale) ? row.locale : DEFAULT_LOCALE;
      const t = translatorFor(locale);
      const status = t(statusLabelKey(lifecycle, to));
      const asked = options.email?.(t, locale);
      const extra = asked?.optional && (await optedOut(trx, row.email)) ? undefined : asked;
      const optional = extra?.optional
        ? await unsubscribeParts(trx, { address: row.email, locale, publicUrl: env.PUBLIC_URL, authSecret: env.AUTH_SECRET, label: t("email.preferences") })
        : null;
      // Confirmed or cancelled: the calendar event changes with it (same UID, next SEQUENCE).
      const method = inviteForMove(to);
      const invite = method ? await requestInvite(trx, id, { method, to: row.email, bump: true, locale }) : null;
      const calendarLine = invite ? [t(method === "CANCEL" ? "email.calendar.cancelled" : "email.calendar.attached")] : [];
      const email = renderEmail(
        {
          subject: statusSubject(row.kind, to, t, row.reference, status, lifecycle),
          heading: t("email.status.heading", { status }),
          paragraphs: [t("email.status.text", { title: titleOf(row, t), status }), ...(note ? [note] : []), ...(extra?.paragraphs ?? []), ...calendarLine],
          // The reference the subject may not name ("Your listing is live"): which request it is.
          fields: [{ label: t("request.field.reference"), value: row.reference }],
          ...(extra?.action ? { action: extra.action } : {}),
          ...(optional ? { unsubscribe: optional.unsubscribe } : {}),
          footer: t((isRequestKind(row.kind) && kindOf(row.kind).customerFooter) || "email.customer.footer", { operator: env.OPERATOR_EMAIL }),
          ...emailFormat(locale, t),
        },
        env.BRAND_NAME,
      );
      await enqueueEmail(trx, {
        ...email,
        kind: `${row.kind}.status`,
        to: row.email,
        requestId: id,
        ...(invite ? { attachments: [invite] } : {}),
        ...(optional ? { sealedSecret: optional.sealedSecret } : {}),
      });
    }
    return { ok: true, from: row.status, to };
  });
  if (result.ok) mailQueued();
  return result;
}
