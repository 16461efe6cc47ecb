import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { href } from "react-router";
import type { Database } from "~/lib/db/schema";
import { formattersFor } from "~/lib/i18n/format";
import { DEFAULT_LOCALE, isLocale, type Locale, localizedPath } from "~/lib/i18n/locales";
import { type MessageKey, type Translate, translateLocale } from "~/lib/i18n/translate";
import type { DailyJob } from "~/lib/jobs.server";
import { enqueueEmail } from "~/lib/mail/outbox.server";
import { renderEmail } from "~/lib/mail/template.server";
import { getRuntime, mailQueued } from "~/lib/runtime.server";
import { recordAudit } from "~/modules/admin/audit.server";
import { appointmentOf, hasStarted } from "~/modules/requests/appointment";
import { calendarFile, requestInvite, slotOf } from "~/modules/requests/calendar.server";
import { applyProposal, withProposal } from "~/modules/requests/proposal.server";
import { type RenderedField, renderFields, type RequestKindDefinition } from "~/modules/requests/kind";
import { isRequestKind, kindOf, type RequestKind } from "~/modules/requests/kinds";
import { emailFormat, transitionRequest, translatorFor } from "~/modules/requests/requests.server";
import { isRequestStatus, type RequestStatus } from "~/modules/requests/status";
import { DEFAULT_WINDOW_HOURS, type DeclineReason, type JobFilter, MATCHED_KINDS, type MatchedKind, type RematchReason, REMATCH_REASON_KEYS } from "./jobs";
import { shownName } from "~/modules/privacy/deleted-name";

/**
 * Providers answer their matches (ADR 24).
 * A match is an offer: the provider accepts (the customer is emailed their confirmation, the
 * provider gets the customer's contact) or declines with a reason within the kind's window;
 * a decline or no answer in time hands the request back to the operator, flagged "needs a new
 * match", and that provider is not offered again for it. Each answer is a move in the kind's
 * lifecycle (status.ts, MATCH_LIFECYCLE), made in one transaction with its timeline event,
 * audit entry and emails. Then the provider says the job is done and the operator completes it.
 */

/** The provider behind a signed-in account: only accounts with the provider role and a provider record. */
export async function providerOfUser(user: { id: string; role: string }): Promise<{ id: string; name: string; userId: string } | null> {
  if (user.role !== "provider") return null;
  const row = await getRuntime().db.selectFrom("providers").select(["id", "name", "user_id"]).where("user_id", "=", user.id).executeTakeFirst();
  return row ? { id: row.id, name: row.name, userId: row.user_id } : null;
}

/** The operator's answer window for a kind, in hours (their setting, else the default). */
export async function windowHours(kind: string, db: Pick<Transaction<Database>, "selectFrom"> = getRuntime().db): Promise<number> {
  const row = await db.selectFrom("match_windows").select("hours").where("kind", "=", kind).executeTakeFirst();
  return row ? Number(row.hours) : DEFAULT_WINDOW_HOURS;
}

/** Every matched kind with its window (the back office's setting). */
export async function listWindows(): Promise<{ kind: MatchedKind; hours: number }[]> {
  const rows = await getRuntime().db.selectFrom("match_windows").select(["kind", "hours"]).execute();
  const set = new Map(rows.map((r) => [r.kind, Number(r.hours)]));
  return MATCHED_KINDS.map((kind) => ({ kind, hours: set.get(kind) ?? DEFAULT_WINDOW_HOURS }));
}

/** The operator sets the kinds' windows (each change audited), in one transaction. */
export async function setWindows(actor: { id: string }, windows: Record<MatchedKind, number>): Promise<void> {
  const { db } = getRuntime();
  await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    for (const kind of MATCHED_KINDS) {
      const hours = windows[kind];
      const before = await windowHours(kind, trx);
      if (before === hours) continue;
      await trx
        .insertInto("match_windows")
        .values({ kind, hours, updated_at: now })
        .onConflict((oc) => oc.column("kind").doUpdateSet({ hours, updated_at: now }))
        .execute();
      await recordAudit(trx, { actorId: actor.id, action: "match.window", entityType: "kind", entityId: kind, before: { hours: before }, after: { hours } });
    }
  });
}

export type JobAnswer = "pending" | "accepted" | "declined" | "timeout";

