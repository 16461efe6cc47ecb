import type { SubmissionResult } from "@conform-to/react";
import { href } from "react-router";
import { choiceLabel } from "~/lib/i18n/choices";
import type { MessageKey, Translate } from "~/lib/i18n/translate";
import { MAX_LISTING_PHOTOS, MAX_UPLOAD_BYTES } from "~/modules/site/constants";

/**
 * The property listing wizard (spec §2 /homes/new, §3 Property listing form, §4–5 Property
 * wizard): an ordered list of steps, each with its fields, options, labels and bounds, and the
 * photo rules. Each step's zod schema is in wizard-schema.ts, apart from these so that the
 * wizard page can render without zod (the form loads the schemas once it is used).
 */

// ---------------------------------------------------------------------------------------------
// Options (spec §3)
// ---------------------------------------------------------------------------------------------

export const PROPERTY_TYPES = ["Room", "Studio", "1BR", "2BR", "Whole Home", "Sublet", "Short-term"] as const;
export type PropertyTypeOption = (typeof PROPERTY_TYPES)[number];

/** The listing's stored property_type codes (the homes search filters on these). */
export type ListingPropertyType = "1BR" | "2BR" | "Room" | "ShortTerm" | "Sublet" | "WholeHome" | "Studio";
export const PROPERTY_TYPE_CODES: Record<PropertyTypeOption, ListingPropertyType> = {
  Room: "Room",
  Studio: "Studio",
  "1BR": "1BR",
  "2BR": "2BR",
  "Whole Home": "WholeHome",
  Sublet: "Sublet",
  "Short-term": "ShortTerm",
};
export const propertyTypeCode = (option: PropertyTypeOption): ListingPropertyType => PROPERTY_TYPE_CODES[option];

export { YES_NO, type YesNo } from "~/lib/forms/formats";

export const AMENITIES = ["Wi-Fi", "Parking", "Laundry", "A/C", "Heating", "Gym", "Pool", "Kitchen", "TV", "Workspace"] as const;
export type Amenity = (typeof AMENITIES)[number];

/** Per month (the default) or per night; stored as the listing's price_unit. */
export const PRICE_TYPES = ["month", "night"] as const;
export type PriceType = (typeof PRICE_TYPES)[number];
export const DEFAULT_PRICE_TYPE: PriceType = "month";
export const PRICE_TYPE_LABEL_KEYS: Record<PriceType, MessageKey> = { month: "wizard.perMonth", night: "wizard.perNight" };
export const priceUnit = (priceType: PriceType): "month" | "night" => (priceType === "night" ? "night" : "month");

/**
 * Short-term rentals (ADR 14). The City of Toronto registers rentals of less than 28
 * consecutive nights; in the wizard those are the listings priced per night, and they must
 * carry the City's short-term rental registration number, asked on the Pricing step only then.
 *
 * Format (decided here, checked in the browser, on the server and again by the operator):
 * `STR-` + 4 digits + `-` + 6 letters or digits, e.g. STR-2407-A1B2C3. Typed lower-case or
 * with spaces around it is accepted and stored upper-case, trimmed; nothing else is rewritten.
 */
export const SHORT_TERM_MAX_NIGHTS = 28;
export const isShortTerm = (priceType: unknown) => priceType === "night";
export const STR_REGISTRATION_PATTERN = /^STR-\d{4}-[A-Z0-9]{6}$/;
export const STR_REGISTRATION_EXAMPLE = "STR-2407-A1B2C3";
export const normalizeStrRegistration = (value: unknown) => (typeof value === "string" ? value.trim().toUpperCase() : "");
export const isStrRegistration = (value: unknown) => STR_REGISTRATION_PATTERN.test(normalizeStrRegistration(value));

export const LEASE_TERMS = ["Month-to-Month", "3-6 months", "6-12 months", "12+ months"] as const;
export type LeaseTerm = (typeof LEASE_TERMS)[number];

export const PROVINCES = [
  { name: "Alberta", code: "AB" },
  { name: "British Columbia", code: "BC" },
  { name: "Manitoba", code: "MB" },
  { name: "New Brunswick", code: "NB" },
  { name: "Newfoundland and Labrador", code: "NL" },
  { name: "Northwest Territories", code: "NT" },
  { name: "Nova Scotia", code: "NS" },
  { name: "Nunavut", code: "NU" },
  { name: "Ontario", code: "ON" },
  { name: "Prince Edward Island", code: "PE" },
  { name: "Quebec", code: "QC" },
  { name: "Saskatchewan", code: "SK" },
  { name: "Yukon", code: "YT" },
] as const;
export type Province = (typeof PROVINCES)[number]["name"];
export const DEFAULT_PROVINCE: Province = "Ontario";
export const provinceCode = (name: Province) => PROVINCES.find((p) => p.name === name)?.code ?? name;

