import { randomUUID } from "node:crypto";
import { href } from "react-router";
import type { SessionUser } from "~/lib/auth/session.server";
import { collatorFor } from "~/lib/i18n/collate";
import { DEFAULT_LOCALE, isLocale, type Locale, localizedPath } from "~/lib/i18n/locales";
import { type Translate, translateLocale } from "~/lib/i18n/translate";
import { enqueueEmail } from "~/lib/mail/outbox.server";
import { renderEmail } from "~/lib/mail/template.server";
import { getRuntime, mailQueued } from "~/lib/runtime.server";
import { type RequestKindDefinition, renderFields } from "~/modules/requests/kind";
import { isRequestKind, kindOf } from "~/modules/requests/kinds";
import { availabilityRank, availabilityReasons, type Unavailable } from "~/modules/providers/availability";
import { readAvailability } from "~/modules/providers/availability.server";
import { isProviderService } from "~/modules/providers/catalogue";
import { windowHours } from "~/modules/providers/jobs.server";
import { proposalOf, withProposal } from "~/modules/requests/proposal.server";
import { formattersFor } from "~/lib/i18n/format";
import { slotOf } from "~/modules/requests/calendar.server";
import { appointmentOf, hasStarted } from "~/modules/requests/appointment";
import { listPublicProviders } from "~/modules/providers/providers.server";
import { customerCancellation, emailFormat, requestEvents, transitionRequest, translatorFor, type TransitionResult } from "~/modules/requests/requests.server";
import { isRequestStatus, type RequestStatus } from "~/modules/requests/status";
import { auditTrail, recordAudit } from "./audit.server";
import { displayStatus } from "./outbox.server";
import type { AdminRequest, ShortlistEntry, ShortlistFilter } from "./views";
import { shownName } from "~/modules/privacy/deleted-name";

export type { AdminRequest, ShortlistEntry, ShortlistFilter };

function parseData(kind: RequestKindDefinition, raw: string): Record<string, unknown> {
  const json = JSON.parse(raw) as Record<string, unknown>;
  const parsed = kind.payload.safeParse(json);
  return parsed.success ? (parsed.data as Record<string, unknown>) : json;
}

export async function findAdminRequest(reference: string, t: Translate): Promise<AdminRequest | null> {
  if (!/^GTA-[A-Z0-9]{6}$/.test(reference)) return null;
  const { db } = getRuntime();
  const row = await db.selectFrom("requests").selectAll().where("reference", "=", reference).where("deleted_at", "is", null).executeTakeFirst();
  if (!row || !isRequestKind(row.kind) || !isRequestStatus(row.status)) return null;
  const kind = kindOf(row.kind);
  const data = parseData(kind, row.data);
  const subject = row.subject_type && row.subject_id ? { type: row.subject_type, id: row.subject_id } : null;
  const [events, notes, emails, audit, provider] = await Promise.all([
    requestEvents(db, row.id),
    db.selectFrom("request_notes").select(["id", "author_name", "body", "created_at"]).where("request_id", "=", row.id).orderBy("created_at").execute(),
    db
      .selectFrom("mail_outbox")
      .select(["id", "kind", "to_address", "subject", "status", "created_at"])
      .where("request_id", "=", row.id)
      .orderBy("created_at")
      .execute(),
    auditTrail(db, [{ type: "request", id: row.id }, ...(subject ? [subject] : [])]),
    row.provider_id ? db.selectFrom("providers").select(["id", "name"]).where("id", "=", row.provider_id).executeTakeFirst() : undefined,
  ]);
  const declines = kind.match
    ? await db
        .selectFrom("request_declines")
        .leftJoin("providers", "providers.id", "request_declines.provider_id")
        .select(["providers.name", "request_declines.reason", "request_declines.note", "request_declines.created_at"])
        .where("request_declines.request_id", "=", row.id)
        .orderBy("request_declines.created_at")
        .execute()
    : [];
  const status = row.status;
  const guarded = new Set(kind.guardedMoves ?? []);
  const start = kind.match?.(data);
  const appointment = appointmentOf(slotOf(row));
  return {
    id: row.id,
    reference: row.reference,
    kind: row.kind,
    status,
    title: kind.title(data, t),
    titleAsWritten: Boolean(kind.titleAsWritten),
    name: shownName(row.name, t),
    email: row.email,
    locale: row.locale,
    createdAt: row.created_at,
    appointment,
    started: hasStarted(appointment, new Date()),
    subject,
    fields: renderFields(kind, data, t),
    events,
    notes: notes.map((n) => ({ id: n.id, author: n.author_name, body: n.body, at: n.created_at })),
    emails: emails.map((e) => ({ id: e.id, kind: e.kind, to: e.to_address, subject: e.subject, status: displayStatus(e.status), at: e.created_at })),
    audit,
    labels: kind.lifecycle.labels ?? {},
    moves: (kind.lifecycle.transitions[status] ?? []).filter((m) => !guarded.has(m.to) && !m.by),
    match: start
      ? {
          ...start,
          canMatch: (kind.lifecycle.transitions[status] ?? []).some((m) => m.to === "matched"),
          provider: provider ? { id: provider.id, name: provider.name } : null,
        }
      : null,
    job: start
      ? {
          respondBy: status === "matched" ? row.respond_by : null,
          doneAt: row.provider_done_at,
          rematchReason: row.rematch_reason,
          declined: declines.map((d) => ({ provider: d.name ?? "—", reason: d.reason, note: d.note, at: d.created_at })),
        }
      : null,
    cancellation: await customerCancellation(db, row.id),
    // A new time the customer asked for, waiting for a provider (ADR 43): the operator's next match offers it.
    proposal: proposalOf(row),
  };
}

