import { randomBytes, randomUUID } from "node:crypto";
import { href } from "react-router";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Translate } from "~/lib/i18n/translate";
import { getRuntime, mailQueued } from "~/lib/runtime.server";
import { isDuplicateSubmission, type SubmitContext, submissionFor, submitRequest } from "~/modules/requests/requests.server";
import { MAX_LISTING_PHOTOS } from "~/modules/site/constants";
import { monthlyPrice, searchText } from "./derived";
import { addDraftPhotos, chosenFiles, type DraftPhoto, listDraftPhotos, moveDraftPhoto, removeDraftPhoto } from "./photos.server";
import {
  clampStep,
  DEFAULT_PRICE_TYPE,
  DEFAULT_PROVINCE,
  type FieldName,
  isShortTerm,
  LIST_FIELDS,
  listingPhotoPath,
  listingTitle,
  parsePhotoOp,
  priceUnit,
  propertyTypeCode,
  provinceCode,
  STEP_COUNT,
  STEPS,
  stepValuesFrom,
  type WizardAnswer,
  type WizardValues,
} from "./wizard";
import { parseStep, validateAll } from "./wizard-schema";

/**
 * The wizard's server side: one draft per owner (the latest `listing_drafts` row) holding the
 * step they are on and every value so far, saved on each Next / Previous (values also as they
 * are typed), so a reload or another device resumes where they left off; and the final submit,
 * which turns the draft into a listing under review and notifies the operator.
 */
export const DEFAULT_AVATAR = "/images/avatars/default.svg";

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
  const id = await insertDraft(user.id, s, data, now, "wins");
  return { id: id!, step: s, values, updatedAt: now };
}

/**
 * Typing saved as it goes (debounced in the browser, and a beacon on leaving the page): only the
 * values of the step the owner is on, never the step itself. Next, Previous and Save carry the
 * step's values and move the draft; an autosave sent before one of them can reach the server
 * after it, and must then neither move the owner back nor overwrite what that post carried, so an
 * autosave for a step the draft is no longer on is dropped. Without a draft the owner is on step
 * 1. Returns whether it was applied.
 */
export async function autosaveDraft(user: SessionUser, step: number, patch: WizardValues): Promise<boolean> {
  const { db } = getRuntime();
  const existing = await findDraft(user.id);
  const now = new Date().toISOString();
  if (!existing) {
    if (step !== 1) return false; // e.g. late after the submit that removed the draft
    const data = JSON.stringify(sanitizeValues({ ...startingValues(user), ...patch }));
    return (await insertDraft(user.id, 1, data, now, "yields")) !== null;
  }
  if (existing.step !== step) return false;
  const data = JSON.stringify(sanitizeValues({ ...existing.values, ...patch }));
  // The step is checked again in the write: a Next may have moved the draft since it was read.
  const result = await db
    .updateTable("listing_drafts")
    .set({ data, updated_at: now })
    .where("id", "=", existing.id)
    .where("step", "=", step)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Inserts the owner's first draft. An autosave and a Next can both find no draft and both insert
 * one; there is one draft per owner, so the Next's row "wins" (removes any other row without
 * photos) and the autosave's row "yields" (removes itself when another exists). Whichever order
 * the four statements run in, the Next's row is the one left. Returns the row's id, or null when
 * it yielded.
 */
async function insertDraft(userId: string, step: number, data: string, now: string, race: "wins" | "yields"): Promise<string | null> {
  const { db } = getRuntime();
  const id = randomUUID();
  await db.insertInto("listing_drafts").values({ id, user_id: userId, step, data, updated_at: now }).execute();
  if (race === "wins") {
    await db
      .deleteFrom("listing_drafts")
      .where("user_id", "=", userId)
      .where("id", "!=", id)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("listing_photos").select("listing_photos.id").whereRef("listing_photos.draft_id", "=", "listing_drafts.id"))),
      )
      .execute();
    return id;
  }
  const other = await db.selectFrom("listing_drafts").select("id").where("user_id", "=", userId).where("id", "!=", id).executeTakeFirst();
  if (!other) return id;
  await db.deleteFrom("listing_drafts").where("id", "=", id).execute();
  return null;
}

