import { parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import { href } from "react-router";
import { z } from "zod";
import { isEmail, isPhoneNumber, YES_NO } from "~/lib/forms/fields";
import { isCalendarDate, torontoToday } from "~/lib/forms/fields";
import type { MessageKey, Translate } from "~/lib/i18n/translate";
import { MAX_LISTING_PHOTOS, MAX_UPLOAD_BYTES } from "~/modules/site/constants";

/**
 * The property listing wizard (spec §2 /homes/new, §3 Property listing form, §4–5 Property
 * wizard): an ordered list of steps, each with its fields and one zod schema built with the
 * catalogue's messages. The browser validates a step with the same schema before it posts;
 * the server validates it again, and validates every step once more on submit.
 *
 * Values travel as the form sends them (strings, lists of strings), are kept that way in the
 * server-side draft, and every schema accepts them raw, so `validateStep(step, draftValues)`
 * and Conform's `parseWithZod(formData)` give the same answer.
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

export { YES_NO, type YesNo } from "~/lib/forms/fields";

export const AMENITIES = ["Wi-Fi", "Parking", "Laundry", "A/C", "Heating", "Gym", "Pool", "Kitchen", "TV", "Workspace"] as const;
export type Amenity = (typeof AMENITIES)[number];

/** Per month (the default) or per night; stored as the listing's price_unit. */
export const PRICE_TYPES = ["month", "night"] as const;
export type PriceType = (typeof PRICE_TYPES)[number];
export const DEFAULT_PRICE_TYPE: PriceType = "month";
export const PRICE_TYPE_LABEL_KEYS: Record<PriceType, MessageKey> = { month: "wizard.perMonth", night: "wizard.perNight" };
export const priceUnit = (priceType: PriceType): "month" | "night" => (priceType === "night" ? "night" : "month");

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
const PROVINCE_NAMES = PROVINCES.map((p) => p.name) as unknown as readonly [Province, ...Province[]];
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
  { id: "pricing", titleKey: "wizard.step.pricing", fields: ["price", "priceType", "deposit", "minStay", "availableFrom", "leaseTerm"] },
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
  deposit: "wizard.field.deposit",
  minStay: "wizard.field.minStay",
  availableFrom: "wizard.field.availableFrom",
  leaseTerm: "wizard.field.leaseTerm",
  photos: "wizard.field.photos",
};

// ---------------------------------------------------------------------------------------------
// Field rules (raw form strings in, typed values out)
// ---------------------------------------------------------------------------------------------

/** What a form field holds before validation. */
export type RawValue = string | string[] | undefined;
export type WizardValues = Partial<Record<FieldName, RawValue>>;

const asText = (v: unknown) => (v === undefined || v === null ? "" : typeof v === "number" ? String(v) : v);
const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

function requiredText(required: string, tooLong: string, max: number) {
  return z.preprocess(asText, z.string({ error: required }).trim().min(1, required).max(max, tooLong));
}
function optionalText(tooLong: string, max: number) {
  return z.preprocess(asText, z.string({ error: tooLong }).trim().max(max, tooLong));
}
const toNumber = (v: unknown) => (isBlank(v) ? undefined : typeof v === "string" ? Number(v.trim()) : v);
type NumberRule = { required?: string; range: string; min: number; max: number; step: number };
function numberSchema(opts: NumberRule) {
  return z
    .number({ error: (issue) => (issue.input === undefined && opts.required ? opts.required : opts.range) })
    .min(opts.min, opts.range)
    .max(opts.max, opts.range)
    .refine((v) => Number.isInteger(Math.round((v / opts.step) * 1e9) / 1e9), opts.range);
}
/** A number from a text box: blank is "missing", anything else must parse and sit in range. */
const requiredNumber = (opts: NumberRule & { required: string }) => z.preprocess(toNumber, numberSchema(opts));
const optionalNumber = (opts: NumberRule) => z.preprocess(toNumber, numberSchema(opts).optional());

function enumOf<T extends string>(options: readonly T[], messages: { required?: string; invalid: string }) {
  return z.enum(options as unknown as [T, ...T[]], {
    error: (issue) => (issue.input === undefined && messages.required ? messages.required : messages.invalid),
  });
}
const blankTo = <T>(fallback: T) => (v: unknown) => (isBlank(v) ? fallback : v);
/** One of a fixed list: required (blank gets `required`), defaulted (blank means `fallback`), or optional. */
const requiredChoice = <T extends string>(options: readonly T[], required: string, invalid: string) =>
  z.preprocess(blankTo(undefined), enumOf(options, { required, invalid }));