/** Bounds: the spec's minimums (bedrooms 0, bathrooms 1 in steps of 0.5, prices 0) and sane maximums. */
export const LIMITS = {
  bedrooms: { min: 0, max: 20 },
  bathrooms: { min: 1, max: 20, step: 0.5 },
  price: { min: 0, max: 100_000 },
  deposit: { min: 0, max: 100_000 },
  ownerName: 100,
  ownerEmail: 254,
  ownerPhone: 30,
  address: 200,
  city: 100,
  neighborhood: 100,
  description: 5000,
  minStay: 60,
  strRegistration: 40,
} as const;

// ---------------------------------------------------------------------------------------------
// Steps
// ---------------------------------------------------------------------------------------------

export const STEPS = [
  { id: "owner", titleKey: "wizard.step.owner", fields: ["ownerName", "ownerEmail", "ownerPhone", "agreed"] },
  {
    id: "property",
    titleKey: "wizard.step.property",
    fields: [
      "propertyType",
      "address",
      "city",
      "province",
      "postal",
      "neighborhood",
      "bedrooms",
      "bathrooms",
      "furnished",
      "petFriendly",
      "utilitiesIncluded",
      "amenities",
      "description",
    ],
  },
  {
    id: "pricing",
    titleKey: "wizard.step.pricing",
    fields: ["price", "priceType", "strRegistration", "deposit", "minStay", "availableFrom", "leaseTerm"],
  },
  { id: "photos", titleKey: "wizard.step.photos", fields: ["photos"] },
] as const satisfies readonly { id: string; titleKey: MessageKey; fields: readonly string[] }[];

export type StepId = (typeof STEPS)[number]["id"];
export type FieldName = (typeof STEPS)[number]["fields"][number];
export const STEP_COUNT = STEPS.length;
/** Fields a form sends several times (checkbox groups, the photo list). */
export const LIST_FIELDS: readonly FieldName[] = ["amenities", "photos"];

/** A step by id or by number (1-based, as the page and the draft count them). */
export function stepIndex(step: StepId | number): number {
  const i = typeof step === "number" ? step - 1 : STEPS.findIndex((s) => s.id === step);
  if (i < 0 || i >= STEPS.length || !Number.isInteger(i)) throw new RangeError(`Unknown wizard step: ${step}`);
  return i;
}
export const clampStep = (n: unknown) => {
  const v = typeof n === "number" ? n : Number(n);
  return Number.isInteger(v) ? Math.min(Math.max(v, 1), STEP_COUNT) : 1;
};

/** Labels for every field (the operator email lists each with its value). */
export const FIELD_LABEL_KEYS: Record<FieldName, MessageKey> = {
  ownerName: "wizard.field.ownerName",
  ownerEmail: "wizard.field.ownerEmail",
  ownerPhone: "wizard.field.ownerPhone",
  agreed: "wizard.field.agreed",
  propertyType: "wizard.field.propertyType",
  address: "wizard.field.address",
  city: "wizard.field.city",
  province: "wizard.field.province",
  postal: "wizard.field.postal",
  neighborhood: "wizard.field.neighborhood",
  bedrooms: "wizard.field.bedrooms",
  bathrooms: "wizard.field.bathrooms",
  furnished: "wizard.field.furnished",
  petFriendly: "wizard.field.petFriendly",
  utilitiesIncluded: "wizard.field.utilitiesIncluded",
  amenities: "wizard.field.amenities",
  description: "wizard.field.description",
  price: "wizard.field.price",
  priceType: "wizard.field.priceType",
  strRegistration: "wizard.field.strRegistration",
  deposit: "wizard.field.deposit",
  minStay: "wizard.field.minStay",
  availableFrom: "wizard.field.availableFrom",
  leaseTerm: "wizard.field.leaseTerm",
  photos: "wizard.field.photos",
};

/** What a form field holds before validation. */
export type RawValue = string | string[] | undefined;
export type WizardValues = Partial<Record<FieldName, RawValue>>;

/**
 * What the wizard page is given back when a post does not move it on: a step's messages (and
 * with `incomplete`, a submit sent back to that step), a refused batch of photos (with the
 * files refused by name), or how many were added (photo fetchers).
 */