export type Job = {
  reference: string;
  kind: RequestKind;
  status: RequestStatus;
  title: string;
  titleAsWritten: boolean;
  createdAt: string;
  /** Its appointment (Toronto's wall clock, as typed), null without a date and time. */
  appointment: string | null;
  /** The appointment has started (or there is none): the job may be marked done from then on. */
  started: boolean;
  /**
   * The customer asked to move it (ADR 43): the appointment it had, while the provider is asked
   * to accept the new one (`appointment` is then the proposed time); null otherwise.
   */
  movedFrom: string | null;
  /** Where its kind's lifecycle words a status its own way (a match is "Offered to a provider"). */
  labels: Partial<Record<RequestStatus, MessageKey>>;
  /** How this provider answered (declined/timeout: the job went back to the operator). */
  answer: JobAnswer;
  /** Until when the provider may answer (pending only). */
  respondBy: string | null;
  doneAt: string | null;
  /** What they need for the job; the customer's name and contact only once they accepted. */
  fields: RenderedField[];
  customer: { name: string; email: string | null } | null;
  events: { status: RequestStatus; at: string }[];
  /** An accepted job with a date and time offers its .ics ("Add to calendar"). */
  hasCalendar: boolean;
  /** The customer cancelled it themselves (ADR 41): said on the job, with whether it came late. */
  customerCancelled: { late: boolean } | null;
};

type JobRow = {
  id: string;
  reference: string;
  kind: string;
  status: string;
  data: string;
  name: string;
  email: string | null;
  created_at: string;
  provider_id: string | null;
  respond_by: string | null;
  provider_done_at: string | null;
  proposed_date: string | null;
  proposed_time: string | null;
};

function readData(kind: RequestKindDefinition, raw: string): Record<string, unknown> {
  const json = JSON.parse(raw) as Record<string, unknown>;
  const parsed = kind.payload.safeParse(json);
  return parsed.success ? (parsed.data as Record<string, unknown>) : json;
}

const OPEN: readonly RequestStatus[] = ["matched", "accepted"];

/** Every request matched to this provider (and those they turned down), newest first. */
export async function listJobs(providerId: string, filter: JobFilter, t: Translate): Promise<Job[]> {
  const { db } = getRuntime();
  const declines = await db.selectFrom("request_declines").select(["request_id", "reason", "created_at"]).where("provider_id", "=", providerId).execute();
  const declined = new Map(declines.map((d) => [d.request_id, { reason: d.reason, at: d.created_at }]));
  const rows: JobRow[] = await db
    .selectFrom("requests")
    .select(["id", "reference", "kind", "status", "data", "name", "email", "created_at", "provider_id", "respond_by", "provider_done_at", "proposed_date", "proposed_time"])
    .where("deleted_at", "is", null)
    .where((eb) => eb.or([eb("provider_id", "=", providerId), ...(declined.size ? [eb("id", "in", [...declined.keys()])] : [])]))
    .orderBy("created_at", "desc")
    .limit(500)
    .execute();
  const mine = (r: JobRow) => r.provider_id === providerId;
  const upcoming = (r: JobRow) => mine(r) && (OPEN as string[]).includes(r.status);
  const picked = rows.filter((r) => (filter === "upcoming" ? upcoming(r) : !upcoming(r)));
  if (picked.length === 0) return [];
  const events = await db
    .selectFrom("request_events")
    .select(["request_id", "status", "created_at"])
    .where(
      "request_id",
      "in",
      picked.map((r) => r.id),
    )
    .orderBy("created_at")
    .execute();
  // The customer's own cancellations of this provider's jobs (ADR 41): "cancelled by the customer", late or not.
  const cancelledIds = picked.filter((r) => mine(r) && r.status === "cancelled").map((r) => r.id);
  const cancellations = cancelledIds.length
    ? await db.selectFrom("request_cancellations").select(["request_id", "late"]).where("request_id", "in", cancelledIds).execute()
    : [];
  const byCustomer = new Map(cancellations.map((c) => [c.request_id, { late: Number(c.late) === 1 }]));
  const now = new Date();
  return picked.flatMap((r) => {
    if (!isRequestKind(r.kind) || !isRequestStatus(r.status)) return [];
    const kind = kindOf(r.kind);
    const gone = mine(r) ? undefined : declined.get(r.id);
    const answer: JobAnswer = !gone ? (r.status === "matched" ? "pending" : "accepted") : gone.reason === "timeout" ? "timeout" : "declined";
    // An offer to answer shows the time the customer asks for, and the one it replaces (ADR 43).
    const stored = appointmentOf(slotOf(r));
    const moving = answer === "pending" && Boolean(r.proposed_date && r.proposed_time);
    const data = moving ? withProposal(r.kind, readData(kind, r.data), r) : readData(kind, r.data);
    const appointment = moving ? appointmentOf(kind.calendar?.(data) ?? null) : stored;
    const contact = mine(r) && (r.status === "accepted" || r.status === "completed");
    const hidden = new Set(contact ? [] : (kind.privateFields?.(data) ?? []));
    const names = kind.fields(data).map((f) => f.name);
    return [
      {
        reference: r.reference,
        kind: r.kind,
        status: r.status,
        title: kind.title(data, t),
        titleAsWritten: Boolean(kind.titleAsWritten),
        createdAt: r.created_at,
        appointment,
        started: hasStarted(appointment, now),
        movedFrom: moving ? stored : null,
        labels: kind.lifecycle.labels ?? {},
        answer,
        respondBy: answer === "pending" ? r.respond_by : null,
        doneAt: mine(r) ? r.provider_done_at : null,
        fields: renderFields(kind, data, t).filter((_f, i) => !hidden.has(names[i]!)),
        customer: contact ? { name: shownName(r.name, t), email: r.email } : null,
        // A provider who handed the job back sees its timeline up to then, not what followed.
        events: events
          .filter((e) => e.request_id === r.id && isRequestStatus(e.status) && (!gone || e.created_at <= gone.at))
          .map((e) => ({ status: e.status as RequestStatus, at: e.created_at })),
        hasCalendar: calendarAllowed(mine(r), r.status) && slotOf(r) !== null,
        customerCancelled: byCustomer.get(r.id) ?? null,
      },
    ];
  });
}

