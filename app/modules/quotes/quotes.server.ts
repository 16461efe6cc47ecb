import { randomUUID } from "node:crypto";
import { href } from "react-router";
import type { Transaction } from "kysely";
import type { Database } from "~/lib/db/schema";
import { torontoToday } from "~/lib/forms/formats";
import { formattersFor } from "~/lib/i18n/format";
import type { DailyJob } from "~/lib/jobs.server";
import { DEFAULT_LOCALE, isLocale, type Locale, localizedPath } from "~/lib/i18n/locales";
import { type Translate, translateLocale } from "~/lib/i18n/translate";
import { enqueueEmail } from "~/lib/mail/outbox.server";
import { SECRET_MASK, secretBox } from "~/lib/mail/secrets.server";
import { type EmailField, renderEmail } from "~/lib/mail/template.server";
import { getRuntime, mailQueued } from "~/lib/runtime.server";
import { recordAudit } from "~/modules/admin/audit.server";
import { operatorEmail, providerLocale } from "~/modules/providers/jobs.server";
import { requestInvite } from "~/modules/requests/calendar.server";
import { type CancelAccess, findOwnRequest, STATUS_LINK_ACTOR } from "~/modules/requests/cancel.server";
import type { RequestKindDefinition } from "~/modules/requests/kind";
import { isRequestKind, kindOf } from "~/modules/requests/kinds";
import { emailFormat, statusTokenFor, statusUrlFor, transitionRequest, translatorFor } from "~/modules/requests/requests.server";
import { canMove, isRequestStatus, moveFor, type RequestStatus } from "~/modules/requests/status";
import { type Currency, DEFAULT_CURRENCY, formatMoney, quoteTotals } from "./money";
import type { QuoteInput } from "./schema";
import { hasLapsed, quotesOf } from "./read.server";
import type { AdminQuotes, QuoteView } from "./views";

/**
 * Quotes as a step of a request's lifecycle (issue 50; docs/decisions/0042-quotes.md). The
 * operator writes a quote on the request's back-office page (a draft first if they like), sends
 * it (the request moves to Quoted, the customer is emailed in their language with the quote in
 * the body and the status link), revises it (the sent one is `replaced`; the customer sees the
 * latest and that it replaced one) or withdraws it (back to In review). The customer accepts or
 * declines from the status link or their account; past its validity it cannot be accepted and
 * they may ask for a new one. Every step is one transaction with its audit entry and emails.
 */

/** Who answers: whoever holds the status link, or the signed-in owner of the request. */
export type QuoteAccess = CancelAccess;

const localeOf = (value: string | null | undefined): Locale => (value && isLocale(value) ? value : DEFAULT_LOCALE);

type RequestRow = { id: string; reference: string; kind: string; status: string; data: string; email: string | null; locale: string; provider_id: string | null; user_id: string | null; submission_key: string | null };
const REQUEST_COLUMNS = ["id", "reference", "kind", "status", "data", "email", "locale", "provider_id", "user_id", "submission_key"] as const;

function readData(kind: RequestKindDefinition, raw: string): Record<string, unknown> {
  const json = JSON.parse(raw) as Record<string, unknown>;
  const parsed = kind.payload.safeParse(json);
  return parsed.success ? (parsed.data as Record<string, unknown>) : json;
}

/**
 * Whether the request has no date and time of its own that a quote could leave it with: its
 * kind is dated by the accepted quote instead (kind.ts agreedSlot), so a quote sent for it must
 * offer one (issue 50 item 3: accepting makes the request a confirmed, dated one).
 */
function needsAppointment(row: Pick<RequestRow, "kind" | "data">): boolean {
  if (!isRequestKind(row.kind)) return false;
  const kind = kindOf(row.kind);
  return Boolean(kind.reschedule) && !kind.calendar?.(readData(kind, row.data));
}

/** Whether this request's kind and values are priced by quote (the kind's data: issue 50 item 1). */
export function isQuoted(row: Pick<RequestRow, "kind" | "data">): boolean {
  if (!isRequestKind(row.kind)) return false;
  const kind = kindOf(row.kind);
  return Boolean(kind.quoted?.(readData(kind, row.data)));
}

