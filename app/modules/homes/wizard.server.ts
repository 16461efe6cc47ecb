import { randomBytes, randomUUID } from "node:crypto";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Translate } from "~/lib/i18n/translate";
import type { EmailField } from "~/lib/mail/template.server";
import { getRuntime, mailQueued } from "~/lib/runtime.server";
import { confirmationAllowed, insertRequest } from "~/modules/requests/requests.server";
import { MAX_LISTING_PHOTOS } from "~/modules/site/constants";
import { monthlyPrice, searchText } from "./derived";
import { type DraftPhoto, listDraftPhotos } from "./photos.server";
import {
  clampStep,
  DEFAULT_PRICE_TYPE,
  DEFAULT_PROVINCE,
  FIELD_LABEL_KEYS,
  type FieldName,
  LIST_FIELDS,
  type ListingValues,
  listingPhotoPath,
  listingTitle,
  PRICE_TYPE_LABEL_KEYS,
  priceUnit,
  propertyTypeCode,
  provinceCode,
  STEPS,
  validateAll,
  type WizardValues,
} from "./wizard";

/**
 * The wizard's server side: one draft per owner (the latest `listing_drafts` row) holding the
 * step they are on and every value so far, saved on each Next / Previous, so a reload or
 * another device resumes where they left off; and the final submit, which turns the draft
 * into a listing under review and notifies the operator.
 */
export const DEFAULT_AVATAR = "/images/avatars/default.svg";
export const LISTING_SERVICE_NAME = "Property listing";

export type Draft = { id: string; step: number; values: WizardValues; updatedAt: string };
/** `savedAt`: when the draft was last saved (the browser keeps newer unsaved typing). */
export type WizardState = { draftId: string | null; step: number; values: WizardValues; photos: DraftPhoto[]; savedAt: string | null };

const ALL_FIELDS = STEPS.flatMap((s) => s.fields as readonly FieldName[]).filter((f) => f !== "photos");
const MAX_TEXT = 10_000;

/** Only known fields, strings only, sizes capped: a draft never grows beyond a form's worth. */
export function sanitizeValues(input: unknown): WizardValues {
  const out: WizardValues = {};
  if (!input || typeof input !== "object") return out;
  const source = input as Record<string, unknown>;
  for (const name of ALL_FIELDS) {
    const v = source[name];
    if (LIST_FIELDS.includes(name)) {
      if (Array.isArray(v)) out[name] = v.filter((x): x is string => typeof x === "string").slice(0, 20).map((x) => x.slice(0, 200));
    } else if (typeof v === "string") {
      out[name] = v.slice(0, MAX_TEXT);
    }
  }
  return out;
}

/** Values a new draft starts with: the account's name, email and phone, and the form defaults. */
export function startingValues(user: Pick<SessionUser, "name" | "email" | "phone">): WizardValues {
  return {
    ownerName: user.name ?? "",
    ownerEmail: user.email ?? "",
    ownerPhone: user.phone ?? "",
    province: DEFAULT_PROVINCE,
    furnished: "No",
    petFriendly: "No",
    utilitiesIncluded: "No",
    priceType: DEFAULT_PRICE_TYPE,
    amenities: [],
  };
}