/** Only the matched provider, and only once they accepted (the job is theirs then). */
const calendarAllowed = (mine: boolean, status: string) => mine && (status === "accepted" || status === "completed");

/**
 * "Add to calendar" on My Jobs: the same PUBLISH file as the customer's
 * status page (calendar.server.ts calendarFile, same UID and SEQUENCE), for the matched
 * provider of an accepted job only; null (404) for anyone else, as for a job that is not there.
 */
export async function jobCalendar(providerId: string, reference: string, locale: Locale): Promise<{ reference: string; ics: string } | null> {
  const row = await getRuntime()
    .db.selectFrom("requests")
    .select(["id", "reference", "kind", "status", "data", "locale", "calendar_sequence", "provider_id"])
    .where("reference", "=", reference)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!row || !calendarAllowed(row.provider_id === providerId, row.status)) return null;
  const ics = calendarFile({ ...row, calendar_sequence: Number(row.calendar_sequence) }, locale);
  return ics ? { reference: row.reference, ics } : null;
}

/** `too-early`: marked done before the appointment starts (`startsAt`, Toronto's wall clock). */
export type JobResult = { ok: true } | { ok: false; reason: "not-found" | "not-allowed" | "too-late" } | { ok: false; reason: "too-early"; startsAt: string };

/** A job that is not this provider's, or not in the state the answer needs: refused, nothing written. */
class Refused extends Error {
  constructor(readonly reason: "not-allowed" | "too-late") {
    super(reason);
  }
}

/**
 * A job as one provider may know it: matched to them, or one they declined or let pass (both
 * listed in their My Jobs). To anyone else it does not exist, exactly as an unknown reference:
 * a 409 told another provider that the reference was a job (issue 47, item 10).
 */
async function loadJob(reference: string, providerId: string) {
  return getRuntime()
    .db.selectFrom("requests")
    .select(["id", "kind", "status", "provider_id", "respond_by", "provider_done_at", "reference", "data", "name", "email", "locale"])
    .where("reference", "=", reference)
    .where("deleted_at", "is", null)
    .where((eb) =>
      eb.or([
        eb("provider_id", "=", providerId),
        eb.exists(
          eb
            .selectFrom("request_declines")
            .select("request_declines.id")
            .whereRef("request_declines.request_id", "=", "requests.id")
            .where("request_declines.provider_id", "=", providerId),
        ),
      ]),
    )
    .executeTakeFirst();
}

/** The operator team reads in the default language; their emails link to the back-office page. */
const operatorLocale: Locale = DEFAULT_LOCALE;
const adminUrl = (reference: string) => `${getRuntime().env.PUBLIC_URL}${href("/admin/requests/:reference", { reference })}`;
const localeOf = (value: string | null | undefined): Locale => (value && isLocale(value) ? value : DEFAULT_LOCALE);