export type MoveResult = TransitionResult | { ok: false; reason: "guarded" | "reason-required" };

/** Kinds matched to providers are reviewable once completed: the customer is invited to review. */
const invitesReview = (kind: string) => isRequestKind(kind) && Boolean(kindOf(kind).match);

/**
 * An operator's move along the kind's lifecycle (not its guarded moves), with the reason a
 * cancellation needs. Completing a matched job invites the customer to review it.
 */
export async function moveRequest(actor: SessionUser, requestId: string, to: RequestStatus, note: string | null, now = new Date()): Promise<MoveResult> {
  const { db, env } = getRuntime();
  const row = await db.selectFrom("requests").select(["kind", "user_id", "reference", "locale"]).where("id", "=", requestId).where("deleted_at", "is", null).executeTakeFirst();
  if (!row || !isRequestKind(row.kind)) return { ok: false, reason: "not-found" };
  if (kindOf(row.kind).guardedMoves?.includes(to)) return { ok: false, reason: "guarded" };
  if (to === "cancelled" && !note) return { ok: false, reason: "reason-required" };
  // The review page for this request (one review per completed request), in the customer's language.
  const inviteUrl = `${env.PUBLIC_URL}${localizedPath(isLocale(row.locale) ? row.locale : DEFAULT_LOCALE, `/account/reviews/${row.reference}`)}`;
  const invite = to === "completed" && row.user_id !== null && invitesReview(row.kind);
  return transitionRequest(requestId, to, note, {
    actor,
    now,
    ...(invite ? { email: (t: Translate) => ({ paragraphs: [t("admin.email.reviewInvite")], action: { label: t("admin.email.writeReview"), url: inviteUrl }, optional: true }) } : {}),
  });
}

/** An internal note: operators only, never shown to the customer. */
export async function addNote(actor: SessionUser, requestId: string, body: string): Promise<boolean> {
  const { db } = getRuntime();
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("requests").select("id").where("id", "=", requestId).where("deleted_at", "is", null).executeTakeFirst();
    if (!row) return false;
    const id = randomUUID();
    await trx
      .insertInto("request_notes")
      .values({ id, request_id: requestId, author_user_id: actor.id, author_name: actor.name, body, created_at: new Date().toISOString() })
      .execute();
    await recordAudit(trx, { actorId: actor.id, action: "request.note", entityType: "request", entityId: requestId, after: { noteId: id } });
    return true;
  });
}

/** Soft delete: gone from every list and page, kept for the audit log. */
export async function deleteRequest(actor: SessionUser, requestId: string): Promise<boolean> {
  const { db } = getRuntime();
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const done = await trx.updateTable("requests").set({ deleted_at: now }).where("id", "=", requestId).where("deleted_at", "is", null).executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) return false;
    await recordAudit(trx, { actorId: actor.id, action: "request.delete", entityType: "request", entityId: requestId, before: { deleted: false }, after: { deleted: true } });
    return true;
  });
}

