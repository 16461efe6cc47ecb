import { createHash, randomBytes, randomUUID } from "node:crypto";
import { type Kysely, sql, type SqlBool, type Transaction } from "kysely";
import type { Database } from "~/lib/db/schema";
import { messagesFor } from "~/lib/i18n/catalogue.server";
import { DEFAULT_LOCALE, isLocale } from "~/lib/i18n/locales";
import { createTranslate, type Translate } from "~/lib/i18n/translate";
import { log } from "~/lib/log.server";
import { enqueueEmail } from "~/lib/mail/outbox.server";
import { renderEmail } from "~/lib/mail/template.server";
import { getRuntime, mailQueued } from "~/lib/runtime.server";
import { deleteObject } from "~/lib/storage.server";
import { heldFolder } from "~/modules/providers/documents.server";
import { recordAudit } from "~/modules/admin/audit.server";
import { KIND_LABEL_KEYS } from "~/modules/admin/labels";
import { isRequestKind, kindOf } from "~/modules/requests/kinds";
import type { RequestStatus } from "~/modules/requests/status";
import { type PrivacySubject, requestsOfSubject, type SubjectRequest, subjectDigest, subjectOfUser } from "./subject.server";
import { DELETED_NAME } from "./deleted-name";

/**
 * Erasure: ONE module for "Delete my account" and for the operator's
 * erasure of a person without an account. What it does, table by table, decided per column:
 *
 * Deleted with the account (rows, and files on disk once the transaction has committed):
 *   user, session, account (password), verification tokens and reset_links, consents, owner_verifications,
 *   data_exports (and their ZIPs), providers, provider_documents (and files) with their
 *   document_access_log rows, home_listings and listing_photos (and files), listing_drafts,
 *   community_reviews they wrote with review_photos (and files) and the replies under them,
 *   review_replies they wrote, rate-limit counters keyed by their address.
 *   Reviews are REMOVED, not kept anonymized (the Privacy Policy says so): a review's text and
 *   photos are the author's own words and pictures, which no anonymization can make safe.
 *
 * Kept, anonymized, for the other party (a provider who served them, a landlord they wrote to)
 * and for our books — requests of every kind that are theirs (subject.server.ts):
 *   name → "Deleted user" (DELETED_NAME); email → null; user_id → null; token_hash → a random
 *   value (the private status link stops working); data (the payload) → every field not in
 *   KEPT_FIELDS is blanked ("" for text, [] for lists; numbers, yes/no and empty values stay), so the service,
 *   dates, area, status and counts stay and names, addresses, phones, emails, messages,
 *   licence and ID numbers go; kind, status, dates, locale, subject and provider stay.
 *   request_events: status and time stay, the note (free text, may name them) → null.
 *   request_cancellations: reason code and late flag stay, their note (free text) → null.
 *   request_notes (operator notes on their requests, free text about them): deleted.
 *   A listing request still open is cancelled (the listing itself is gone).
 *   Requests matched to their provider profile are the customers': they only lose the link
 *   (provider_id → null); reviews about that provider lose it too (provider_id → null).
 * mail_outbox: every email for their requests, to their address or with it as reply-to: not
 *   yet sent → deleted; sent → address, reply-to, subject and bodies blanked (kind, status and
 *   times stay). The goodbye email is written after that, so it is the one left.
 * audit_log: entries about their account lose its id, and their name, address or phone in an
 *   entry's before/after/note is replaced; the erasure itself is logged without who it was.
 */

/** Payload fields that say what was asked, never who asked: kept when a request is anonymized. */
export const KEPT_FIELDS = new Set([
  "service",
  "serviceSlug",
  "area",
  "preferredDate",
  "preferredTime",
  "type",
  "listingId",
  "listing",
  "title",
  "photoCount",
  "city",
  "location",
  "pickupArea",
  "moveInDate",
  "moveOutDate",
  "lengthOfStay",
  "adults",
  "children",
  "budget",
  "services",
  "serviceAreas",
  "workStatus",
  "idType",
  "licenseType",
  "licenseRegion",
  "agreeToPolicies",
  "consentToChecks",
  "confirmEligibility",
  "applicationId",
]);

export function anonymizePayload(data: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return "{}";
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return "{}";
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (KEPT_FIELDS.has(key)) out[key] = value;
    else if (typeof value === "string") out[key] = "";
    else if (Array.isArray(value)) out[key] = [];
    else if (typeof value === "number" || typeof value === "boolean" || value === null) out[key] = value;
  }
  return JSON.stringify(out);
}

