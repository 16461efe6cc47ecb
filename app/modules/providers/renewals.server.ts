import { formattersFor } from "~/lib/i18n/format";
import { translateLocale } from "~/lib/i18n/translate";
import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { href } from "react-router";
import type { Database } from "~/lib/db/schema";
import { torontoToday } from "~/lib/forms/fields";
import { DEFAULT_LOCALE, isLocale, type Locale, localizedPath } from "~/lib/i18n/locales";
import { enqueueEmail } from "~/lib/mail/outbox.server";
import { renderEmail } from "~/lib/mail/template.server";
import { getRuntime, mailQueued } from "~/lib/runtime.server";
import { recordAudit } from "~/modules/admin/audit.server";
import { emailFormat, translatorFor } from "~/modules/requests/requests.server";
import { EXPIRY_REMINDER_DAYS, REJECTED_DOCUMENT_RETENTION_DAYS } from "~/modules/site/constants";
import type { DocumentKind } from "./application-options";
import { documentRows, prepareDocuments, writeDocumentFiles } from "./documents.server";
import { RENEWAL_DOCUMENTS, RENEWAL_FIELDS, RENEWAL_KINDS, RENEWAL_MAIN_KIND, RENEWAL_NAME_KEYS, type RenewalDocument, type RenewalInput } from "./renewal";

export { DocumentRefused } from "./documents.server";

/**
 * Documents renewal (ADR 27). A provider
 * uploads a renewed licence, ID or work permit with its new expiry; the files go through the
 * application's code (documents.server.ts: checked by their bytes, images re-encoded without
 * metadata, PDFs stripped of active content, private storage, every admin access logged) and
 * wait, pending, for the operator's decision in the applications queue — a renewal, not a new
 * application. Approving supersedes the older approved documents of the group, so the badge
 * and the provider's visibility (providers.server.ts reads the approved documents' expiry on
 * every request) follow at once; rejecting leaves everything as it was and schedules the
 * refused files for deletion, like a rejected application's.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

type Provider = { id: string; userId: string; name: string };
type Executor = Pick<Transaction<Database>, "selectFrom">;

/** The approved expiry of a document group (the earliest, as the badge reads it), or null. */
async function currentExpiry(db: Executor, userId: string, document: RenewalDocument): Promise<string | null> {
  const rows = await db
    .selectFrom("provider_documents")
    .select("expires_on")
    .where("user_id", "=", userId)
    .where("status", "=", "approved")
    .where("deleted_at", "is", null)
    .where("kind", "=", RENEWAL_MAIN_KIND[document])
    .where("expires_on", "is not", null)
    .orderBy("expires_on")
    .execute();
  return rows[0]?.expires_on ?? null;
}

export type RenewableDocument = {
  document: RenewalDocument;
  expiresOn: string;
  /** Already past (the provider is hidden until a renewal is approved). */
  expired: boolean;
  /** Within the reminders' window (30 days) or past. */
  due: boolean;
  /** A renewal waiting for the operator: its new expiry. */
  pendingExpiry: string | null;
};

/** The provider's documents that carry an expiry, with where their renewal stands. */
export async function renewableDocuments(userId: string, today = torontoToday()): Promise<RenewableDocument[]> {
  const { db } = getRuntime();
  const pending = await db.selectFrom("document_renewals").select(["document", "expires_on"]).where("user_id", "=", userId).where("status", "=", "pending").execute();
  const horizon = addDays(today, Math.max(...EXPIRY_REMINDER_DAYS));
  const out: RenewableDocument[] = [];
  for (const document of RENEWAL_DOCUMENTS) {
    const expiresOn = await currentExpiry(db, userId, document);
    if (!expiresOn) continue;
    out.push({
      document,
      expiresOn,
      expired: expiresOn < today,
      due: expiresOn <= horizon,
      pendingExpiry: pending.find((p) => p.document === document)?.expires_on ?? null,
    });
  }
  return out;
}

/** The language a provider reads in: the one they applied in. */
async function localeOfProvider(db: Executor, userId: string): Promise<Locale> {
  const row = await db
    .selectFrom("providers")
    .innerJoin("requests", (j) => j.onRef("requests.subject_id", "=", "providers.application_id").on("requests.kind", "=", "provider-application"))
    .select("requests.locale")
    .where("providers.user_id", "=", userId)
    .executeTakeFirst();
  return row?.locale && isLocale(row.locale) ? row.locale : DEFAULT_LOCALE;
}

export type RenewalResult = { ok: true; id: string } | { ok: false; reason: "not-held" | "pending" };

/**
 * Stores a renewal: refused (nothing written) when the provider holds no approved document of
 * that group or already has one waiting; throws DocumentRefused for a refused file. The files
 * are written first and removed again if the rows do not commit.
 */