/** The locale a provider reads in: the one they applied in. */
async function providerLocale(applicationId: string): Promise<Locale> {
  const row = await getRuntime()
    .db.selectFrom("requests")
    .select("locale")
    .where("subject_type", "=", "provider-application")
    .where("subject_id", "=", applicationId)
    .executeTakeFirst();
  return row && isLocale(row.locale) ? row.locale : DEFAULT_LOCALE;
}

export type MatchResult = MoveResult | { ok: false; reason: "provider-unavailable" | "not-matchable" };

/**
 * Offers the request to a provider, who answers it (ADR 24). The
 * request moves to Matched with its provider and the kind's answer window; the customer is
 * told a provider was proposed, and the provider is emailed the job — what they need to decide,
 * not yet who the customer is — with a link to My Jobs, all in one transaction. A provider who
 * declined this request (or let the window pass) is not offered it again.
 */
export async function matchRequest(actor: SessionUser, requestId: string, providerId: string, today: string, now = new Date()): Promise<MatchResult> {
  const { db, env } = getRuntime();
  const row = await db.selectFrom("requests").select(["kind", "data", "name", "email", "reference", "locale"]).where("id", "=", requestId).where("deleted_at", "is", null).executeTakeFirst();
  if (!row || !isRequestKind(row.kind)) return { ok: false, reason: "not-found" };
  const kind = kindOf(row.kind);
  if (!kind.match) return { ok: false, reason: "not-matchable" };
  const provider = (await listPublicProviders({}, today, 1000)).find((p) => p.id === providerId);
  const contact = await db
    .selectFrom("providers")
    .innerJoin("user", "user.id", "providers.user_id")
    .select(["providers.application_id", "user.email", "user.phone"])
    .where("providers.id", "=", providerId)
    .executeTakeFirst();
  if (!provider || !contact) return { ok: false, reason: "provider-unavailable" };
  if ((await declinedProviders(requestId)).has(providerId)) return { ok: false, reason: "provider-unavailable" };
  const locale = await providerLocale(contact.application_id);
  const hours = await windowHours(row.kind);
  const respondBy = new Date(now.getTime() + hours * 3_600_000).toISOString();

  const result = await transitionRequest(requestId, "matched", null, {
    actor,
    email: (t) => ({ paragraphs: [t("jobs.email.proposedCustomer", { provider: provider.name })] }),
    effects: async (trx, request) => {
      await trx
        .updateTable("requests")
        .set({ provider_id: providerId, respond_by: respondBy, rematch_reason: null, provider_done_at: null })
        .where("id", "=", requestId)
        .execute();
      await recordAudit(trx, { actorId: actor.id, action: "request.match", entityType: "request", entityId: requestId, after: { providerId, provider: provider.name, respondBy } });
      const t = translatorFor(locale);
      // A new time the customer proposed is what this provider is offered (ADR 43: it becomes the appointment when they accept).
      const proposal = await trx.selectFrom("requests").select(["proposed_date", "proposed_time"]).where("id", "=", requestId).executeTakeFirstOrThrow();
      const offered = withProposal(row.kind, request.data, proposal);
      // Who the customer is and how to reach them come once the provider accepts.
      const hidden = new Set(kind.privateFields?.(offered) ?? []);
      const names = kind.fields(offered).map((f) => f.name);
      const email = renderEmail(
        {
          subject: t("admin.email.introProviderSubject", { reference: request.reference }),
          heading: t("jobs.email.offerHeading"),
          paragraphs: [
            t("jobs.email.offerText", { title: kind.title(request.data, t) }),
            t("jobs.email.offerDeadline", { date: formattersFor(translateLocale(t)).dateTime(respondBy) }),
          ],
          fields: renderFields(kind, offered, t).filter((_f, i) => !hidden.has(names[i]!)),
          // The customer's words go to the provider as data, quoted and short.
          cutValues: 500,
          action: { label: t("jobs.email.openJobs"), url: `${env.PUBLIC_URL}${localizedPath(locale, href("/account/jobs"))}` },
          // Written for the provider (not the customer's footer about paying "the provider"), and
          // true to where replies go: our team, named here, not the customer.
          footer: t("jobs.email.offerFooter", { operator: env.OPERATOR_EMAIL }),
          ...emailFormat(locale, t),
        },
        env.BRAND_NAME,
      );
      await enqueueEmail(trx, { ...email, kind: `${row.kind}.introduction`, to: contact.email, replyTo: env.OPERATOR_EMAIL, requestId });
    },
  });
  if (result.ok) mailQueued();
  return result;
}