const isFinal = (r: Pick<SubjectRequest, "kind" | "status">) => {
  if (!isRequestKind(r.kind)) return true;
  return (kindOf(r.kind).lifecycle.transitions[r.status as RequestStatus] ?? []).length === 0;
};

/**
 * What blocks an erasure: a request still open in its kind's lifecycle (received, in review,
 * matched; an application under review), of theirs or matched to their provider profile —
 * someone is working on it or counting on it. Listings are not in the way (they go with the
 * account) and neither are contact messages (nothing is promised to anyone). Requests an
 * operator already deleted are not either.
 */
type Trx = Transaction<Database>;

export type OpenRequest = { reference: string; kind: string; status: string; asProvider: boolean };
export type OpenRequestLine = OpenRequest & { kindLabel: string };

/** Each open request with its kind as the back office names it, read on the server (pages need no admin texts). */
export const describeOpen = (open: OpenRequest[], t: Translate): OpenRequestLine[] =>
  open.map((r) => ({ ...r, kindLabel: r.kind in KIND_LABEL_KEYS ? t(KIND_LABEL_KEYS[r.kind as keyof typeof KIND_LABEL_KEYS]) : r.kind }));

export async function openRequestsOf(subject: PrivacySubject, db: Kysely<Database> | Trx = getRuntime().db): Promise<OpenRequest[]> {
  const own = await requestsOfSubject(db, subject);
  const providerIds = subject.userIds.length
    ? (await db.selectFrom("providers").select("id").where("user_id", "in", subject.userIds).execute()).map((p) => p.id)
    : [];
  const served = providerIds.length
    ? await db.selectFrom("requests").select(["reference", "kind", "status", "deleted_at"]).where("provider_id", "in", providerIds).execute()
    : [];
  const blocks = (r: { kind: string; status: string; deleted_at: string | null }) =>
    r.deleted_at === null && r.kind !== "listing" && r.kind !== "contact-message" && !isFinal(r);
  return [
    ...own.filter(blocks).map((r) => ({ reference: r.reference, kind: r.kind, status: r.status, asProvider: false })),
    ...served.filter(blocks).map((r) => ({ reference: r.reference, kind: r.kind, status: r.status, asProvider: true })),
  ];
}

export type ErasureCounts = {
  accounts: number;
  requests: number;
  emails: number;
  listings: number;
  reviews: number;
  files: number;
};

const chunks = <T>(items: T[], size = 200): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/**
 * The erasure itself, inside the caller's transaction. Returns what it did and the storage keys
 * (prefixes) of the files to delete once the transaction has committed — a rollback must not
 * leave rows pointing at deleted files.
 */