export async function findDraft(userId: string): Promise<Draft | null> {
  const row = await getRuntime()
    .db.selectFrom("listing_drafts")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("updated_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  let values: WizardValues = {};
  try {
    values = sanitizeValues(JSON.parse(row.data));
  } catch {
    // A damaged draft starts over rather than breaking the page.
  }
  return { id: row.id, step: clampStep(row.step), values, updatedAt: row.updated_at };
}

/** What the wizard page shows: the saved step and values (owner fields prefilled), and photos. */
export async function loadWizard(user: SessionUser): Promise<WizardState> {
  const draft = await findDraft(user.id);
  return {
    draftId: draft?.id ?? null,
    step: draft?.step ?? 1,
    values: { ...startingValues(user), ...(draft?.values ?? {}) },
    photos: draft ? await listDraftPhotos(draft.id) : [],
    savedAt: draft?.updatedAt ?? null,
  };
}

/** Saves the step and merges the posted values into the owner's draft (created on first save). */
export async function saveDraft(user: SessionUser, step: number, patch: WizardValues): Promise<Draft> {
  const { db } = getRuntime();
  const existing = await findDraft(user.id);
  const values = sanitizeValues({ ...(existing?.values ?? startingValues(user)), ...patch });
  const now = new Date().toISOString();
  const data = JSON.stringify(values);
  const s = clampStep(step);
  if (existing) {
    await db.updateTable("listing_drafts").set({ step: s, data, updated_at: now }).where("id", "=", existing.id).execute();
    return { id: existing.id, step: s, values, updatedAt: now };
  }
  const id = randomUUID();
  await db.insertInto("listing_drafts").values({ id, user_id: user.id, step: s, data, updated_at: now }).execute();
  return { id, step: s, values, updatedAt: now };
}

/** The owner's draft, created (empty, on step 1) when there is none yet: photos need one. */
export async function ensureDraft(user: SessionUser): Promise<Draft> {
  return (await findDraft(user.id)) ?? saveDraft(user, 1, {});
}

const yes = (v: string) => (v === "Yes" ? 1 : 0);

/** Every field with its label and the value as people read it (the operator email's body). */
export function listingFields(v: ListingValues, t: Translate, photoUrls: string[]): EmailField[] {
  const label = (name: FieldName) => t(FIELD_LABEL_KEYS[name]);
  const display: Record<FieldName, string | number | null> = {
    ownerName: v.ownerName,
    ownerEmail: v.ownerEmail,
    ownerPhone: v.ownerPhone || null,
    agreed: v.agreed ? "Yes" : "No",
    propertyType: v.propertyType,
    address: v.address,
    city: v.city,
    province: v.province,
    postal: v.postal || null,
    neighborhood: v.neighborhood || null,
    bedrooms: v.bedrooms,
    bathrooms: v.bathrooms,
    furnished: v.furnished,
    petFriendly: v.petFriendly,
    utilitiesIncluded: v.utilitiesIncluded,
    amenities: v.amenities.length ? v.amenities.join(", ") : null,
    description: v.description,
    price: v.price,
    priceType: t(PRICE_TYPE_LABEL_KEYS[v.priceType]),
    deposit: v.deposit ?? null,
    minStay: v.minStay || null,
    availableFrom: v.availableFrom,
    leaseTerm: v.leaseTerm ?? null,
    photos: `${photoUrls.length}: ${photoUrls.join(" ")}`,
  };
  return STEPS.flatMap((s) => s.fields as readonly FieldName[]).map((name) => ({ label: label(name), value: display[name] }));
}

export type SubmitResult =
  | { ok: true; listingId: string; reference: string | null; statusPath: string | null; emailed: boolean }
  | { ok: false; step: number; errors: Partial<Record<FieldName, string[]>>; values: WizardValues };

/**
 * Submits the owner's draft: every step is validated again; on failure the draft goes back to
 * the first failing step. Otherwise, in one transaction, the listing is stored as pending
 * review with the draft's photos attached, the draft removed, and the request (operator
 * email 'New Property Listing — {address}' and the owner's confirmation) queued.
 */
export async function submitListing(user: SessionUser, t: Translate, confirmation: string): Promise<SubmitResult> {
  const { db, env } = getRuntime();
  const draft = await findDraft(user.id);
  const values: WizardValues = { ...startingValues(user), ...(draft?.values ?? {}) };
  const photos = draft ? await listDraftPhotos(draft.id) : [];
  const check = validateAll({ ...values, photos: photos.map((p) => p.id) }, t);
  if (!check.success || !draft) {
    const step = check.success ? STEPS.length : check.step;
    if (draft) await db.updateTable("listing_drafts").set({ step, updated_at: new Date().toISOString() }).where("id", "=", draft.id).execute();
    return { ok: false, step, errors: check.success ? {} : check.errors, values };
  }
  const v = check.value;
  const listingId = `l-${randomBytes(8).toString("hex")}`;
  const now = new Date().toISOString();
  const title = listingTitle(v);
  const unit = priceUnit(v.priceType);
  const fullAddress = [v.address, v.city, [provinceCode(v.province), v.postal].filter(Boolean).join(" ")].filter(Boolean).join(", ");

  // Read before the transaction (it counts confirmations in the outbox), written within it.
  const confirm = await confirmationAllowed({ email: v.ownerEmail });
  const request = await db.transaction().execute(async (trx) => {
    // The photos as they are now (not as first read): what the listing shows is what it owns.
    const current = await trx
      .selectFrom("listing_photos")
      .select("id")
      .where("draft_id", "=", draft.id)
      .where("user_id", "=", user.id)
      .orderBy("position")
      .orderBy("created_at")
      .execute();
    if (current.length === 0 || current.length > MAX_LISTING_PHOTOS) return null;
    await trx
      .insertInto("home_listings")
      .values({
        id: listingId,
        title,
        property_type: propertyTypeCode(v.propertyType),
        price: v.price,
        price_unit: unit,
        city: v.city,
        neighborhood: v.neighborhood,
        address: fullAddress,
        bedrooms: v.bedrooms,
        bathrooms: v.bathrooms,
        furnished: yes(v.furnished),
        pet_friendly: yes(v.petFriendly),
        parking: v.amenities.includes("Parking") ? 1 : 0,
        amenities: JSON.stringify(v.amenities),
        available_from: v.availableFrom,
        images: JSON.stringify(current.map((p) => listingPhotoPath(p.id, "gallery"))),
        description: v.description,
        landlord_name: v.ownerName,
        landlord_avatar: DEFAULT_AVATAR,
        landlord_verified: 0,
        status: "pending",
        created_at: now,
        owner_user_id: user.id,
        owner_name: v.ownerName,
        owner_email: v.ownerEmail,
        owner_phone: v.ownerPhone || null,
        province: v.province,
        postal: v.postal || null,
        utilities_included: yes(v.utilitiesIncluded),
        deposit: v.deposit ?? null,
        min_stay: v.minStay || null,
        lease_term: v.leaseTerm ?? null,
        price_monthly: monthlyPrice(v.price, unit),
        search_text: searchText({ title, city: v.city, neighborhood: v.neighborhood, description: v.description }),
      })
      .execute();
    await trx
      .updateTable("listing_photos")
      .set({ listing_id: listingId, draft_id: null })
      .where("id", "in", current.map((p) => p.id))
      .execute();
    await trx.deleteFrom("listing_drafts").where("id", "=", draft.id).execute();
    // The request (operator email 'New Property Listing — {address}' and the owner's
    // confirmation) commits with the listing: a crash or an error can no longer leave a listing
    // under review that nobody was told about, or one acknowledged without its emails.
    return insertRequest(
      trx,
      {
        kind: "listing",
        userId: user.id,
        name: v.ownerName,
        email: v.ownerEmail,
        service: LISTING_SERVICE_NAME,
        operatorSubject: `New Property Listing — ${v.address}`,
        fields: [
          { label: "Listing ID", value: listingId },
          { label: "Title", value: title },
          ...listingFields(v, t, current.map((p) => `${env.PUBLIC_URL}${listingPhotoPath(p.id, "gallery")}`)),
          { label: "Review in the back office", value: `${env.PUBLIC_URL}/admin` },
        ],
        confirmation,
      },
      confirm,
    );
  });
  if (!request) {
    return { ok: false, step: STEPS.length, errors: { photos: [t("wizard.error.photosMin")] }, values };
  }
  mailQueued();
  return { ok: true, listingId, reference: request.reference, statusPath: request.statusPath, emailed: request.emailed };
}

export type OwnerListing = {
  id: string;
  title: string;
  address: string;
  status: "published" | "pending" | "rejected";
  price: number;
  priceUnit: "month" | "night";
  createdAt: string;
  coverUrl: string | null;
};

/** The owner's listings, newest first, with each one's status and cover photo. */
export async function listListingsForOwner(userId: string): Promise<OwnerListing[]> {
  const { db } = getRuntime();
  const rows = await db
    .selectFrom("home_listings")
    .select(["id", "title", "address", "status", "price", "price_unit", "created_at"])
    .where("owner_user_id", "=", userId)
    .orderBy("created_at", "desc")
    .limit(200)
    .execute();
  if (rows.length === 0) return [];
  const photos = await db
    .selectFrom("listing_photos")
    .select(["id", "listing_id", "position"])
    .where(
      "listing_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("position")
    .execute();
  const cover = new Map<string, string>();
  for (const p of photos) if (p.listing_id && !cover.has(p.listing_id)) cover.set(p.listing_id, listingPhotoPath(p.id, "card"));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    address: r.address,
    status: r.status,
    price: r.price,
    priceUnit: r.price_unit,
    createdAt: r.created_at,
    coverUrl: cover.get(r.id) ?? null,
  }));
}