export type WizardAnswer = {
  step?: number;
  result?: SubmissionResult<string[]>;
  incomplete?: boolean;
  photoError?: PhotoError;
  photosRefused?: PhotoRefusal[];
  photosAdded?: number;
  ok?: boolean;
};

/** The step's raw values from a posted form (lists for list fields, strings otherwise). */
export function stepValuesFrom(form: FormData, step: StepId | number): WizardValues {
  const values: WizardValues = {};
  for (const name of STEPS[stepIndex(step)]!.fields) {
    if (name === "photos") continue; // the server's stored photos are the truth
    if (LIST_FIELDS.includes(name)) {
      values[name] = form.getAll(name).filter((v): v is string => typeof v === "string");
    } else {
      const v = form.get(name);
      values[name] = typeof v === "string" ? v : undefined;
    }
  }
  return values;
}

/**
 * A listing title from its details, in the owner's language, not always English: "2BR in Liberty
 * Village, Toronto", "2 chambres à Liberty Village, Toronto". The place is as the owner typed it.
 */
export function listingTitle(v: { propertyType: PropertyTypeOption; neighborhood?: string; city: string }, t: Translate): string {
  const place = v.neighborhood ? `${v.neighborhood}, ${v.city}` : v.city;
  return t("wizard.listingTitle", { type: choiceLabel(t, v.propertyType), place });
}

// ---------------------------------------------------------------------------------------------
// Photos
// ---------------------------------------------------------------------------------------------

export type PhotoVariant = "card" | "gallery";
export const listingPhotoPath = (photoId: string, variant: PhotoVariant) => href("/media/listings/:photoId/:variant", { photoId, variant });

/** Why a batch of photos was refused; each has the toast the owner sees. */
export type PhotoError = "none" | "tooMany" | "empty" | "tooLarge" | "unsupported" | "unreadable";
/** A chosen file that was not stored, by its name, and why. */
export type PhotoRefusal = { name: string; error: PhotoError };
export const PHOTO_ERROR_KEYS: Record<PhotoError, { title: MessageKey; text: MessageKey }> = {
  none: { title: "wizard.noFilesTitle", text: "wizard.noFilesText" },
  tooMany: { title: "wizard.tooManyTitle", text: "wizard.tooManyText" },
  empty: { title: "wizard.emptyFileTitle", text: "wizard.emptyFileText" },
  tooLarge: { title: "wizard.fileTooLargeTitle", text: "wizard.fileTooLargeText" },
  unsupported: { title: "wizard.unsupportedTitle", text: "wizard.unsupportedText" },
  unreadable: { title: "wizard.unsupportedTitle", text: "wizard.unreadableText" },
};
export const ACCEPTED_PHOTO_MIME = ["image/jpeg", "image/png"] as const;

/**
 * The browser's quick check of chosen files before any upload (the server checks the bytes
 * again): too many for the draft, empty, over 10 MB, or not a JPEG/PNG by its declared type.
 */
export function precheckPhotos(files: readonly { size: number; type: string }[], existing: number): PhotoError | null {
  if (files.length === 0) return "none";
  if (existing + files.length > MAX_LISTING_PHOTOS) return "tooMany";
  for (const f of files) {
    if (f.size === 0) return "empty";
    if (f.size > MAX_UPLOAD_BYTES) return "tooLarge";
    if (!(ACCEPTED_PHOTO_MIME as readonly string[]).includes(f.type)) return "unsupported";
  }
  return null;
}

/** Photo buttons post `intent=<op>:<photoId>`: remove, or move one place up or down. */
export type PhotoOp = { op: "remove" | "up" | "down"; photoId: string };
export function parsePhotoOp(intent: unknown): PhotoOp | null {
  const m = typeof intent === "string" ? /^(remove|up|down):([0-9a-f-]{36})$/.exec(intent) : null;
  return m ? { op: m[1] as PhotoOp["op"], photoId: m[2]! } : null;
}

/** The list as it will be once an operation is done (for showing it before the server answers). */
export function applyPhotoOp<T extends { id: string }>(photos: readonly T[], op: PhotoOp | null): T[] {
  const list = [...photos];
  if (!op) return list;
  const i = list.findIndex((p) => p.id === op.photoId);
  if (i < 0) return list;
  if (op.op === "remove") {
    list.splice(i, 1);
    return list;
  }
  const j = op.op === "up" ? i - 1 : i + 1;
  if (j < 0 || j >= list.length) return list;
  [list[i], list[j]] = [list[j]!, list[i]!];
  return list;
}