export async function submitRenewal(provider: Provider, input: RenewalInput): Promise<RenewalResult> {
  const { db, env } = getRuntime();
  const document = input.document;
  if (!(await currentExpiry(db, provider.userId, document))) return { ok: false, reason: "not-held" };
  const fields = RENEWAL_FIELDS[document];
  const files = [{ field: fields.file, file: input.file! }, ...(fields.fileBack && input.fileBack ? [{ field: fields.fileBack, file: input.fileBack }] : [])];
  const prepared = await prepareDocuments(files);
  const owner = await db.selectFrom("providers").select("application_id").where("id", "=", provider.id).executeTakeFirstOrThrow();
  const renewalId = randomUUID();
  const undo = await writeDocumentFiles(prepared);
  try {
    const stored = await db.transaction().execute(async (trx) => {
      // Checked again inside the transaction: two posts at once store one renewal.
      const waiting = await trx.selectFrom("document_renewals").select("id").where("user_id", "=", provider.userId).where("document", "=", document).where("status", "=", "pending").executeTakeFirst();
      if (waiting) return false;
      const now = new Date().toISOString();
      await trx
        .insertInto("document_renewals")
        .values({ id: renewalId, user_id: provider.userId, provider_id: provider.id, document, expires_on: input.expiresOn, status: "pending", note: null, decided_by: null, decided_at: null, created_at: now })
        .execute();
      const expiries = Object.fromEntries(RENEWAL_KINDS[document].map((k) => [k, input.expiresOn])) as Partial<Record<DocumentKind, string>>;
      await trx
        .insertInto("provider_documents")
        .values(documentRows(prepared, { applicationId: owner.application_id, userId: provider.userId, renewalId }, expiries, now))
        .execute();
      await recordAudit(trx, {
        actorId: provider.userId,
        action: "provider-document.renewal",
        entityType: "document_renewal",
        entityId: renewalId,
        before: { expiresOn: await currentExpiry(trx, provider.userId, document) },
        after: { status: "pending", document, expiresOn: input.expiresOn },
      });
      // The operator: who, which document, the new expiry, where to decide and where each file opens (admins only, logged).
      const t = translatorFor(DEFAULT_LOCALE);
      const name = t(RENEWAL_NAME_KEYS[document]);
      const email = renderEmail(
        {
          subject: t("renewal.email.operatorSubject", { name: provider.name, document: name }),
          heading: t("renewal.email.operatorSubject", { name: provider.name, document: name }),
          paragraphs: [t("renewal.email.operatorText", { name: provider.name, document: name, date: formattersFor(translateLocale(t)).date(input.expiresOn) })],
          fields: prepared.map((d) => ({ label: d.name, value: t("email.link.open"), url: `${env.PUBLIC_URL}${href("/admin/provider-documents/:documentId", { documentId: d.id })}` })),
          action: { label: t("renewal.email.operatorAction"), url: `${env.PUBLIC_URL}${href("/admin/providers")}#renewals` },
          ...emailFormat(DEFAULT_LOCALE, t),
        },
        env.BRAND_NAME,
      );
      await enqueueEmail(trx, { ...email, kind: "provider-document.renewal", to: env.OPERATOR_EMAIL });
      return true;
    });
    if (!stored) {
      await undo();
      return { ok: false, reason: "pending" };
    }
    mailQueued();
    return { ok: true, id: renewalId };
  } catch (error) {
    await undo();
    throw error;
  }
}

export type PendingRenewal = {
  id: string;
  providerId: string;
  providerName: string;
  document: RenewalDocument;
  currentExpiry: string | null;
  newExpiry: string;
  createdAt: string;
  documents: { id: string; kind: DocumentKind; name: string }[];
};

/** The renewals waiting for a decision, oldest first (the applications queue). */
export async function listPendingRenewals(): Promise<PendingRenewal[]> {
  const { db } = getRuntime();
  const rows = await db
    .selectFrom("document_renewals as r")
    .innerJoin("providers as p", "p.id", "r.provider_id")
    .select(["r.id", "r.user_id", "r.provider_id", "p.name", "r.document", "r.expires_on", "r.created_at"])
    .where("r.status", "=", "pending")
    .orderBy("r.created_at")
    .limit(200)
    .execute();
  if (rows.length === 0) return [];
  const docs = await db
    .selectFrom("provider_documents")
    .select(["id", "kind", "original_name", "renewal_id"])
    .where(
      "renewal_id",
      "in",
      rows.map((r) => r.id),
    )
    .where("deleted_at", "is", null)
    .orderBy("created_at")
    .execute();
  const out: PendingRenewal[] = [];
  for (const r of rows) {
    out.push({
      id: r.id,
      providerId: r.provider_id,
      providerName: r.name,
      document: r.document,
      currentExpiry: await currentExpiry(db, r.user_id, r.document),
      newExpiry: r.expires_on,
      createdAt: r.created_at,
      documents: docs.filter((d) => d.renewal_id === r.id).map((d) => ({ id: d.id, kind: d.kind, name: d.original_name })),
    });
  }
  return out;
}