const defaultedChoice = <T extends string>(options: readonly T[], invalid: string, fallback: T) =>
  z.preprocess(blankTo(fallback), enumOf(options, { invalid }));
const optionalChoice = <T extends string>(options: readonly T[], invalid: string) =>
  z.preprocess(blankTo(undefined), enumOf(options, { invalid }).optional());
const asList = (v: unknown) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]);

const POSTAL = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]) ?(\d[ABCEGHJ-NPRSTV-Z]\d)$/;

// ---------------------------------------------------------------------------------------------
// Step schemas, with the spec's exact messages (§5 Property wizard)
// ---------------------------------------------------------------------------------------------

/** Where the visible label says "(optional)", messages name the field plainly. */
const FIELD_NAME_KEYS: Partial<Record<FieldName, MessageKey>> = {
  neighborhood: "wizard.fieldName.neighborhood",
  minStay: "wizard.fieldName.minStay",
  leaseTerm: "wizard.fieldName.leaseTerm",
};
const fieldName = (t: Translate, key: FieldName) => t(FIELD_NAME_KEYS[key] ?? FIELD_LABEL_KEYS[key]);

const tooLong = (t: Translate, key: FieldName, max: number) => t("form.tooLong", { label: fieldName(t, key), max });

export function ownerSchema(t: Translate) {
  return z.object({
    ownerName: requiredText(t("wizard.error.name"), tooLong(t, "ownerName", LIMITS.ownerName), LIMITS.ownerName),
    ownerEmail: requiredText(t("wizard.error.email"), tooLong(t, "ownerEmail", LIMITS.ownerEmail), LIMITS.ownerEmail).pipe(
      z.string().refine(isEmail, t("form.invalidEmail")).transform((v) => v.toLowerCase()),
    ),
    ownerPhone: optionalText(t("form.invalidPhone"), LIMITS.ownerPhone).refine((v) => v === "" || isPhoneNumber(v), t("form.invalidPhone")),
    agreed: z.preprocess((v) => v === true || v === "on" || v === "true", z.literal(true, { error: t("wizard.error.agree") })),
  });
}

export function propertySchema(t: Translate) {
  const invalid = (key: FieldName) => t("form.invalidOption", { label: fieldName(t, key) });
  return z.object({
    propertyType: requiredChoice(PROPERTY_TYPES, t("wizard.error.propertyType"), invalid("propertyType")),
    address: requiredText(t("wizard.error.address"), tooLong(t, "address", LIMITS.address), LIMITS.address),
    city: requiredText(t("wizard.error.city"), tooLong(t, "city", LIMITS.city), LIMITS.city),
    province: defaultedChoice(PROVINCE_NAMES, invalid("province"), DEFAULT_PROVINCE),
    postal: optionalText(t("wizard.error.postal"), 10)
      .transform((v) => v.toUpperCase())
      .refine((v) => v === "" || POSTAL.test(v), t("wizard.error.postal"))
      .transform((v) => v.replace(POSTAL, "$1 $2")),
    neighborhood: optionalText(tooLong(t, "neighborhood", LIMITS.neighborhood), LIMITS.neighborhood),
    bedrooms: requiredNumber({ required: t("wizard.error.bedrooms"), range: t("wizard.error.bedroomsRange"), ...LIMITS.bedrooms, step: 1 }),
    bathrooms: requiredNumber({ required: t("wizard.error.bathrooms"), range: t("wizard.error.bathroomsRange"), ...LIMITS.bathrooms }),
    furnished: defaultedChoice(YES_NO, invalid("furnished"), "No"),
    petFriendly: defaultedChoice(YES_NO, invalid("petFriendly"), "No"),
    utilitiesIncluded: defaultedChoice(YES_NO, invalid("utilitiesIncluded"), "No"),
    amenities: z.preprocess(
      asList,
      z
        .array(z.enum(AMENITIES, { error: invalid("amenities") }), { error: invalid("amenities") })
        .max(AMENITIES.length, invalid("amenities"))
        .transform((list) => AMENITIES.filter((a) => list.includes(a))),
    ),
    description: requiredText(t("wizard.error.description"), tooLong(t, "description", LIMITS.description), LIMITS.description),
  });
}