/** What the back office shows of a request's quotes. */
export async function adminQuotes(requestId: string, now = new Date()): Promise<AdminQuotes | null> {
  const { db } = getRuntime();
  const row = await db.selectFrom("requests").select([...REQUEST_COLUMNS, "quote_flag"]).where("id", "=", requestId).where("deleted_at", "is", null).executeTakeFirst();
  if (!row) return null;
  const all = await quotesOf(db, requestId, now);
  const quoted = isQuoted(row);
  const lifecycle = isRequestKind(row.kind) ? kindOf(row.kind).lifecycle : null;
  const status = row.status as RequestStatus;
  return {
    quoted,
    flag: row.quote_flag,
    canSend: quoted && lifecycle !== null && isRequestStatus(status) && (status === "quoted" || canMove(lifecycle, status, "quoted")),
    needsAppointment: quoted && needsAppointment(row),
    draft: all.find((q) => q.status === "draft") ?? null,
    current: all.find((q) => q.status !== "draft") ?? null,
    history: all.filter((q) => q.status !== "draft"),
  };
}

export type QuoteResult =
  | { ok: true; quoteId: string }
  | { ok: false; reason: "not-found" | "not-quoted" | "not-allowed" | "expired" | "stale" | "needs-appointment" };

/**
 * Saves the operator's quote: the draft is updated (or a new version started), and with `send`
 * it goes out — the sent one before it (if any) is `replaced`, the request moves to Quoted (a
 * revision keeps it there) and the customer is emailed the quote in their language.
 */
export async function saveQuote(actor: { id: string }, requestId: string, input: QuoteInput, send: boolean, now = new Date()): Promise<QuoteResult> {
  const { db } = getRuntime();
  const row = await db.selectFrom("requests").select(REQUEST_COLUMNS).where("id", "=", requestId).where("deleted_at", "is", null).executeTakeFirst();
  if (!row || !isRequestKind(row.kind)) return { ok: false, reason: "not-found" };
  if (!isQuoted(row)) return { ok: false, reason: "not-quoted" };
  const kind = kindOf(row.kind);
  const status = row.status as RequestStatus;
  const movable = isRequestStatus(status) && (status === "quoted" || canMove(kind.lifecycle, status, "quoted"));
  if (!movable) return { ok: false, reason: "not-allowed" };
  // Undated, it is sent with the date and time it offers, or not at all (a draft may wait for it).
  const undated = needsAppointment(row);
  if (send && undated && !input.appointmentDate) return { ok: false, reason: "needs-appointment" };

  const lines = input.lines.map((l) => ({ quantityHundredths: l.quantity, unitCents: l.unitPrice, description: l.description }));
  const totals = quoteTotals(lines);
  const at = now.toISOString();
  let quoteId = "";

  const write = async (trx: Transaction<Database>) => {
    const draft = await trx.selectFrom("quotes").select(["id", "version"]).where("request_id", "=", requestId).where("status", "=", "draft").executeTakeFirst();
    const values = {
      currency: DEFAULT_CURRENCY,
      subtotal_cents: totals.subtotalCents,
      tax_cents: totals.taxCents,
      total_cents: totals.totalCents,
      included: input.included || null,
      excluded: input.excluded || null,
      note: input.note || null,
      valid_until: input.validUntil,
      appointment_date: undated ? (input.appointmentDate ?? null) : null,
      appointment_time: undated ? (input.appointmentTime ?? null) : null,
      updated_at: at,
      ...(send ? { status: "sent", sent_at: at } : {}),
    };
    if (draft) {
      quoteId = draft.id;
      await trx.updateTable("quotes").set(values).where("id", "=", draft.id).execute();
      await trx.deleteFrom("quote_lines").where("quote_id", "=", draft.id).execute();
    } else {
      const last = await trx.selectFrom("quotes").select((eb) => eb.fn.max("version").as("v")).where("request_id", "=", requestId).executeTakeFirst();
      quoteId = randomUUID();
      await trx
        .insertInto("quotes")
        .values({ id: quoteId, request_id: requestId, version: Number(last?.v ?? 0) + 1, status: "draft", created_by: actor.id, created_at: at, ...values })
        .execute();
    }
    await trx
      .insertInto("quote_lines")
      .values(lines.map((l, i) => ({ quote_id: quoteId, position: i + 1, description: l.description, quantity_hundredths: l.quantityHundredths, unit_cents: l.unitCents, amount_cents: totals.lines[i]! })))
      .execute();
    if (!send) return;
    // The revision replaces what the customer had: only the latest can be accepted.
    const previous = await trx.selectFrom("quotes").select(["id", "sent_at"]).where("request_id", "=", requestId).where("status", "=", "sent").where("id", "!=", quoteId).executeTakeFirst();
    if (previous) await trx.updateTable("quotes").set({ status: "replaced", updated_at: at }).where("id", "=", previous.id).execute();
    await trx.updateTable("requests").set({ quote_flag: null }).where("id", "=", requestId).execute();
    await recordAudit(trx, { actorId: actor.id, action: previous ? "quote.revise" : "quote.send", entityType: "request", entityId: requestId, after: { quote: quoteId, totalCents: totals.totalCents, validUntil: input.validUntil } });
    const view = (await quotesOf(trx, requestId, now)).find((q) => q.id === quoteId)!;
    await quoteEmail(trx, row, kind, view, previous?.sent_at ?? null);
  };

  if (send && status !== "quoted") {
    const moved = await transitionRequest(requestId, "quoted", null, { actor, quiet: true, now, effects: (trx) => write(trx) });
    if (!moved.ok) return { ok: false, reason: "not-allowed" };
    return { ok: true, quoteId };
  }
  await db.transaction().execute(async (trx) => {
    if (!send) await recordAudit(trx, { actorId: actor.id, action: "quote.draft", entityType: "request", entityId: requestId });
    await write(trx);
  });
  if (send) mailQueued();
  return { ok: true, quoteId };
}