/** The language a provider reads in: the one they applied in. */
export async function providerLocale(trx: Pick<Transaction<Database>, "selectFrom">, providerId: string): Promise<Locale> {
  const row = await trx
    .selectFrom("providers")
    .innerJoin("requests", (j) => j.onRef("requests.subject_id", "=", "providers.application_id").on("requests.kind", "=", "provider-application"))
    .select("requests.locale")
    .where("providers.id", "=", providerId)
    .executeTakeFirst();
  return localeOf(row?.locale);
}

/** A provider's name and their account's address (where their job emails go), or undefined. */
export async function providerAccount(trx: Pick<Transaction<Database>, "selectFrom">, providerId: string) {
  return trx
    .selectFrom("providers")
    .innerJoin("user", "user.id", "providers.user_id")
    .select(["providers.id", "providers.name", "user.email"])
    .where("providers.id", "=", providerId)
    .executeTakeFirst();
}

export async function operatorEmail(trx: Transaction<Database>, job: { id: string; reference: string; kind: string }, subject: (t: Translate) => string, paragraphs: (t: Translate) => string[]) {
  const { env } = getRuntime();
  const t = translatorFor(operatorLocale);
  const email = renderEmail(
    {
      subject: subject(t),
      heading: subject(t),
      paragraphs: paragraphs(t),
      action: { label: t("jobs.email.openRequest"), url: adminUrl(job.reference) },
      ...emailFormat(operatorLocale, t),
    },
    env.BRAND_NAME,
  );
  await enqueueEmail(trx, { ...email, kind: `${job.kind}.operator-update`, to: env.OPERATOR_EMAIL, requestId: job.id });
}

/** The customer's word that their offer fell through and another provider is being found. */
async function findingAnotherEmail(trx: Transaction<Database>, job: { id: string; reference: string; kind: string }, to: string, storedLocale: string) {
  const { env } = getRuntime();
  const locale = localeOf(storedLocale);
  const t = translatorFor(locale);
  const email = renderEmail(
    {
      subject: t("jobs.email.findingSubject", { reference: job.reference }),
      heading: t("jobs.email.findingHeading"),
      paragraphs: [t("jobs.email.findingText")],
      footer: t("email.customer.footer", { operator: env.OPERATOR_EMAIL }),
      ...emailFormat(locale, t),
    },
    env.BRAND_NAME,
  );
  await enqueueEmail(trx, { ...email, kind: `${job.kind}.rematching`, to, requestId: job.id });
}

/**
 * The provider who held a job at its old time, once the new time the customer proposed is handed
 * back (declined, or not answered in time): the event leaves their calendar (METHOD:CANCEL, the
 * same UID with the next SEQUENCE), in their language.
 */
async function releasedEmail(trx: Transaction<Database>, job: { id: string; reference: string; kind: string }, provider: { id: string }) {
  const { env } = getRuntime();
  const account = await providerAccount(trx, provider.id);
  if (!account) return;
  const locale = await providerLocale(trx, provider.id);
  const t = translatorFor(locale);
  const invite = await requestInvite(trx, job.id, { method: "CANCEL", to: account.email, bump: true, locale });
  const email = renderEmail(
    {
      subject: t("jobs.email.releasedSubject", { reference: job.reference }),
      heading: t("jobs.email.releasedHeading"),
      paragraphs: [t("jobs.email.releasedText", { reference: job.reference }), ...(invite ? [t("email.calendar.cancelled")] : [])],
      action: { label: t("jobs.email.openJobs"), url: `${env.PUBLIC_URL}${localizedPath(locale, `${href("/account/jobs")}?show=past`)}` },
      // Replies reach our team (no Reply-To: the operator's), not the customer: the footer says so.
      footer: t("jobs.email.teamFooter", { operator: env.OPERATOR_EMAIL }),
      ...emailFormat(locale, t),
    },
    env.BRAND_NAME,
  );
  await enqueueEmail(trx, { ...email, kind: `${job.kind}.released-provider`, to: account.email, requestId: job.id, ...(invite ? { attachments: [invite] } : {}) });
}

/**
 * The emails of an accepted job, written in one place: the customer's confirmation (the
 * provider's name, contact and public profile, in the customer's language) and the provider's
 * copy with the customer's contact (in the provider's). A calendar invitation is attached here,
 * to both.
 */
