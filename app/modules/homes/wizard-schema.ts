import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { isEmail, isPhoneNumber } from "~/lib/forms/fields";
import { isCalendarDate, torontoToday } from "~/lib/forms/formats";
import type { MessageKey, Translate } from "~/lib/i18n/translate";
import { MAX_LISTING_PHOTOS } from "~/modules/site/constants";
import {
  AMENITIES,
  DEFAULT_PRICE_TYPE,
  DEFAULT_PROVINCE,
  FIELD_LABEL_KEYS,
  type FieldName,
  isShortTerm,
  isStrRegistration,
  LEASE_TERMS,
  LIMITS,
  normalizeStrRegistration,
  PRICE_TYPES,
  PROPERTY_TYPES,
  PROVINCES,
  type Province,
  STEP_COUNT,
  STEPS,
  type StepId,
  stepIndex,
  STR_REGISTRATION_EXAMPLE,
  type WizardValues,
  YES_NO,
} from "./wizard";

/**
 * The listing wizard's zod schemas (spec §5 Property wizard), one per step, built with the
 * catalogue's messages. The browser validates a step with the same schema before it posts
 * (loaded on first use: see use-zod-form.ts); the server validates it again, and validates
 * every step once more on submit.
 *
 * Values travel as the form sends them (strings, lists of strings), are kept that way in the
 * server-side draft, and every schema accepts them raw, so `validateStep(step, draftValues)`
 * and Conform's `parseWithZod(formData)` give the same answer.
 */

const PROVINCE_NAMES = PROVINCES.map((p) => p.name) as unknown as readonly [Province, ...Province[]];

// ---------------------------------------------------------------------------------------------
// Field rules (raw form strings in, typed values out)
// ---------------------------------------------------------------------------------------------

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

function pricingShape(t: Translate) {
  const invalid = (key: FieldName) => t("form.invalidOption", { label: fieldName(t, key) });
  return {
    price: requiredNumber({ required: t("wizard.error.price"), range: t("wizard.error.priceRange", { max: LIMITS.price.max }), ...LIMITS.price, step: 1 }),
    priceType: defaultedChoice(PRICE_TYPES, invalid("priceType"), DEFAULT_PRICE_TYPE),
    // Checked against the price type below; kept (upper-case) only for a short-term listing.
    strRegistration: z.preprocess(asText, z.string({ error: t("wizard.error.strFormat", { example: STR_REGISTRATION_EXAMPLE }) })).transform(normalizeStrRegistration),
    deposit: optionalNumber({ range: t("wizard.error.depositRange", { max: LIMITS.deposit.max }), ...LIMITS.deposit, step: 1 }),
    minStay: optionalText(tooLong(t, "minStay", LIMITS.minStay), LIMITS.minStay),
    // Like every other date customers choose: today or later in Toronto (fields.ts futureDate),
    // but blank keeps the spec's own message.
    availableFrom: requiredText(t("wizard.error.availableFrom"), t("form.invalidDate"), 10)
      .refine((v) => v === "" || (isCalendarDate(v) && v <= "2100-12-31"), t("form.invalidDate"))
      .refine((v) => !isCalendarDate(v) || v >= torontoToday(), t("form.pastDate")),
    leaseTerm: optionalChoice(LEASE_TERMS, invalid("leaseTerm")),
  };
}

/**
 * A listing priced per night (a short-term rental) needs the City's registration number in
 * its format (wizard.ts). The checks run even when another field of the step is wrong (`when`),
 * so the owner sees every message at once; they read the values defensively for that reason.
 */
function withStrCheck<S extends z.ZodType<{ priceType?: unknown; strRegistration?: unknown }>>(schema: S, t: Translate): S {
  const always = { when: () => true };
  const nightly = (v: { priceType?: unknown }) => isShortTerm(v?.priceType);
  const typed = (v: { strRegistration?: unknown }) => normalizeStrRegistration(v?.strRegistration) !== "";
  return schema
    .refine((v) => !nightly(v) || typed(v), { ...always, path: ["strRegistration"], message: t("wizard.error.strRequired") })
    .refine((v) => !nightly(v) || !typed(v) || isStrRegistration(v.strRegistration), {
      ...always,
      path: ["strRegistration"],
      message: t("wizard.error.strFormat", { example: STR_REGISTRATION_EXAMPLE }),
    }) as S;
}

export function pricingSchema(t: Translate) {
  return withStrCheck(z.object(pricingShape(t)), t);
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
  return withStrCheck(ownerSchema(t).extend(propertySchema(t).shape).extend(pricingShape(t)).extend(photosSchema(t).shape), t);
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