/** The operator withdraws the quote out with the customer: it can no longer be accepted; the request is back In review. */
export async function withdrawQuote(actor: { id: string }, requestId: string, now = new Date()): Promise<QuoteResult> {
  const { db } = getRuntime();
  const row = await db.selectFrom("requests").select(REQUEST_COLUMNS).where("id", "=", requestId).where("deleted_at", "is", null).executeTakeFirst();
  if (!row || !isRequestKind(row.kind)) return { ok: false, reason: "not-found" };
  const sent = await db.selectFrom("quotes").select("id").where("request_id", "=", requestId).where("status", "=", "sent").executeTakeFirst();
  if (!sent || row.status !== "quoted") return { ok: false, reason: "not-allowed" };
  const kind = kindOf(row.kind);
  const at = now.toISOString();
  const moved = await transitionRequest(requestId, "in_review", null, {
    actor,
    quiet: true,
    now,
    effects: async (trx) => {
      await trx.updateTable("quotes").set({ status: "withdrawn", updated_at: at }).where("id", "=", sent.id).where("status", "=", "sent").execute();
      await recordAudit(trx, { actorId: actor.id, action: "quote.withdraw", entityType: "request", entityId: requestId, before: { quote: sent.id } });
      await customerEmail(trx, row, kind, (t) => ({
        subject: t("quote.email.withdrawnSubject", { reference: row.reference }),
        heading: t("quote.email.withdrawnHeading"),
        paragraphs: [t("quote.email.withdrawnText", { title: kind.title(readData(kind, row.data), t), reference: row.reference })],
      }));
    },
  });
  return moved.ok ? { ok: true, quoteId: sent.id } : { ok: false, reason: "not-allowed" };
}

const findOwn = (access: QuoteAccess): Promise<RequestRow | null> => findOwnRequest(access);