async function eraseInTransaction(trx: Trx, subject: PrivacySubject): Promise<{ counts: ErasureCounts; files: string[] }> {
  const files: string[] = [];
  const userIds = subject.userIds;
  const users = userIds.length ? await trx.selectFrom("user").select(["id", "name", "email", "phone"]).where("id", "in", userIds).execute() : [];
  const emails = [...new Set([...subject.emails, ...users.map((u) => u.email.toLowerCase())])];
  const requests = await requestsOfSubject(trx, { ...subject, emails });
  const requestIds = requests.map((r) => r.id);
  const names = [...new Set([...users.map((u) => u.name), ...requests.map((r) => r.name)].filter((n) => n && n !== DELETED_NAME && n.trim().length >= 3))];
  const phonesAsTyped = users.map((u) => u.phone).filter((p): p is string => !!p);

  // Emails: unsent ones are dropped, sent ones keep only their kind, status and times.
  let emailCount = 0;
  const mailIds = (
    await trx
      .selectFrom("mail_outbox")
      .select("id")
      .where((eb) => {
        const or = [];
        if (requestIds.length) or.push(eb("request_id", "in", requestIds));
        if (emails.length) {
          or.push(eb(eb.fn("lower", ["to_address"]), "in", emails));
          or.push(eb(eb.fn("lower", ["reply_to"]), "in", emails));
        }
        return or.length ? eb.or(or) : sql<SqlBool>`1 = 0`;
      })
      .execute()
  ).map((m) => m.id);
  for (const ids of chunks(mailIds)) {
    const gone = await trx.deleteFrom("mail_outbox").where("id", "in", ids).where("status", "in", ["pending", "sending", "failed"]).executeTakeFirst();
    const blanked = await trx
      .updateTable("mail_outbox")
      .set({ to_address: "", reply_to: null, subject: "", text_body: "", html_body: "", last_error: null })
      .where("id", "in", ids)
      .executeTakeFirst();
    emailCount += Number(gone.numDeletedRows) + Number(blanked.numUpdatedRows);
  }

  // Requests: kept for the other party, anonymized column by column (see the top of this file).
  const now = new Date().toISOString();
  for (const ids of chunks(requestIds)) {
    await trx.deleteFrom("request_notes").where("request_id", "in", ids).execute();
    await trx.updateTable("request_events").set({ note: null }).where("request_id", "in", ids).execute();
    await trx.updateTable("request_cancellations").set({ note: null }).where("request_id", "in", ids).execute();
  }
  for (const r of requests) {
    const closeListing = r.kind === "listing" && !isFinal(r);
    await trx
      .updateTable("requests")
      .set({
        name: DELETED_NAME,
        email: null,
        user_id: null,
        token_hash: createHash("sha256").update(randomBytes(32)).digest("hex"),
        // A hash of what they sent (the one-time form key, ADR 28): gone with it.
        submission_key: null,
        data: anonymizePayload(r.data),
        ...(closeListing ? { status: "cancelled", updated_at: now } : {}),
      })
      .where("id", "=", r.id)
      .execute();
    if (closeListing) await trx.insertInto("request_events").values({ id: randomUUID(), request_id: r.id, status: "cancelled", note: null, created_at: now }).execute();
  }

  let listings = 0;
  let reviews = 0;
  if (userIds.length) {
    // Listings, drafts and their photos.
    const photos = await trx.selectFrom("listing_photos").select("id").where("user_id", "in", userIds).execute();
    files.push(...photos.map((p) => `listings/${p.id}/`));
    await trx.deleteFrom("listing_photos").where("user_id", "in", userIds).execute();
    const listingRows = await trx.selectFrom("home_listings").select("id").where("owner_user_id", "in", userIds).execute();
    if (listingRows.length) {
      const photosOfListings = await trx.selectFrom("listing_photos").select("id").where("listing_id", "in", listingRows.map((l) => l.id)).execute();
      files.push(...photosOfListings.map((p) => `listings/${p.id}/`));
      await trx.deleteFrom("listing_photos").where("listing_id", "in", listingRows.map((l) => l.id)).execute();
      listings = Number((await trx.deleteFrom("home_listings").where("id", "in", listingRows.map((l) => l.id)).executeTakeFirst()).numDeletedRows);
    }
    await trx.deleteFrom("listing_drafts").where("user_id", "in", userIds).execute();

    // Reviews they wrote (removed, with their photos and the replies under them) and replies they wrote.
    const reviewRows = await trx
      .selectFrom("community_reviews")
      .select("id")
      .where((eb) => eb.or([eb("author_user_id", "in", userIds), ...(requestIds.length ? [eb("request_id", "in", requestIds)] : [])]))
      .execute();
    const reviewIds = reviewRows.map((r) => r.id);
    if (reviewIds.length) {
      const reviewPhotos = await trx.selectFrom("review_photos").select("id").where("review_id", "in", reviewIds).execute();
      files.push(...reviewPhotos.map((p) => `reviews/${p.id}/`));
      await trx.deleteFrom("review_photos").where("review_id", "in", reviewIds).execute();
      await trx.deleteFrom("review_replies").where("review_id", "in", reviewIds).execute();
      reviews = Number((await trx.deleteFrom("community_reviews").where("id", "in", reviewIds).executeTakeFirst()).numDeletedRows);
    }
    const strayPhotos = await trx.selectFrom("review_photos").select("id").where("user_id", "in", userIds).execute();
    files.push(...strayPhotos.map((p) => `reviews/${p.id}/`));
    await trx.deleteFrom("review_photos").where("user_id", "in", userIds).execute();
    await trx.deleteFrom("review_replies").where("author_user_id", "in", userIds).execute();

    // Provider profile and documents; the customers' requests and reviews lose the link only.
    const providerIds = (await trx.selectFrom("providers").select("id").where("user_id", "in", userIds).execute()).map((p) => p.id);
    if (providerIds.length) {
      await trx.updateTable("requests").set({ provider_id: null }).where("provider_id", "in", providerIds).execute();
      await trx.updateTable("community_reviews").set({ provider_id: null }).where("provider_id", "in", providerIds).execute();
      await trx.deleteFrom("review_replies").where("provider_id", "in", providerIds).execute();
      await trx.deleteFrom("providers").where("id", "in", providerIds).execute();
    }
    const documents = await trx.selectFrom("provider_documents").select(["id", "storage_key", "deleted_at"]).where("user_id", "in", userIds).execute();
    files.push(...documents.filter((d) => d.deleted_at === null).map((d) => d.storage_key));
    // Documents held from an application form that was sent back and never sent.
    files.push(...userIds.map(heldFolder));
    if (documents.length) {
      await trx.deleteFrom("document_access_log").where("document_id", "in", documents.map((d) => d.id)).execute();
      await trx.deleteFrom("provider_documents").where("user_id", "in", userIds).execute();
    }

    // Exports, consents, verifications, then the account itself.
    const exportsRows = await trx.selectFrom("data_exports").select("file_key").where("user_id", "in", userIds).execute();
    files.push(...exportsRows.map((e) => e.file_key).filter((k): k is string => !!k));
    await trx.deleteFrom("data_exports").where("user_id", "in", userIds).execute();
    await trx.deleteFrom("consents").where("user_id", "in", userIds).execute();
    await trx.deleteFrom("owner_verifications").where("user_id", "in", userIds).execute();
    await trx
      .deleteFrom("verification")
      .where((eb) => eb.or([eb("value", "in", userIds), ...(emails.length ? [eb(eb.fn("lower", ["identifier"]), "in", emails)] : [])]))
      .execute();
    await trx.deleteFrom("reset_links").where("user_id", "in", userIds).execute();
    await trx.deleteFrom("session").where("userId", "in", userIds).execute();
    await trx.deleteFrom("account").where("userId", "in", userIds).execute();
    await trx.updateTable("audit_log").set({ entity_id: "deleted" }).where("entity_id", "in", userIds).execute();
    await trx.deleteFrom("user").where("id", "in", userIds).execute();
  }

  // Email preferences (migration 0031) are kept by address, with or without an account.
  if (emails.length) {
    await trx.deleteFrom("mail_preference_links").where("address", "in", emails).execute();
    await trx.deleteFrom("mail_opt_outs").where("address", "in", emails).execute();
  }
  // Rate-limit counters keyed by their address (PostgreSQL store; empty on SQLite).
  for (const email of emails) await sql`delete from rate_limits where key like ${`%${email}%`}`.execute(trx);

  // The audit log keeps what staff did, without their name, address or phone in it.
  const needles = [...emails, ...names, ...phonesAsTyped].filter((n) => n.length >= 3);
  if (needles.length) {
    const entries = await trx
      .selectFrom("audit_log")
      .select(["id", "before", "after", "note"])
      .where((eb) =>
        eb.or(needles.flatMap((n) => [eb("before", "like", `%${n}%`), eb("after", "like", `%${n}%`), eb("note", "like", `%${n}%`)])),
      )
      .execute();
    const scrub = (text: string | null) => (text === null ? null : needles.reduce((s, n) => s.split(n).join(DELETED_NAME), text));
    for (const e of entries) {
      await trx.updateTable("audit_log").set({ before: scrub(e.before), after: scrub(e.after), note: scrub(e.note) }).where("id", "=", e.id).execute();
    }
  }

  return { counts: { accounts: users.length, requests: requests.length, emails: emailCount, listings, reviews, files: files.length }, files };
}