export async function acceptanceEmails(
  trx: Transaction<Database>,
  job: { id: string; reference: string; kind: RequestKind; data: Record<string, unknown>; name: string; email: string | null; locale: string },
  provider: { id: string; name: string },
  /** The new appointment, when the acceptance moved it to the time the customer proposed (ADR 43). */
  moved: string | null = null,
): Promise<void> {
  const { env } = getRuntime();
  const kind = kindOf(job.kind);
  const contact = await trx
    .selectFrom("providers")
    .innerJoin("user", "user.id", "providers.user_id")
    .select(["user.email", "user.phone"])
    .where("providers.id", "=", provider.id)
    .executeTakeFirstOrThrow();
  // Both get the event, confirmed now (one SEQUENCE step for this change, ADR 24).
  const customerInvite = job.email ? await requestInvite(trx, job.id, { method: "REQUEST", to: job.email, bump: true }) : null;
  if (job.email) {
    const locale = localeOf(job.locale);
    const t = translatorFor(locale);
    const email = renderEmail(
      {
        subject: t("jobs.email.confirmedSubject", { reference: job.reference }),
        heading: t("jobs.email.confirmedHeading", { provider: provider.name }),
        paragraphs: [
          t("jobs.email.confirmedText", { provider: provider.name, title: kind.title(job.data, t) }),
          t("email.field", { label: t("jobs.email.providerEmail"), value: contact.email }),
          ...(contact.phone ? [t("email.field", { label: t("jobs.email.providerPhone"), value: contact.phone })] : []),
          ...(moved ? [t("rescheduleEmail.newTime", { date: formattersFor(locale).dateTime(moved) })] : []),
          ...(customerInvite ? [t("email.calendar.attached")] : []),
        ],
        action: { label: t("jobs.email.providerProfile"), url: `${env.PUBLIC_URL}${localizedPath(locale, href("/providers/:id", { id: provider.id }))}` },
        footer: t("email.customer.footer", { operator: env.OPERATOR_EMAIL }),
        ...emailFormat(locale, t),
      },
      env.BRAND_NAME,
    );
    await enqueueEmail(trx, {
      ...email,
      kind: `${job.kind}.confirmed`,
      to: job.email,
      replyTo: contact.email,
      requestId: job.id,
      ...(customerInvite ? { attachments: [customerInvite] } : {}),
    });
  }
  const locale = await providerLocale(trx, provider.id);
  const t = translatorFor(locale);
  const providerInvite = await requestInvite(trx, job.id, { method: "REQUEST", to: contact.email, bump: !job.email, locale });
  const email = renderEmail(
    {
      subject: t("jobs.email.acceptedSubject", { reference: job.reference }),
      heading: t("jobs.email.acceptedHeading"),
      paragraphs: [
        t("jobs.email.acceptedText", { customer: job.name, title: kind.title(job.data, t) }),
        ...(moved ? [t("rescheduleEmail.newTime", { date: formattersFor(locale).dateTime(moved) })] : []),
        ...(providerInvite ? [t("email.calendar.attached")] : []),
      ],
      fields: renderFields(kind, job.data, t),
      // The customer's words go to the provider as data, quoted and short.
      cutValues: 500,
      action: { label: t("jobs.email.openJobs"), url: `${env.PUBLIC_URL}${localizedPath(locale, href("/account/jobs"))}` },
      // Replies reach the customer (Reply-To below): the footer says so, and where our team is.
      footer: t("jobs.email.acceptedFooter", { operator: env.OPERATOR_EMAIL }),
      ...emailFormat(locale, t),
    },
    env.BRAND_NAME,
  );
  await enqueueEmail(trx, {
    ...email,
    kind: `${job.kind}.accepted`,
    to: contact.email,
    replyTo: job.email,
    requestId: job.id,
    ...(providerInvite ? { attachments: [providerInvite] } : {}),
  });
}

async function refusable(work: () => Promise<unknown>): Promise<JobResult> {
  try {
    const result = (await work()) as { ok: boolean } | undefined;
    if (result && !result.ok) return { ok: false, reason: "not-allowed" };
    return { ok: true };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason };
    throw error;
  }
}

