import { getRuntime } from "~/lib/runtime.server";
import { consentsOf } from "~/modules/legal/consents.server";
import { photoKey } from "~/modules/homes/photos.server";
import { reviewPhotoKey } from "~/modules/reviews/photos.server";
import { summariseUserAgent } from "~/modules/accounts/user-agent";
import { readAvailability } from "~/modules/providers/availability.server";
import { type PrivacySubject, requestsOfSubject } from "./subject.server";

/**
 * Everything we hold about one account, for "Download my data". The rule is
 * "theirs, and nothing of anyone else's":
 * - requests are those the person sent (requests.user_id), never the ones matched to them as a
 *   provider (those are the customers' data); operator notes are left out (written by staff,
 *   they may name other people), the timeline's notes are in (the status page shows them);
 * - emails are those sent to the person's own address, for their own requests or their
 *   account; operator copies and emails about other people's requests are not included, and
 *   one-time links in account emails are blanked (an archive must not carry a live login token);
 * - reviews and replies they wrote, without the review a reply answers (someone else's text) and
 *   without the provider's name;
 * - provider documents are listed (kind, name, type, size, dates), never included.
 * Every key of the result is described in EXPORT_KEYS, which goes into data.json as `about`.
 */
export const EXPORT_FORMAT = "gta-connect-data-export/1";

export const EXPORT_KEYS = {
  format: "The version of this file's layout.",
  generatedAt: "When this file was made (ISO 8601, UTC).",
  profile: "Your account: name, email, phone, role, when it was created and verified, language of this export.",
  consents: "When you confirmed you are 18 or older and accepted the Terms and Privacy Policy; documents: each version of each legal document you accepted, when and how (sign-up, provider application, re-acceptance).",
  requests:
    "Every request you sent (bookings, service, car, rental and city requests, listings, provider application, contact messages): its reference, kind, status, the fields you gave (payload), its status timeline and the emails we sent you about it.",
  accountEmails: "Emails we sent to your address about your account (sign-up, password, email change); one-time links are removed.",
  listings: "Home listings you own, with their photos' metadata; the photo files are in the photos/ folder of this archive.",
  listingDrafts: "Listings you started but have not submitted.",
  reviews: "Reviews you wrote, with their photos' metadata (files under photos/reviews/).",
  reviewReplies: "Replies you wrote to reviews, as a provider.",
  provider: "Your provider profile, if you have one; your application is among your requests (kind provider-application).",
  providerDocuments: "The list of documents you uploaded with a provider application: names, types and dates only, never the files.",
  sessions: "Devices signed in to your account: when each signed in and was last active, browser and system. No tokens or addresses.",
} as const;

