import { sql } from "kysely";
import { href } from "react-router";
import { type Locale, localizedPath } from "~/lib/i18n/locales";
import type { Translate } from "~/lib/i18n/translate";
import { getRuntime } from "~/lib/runtime.server";
import { staticUrl } from "~/lib/static-files.server";
import { recordAudit } from "~/modules/admin/audit.server";
import { transitionRequest } from "~/modules/requests/requests.server";
import { canMove, isRequestStatus, LISTING_LIFECYCLE, type RequestStatus } from "~/modules/requests/status";
import { forgetCityCounts, ownerVerified } from "./listings.server";
import { MAX_REASON } from "./moderation";
import { isShortTerm, isStrRegistration } from "./wizard";

/**
 * Listings moderation (ADR 14): what an operator decides about a submitted listing.
 * A listing's moderation status is its request's status (LISTING_LIFECYCLE), so approving and
 * rejecting are moves of that request — on its timeline, emailed to the owner in their language,
 * mirrored on the listing's visibility by transitionRequest. Both are the listing kind's
 * `guardedMoves`: a plain move (the inbox's generic one) is refused, so nothing is published
 * without the checks below. Every decision is written to the audit log in the same transaction.
 *
 * - approveListing: publishes. A short-term (per-night) listing is published only when the
 *   operator confirms they checked its City of Toronto registration number, and only when the
 *   number is in the required format.
 * - rejectListing: needs a reason, which is the move's note and goes to the owner.
 * - setOwnerVerified: 'Verified Owner' belongs to the owner's account, so it shows on each of
 *   their listings; a seeded listing (no owner account) keeps its own flag, set here instead.
 */
export type ModerationRefusal = "not-found" | "not-allowed" | "no-request" | "str-unchecked" | "str-invalid" | "reason-required";
export type ModerationResult = { ok: true; from: RequestStatus; to: RequestStatus } | { ok: false; reason: ModerationRefusal };


type Actor = { actorId: string };

/** The listing's live request (its newest one not deleted): the listing's moderation status is that request's. */
function liveRequestOf(listingId: string) {
  return getRuntime()
    .db.selectFrom("requests")
    .where("kind", "=", "listing")
    .where("subject_type", "=", "listing")
    .where("subject_id", "=", listingId)
    .where("deleted_at", "is", null)
    .orderBy("created_at", "desc");
}

/** The listing and its (live) request, as the decisions need them. */
async function loadForDecision(listingId: string) {
  const { db } = getRuntime();
  const listing = await db
    .selectFrom("home_listings")
    .select(["id", "status", "price_unit", "str_registration", "owner_user_id", "landlord_verified"])
    .where("id", "=", listingId)
    .executeTakeFirst();
  if (!listing) return null;
  const request = await liveRequestOf(listingId).select(["id", "status"]).executeTakeFirst();
  return { listing, request: request ?? null };
}

export async function approveListing(listingId: string, input: Actor & { strChecked: boolean }): Promise<ModerationResult> {
  return decide(listingId, input.actorId, "published", null, (listing) => {
    if (!isShortTerm(listing.price_unit)) return { audited: {} };
    if (!isStrRegistration(listing.str_registration)) return { refused: "str-invalid" };
    if (!input.strChecked) return { refused: "str-unchecked" };
    return { audited: { strRegistration: listing.str_registration, strChecked: true } };
  });
}

export async function rejectListing(listingId: string, input: Actor & { reason: string }): Promise<ModerationResult> {
  const reason = input.reason.trim();
  if (!reason || reason.length > MAX_REASON) return { ok: false, reason: "reason-required" };
  return decide(listingId, input.actorId, "rejected", reason, () => ({ audited: {} }));
}

type DecisionListing = NonNullable<Awaited<ReturnType<typeof loadForDecision>>>["listing"];

/**
 * Moves the listing's live request to `to` with `note`, once `check` allows it, and writes the
 * audit entry (the listing's visibility before and after, and what `check` adds) in the same
 * transaction.
 */
async function decide(
  listingId: string,
  actorId: string,
  to: "published" | "rejected",
  note: string | null,
  check: (listing: DecisionListing) => { refused: ModerationRefusal } | { audited: Record<string, unknown> },
): Promise<ModerationResult> {
  const found = await loadForDecision(listingId);
  if (!found) return { ok: false, reason: "not-found" };
  const { listing, request } = found;
  if (!request) return { ok: false, reason: "no-request" };
  const checked = check(listing);
  if ("refused" in checked) return { ok: false, reason: checked.refused };
  const result = await transitionRequest(request.id, to, note, {
    effects: (trx, move) =>
      recordAudit(trx, {
        actorId,
        action: to === "published" ? "listing.approve" : "listing.reject",
        entityType: "listing",
        entityId: listingId,
        before: { status: move.from, visibility: listing.status },
        after: { status: move.to, visibility: to, ...checked.audited },
        note,
      }),
    // The Published email links to the live listing (issue 51 item 1), in the owner's language.
    ...(to === "published"
      ? {
          email: (t: Translate, locale: Locale) => ({
            action: { label: t("email.listing.see"), url: `${getRuntime().env.PUBLIC_URL}${localizedPath(locale, href("/homes/:id", { id: listingId }))}` },
          }),
        }
      : {}),
  });
  if (result.ok) forgetCityCounts();
  // A listing has no appointment: "too-early" (a completion before one) cannot happen here.
  return result.ok ? result : { ok: false, reason: result.reason === "too-early" ? "not-allowed" : result.reason };
}

