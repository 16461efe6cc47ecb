import { z } from "zod";
import type { Translate } from "../i18n/translate";
import { EMAIL_MAX, isCalendarDate, isPhoneNumber, isTime, PHONE_MAX, torontoToday, YES_NO } from "./formats";

// The zod-free shapes live in formats.ts (components import them without zod); schemas may take them from here.
export { EMAIL_MAX, isCalendarDate, isPhoneNumber, PHONE_MAX, torontoToday, YES_NO, type YesNo } from "./formats";

/**
 * Field rules shared by every form schema, with the catalogue's messages: required text with a
 * length cap, emails (one shape, one normalisation), phone numbers (one shape), "email or
 * phone" contacts, dates that must be today or later (Toronto time), times, bounded numbers,
 * options and Yes/No choices. Schemas compose these; none defines its own.
 *
 * `name` is the field's name as messages use it ("Notes must be at most 2000 characters."): a
 * plain noun, not the visible label, which may carry "(optional)" or be a prompt ("Describe your
 * request"). Where they differ, the catalogue has a `…fieldName.…` key beside the label's.
 */
export const requiredText = (t: Translate, name: string, max: number, required = t("form.required", { label: name })) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, t("form.tooLong", { label: name, max }));

export const optionalText = (t: Translate, name: string, max: number) =>
  z.string().trim().max(max, t("form.tooLong", { label: name, max })).optional();

/** An address people can reach; stored trimmed and lower-cased, so one person is one address. */
export const isEmail = (v: string) => z.email().safeParse(v).success;
const normaliseEmail = (v: string) => v.toLowerCase();

export const requiredEmail = (t: Translate, name: string, required?: string) =>
  requiredText(t, name, EMAIL_MAX, required).pipe(z.email(t("form.invalidEmail")).transform(normaliseEmail));

export const optionalEmail = (t: Translate, name: string) =>
  optionalText(t, name, EMAIL_MAX).pipe(z.email(t("form.invalidEmail")).transform(normaliseEmail).optional());

export const requiredPhone = (t: Translate, name: string) => requiredText(t, name, PHONE_MAX).refine(isPhoneNumber, t("form.invalidPhone"));

export const optionalPhone = (t: Translate) =>
  z
    .string()
    .trim()
    .max(PHONE_MAX, t("form.invalidPhone"))
    .refine((v) => v === "" || isPhoneNumber(v), t("form.invalidPhone"))
    .optional();

/** "Email or phone" (spec: the new-service and city requests' contact field). */
export const emailOrPhone = (t: Translate, name: string, invalid: string) =>
  requiredText(t, name, EMAIL_MAX).refine((v) => isEmail(v) || isPhoneNumber(v), invalid);

/** A date: required, a real calendar date, today or later (Toronto time). `required`: the message when empty. */
export const futureDate = (t: Translate, name: string, required?: string) =>
  requiredText(t, name, 10, required)
    .refine(isCalendarDate, t("form.invalidDate"))
    .refine((v) => !isCalendarDate(v) || v >= torontoToday(), t("form.pastDate"));

/** A time of day, HH:MM (what <input type="time"> sends). */
export const timeOfDay = (t: Translate, name: string) => requiredText(t, name, 8).refine(isTime, t("form.invalidTime"));

/** A date and time (YYYY-MM-DDTHH:MM, from <input type="datetime-local">), today or later. */
export const futureDateTime = (t: Translate, name: string) =>
  requiredText(t, name, 19)
    .refine((v) => {
      const [d, tm] = v.split("T");
      return Boolean(d && tm && isCalendarDate(d) && isTime(tm.slice(0, 5)));
    }, t("form.invalidDate"))
    .refine((v) => v.slice(0, 10) >= torontoToday(), t("form.pastDate"));

/** A whole number within bounds; empty is allowed unless required. */
export function boundedInt(t: Translate, name: string, min: number, max: number | undefined, required: boolean) {
  const range = max === undefined ? t("form.atLeast", { label: name, min }) : t("form.between", { label: name, min, max });
  // A required number must not be optional anywhere inside: zod skips absent optional keys.
  let n = z
    .number({ error: (issue) => (issue.input === undefined ? t("form.required", { label: name }) : t("form.number", { label: name })) })
    .int(t("form.number", { label: name }))
    .min(min, range);
  if (max !== undefined) n = n.max(max, range);
  const empty = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
  const toNumber = (v: unknown) => (empty(v) ? undefined : typeof v === "string" ? Number(v) : v);
  return required ? z.preprocess(toNumber, n) : z.preprocess(toNumber, n.optional());
}

/** One of a fixed list of options. */
export const oneOf = (t: Translate, name: string, options: readonly string[], required: boolean) => {
  const e = z.enum(options as [string, ...string[]], { error: t("form.invalidOption", { label: name }) });
  return required
    ? z.preprocess((v) => (v === "" ? undefined : v), z.string({ error: t("form.required", { label: name }) }).pipe(e))
    : z.preprocess((v) => (v === "" ? undefined : v), e.optional());
};

/** Yes/No choices (formats.ts YES_NO). */
export const yesNo = (t: Translate, name: string) => oneOf(t, name, YES_NO, false);

/** A checkbox that must be ticked (browsers send "on"). */
export const mustTick = (message: string) => z.enum(["on", "true"], { error: message });