async function deleteFiles(keys: string[]) {
  for (const key of keys) {
    await deleteObject(key).catch((error) => log().warn({ event: "privacy.erase.file", err: error }, "an erased file could not be deleted"));
  }
}

function goodbyeEmail(locale: string) {
  const { env } = getRuntime();
  const { messages, contentLocale } = messagesFor(isLocale(locale) ? locale : DEFAULT_LOCALE);
  const t = createTranslate(messages, { brand: env.BRAND_NAME }, contentLocale);
  return renderEmail(
    {
      subject: t("email.accountDeleted.subject"),
      heading: t("email.accountDeleted.heading"),
      paragraphs: [t("email.accountDeleted.text"), t("email.accountDeleted.kept")],
      footer: t("email.accountDeleted.footer"),
      lang: contentLocale,
      line: (label, value) => t("email.field", { label, value }),
    },
    env.BRAND_NAME,
  );
}

/** Who the audit log names as the actor of a self-service deletion: nobody in particular. */
export const ACCOUNT_HOLDER_ACTOR = "account-holder";

export type EraseOutcome = { ok: true; counts: ErasureCounts } | { ok: false; reason: "open"; open: OpenRequest[] } | { ok: false; reason: "gone" };

/**
 * "Delete my account": refuses while a request is open, else erases everything in one
 * transaction with the goodbye email (in `locale`) and an audit entry that says an account was
 * deleted — not whose. Files go after the commit.
 */