export type VerifyResult = { ok: true; changed: boolean; scope: "account" | "listing" } | { ok: false; reason: "not-found" };

/**
 * Marks the owner of a listing verified or not: their account when the listing has one (every
 * listing of theirs then shows the badge), the listing itself when it has none (seed data).
 */
export async function setOwnerVerified(listingId: string, input: Actor & { verified: boolean }): Promise<VerifyResult> {
  const { db } = getRuntime();
  return db.transaction().execute(async (trx): Promise<VerifyResult> => {
    const listing = await trx.selectFrom("home_listings").select(["id", "owner_user_id", "landlord_verified"]).where("id", "=", listingId).executeTakeFirst();
    if (!listing) return { ok: false, reason: "not-found" };
    const now = new Date().toISOString();
    if (!listing.owner_user_id) {
      const before = Boolean(Number(listing.landlord_verified));
      if (before === input.verified) return { ok: true, changed: false, scope: "listing" };
      await trx.updateTable("home_listings").set({ landlord_verified: input.verified ? 1 : 0 }).where("id", "=", listingId).execute();
      await recordAudit(trx, {
        actorId: input.actorId,
        action: input.verified ? "owner.verify" : "owner.unverify",
        entityType: "listing",
        entityId: listingId,
        before: { verified: before },
        after: { verified: input.verified },
      });
      return { ok: true, changed: true, scope: "listing" };
    }
    const userId = listing.owner_user_id;
    const row = await trx.selectFrom("owner_verifications").select(["verified_at", "verified_by"]).where("user_id", "=", userId).executeTakeFirst();
    const before = row !== undefined;
    if (before === input.verified) return { ok: true, changed: false, scope: "account" };
    if (input.verified) {
      await trx.insertInto("owner_verifications").values({ user_id: userId, verified_by: input.actorId, verified_at: now }).execute();
    } else {
      await trx.deleteFrom("owner_verifications").where("user_id", "=", userId).execute();
    }
    await recordAudit(trx, {
      actorId: input.actorId,
      action: input.verified ? "owner.verify" : "owner.unverify",
      entityType: "user",
      entityId: userId,
      before: before ? { verified: true, verifiedAt: row.verified_at, verifiedBy: row.verified_by } : { verified: false },
      after: input.verified ? { verified: true, verifiedAt: now, verifiedBy: input.actorId } : { verified: false },
      note: `listing ${listingId}`,
    });
    return { ok: true, changed: true, scope: "account" };
  });
}

// ---------------------------------------------------------------------------------------------
// What the back office's listing pages read
// ---------------------------------------------------------------------------------------------

/** The list's filter: listings awaiting review, live, or rejected / withdrawn; or all. */
export const LISTING_FILTERS = ["all", "pending", "published", "rejected"] as const;
export type ListingFilter = (typeof LISTING_FILTERS)[number];
export const isListingFilter = (v: unknown): v is ListingFilter => (LISTING_FILTERS as readonly unknown[]).includes(v);
export const ADMIN_PAGE_SIZE = 25;

export type ModerationRow = {
  id: string;
  title: string;
  city: string;
  ownerName: string;
  visibility: "published" | "pending" | "rejected";
  /** The request's status (the moderation status); null for seeded listings, which have none. */
  status: RequestStatus | null;
  reference: string | null;
  shortTerm: boolean;
  createdAt: string;
};

/**
 * Listings for moderation: those awaiting review first (oldest first: they have waited
 * longest), then the others newest first; filtered by visibility, one page at a time.
 */