export function pricingSchema(t: Translate) {
  const invalid = (key: FieldName) => t("form.invalidOption", { label: fieldName(t, key) });
  return z.object({
    price: requiredNumber({ required: t("wizard.error.price"), range: t("wizard.error.priceRange", { max: LIMITS.price.max }), ...LIMITS.price, step: 1 }),
    priceType: defaultedChoice(PRICE_TYPES, invalid("priceType"), DEFAULT_PRICE_TYPE),
    deposit: optionalNumber({ range: t("wizard.error.depositRange", { max: LIMITS.deposit.max }), ...LIMITS.deposit, step: 1 }),
    minStay: optionalText(tooLong(t, "minStay", LIMITS.minStay), LIMITS.minStay),
    // Like every other date customers choose: today or later in Toronto (fields.ts futureDate),
    // but blank keeps the spec's own message.
    availableFrom: requiredText(t("wizard.error.availableFrom"), t("form.invalidDate"), 10)
      .refine((v) => v === "" || (isCalendarDate(v) && v <= "2100-12-31"), t("form.invalidDate"))
      .refine((v) => !isCalendarDate(v) || v >= torontoToday(), t("form.pastDate")),
    leaseTerm: optionalChoice(LEASE_TERMS, invalid("leaseTerm")),
  });
}

/** Photos are counted by the server (the draft's stored photos); the form carries their ids. */
export function photosSchema(t: Translate) {
  return z.object({
    photos: z.preprocess(
      asList,
      z
        .array(z.string())
        .min(1, t("wizard.error.photosMin"))
        .max(MAX_LISTING_PHOTOS, t("wizard.error.photosMax")),
    ),
  });
}

const SCHEMAS = { owner: ownerSchema, property: propertySchema, pricing: pricingSchema, photos: photosSchema } as const;

export function stepSchema(step: StepId | number, t: Translate) {
  return SCHEMAS[STEPS[stepIndex(step)]!.id](t);
}

/** Every step at once: what a submitted listing must satisfy. */
export function listingSchema(t: Translate) {
  return ownerSchema(t).extend(propertySchema(t).shape).extend(pricingSchema(t).shape).extend(photosSchema(t).shape);
}
export type ListingValues = z.output<ReturnType<typeof listingSchema>>;

export type StepResult<T> = { success: true; value: T } | { success: false; errors: Partial<Record<FieldName, string[]>> };

const errorsOf = (error: z.ZodError) => {
  const errors: Partial<Record<FieldName, string[]>> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? "") as FieldName;
    (errors[name] ??= []).push(issue.message);
  }
  return errors;
};

/** Validates one step's values (raw, as the form or the draft holds them). */
export function validateStep(step: StepId | number, values: WizardValues, t: Translate): StepResult<Record<string, unknown>> {
  const result = stepSchema(step, t).safeParse(values);
  return result.success ? { success: true, value: result.data as Record<string, unknown> } : { success: false, errors: errorsOf(result.error) };
}

/**
 * Validates every step in order: the values when all pass, otherwise the first failing step
 * (1-based) and its messages, which is where the wizard sends the owner back to.
 */
export function validateAll(
  values: WizardValues,
  t: Translate,
): { success: true; value: ListingValues } | { success: false; step: number; errors: Partial<Record<FieldName, string[]>> } {
  for (let n = 1; n <= STEP_COUNT; n++) {
    const result = validateStep(n, values, t);
    if (!result.success) return { success: false, step: n, errors: result.errors };
  }
  const all = listingSchema(t).safeParse(values);
  if (!all.success) return { success: false, step: 1, errors: errorsOf(all.error) };
  return { success: true, value: all.data };
}

/**
 * Conform's parse of a posted step, for the browser and the server alike. Auto-coercion is off:
 * the schemas take the form's raw strings themselves (see above), as the draft stores them.
 */
export function parseStep(form: FormData, step: StepId | number, t: Translate) {
  return parseWithZod(form, { schema: stepSchema(step, t), disableAutoCoercion: true });
}

/**
 * What the wizard page is given back when a post does not move it on: a step's messages (and
 * with `incomplete`, a submit sent back to that step), a refused batch of photos, or how many
 * were added (photo fetchers).
 */
export type WizardAnswer = {
  step?: number;
  result?: SubmissionResult<string[]>;
  incomplete?: boolean;
  photoError?: PhotoError;
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

/** A listing title from its details, e.g. "2BR in Liberty Village, Toronto". */
export function listingTitle(v: Pick<ListingValues, "propertyType" | "neighborhood" | "city">): string {
  const place = v.neighborhood ? `${v.neighborhood}, ${v.city}` : v.city;
  return `${v.propertyType} in ${place}`;
}

// ---------------------------------------------------------------------------------------------
// Photos
// ---------------------------------------------------------------------------------------------

export type PhotoVariant = "card" | "gallery";
export const listingPhotoPath = (photoId: string, variant: PhotoVariant) => href("/media/listings/:photoId/:variant", { photoId, variant });

/** Why a batch of photos was refused; each has the toast the owner sees. */
export type PhotoError = "none" | "tooMany" | "empty" | "tooLarge" | "unsupported" | "unreadable";
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