export async function deleteAccount(userId: string, locale: string): Promise<EraseOutcome> {
  const { db } = getRuntime();
  const subject = await subjectOfUser(db, userId);
  if (!subject) return { ok: false, reason: "gone" };
  const open = await openRequestsOf(subject);
  if (open.length) return { ok: false, reason: "open", open };
  const goodbye = goodbyeEmail(locale);
  const done = await db.transaction().execute(async (trx) => {
    // Checked again inside: a request sent meanwhile stops the deletion instead of being anonymized open.
    const stillOpen = await openRequestsOf(subject, trx);
    if (stillOpen.length) return { open: stillOpen };
    const result = await eraseInTransaction(trx, subject);
    await enqueueEmail(trx, { ...goodbye, kind: "account.deleted", to: subject.emails[0]! });
    await recordAudit(trx, { actorId: ACCOUNT_HOLDER_ACTOR, action: "account.delete", entityType: "account", entityId: randomUUID(), after: result.counts });
    return result;
  });
  if ("open" in done) return { ok: false, reason: "open", open: done.open };
  mailQueued();
  await deleteFiles(done.files);
  return { ok: true, counts: done.counts };
}

/**
 * The language an account reads in. An account stores none: it is the one the person last used
 * with us (the newer of their latest request and their latest data export), else the default. Read before
 * the erasure, which unlinks their requests.
 */
async function accountLocale(trx: Trx, user: { id: string; email: string }): Promise<string> {
  const request = await trx
    .selectFrom("requests")
    .select(["locale", "created_at"])
    .where((eb) => eb.or([eb("user_id", "=", user.id), eb(eb.fn("lower", ["email"]), "=", user.email.toLowerCase())]))
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  const dataExport = await trx.selectFrom("data_exports").select(["locale", "created_at"]).where("user_id", "=", user.id).orderBy("created_at", "desc").limit(1).executeTakeFirst();
  const latest = [request, dataExport].filter((r) => r !== undefined).sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
  return latest?.locale ?? DEFAULT_LOCALE;
}

/**
 * The operator's erasure of what matches an address or a phone number (/admin/privacy), audited
 * with the operator, the counts and a pseudonym of the subject — never the address itself. An
 * account holding that address is deleted like "Delete my account", goodbye email included (the
 * same kind, in the account's language, queued in the erasure's transaction): whoever asked the
 * operator, the account holder learns their account is gone. A person without an account gets
 * no email from us: the operator answers them.
 */
export async function eraseSubject(actorId: string, subject: PrivacySubject): Promise<EraseOutcome> {
  const { db } = getRuntime();
  const open = await openRequestsOf(subject);
  if (open.length) return { ok: false, reason: "open", open };
  const done = await db.transaction().execute(async (trx) => {
    const stillOpen = await openRequestsOf(subject, trx);
    if (stillOpen.length) return { open: stillOpen };
    const accounts = subject.userIds.length ? await trx.selectFrom("user").select(["id", "email"]).where("id", "in", subject.userIds).execute() : [];
    const goodbyes = [];
    for (const a of accounts) goodbyes.push({ ...goodbyeEmail(await accountLocale(trx, a)), to: a.email });
    // The audit names what was erased by reference (never by whom): read before the erasure unlinks them.
    const references = (await requestsOfSubject(trx, subject)).map((r) => r.reference).sort();
    const result = await eraseInTransaction(trx, subject);
    // After the erasure, which trims every earlier email to these addresses: these are the ones left.
    for (const goodbye of goodbyes) await enqueueEmail(trx, { ...goodbye, kind: "account.deleted" });
    await recordAudit(trx, { actorId, action: "privacy.erase", entityType: "privacy-subject", entityId: subjectDigest(subject), after: { ...result.counts, references } });
    return result;
  });
  if ("open" in done) return { ok: false, reason: "open", open: done.open };
  if (done.counts.accounts) mailQueued();
  await deleteFiles(done.files);
  return { ok: true, counts: done.counts };
}