export type DecisionResult = { ok: true } | { ok: false; reason: "not-found" | "decided" };

/** Moves a pending renewal to its decision, guarded by its status (a second decision finds it decided). */
async function decide(
  renewalId: string,
  to: "approved" | "rejected",
  actorId: string,
  note: string | null,
  effects: (trx: Transaction<Database>, renewal: Database["document_renewals"]) => Promise<void>,
  email: (t: ReturnType<typeof translatorFor>, renewal: Database["document_renewals"], document: string) => { subject: string; text: string },
): Promise<DecisionResult> {
  if (!/^[0-9a-f-]{36}$/.test(renewalId)) return { ok: false, reason: "not-found" };
  const { db, env } = getRuntime();
  const result = await db.transaction().execute(async (trx): Promise<DecisionResult> => {
    const renewal = await trx.selectFrom("document_renewals").selectAll().where("id", "=", renewalId).executeTakeFirst();
    if (!renewal) return { ok: false, reason: "not-found" };
    const now = new Date().toISOString();
    const moved = await trx
      .updateTable("document_renewals")
      .set({ status: to, note, decided_by: actorId, decided_at: now })
      .where("id", "=", renewalId)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return { ok: false, reason: "decided" };
    const before = await currentExpiry(trx, renewal.user_id, renewal.document);
    await effects(trx, renewal);
    await recordAudit(trx, {
      actorId,
      action: to === "approved" ? "provider-document.renewal-approve" : "provider-document.renewal-reject",
      entityType: "document_renewal",
      entityId: renewalId,
      before: { status: "pending", expiresOn: before },
      after: { status: to, expiresOn: await currentExpiry(trx, renewal.user_id, renewal.document) },
      note,
    });
    const user = await trx.selectFrom("user").select("email").where("id", "=", renewal.user_id).executeTakeFirst();
    if (user?.email) {
      const locale = await localeOfProvider(trx, renewal.user_id);
      const t = translatorFor(locale);
      const { subject, text } = email(t, renewal, t(RENEWAL_NAME_KEYS[renewal.document]));
      const rendered = renderEmail(
        {
          subject,
          heading: subject,
          paragraphs: [text],
          action: { label: t("renewal.email.providerAction"), url: `${env.PUBLIC_URL}${localizedPath(locale, href("/account/documents"))}` },
          footer: t("email.customer.footer", { operator: env.OPERATOR_EMAIL }),
          ...emailFormat(locale, t),
        },
        env.BRAND_NAME,
      );
      await enqueueEmail(trx, { ...rendered, kind: `provider-document.renewal-${to}`, to: user.email });
    }
    return { ok: true };
  });
  if (result.ok) mailQueued();
  return result;
}

/** Approves a renewal: its documents become the approved ones of their group, the older ones superseded. */
export function approveRenewal(renewalId: string, actor: { id: string }): Promise<DecisionResult> {
  return decide(
    renewalId,
    "approved",
    actor.id,
    null,
    async (trx, renewal) => {
      await trx
        .updateTable("provider_documents")
        .set({ status: "superseded" })
        .where("user_id", "=", renewal.user_id)
        .where("status", "=", "approved")
        .where("kind", "in", RENEWAL_KINDS[renewal.document])
        .execute();
      // Its check date is what the Verified badge says the licensed services rest on.
      await trx
        .updateTable("provider_documents")
        .set({ status: "approved", checked_at: new Date().toISOString() })
        .where("renewal_id", "=", renewal.id)
        .execute();
    },
    (t, renewal, document) => ({
      subject: t("renewal.email.approvedSubject", { document }),
      // The date in the reader's own form (as the reminders and the operator's email write it), never as stored.
      text: t("renewal.email.approvedText", { document, date: formattersFor(translateLocale(t)).date(renewal.expires_on) }),
    }),
  );
}

/** Rejects a renewal: the approved documents stay as they were; the refused files go after the retention period. */
export function rejectRenewal(renewalId: string, reason: string, actor: { id: string }): Promise<DecisionResult> {
  const note = reason.trim();
  return decide(
    renewalId,
    "rejected",
    actor.id,
    note,
    async (trx, renewal) => {
      const deleteAfter = new Date(Date.now() + REJECTED_DOCUMENT_RETENTION_DAYS * DAY_MS).toISOString();
      await trx.updateTable("provider_documents").set({ status: "rejected", delete_after: deleteAfter }).where("renewal_id", "=", renewal.id).execute();
    },
    (t, _renewal, document) => ({
      subject: t("renewal.email.rejectedSubject", { document }),
      text: t("renewal.email.rejectedText", { document, reason: note }),
    }),
  );
}