/** Whether this access names a request of its customer's (else the pages answer 404, whatever was posted). */
export async function ownQuoteRequest(access: QuoteAccess): Promise<{ id: string; status: string } | null> {
  const row = await findOwn(access);
  return row ? { id: row.id, status: row.status } : null;
}

/**
 * A quote past its validity, still marked sent: it expires now (the clock's move, `by:
 * "timeout"`), so nothing can accept it; the customer and the operator see it expired.
 */
async function expire(row: RequestRow, quoteId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await transitionRequest(row.id, "quote_expired", null, {
    by: "timeout",
    quiet: true,
    now,
    effects: async (trx) => {
      await trx.updateTable("quotes").set({ status: "expired", updated_at: at }).where("id", "=", quoteId).where("status", "=", "sent").execute();
    },
  });
}

/** The hourly job's sweep: every sent quote past its validity expires (its request moves to Expired). */
export async function expireQuotes(now = new Date()): Promise<number> {
  const { db } = getRuntime();
  const due = await db
    .selectFrom("quotes")
    .innerJoin("requests", "requests.id", "quotes.request_id")
    .select(["quotes.id as quote_id", ...REQUEST_COLUMNS.map((c) => `requests.${c}` as const)])
    .where("quotes.status", "=", "sent")
    .where("quotes.valid_until", "<", torontoToday(now))
    .where("requests.deleted_at", "is", null)
    .execute();
  for (const d of due) await expire(d, d.quote_id, now);
  return due.length;
}

/**
 * The customer's answer to a quote (issue 50 item 3), from the status link or their account.
 * Only the latest sent quote of their own request, while it is valid: accepting one that was
 * replaced, withdrawn or answered is `stale`; one past its validity expires and is `expired`.
 */
export async function answerQuote(
  access: QuoteAccess,
  quoteId: string,
  answer: { accept: true } | { accept: false; reason?: string | null | undefined },
  now = new Date(),
): Promise<QuoteResult> {
  const row = await findOwn(access);
  if (!row || !isRequestKind(row.kind)) return { ok: false, reason: "not-found" };
  const { db } = getRuntime();
  const quote = await db.selectFrom("quotes").selectAll().where("id", "=", quoteId).where("request_id", "=", row.id).executeTakeFirst();
  if (!quote || quote.status !== "sent" || row.status !== "quoted") return { ok: false, reason: quote?.status === "expired" ? "expired" : "stale" };
  if (hasLapsed(quote.valid_until, now)) {
    await expire(row, quote.id, now);
    return { ok: false, reason: "expired" };
  }
  const kind = kindOf(row.kind);
  const data = readData(kind, row.data);
  const actorId = "token" in access ? STATUS_LINK_ACTOR : access.userId;
  const at = now.toISOString();
  const reason = answer.accept ? null : answer.reason?.trim() || null;
  const to: RequestStatus = answer.accept ? "quote_accepted" : "quote_declined";
  const moved = await transitionRequest(row.id, to, null, {
    by: "customer",
    quiet: true,
    now,
    effects: async (trx) => {
      const updated = await trx
        .updateTable("quotes")
        .set({ status: answer.accept ? "accepted" : "declined", answered_at: at, accepted_by: answer.accept ? actorId : null, decline_reason: reason, updated_at: at })
        .where("id", "=", quote.id)
        .where("status", "=", "sent")
        .executeTakeFirst();
      // Answered meanwhile (a double click, two tabs): the move rolls back with this.
      if (Number(updated.numUpdatedRows) !== 1) throw new StaleQuote();
      // Accepted with the date and time it offered, an undated request is dated by it (kind.ts
      // agreedSlot): the invite below, its pages and its rules read the appointment from its values.
      const dated = answer.accept && quote.appointment_date && quote.appointment_time && kind.reschedule && !kind.calendar?.(data);
      const values = dated ? JSON.stringify(kind.reschedule!(data, quote.appointment_date!, quote.appointment_time!)) : undefined;
      await trx
        .updateTable("requests")
        .set({ quote_flag: answer.accept ? "accepted" : "declined", ...(values ? { data: values } : {}) })
        .where("id", "=", row.id)
        .execute();
      await recordAudit(trx, { actorId, action: answer.accept ? "quote.accept" : "quote.decline", entityType: "request", entityId: row.id, after: { quote: quote.id }, note: reason });
      const total = (t: Translate) => formatMoney(Number(quote.total_cents), quote.currency as Currency, translateLocale(t));
      if (answer.accept) {
        // Confirmed at its date: the calendar invite goes with it, as for a booking's confirmation.
        const invite = row.email ? await requestInvite(trx, row.id, { method: "REQUEST", to: row.email, bump: true }) : null;
        await customerEmail(
          trx,
          row,
          kind,
          (t) => ({
            subject: t("quote.email.acceptedSubject", { reference: row.reference }),
            heading: t("quote.email.acceptedHeading"),
            paragraphs: [t("quote.email.acceptedText", { title: kind.title(data, t), total: total(t) }), ...(invite ? [t("email.calendar.attached")] : [])],
          }),
          invite ? [invite] : undefined,
        );
      }
      await operatorEmail(
        trx,
        row,
        (t) => t(answer.accept ? "quote.email.operatorAccepted" : "quote.email.operatorDeclined", { reference: row.reference }),
        (t) => [
          t(answer.accept ? "quote.email.operatorAcceptedText" : "quote.email.operatorDeclinedText", { title: kind.title(data, t), total: total(t), version: Number(quote.version) }),
          ...(reason ? [t("email.field", { label: t("quote.declineReason"), value: reason })] : []),
        ],
      );
      await providerNotice(trx, row, kind, data, answer.accept, total);
    },
  }).catch((error: unknown) => {
    if (error instanceof StaleQuote) return { ok: false as const, reason: "not-allowed" as const };
    throw error;
  });
  return moved.ok ? { ok: true, quoteId: quote.id } : { ok: false, reason: "stale" };
}