/** The providers who declined a request or let its window pass: never offered it again. */
export async function declinedProviders(requestId: string): Promise<Map<string, { reason: string; note: string | null; at: string }>> {
  const rows = await getRuntime()
    .db.selectFrom("request_declines")
    .select(["provider_id", "reason", "note", "created_at"])
    .where("request_id", "=", requestId)
    .orderBy("created_at")
    .execute();
  return new Map(rows.map((r) => [r.provider_id, { reason: r.reason, note: r.note, at: r.created_at }]));
}

/**
 * Live, verified providers with valid documents for this filter. For a request (`requestId`),
 * those available at its date, time and area come first, then the others with their reasons,
 * those away on its date last (never suggested first: they said they are away); within each group the
 * least busy first, then by name as `locale` sorts names. `exclude`: providers who declined it.
 */
export async function shortlist(filter: ShortlistFilter, today: string, locale: string = DEFAULT_LOCALE, requestId?: string, exclude: ReadonlySet<string> = new Set()): Promise<ShortlistEntry[]> {
  const providers = await listPublicProviders(
    {
      ...(filter.servicePage ? { servicePage: filter.servicePage } : {}),
      ...(filter.area ? { area: filter.area } : {}),
      ...(filter.category && isProviderService(filter.category) ? { service: filter.category } : {}),
      ...(filter.licensed ? { licensed: true } : {}),
    },
    today,
    100,
  ).then((all) => all.filter((p) => !exclude.has(p.id)));
  if (providers.length === 0) return [];
  const load = await getRuntime()
    .db.selectFrom("requests")
    .select(["provider_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("provider_id", "in", providers.map((p) => p.id))
    .where("status", "in", ["matched", "accepted"])
    .where("deleted_at", "is", null)
    .groupBy("provider_id")
    .execute();
  const open = new Map(load.map((l) => [l.provider_id, Number(l.n)]));
  const reasonsOf = await availabilityCheck(
    requestId,
    providers.map((p) => p.id),
  );
  const byName = collatorFor(locale).compare;
  return providers
    .map((p) => ({
      id: p.id,
      name: p.name,
      services: p.services,
      areas: p.serviceAreas,
      licenceValidTo: p.verification.licenceValidTo,
      openMatches: open.get(p.id) ?? 0,
      unavailable: reasonsOf(p.id),
    }))
    .sort((a, b) => availabilityRank(a.unavailable) - availabilityRank(b.unavailable) || a.openMatches - b.openMatches || byName(a.name, b.name));
}

/** Each provider's reasons not to take the request (its slot and area), or none without a request. */
async function availabilityCheck(requestId: string | undefined, providerIds: string[]): Promise<(id: string) => Unavailable[]> {
  if (!requestId) return () => [];
  const { db } = getRuntime();
  const row = await db.selectFrom("requests").select(["kind", "data", "proposed_date", "proposed_time"]).where("id", "=", requestId).executeTakeFirst();
  if (!row || !isRequestKind(row.kind)) return () => [];
  const kind = kindOf(row.kind);
  const parsed = kind.payload.safeParse(JSON.parse(row.data));
  const area = parsed.success ? (kind.match?.(parsed.data).area ?? null) : null;
  // A new time the customer proposed is what the next provider is offered (ADR 43): check theirs against it.
  const slot = slotOf({ kind: row.kind, data: JSON.stringify(withProposal(row.kind, JSON.parse(row.data) as Record<string, unknown>, row)) });
  const when = slot ? { date: slot.date, time: slot.time } : null;
  const rows = await db.selectFrom("providers").select(["id", "service_areas", "work_hours", "away_periods"]).where("id", "in", providerIds).execute();
  const reasons = new Map(rows.map((r) => [r.id, availabilityReasons(readAvailability(r), when, area)]));
  return (id) => reasons.get(id) ?? [];
}