/** Re-reads the job inside the move's transaction: still this provider's, still unanswered, in time. */
async function stillPending(trx: Transaction<Database>, requestId: string, providerId: string, now: Date) {
  const row = await trx.selectFrom("requests").select(["provider_id", "respond_by"]).where("id", "=", requestId).executeTakeFirst();
  if (!row || row.provider_id !== providerId) throw new Refused("not-allowed");
  if (row.respond_by && row.respond_by <= now.toISOString()) throw new Refused("too-late");
}

/** The matched provider accepts: Matched → Accepted; the customer is emailed the confirmation. */
export async function acceptJob(provider: { id: string; name: string; userId: string }, reference: string, now = new Date()): Promise<JobResult> {
  const job = await loadJob(reference, provider.id);
  if (!job || !isRequestKind(job.kind)) return { ok: false, reason: "not-found" };
  if (job.provider_id !== provider.id || job.status !== "matched") return { ok: false, reason: "not-allowed" };
  if (job.respond_by && job.respond_by <= now.toISOString()) return { ok: false, reason: "too-late" };
  const kind = job.kind;
  const result = await refusable(() =>
    transitionRequest(job.id, "accepted", null, {
      by: "provider",
      quiet: true,
      actor: { id: provider.userId },
      effects: async (trx, request) => {
        await stillPending(trx, job.id, provider.id, now);
        await trx.updateTable("requests").set({ respond_by: null }).where("id", "=", job.id).execute();
        // A new time the customer proposed becomes the appointment now, and only now (ADR 43).
        const moved = await applyProposal(trx, job.id);
        await recordAudit(trx, {
          actorId: provider.userId,
          action: "request.accept",
          entityType: "request",
          entityId: job.id,
          ...(moved ? { before: { appointment: moved.was } } : {}),
          after: { providerId: provider.id, ...(moved ? { appointment: moved.appointment } : {}) },
        });
        await acceptanceEmails(
          trx,
          { id: job.id, reference: job.reference, kind, data: moved?.data ?? request.data, name: job.name, email: job.email, locale: job.locale },
          provider,
          moved?.appointment ?? null,
        );
      },
    }),
  );
  if (result.ok) mailQueued();
  return result;
}

/**
 * Hands a matched request back to the operator (a decline, or the window passed): Matched →
 * In review, flagged with the reason; the provider is recorded so the shortlist hides them.
 * The customer is told we are finding another provider (issue 49 item 2: the request no longer
 * goes back to "In review" without a word), never which provider or why.
 */
async function handBack(
  job: { id: string; reference: string; kind: string },
  provider: { id: string; name: string },
  reason: RematchReason,
  note: string | null,
  actorId: string,
  by: "provider" | "timeout",
  now: Date,
): Promise<JobResult> {
  const result = await refusable(() =>
    transitionRequest(job.id, "in_review", null, {
      by,
      quiet: true,
      actor: { id: actorId },
      effects: async (trx) => {
        const row = await trx.selectFrom("requests").select(["provider_id", "respond_by", "email", "locale", "proposed_from"]).where("id", "=", job.id).executeTakeFirst();
        if (!row || row.provider_id !== provider.id) throw new Refused("not-allowed");
        if (by === "provider" && row.respond_by && row.respond_by <= now.toISOString()) throw new Refused("too-late");
        if (by === "timeout" && (!row.respond_by || row.respond_by > now.toISOString())) throw new Refused("not-allowed");
        await trx.insertInto("request_declines").values({ id: randomUUID(), request_id: job.id, provider_id: provider.id, reason, note, created_at: now.toISOString() }).execute();
        // A proposed new time stays for the next provider (ADR 43); the one who held the old time is gone.
        await trx.updateTable("requests").set({ provider_id: null, respond_by: null, rematch_reason: reason, proposed_from: null }).where("id", "=", job.id).execute();
        await recordAudit(trx, {
          actorId,
          action: by === "timeout" ? "request.match-expired" : "request.decline",
          entityType: "request",
          entityId: job.id,
          before: { providerId: provider.id },
          after: { providerId: null, reason },
          note,
        });
        await operatorEmail(
          trx,
          job,
          (t) => t("jobs.email.rematchSubject", { reference: job.reference }),
          (t) => [
            t(by === "timeout" ? "jobs.email.rematchTimeout" : "jobs.email.rematchDeclined", { provider: provider.name }),
            t("email.field", { label: t("jobs.reason.label"), value: t(REMATCH_REASON_KEYS[reason]) }),
            ...(note ? [t("email.field", { label: t("jobs.decline.note"), value: note })] : []),
          ],
        );
        if (row.email) await findingAnotherEmail(trx, job, row.email, row.locale);
        // A provider who had accepted the old time holds its event in their calendar (ADR 43):
        // declining the new time, or letting it lapse, takes the job off it.
        if (row.proposed_from === "accepted") await releasedEmail(trx, job, provider);
      },
    }),
  );
  if (result.ok) mailQueued();
  return result;
}