class StaleQuote extends Error {}

/** An expired quote: the customer asks for a new one; the request goes back to the operator, flagged. */
export async function askForNewQuote(access: QuoteAccess, now = new Date()): Promise<QuoteResult> {
  const row = await findOwn(access);
  if (!row || !isRequestKind(row.kind)) return { ok: false, reason: "not-found" };
  // A quote that lapsed but was not swept yet expires first.
  if (row.status === "quoted") {
    const sent = await getRuntime().db.selectFrom("quotes").select(["id", "valid_until"]).where("request_id", "=", row.id).where("status", "=", "sent").executeTakeFirst();
    if (!sent || !hasLapsed(sent.valid_until, now)) return { ok: false, reason: "not-allowed" };
    await expire(row, sent.id, now);
    row.status = "quote_expired";
  }
  const kind = kindOf(row.kind);
  if (!isRequestStatus(row.status) || !moveFor(kind.lifecycle, row.status, "in_review", "customer")) return { ok: false, reason: "not-allowed" };
  const actorId = "token" in access ? STATUS_LINK_ACTOR : access.userId;
  const data = readData(kind, row.data);
  const moved = await transitionRequest(row.id, "in_review", null, {
    by: "customer",
    quiet: true,
    now,
    effects: async (trx) => {
      await trx.updateTable("requests").set({ quote_flag: "renew" }).where("id", "=", row.id).execute();
      await recordAudit(trx, { actorId, action: "quote.renew", entityType: "request", entityId: row.id });
      await operatorEmail(
        trx,
        row,
        (t) => t("quote.email.operatorRenew", { reference: row.reference }),
        (t) => [t("quote.email.operatorRenewText", { title: kind.title(data, t) })],
      );
    },
  });
  return moved.ok ? { ok: true, quoteId: "" } : { ok: false, reason: "not-allowed" };
}