/** The owner's draft, created (empty, on step 1) when there is none yet: photos need one. */
export async function ensureDraft(user: SessionUser): Promise<Draft> {
  return (await findDraft(user.id)) ?? saveDraft(user, 1, {});
}

const yes = (v: string) => (v === "Yes" ? 1 : 0);

export type SubmitResult =
  | { ok: true; listingId: string; reference: string | null; statusPath: string | null; emailed: boolean }
  | { ok: false; step: number; errors: Partial<Record<FieldName, string[]>>; values: WizardValues };

/**
 * Submits the owner's draft: every step is validated again; on failure the draft goes back to
 * the first failing step. Otherwise, in one transaction, the listing is stored as pending
 * review with the draft's photos attached and the draft removed; then the request (operator
 * email 'New Property Listing — {address}' and the owner's confirmation) is queued.
 */
/** The listing an earlier post with this form token submitted, as its answer. */
async function earlierListing(ctx: SubmitContext): Promise<SubmitResult | null> {
  const earlier = await submissionFor("listing", ctx);
  if (!earlier) return null;
  const row = await getRuntime().db.selectFrom("requests").select("subject_id").where("id", "=", earlier.id).executeTakeFirst();
  return { ok: true, listingId: row?.subject_id ?? "", reference: earlier.reference, statusPath: earlier.statusPath, emailed: earlier.emailed };
}

export async function submitListing(ctx: SubmitContext & { user: SessionUser }, t: Translate): Promise<SubmitResult> {
  const { db, env } = getRuntime();
  const user = ctx.user;
  // Sent already with this form's token (a double click, a retry): its answer again, before the
  // draft is looked for (it went with the first post).
  const earlier = await earlierListing(ctx);
  if (earlier) return earlier;
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
  const title = listingTitle(v, t);
  const unit = priceUnit(v.priceType);
  // Only a short-term listing carries (and is asked for) the City's registration number.
  const shortTerm = isShortTerm(v.priceType);
  const { strRegistration, ...rest } = v;
  const requestValues = shortTerm ? { ...rest, strRegistration } : rest;
  const fullAddress = [v.address, v.city, [provinceCode(v.province), v.postal].filter(Boolean).join(" ")].filter(Boolean).join(", ");

  const attaching = db.transaction().execute(async (trx) => {
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
        str_registration: shortTerm ? v.strRegistration : null,
        // The language of the page the owner sent it from: their title and description's (0032).
        locale: ctx.locale,
        search_text: searchText({ title, city: v.city, neighborhood: v.neighborhood, description: v.description }),
      })
      .execute();
    await trx
      .updateTable("listing_photos")
      .set({ listing_id: listingId, draft_id: null })
      .where("id", "in", current.map((p) => p.id))
      .execute();
    await trx.deleteFrom("listing_drafts").where("id", "=", draft.id).execute();
    // The request (operator email, owner's confirmation) commits with the listing: neither
    // exists without the other, even if the process dies right here.
    const request = await submitRequest("listing", { ...requestValues, listingId, title, photoCount: current.length }, ctx, {
      trx,
      // The token alone says "the same post": the listing id is new on every post.
      fingerprint: null,
      operatorLinks: [
        // One link a photo: their addresses side by side made the email 522 px wide (issue 51).
        ...current.map((p, i) => ({ label: "request.link.photos" as const, url: `${env.PUBLIC_URL}${listingPhotoPath(p.id, "gallery")}`, number: i + 1 })),
        { label: "request.link.backOffice", url: `${env.PUBLIC_URL}${href("/admin/listings/:listingId", { listingId })}` },
      ],
    });
    return { photos: current.map((p) => p.id), request };
  });
  let attached: Awaited<typeof attaching>;
  try {
    attached = await attaching;
  } catch (error) {
    // The same post, sent at once by a racing request: it stored the listing; this one rolled back.
    const first = isDuplicateSubmission(error) ? await earlierListing(ctx) : null;
    if (first) return first;
    throw error;
  }
  if (!attached) {
    // The photos went with a racing post of the same form, which committed first.
    const first = await earlierListing(ctx);
    if (first) return first;
    return { ok: false, step: STEPS.length, errors: { photos: [t("wizard.error.photosMin")] }, values };
  }
  mailQueued();
  const { request } = attached;
  return { ok: true, listingId, reference: request.reference, statusPath: request.statusPath, emailed: request.emailed };
}