export async function listListingsForModeration(params: { filter: ListingFilter; page: number }) {
  const { db } = getRuntime();
  const page = Math.max(1, Math.floor(params.page) || 1);
  let query = db
    .selectFrom("home_listings")
    .leftJoin("requests", (join) =>
      join
        .onRef("requests.subject_id", "=", "home_listings.id")
        .on("requests.kind", "=", "listing")
        .on("requests.subject_type", "=", "listing")
        .on("requests.deleted_at", "is", null),
    )
    .select([
      "home_listings.id",
      "home_listings.title",
      "home_listings.city",
      "home_listings.owner_name",
      "home_listings.landlord_name",
      "home_listings.status",
      "home_listings.price_unit",
      "home_listings.created_at",
      "requests.status as request_status",
      "requests.reference",
    ]);
  if (params.filter !== "all") query = query.where("home_listings.status", "=", params.filter);
  const rows = await query
    .orderBy(sql`case when home_listings.status = 'pending' then 0 else 1 end`)
    .orderBy(sql`case when home_listings.status = 'pending' then home_listings.created_at else '' end`, "asc")
    .orderBy("home_listings.created_at", "desc")
    .orderBy("home_listings.id")
    .limit(ADMIN_PAGE_SIZE + 1)
    .offset((page - 1) * ADMIN_PAGE_SIZE)
    .execute();
  let countQuery = db.selectFrom("home_listings").select((eb) => eb.fn.countAll<number | string>().as("n"));
  if (params.filter !== "all") countQuery = countQuery.where("status", "=", params.filter);
  const total = Number((await countQuery.executeTakeFirstOrThrow()).n);
  return {
    pages: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
    rows: rows.slice(0, ADMIN_PAGE_SIZE).map(
      (r): ModerationRow => ({
        id: r.id,
        title: r.title,
        city: r.city,
        ownerName: r.owner_name || r.landlord_name,
        visibility: r.status,
        status: isRequestStatus(r.request_status) ? r.request_status : null,
        reference: r.reference ?? null,
        shortTerm: isShortTerm(r.price_unit),
        createdAt: r.created_at,
      }),
    ),
    page,
    total,
    hasNext: rows.length > ADMIN_PAGE_SIZE,
  };
}

/** Everything the operator checks on one listing, with the decisions its status allows. */
export async function getListingForModeration(listingId: string) {
  const { db } = getRuntime();
  if (!listingId || listingId.length > 100) return null;
  const l = await db
    .selectFrom("home_listings")
    .leftJoin("owner_verifications", "owner_verifications.user_id", "home_listings.owner_user_id")
    .leftJoin("user", "user.id", "home_listings.owner_user_id")
    .selectAll("home_listings")
    .select(["owner_verifications.verified_at as owner_verified_at", "user.email as account_email", "user.name as account_name"])
    .where("home_listings.id", "=", listingId)
    .executeTakeFirst();
  if (!l) return null;
  const request = await liveRequestOf(listingId).select(["id", "reference", "status", "created_at"]).executeTakeFirst();
  const photos = await db.selectFrom("listing_photos").select(["id", "width", "height"]).where("listing_id", "=", listingId).orderBy("position").execute();
  const status = request && isRequestStatus(request.status) ? request.status : null;
  const shortTerm = isShortTerm(l.price_unit);
  const parse = (v: string) => {
    try {
      const list: unknown = JSON.parse(v);
      return Array.isArray(list) ? list.filter((x): x is string => typeof x === "string") : [];
    } catch {
      return [];
    }
  };
  return {
    listing: {
      id: l.id,
      title: l.title,
      propertyType: l.property_type,
      price: Number(l.price),
      priceUnit: l.price_unit,
      address: l.address,
      city: l.city,
      neighborhood: l.neighborhood,
      province: l.province,
      postal: l.postal,
      bedrooms: Number(l.bedrooms),
      bathrooms: Number(l.bathrooms),
      furnished: Boolean(Number(l.furnished)),
      petFriendly: Boolean(Number(l.pet_friendly)),
      utilitiesIncluded: Boolean(Number(l.utilities_included)),
      amenities: parse(l.amenities),
      deposit: l.deposit === null ? null : Number(l.deposit),
      minStay: l.min_stay,
      leaseTerm: l.lease_term,
      availableFrom: l.available_from,
      description: l.description,
      visibility: l.status,
      createdAt: l.created_at,
      /** Uploaded photos (served to admins while under review); seeded listings have static images. */
      photos: photos.length
        ? photos.map((p) => ({ id: p.id, width: Number(p.width), height: Number(p.height) }))
        : null,
      staticImages: photos.length ? [] : parse(l.images).map(staticUrl),
    },
    shortTerm,
    str: shortTerm ? { number: l.str_registration, valid: isStrRegistration(l.str_registration) } : null,
    owner: {
      name: l.owner_name || l.landlord_name,
      email: l.owner_email,
      phone: l.owner_phone,
      account: l.owner_user_id ? { id: l.owner_user_id, name: l.account_name, email: l.account_email } : null,
      verified: ownerVerified(l),
      verifiedAt: l.owner_verified_at,
    },
    request: request && status ? { id: request.id, reference: request.reference, status, createdAt: request.created_at } : null,
    can: {
      approve: status !== null && canMove(LISTING_LIFECYCLE, status, "published"),
      reject: status !== null && canMove(LISTING_LIFECYCLE, status, "rejected"),
    },
  };
}
export type ListingForModeration = NonNullable<Awaited<ReturnType<typeof getListingForModeration>>>;