/** The customer's link in a quote email: their status page when it can be rebuilt (ADR 25: put in at send time), else My Bookings. */
function customerLink(row: RequestRow, locale: Locale): { url: string; sealedSecret?: string } | null {
  const { env } = getRuntime();
  if (row.submission_key) return { url: statusUrlFor(locale, SECRET_MASK), sealedSecret: secretBox(env.AUTH_SECRET).seal(statusTokenFor(row.submission_key)) };
  if (row.user_id) return { url: `${env.PUBLIC_URL}${localizedPath(locale, href("/account/requests/:reference", { reference: row.reference }))}` };
  return null;
}

async function customerEmail(
  trx: Transaction<Database>,
  row: RequestRow,
  kind: RequestKindDefinition,
  content: (t: Translate) => { subject: string; heading: string; paragraphs: string[]; fields?: EmailField[] },
  attachments?: Awaited<ReturnType<typeof requestInvite>>[],
  cap?: "reminder",
): Promise<boolean> {
  if (!row.email) return false;
  const { env } = getRuntime();
  const locale = localeOf(row.locale);
  const t = translatorFor(locale);
  const link = customerLink(row, locale);
  const c = content(t);
  const email = renderEmail(
    {
      ...c,
      ...(link ? { action: { label: t("quote.email.open"), url: link.url } } : {}),
      footer: t(kind.customerFooter ?? "email.customer.footer", { operator: env.OPERATOR_EMAIL }),
      ...emailFormat(locale, t),
    },
    env.BRAND_NAME,
  );
  const files = (attachments ?? []).filter((a): a is NonNullable<typeof a> => a !== null);
  const outgoing = {
    ...email,
    kind: `${row.kind}.quote`,
    to: row.email,
    requestId: row.id,
    ...(link?.sealedSecret ? { sealedSecret: link.sealedSecret } : {}),
    ...(files.length ? { attachments: files } : {}),
  };
  // A reminder the site sends on its own counts against the mailbox's cap; an answer to someone's own step does not.
  if (cap) return (await enqueueEmail(trx, { ...outgoing, cap })) !== null;
  await enqueueEmail(trx, outgoing);
  return true;
}

/** How many days before its last valid day a quote still unanswered is reminded of (once). */
export const QUOTE_REMINDER_DAYS = 1;

/**
 * The reminder before expiry (issue 50 item 4): once per quote, for a sent quote whose last
 * valid day is today or tomorrow (Toronto), while its request is Quoted; under the mailbox's
 * cap (RECIPIENT_CAPS.reminder): over it, the reminder is skipped, never queued later. Claimed
 * with `reminded_at` first, so two processes never both send it.
 */
export async function remindQuotes(now = new Date()): Promise<number> {
  const { db } = getRuntime();
  const today = torontoToday(now);
  const last = new Date(Date.parse(`${today}T12:00:00Z`) + QUOTE_REMINDER_DAYS * 86_400_000).toISOString().slice(0, 10);
  const due = await db
    .selectFrom("quotes")
    .innerJoin("requests", "requests.id", "quotes.request_id")
    .select(["quotes.id as quote_id", "quotes.valid_until", ...REQUEST_COLUMNS.map((c) => `requests.${c}` as const)])
    .where("quotes.status", "=", "sent")
    .where("quotes.reminded_at", "is", null)
    .where("quotes.valid_until", ">=", today)
    .where("quotes.valid_until", "<=", last)
    .where("requests.status", "=", "quoted")
    .where("requests.deleted_at", "is", null)
    .execute();
  let sent = 0;
  for (const d of due) {
    if (!isRequestKind(d.kind)) continue;
    const kind = kindOf(d.kind);
    const data = readData(kind, d.data);
    const queued = await db.transaction().execute(async (trx) => {
      const claimed = await trx.updateTable("quotes").set({ reminded_at: now.toISOString() }).where("id", "=", d.quote_id).where("reminded_at", "is", null).executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      return customerEmail(
        trx,
        d,
        kind,
        (t) => ({
          subject: t("quote.email.reminderSubject", { reference: d.reference }),
          heading: t("quote.email.reminderHeading"),
          paragraphs: [t("quote.email.reminderText", { title: kind.title(data, t), date: formattersFor(translateLocale(t)).calendarDay(d.valid_until) })],
        }),
        undefined,
        "reminder",
      );
    });
    if (queued) sent++;
  }
  if (sent) mailQueued();
  return sent;
}