const parse = (text: string | null | undefined): unknown => {
  if (text == null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};
const iso = (value: Date | string | null | undefined) => (value == null ? null : value instanceof Date ? value.toISOString() : String(value));
/** One-time links (verification, reset, email change) are useless in an archive and dangerous if it leaks. */
const withoutTokens = (text: string) => text.replace(/([?&]token=)[^\s&"'<>]+/g, "$1[removed]");

export type ExportFile = { path: string; bytes: Uint8Array };
export type ExportData = Awaited<ReturnType<typeof collectExportData>>["data"];

/**
 * Whose export: an account (My Account → Your data), or the subject an operator looked up by
 * address or phone (/admin/privacy) — then its requests are every one that
 * matches (subject.server.ts), and if the address belongs to an account, that account's data
 * comes too. Same layout either way: a person without an account has an empty profile.
 */
export type ExportOf = { userId: string } | { subject: PrivacySubject };

/** The data of one account (or subject) and the photo files that go with it. Read-only. */
export async function collectExportData(of: ExportOf, locale: string, now = new Date()) {
  const { db } = getRuntime();
  const subject = "subject" in of ? of.subject : null;
  const accountId = "userId" in of ? of.userId : (subject?.userIds[0] ?? null);
  const user = accountId ? await db.selectFrom("user").selectAll().where("id", "=", accountId).executeTakeFirstOrThrow() : null;
  // No account: every per-account query below matches nothing.
  const userId = user?.id ?? "";
  const files: { path: string; key: string }[] = [];

  const requestRows = subject
    ? await (async () => {
        const matched = (await requestsOfSubject(db, subject)).map((r) => r.id);
        return matched.length ? await db.selectFrom("requests").selectAll().where("id", "in", matched).orderBy("created_at").execute() : [];
      })()
    : await db.selectFrom("requests").selectAll().where("user_id", "=", userId).orderBy("created_at").execute();
  const ids = requestRows.map((r) => r.id);
  const events = ids.length
    ? await db.selectFrom("request_events").select(["request_id", "status", "note", "created_at"]).where("request_id", "in", ids).orderBy("created_at").execute()
    : [];
  const ownAddresses = [...new Set([user?.email, ...(subject?.emails ?? []), ...requestRows.map((r) => r.email)].filter((a): a is string => !!a))];
  const mails = ids.length
    ? await db
        .selectFrom("mail_outbox")
        .select(["request_id", "kind", "to_address", "subject", "text_body", "status", "created_at", "sent_at"])
        .where("request_id", "in", ids)
        .where("to_address", "in", ownAddresses)
        .where("kind", "not like", "%.operator")
        .orderBy("created_at")
        .execute()
    : [];
  const email = (m: { kind: string; subject: string; text_body: string; status: string; created_at: string; sent_at: string | null; to_address: string }) => ({
    kind: m.kind,
    to: m.to_address,
    subject: m.subject,
    status: m.status,
    createdAt: m.created_at,
    sentAt: m.sent_at,
    body: withoutTokens(m.text_body),
  });
  const requests = requestRows.map((r) => ({
    reference: r.reference,
    kind: r.kind,
    status: r.status,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    deletedAt: r.deleted_at,
    language: r.locale,
    name: r.name,
    email: r.email,
    payload: parse(r.data),
    concerns: r.subject_type ? { type: r.subject_type, id: r.subject_id } : null,
    timeline: events.filter((e) => e.request_id === r.id).map((e) => ({ status: e.status, note: e.note, at: e.created_at })),
    emails: mails.filter((m) => m.request_id === r.id).map(email),
  }));

  const accountEmails = (
    await db
      .selectFrom("mail_outbox")
      .select(["request_id", "kind", "to_address", "subject", "text_body", "status", "created_at", "sent_at"])
      .where("to_address", "in", user ? [user.email] : subject?.emails.length ? subject.emails : [""])
      .where("request_id", "is", null)
      .where("kind", "like", "account.%")
      .orderBy("created_at")
      .execute()
  ).map(email);

  const listingRows = await db.selectFrom("home_listings").selectAll().where("owner_user_id", "=", userId).orderBy("created_at").execute();
  const listingPhotos = await db.selectFrom("listing_photos").selectAll().where("user_id", "=", userId).orderBy("position").execute();
  const photoOf = (p: (typeof listingPhotos)[number]) => {
    const path = `photos/listings/${p.id}.webp`;
    files.push({ path, key: photoKey(p.id, "gallery") });
    return { id: p.id, position: p.position, width: p.width, height: p.height, createdAt: p.created_at, file: path };
  };
  const listings = listingRows.map((l) => ({
    id: l.id,
    title: l.title,
    status: l.status,
    createdAt: l.created_at,
    propertyType: l.property_type,
    price: l.price,
    priceUnit: l.price_unit,
    deposit: l.deposit,
    utilitiesIncluded: Boolean(l.utilities_included),
    address: l.address,
    neighborhood: l.neighborhood,
    city: l.city,
    province: l.province,
    postal: l.postal,
    bedrooms: l.bedrooms,
    bathrooms: l.bathrooms,
    furnished: Boolean(l.furnished),
    petFriendly: Boolean(l.pet_friendly),
    parking: Boolean(l.parking),
    amenities: parse(l.amenities),
    availableFrom: l.available_from,
    minStay: l.min_stay,
    leaseTerm: l.lease_term,
    strRegistration: l.str_registration,
    description: l.description,
    contact: { name: l.owner_name, email: l.owner_email, phone: l.owner_phone },
    photos: listingPhotos.filter((p) => p.listing_id === l.id).map(photoOf),
  }));
  const drafts = await db.selectFrom("listing_drafts").selectAll().where("user_id", "=", userId).execute();
  const listingDrafts = drafts.map((d) => ({
    id: d.id,
    step: d.step,
    updatedAt: d.updated_at,
    data: parse(d.data),
    photos: listingPhotos.filter((p) => p.draft_id === d.id && !p.listing_id).map(photoOf),
  }));

  const reviewRows = await db.selectFrom("community_reviews").selectAll().where("author_user_id", "=", userId).orderBy("created_at").execute();
  const reviewPhotos = await db.selectFrom("review_photos").selectAll().where("user_id", "=", userId).orderBy("position").execute();
  const referenceOf = new Map(requestRows.map((r) => [r.id, r.reference]));
  const reviews = reviewRows.map((r) => ({
    id: r.id,
    displayName: r.username,
    rating: r.rating,
    comment: r.comment,
    service: r.service,
    serviceSlug: r.service_slug,
    status: r.status,
    rejectReason: r.reject_reason,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    decidedAt: r.decided_at,
    request: r.request_id ? (referenceOf.get(r.request_id) ?? null) : null,
    photos: reviewPhotos
      .filter((p) => p.review_id === r.id)
      .map((p) => {
        const path = `photos/reviews/${p.id}.webp`;
        files.push({ path, key: reviewPhotoKey(p.id, "gallery") });
        return { id: p.id, position: p.position, width: p.width, height: p.height, createdAt: p.created_at, file: path };
      }),
  }));
  const reviewReplies = (await db.selectFrom("review_replies").selectAll().where("author_user_id", "=", userId).orderBy("created_at").execute()).map((r) => ({
    id: r.id,
    reviewId: r.review_id,
    body: r.body,
    status: r.status,
    rejectReason: r.reject_reason,
    language: r.locale,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    decidedAt: r.decided_at,
  }));

  const providerRow = await db.selectFrom("providers").selectAll().where("user_id", "=", userId).executeTakeFirst();
  const provider = providerRow
    ? {
        id: providerRow.id,
        name: providerRow.name,
        bio: providerRow.bio,
        services: parse(providerRow.services),
        categories: parse(providerRow.categories),
        serviceAreas: parse(providerRow.service_areas),
        // Availability: usual hours per weekday (null: never set) and days away.
        workHours: readAvailability(providerRow).hours,
        awayPeriods: readAvailability(providerRow).away,
        status: providerRow.status,
        idCheckedAt: providerRow.id_checked_at,
        createdAt: providerRow.created_at,
        updatedAt: providerRow.updated_at,
      }
    : null;
  const providerDocuments = (await db.selectFrom("provider_documents").selectAll().where("user_id", "=", userId).orderBy("created_at").execute()).map((d) => ({
    kind: d.kind,
    name: d.original_name,
    type: d.content_type,
    size: d.size,
    status: d.status,
    expiresOn: d.expires_on,
    uploadedAt: d.created_at,
    deletedAt: d.deleted_at,
  }));
  const verified = await db.selectFrom("owner_verifications").select("verified_at").where("user_id", "=", userId).executeTakeFirst();

  const sessions = (await db.selectFrom("session").select(["createdAt", "updatedAt", "expiresAt", "userAgent"]).where("userId", "=", userId).orderBy("createdAt").execute()).map(
    (s) => ({ signedInAt: iso(s.createdAt), lastActiveAt: iso(s.updatedAt), expiresAt: iso(s.expiresAt), ...summariseUserAgent(s.userAgent) }),
  );

  const data = {
    about: { format: EXPORT_FORMAT, keys: EXPORT_KEYS },
    format: EXPORT_FORMAT,
    generatedAt: now.toISOString(),
    profile: user
      ? {
          id: user.id,
          name: user.name,
          email: user.email,
          phone: user.phone,
          role: user.role ?? "user",
          createdAt: iso(user.createdAt),
          emailVerified: Boolean(user.emailVerified),
          verifiedOwnerSince: verified?.verified_at ?? null,
          language: locale,
        }
      : {
          id: null,
          name: requestRows.find((r) => r.name)?.name ?? "",
          email: subject?.emails[0] ?? null,
          phone: subject?.phones[0] ?? null,
          role: "no-account",
          createdAt: null,
          emailVerified: false,
          verifiedOwnerSince: null,
          language: locale,
        },
    consents: user
      ? { adultConfirmedAt: iso(user.adultConfirmedAt), termsAcceptedAt: iso(user.termsAcceptedAt), documents: await consentsOf(user.id) }
      : { adultConfirmedAt: null, termsAcceptedAt: null, documents: [] },
    requests,
    accountEmails,
    listings,
    listingDrafts,
    reviews,
    reviewReplies,
    provider,
    providerDocuments,
    sessions,
  };
  return { data, files };
}