/** The matched provider declines, with a reason from the list and an optional note. */
export async function declineJob(
  provider: { id: string; name: string; userId: string },
  reference: string,
  reason: DeclineReason,
  note: string | null,
  now = new Date(),
): Promise<JobResult> {
  const job = await loadJob(reference, provider.id);
  if (!job || !isRequestKind(job.kind)) return { ok: false, reason: "not-found" };
  if (job.provider_id !== provider.id || job.status !== "matched") return { ok: false, reason: "not-allowed" };
  if (job.respond_by && job.respond_by <= now.toISOString()) return { ok: false, reason: "too-late" };
  return handBack(job, provider, reason, note, provider.userId, "provider", now);
}

/**
 * The provider says the job is done; the operator completes it (the review invitation follows).
 * Not before the appointment starts, as the completion it leads to (status.ts `notBefore`).
 */
export async function markJobDone(provider: { id: string; name: string; userId: string }, reference: string, now = new Date()): Promise<JobResult> {
  const job = await loadJob(reference, provider.id);
  if (!job || !isRequestKind(job.kind)) return { ok: false, reason: "not-found" };
  if (job.provider_id !== provider.id || job.status !== "accepted" || job.provider_done_at) return { ok: false, reason: "not-allowed" };
  const { db } = getRuntime();
  const done = await db.transaction().execute(async (trx): Promise<JobResult> => {
    // The appointment as it is now, in the transaction that marks it (it may have been moved).
    const current = await trx.selectFrom("requests").select(["kind", "data"]).where("id", "=", job.id).executeTakeFirst();
    const appointment = current ? appointmentOf(slotOf(current)) : null;
    if (!hasStarted(appointment, now)) return { ok: false, reason: "too-early", startsAt: appointment! };
    const marked = await trx
      .updateTable("requests")
      .set({ provider_done_at: now.toISOString(), updated_at: now.toISOString() })
      .where("id", "=", job.id)
      .where("provider_id", "=", provider.id)
      .where("status", "=", "accepted")
      .where("provider_done_at", "is", null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return { ok: false, reason: "not-allowed" };
    await recordAudit(trx, { actorId: provider.userId, action: "request.provider-done", entityType: "request", entityId: job.id, after: { doneAt: now.toISOString() } });
    await operatorEmail(
      trx,
      job,
      (t) => t("jobs.email.doneSubject", { reference: job.reference }),
      (t) => [t("jobs.email.doneText", { provider: provider.name, date: formattersFor(translateLocale(t)).dateTime(now.toISOString()) })],
    );
    return { ok: true };
  });
  if (done.ok) mailQueued();
  return done;
}

/**
 * Hands back every match whose window passed unanswered (the hourly job). Each request is its
 * own transaction, guarded by what it reads, so two processes never hand one back twice.
 */
export async function expireMatches(now = new Date()): Promise<number> {
  const { db } = getRuntime();
  const due = await db
    .selectFrom("requests")
    .innerJoin("providers", "providers.id", "requests.provider_id")
    .select(["requests.id", "requests.reference", "requests.kind", "providers.id as providerId", "providers.name as providerName", "providers.user_id as userId"])
    .where("requests.status", "=", "matched")
    .where("requests.deleted_at", "is", null)
    .where("requests.respond_by", "is not", null)
    .where("requests.respond_by", "<=", now.toISOString())
    .limit(500)
    .execute();
  let handed = 0;
  for (const r of due) {
    // The audit log names the provider's account: the move is their silence, made by the clock.
    const result = await handBack(r, { id: r.providerId, name: r.providerName }, "timeout", null, r.userId, "timeout", now);
    if (result.ok) handed++;
  }
  return handed;
}

/** Checked every hour (one run per hour across processes, claimed like the daily jobs). */
export const MATCH_EXPIRY_JOB: DailyJob = {
  name: "matches.expiry",
  period: (now) => now.toISOString().slice(0, 13),
  run: (now) => expireMatches(now),
};