/** Checked every hour (one run per hour across processes, claimed like the daily jobs): expiry, then reminders. */
export const QUOTE_JOB: DailyJob = {
  name: "quotes.expiry-reminders",
  period: (now) => now.toISOString().slice(0, 13),
  run: async (now) => ({ expired: await expireQuotes(now), reminded: await remindQuotes(now) }),
};

/** The quote itself, in the customer's language: lines, subtotal, HST, total, validity, what is included. */
export function quoteFields(t: Translate, q: QuoteView): EmailField[] {
  const money = (c: number) => formatMoney(c, q.currency, translateLocale(t));
  const qty = (h: number) => new Intl.NumberFormat(translateLocale(t), { maximumFractionDigits: 2 }).format(h / 100);
  return [
    ...q.lines.map((l) => ({ label: l.description, value: t("quote.lineValue", { quantity: qty(l.quantityHundredths), unit: money(l.unitCents), amount: money(l.amountCents) }) })),
    { label: t("quote.subtotal"), value: money(q.subtotalCents) },
    { label: t("quote.hst"), value: money(q.taxCents) },
    { label: t("quote.total"), value: money(q.totalCents) },
    ...(q.appointment ? [{ label: t("quote.appointment"), value: formattersFor(translateLocale(t)).dateTime(q.appointment) }] : []),
    { label: t("quote.validUntil"), value: new Intl.DateTimeFormat(translateLocale(t), { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${q.validUntil}T00:00:00Z`)) },
    ...(q.included ? [{ label: t("quote.included"), value: q.included }] : []),
    ...(q.excluded ? [{ label: t("quote.excluded"), value: q.excluded }] : []),
    ...(q.note ? [{ label: t("quote.note"), value: q.note }] : []),
  ];
}

async function quoteEmail(trx: Transaction<Database>, row: RequestRow, kind: RequestKindDefinition, q: QuoteView, replacedSentAt: string | null) {
  const data = readData(kind, row.data);
  await customerEmail(trx, row, kind, (t) => ({
    subject: t(replacedSentAt ? "quote.email.revisedSubject" : "quote.email.subject", { reference: row.reference }),
    heading: t("quote.email.heading", { title: kind.title(data, t) }),
    paragraphs: [
      ...(replacedSentAt ? [t("quote.email.replaces")] : []),
      t("quote.email.text", { reference: row.reference }),
    ],
    fields: quoteFields(t, q),
  }));
}

/** The matched provider, where there is one: the customer's answer to the price of their job. */
async function providerNotice(trx: Transaction<Database>, row: RequestRow, kind: RequestKindDefinition, data: Record<string, unknown>, accepted: boolean, total: (t: Translate) => string) {
  if (!row.provider_id) return;
  const provider = await trx
    .selectFrom("providers")
    .innerJoin("user", "user.id", "providers.user_id")
    .select(["providers.id", "user.email"])
    .where("providers.id", "=", row.provider_id)
    .executeTakeFirst();
  if (!provider) return;
  const { env } = getRuntime();
  const locale = await providerLocale(trx, provider.id);
  const t = translatorFor(locale);
  const email = renderEmail(
    {
      subject: t(accepted ? "quote.email.providerAccepted" : "quote.email.providerDeclined", { reference: row.reference }),
      heading: t(accepted ? "quote.email.providerAccepted" : "quote.email.providerDeclined", { reference: row.reference }),
      paragraphs: [t("quote.email.providerText", { title: kind.title(data, t), total: total(t) })],
      // Replies reach our team (no Reply-To: the operator's), not the customer: the footer says so.
      footer: t("jobs.email.teamFooter", { operator: env.OPERATOR_EMAIL }),
      ...emailFormat(locale, t),
    },
    env.BRAND_NAME,
  );
  await enqueueEmail(trx, { ...email, kind: `${row.kind}.quote-provider`, to: provider.email, requestId: row.id });
}