// ---------------------------------------------------------------------------------------------
// What each button of the wizard does
// ---------------------------------------------------------------------------------------------

/**
 * Where a wizard post leaves the owner; the route turns it into a response:
 * - `answer`: the page again with this answer (messages, a refused photo batch, photos added),
 * - `wizard`: the wizard as it now stands (a redirect to it, or just "ok" for a fetcher),
 * - `saved`: the same, with the 'Draft saved' toast,
 * - `submitted`: the success page.
 */
export type WizardOutcome =
  | { kind: "answer"; answer: WizardAnswer; status?: number }
  | { kind: "wizard"; answer?: WizardAnswer }
  | { kind: "saved" }
  | { kind: "submitted"; reference: string | null; statusPath: string | null; emailed: boolean };

/**
 * One post of the wizard form, by its `intent` (the button that sent it; spec §4): Next
 * validates the step and moves on, Previous and Save keep what was typed without validating,
 * autosave keeps it without moving (see autosaveDraft), Submit checks every step, and the
 * photo buttons manage the draft's photos.
 */
export async function runWizardPost(ctx: SubmitContext & { user: SessionUser }, form: FormData, t: Translate): Promise<WizardOutcome> {
  const user = ctx.user;
  const intent = form.get("intent");
  const step = clampStep(form.get("step"));

  // Files chosen on the Photos step are stored first, whichever button sent them (no-JS).
  const files = chosenFiles(form);
  if (intent === "upload" || files.length > 0) {
    const draft = await findDraft(user.id);
    const result = await addDraftPhotos(user.id, { id: draft?.id ?? null, start: async () => (await ensureDraft(user)).id }, files);
    if (!result.ok)
      return { kind: "answer", answer: { photoError: result.error, photosRefused: result.refused }, status: result.error === "tooLarge" ? 413 : 400 };
    // Some stored, some refused: the step shows again with the stored ones and names the others
    // (a success status, so the page's photos are reloaded after a fetcher's upload too).
    if (result.refused.length)
      return { kind: "answer", answer: { photoError: result.refused[0]!.error, photosRefused: result.refused, photosAdded: result.added } };
    if (intent === "upload") return { kind: "wizard", answer: { photosAdded: result.added } };
  }

  const op = parsePhotoOp(intent);
  if (op) {
    const draft = await findDraft(user.id);
    if (draft) {
      if (op.op === "remove") await removeDraftPhoto(user.id, draft.id, op.photoId);
      else await moveDraftPhoto(user.id, draft.id, op.photoId, op.op);
    }
    return { kind: "wizard" };
  }

  switch (intent) {
    case "autosave":
      if (STEPS[step - 1]?.id !== "photos") await autosaveDraft(user, step, stepValuesFrom(form, step));
      return { kind: "answer", answer: { ok: true } };
    case "previous":
      await saveDraft(user, step - 1, stepValuesFrom(form, step));
      return { kind: "wizard" };
    case "save":
      await saveDraft(user, step, stepValuesFrom(form, step));
      return { kind: "saved" };
    case "next": {
      if (step >= STEP_COUNT) break;
      const submission = parseStep(form, step, t);
      if (submission.status !== "success") {
        await saveDraft(user, step, stepValuesFrom(form, step)); // an error is no reason to lose input
        return { kind: "answer", answer: { step, result: submission.reply() }, status: 400 };
      }
      await saveDraft(user, step + 1, stepValuesFrom(form, step));
      return { kind: "wizard" };
    }
    case "submit": {
      const result = await submitListing(ctx, t);
      if (!result.ok) {
        const fields = [...STEPS[result.step - 1]!.fields];
        const initialValue = result.values as Record<string, string | string[]>;
        return {
          kind: "answer",
          answer: { step: result.step, incomplete: true, result: { status: "error", initialValue, error: result.errors, fields } },
          status: 400,
        };
      }
      return { kind: "submitted", reference: result.reference, statusPath: result.statusPath, emailed: result.emailed };
    }
  }
  // Photos sent with an unknown button were stored above: that is no refusal (found by fuzzing).
  if (files.length > 0) return { kind: "wizard" };
  return { kind: "answer", answer: { ok: false }, status: 400 };
}
