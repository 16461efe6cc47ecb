import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/lib/auth/password-policy";
import { mustTick } from "~/lib/forms/fields";
import type { Translate } from "~/lib/i18n/translate";
import { MIN_AGE } from "~/modules/site/constants";

export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PHONE_MAX = 30;

const required = (t: Translate, label: string, max: number) =>
  z
    .string({ error: t("form.required", { label }) })
    .trim()
    .min(1, t("form.required", { label }))
    .max(max, t("form.tooLong", { label, max }));

export const emailField = (t: Translate, label: string) =>
  required(t, label, EMAIL_MAX).pipe(z.email(t("form.invalidEmail")).transform((v) => v.toLowerCase()));

export const passwordField = (t: Translate, label: string) =>
  z
    .string({ error: t("form.required", { label }) })
    .min(1, t("form.required", { label }))
    .min(PASSWORD_MIN, t("password.tooShort", { min: PASSWORD_MIN }))
    .max(PASSWORD_MAX, t("password.tooLong", { max: PASSWORD_MAX }));

/** Digits, spaces and the usual separators; 7 to 15 digits (E.164 allows at most 15). */
export const phoneField = (t: Translate) =>
  z
    .string()
    .trim()
    .max(PHONE_MAX, t("form.invalidPhone"))
    .refine((v) => /^\+?[\d\s().-]+$/.test(v) && /^(\D*\d){7,15}\D*$/.test(v), t("form.invalidPhone"))
    .optional();


export function signUpSchema(t: Translate) {
  return z.object({
    name: required(t, t("signup.fullName"), NAME_MAX),
    email: emailField(t, t("signup.email")),
    phone: phoneField(t),
    password: passwordField(t, t("signup.password")),
    adult: mustTick(t("signup.adultRequired", { age: MIN_AGE })),
    terms: mustTick(t("signup.termsRequired")),
  });
}

export function loginSchema(t: Translate) {
  return z.object({
    email: emailField(t, t("login.email")),
    // No length rules at log-in: the stored hash is the judge.
    password: z
      .string({ error: t("form.required", { label: t("login.password") }) })
      .min(1, t("form.required", { label: t("login.password") }))
      .max(PASSWORD_MAX, t("login.invalid")),
    redirectTo: z.string().max(500).optional(),
    resume: z.string().max(50).optional(),
  });
}

export function forgotSchema(t: Translate) {
  return z.object({
    email: z
      .string({ error: t("forgot.emailRequiredText") })
      .trim()
      .min(1, t("forgot.emailRequiredText"))
      .max(EMAIL_MAX, t("form.invalidEmail"))
      .pipe(z.email(t("form.invalidEmail")).transform((v) => v.toLowerCase())),
  });
}

export function resetSchema(t: Translate) {
  return z
    .object({
      token: z.string().min(1).max(200),
      password: passwordField(t, t("reset.password")),
      confirm: z.string({ error: t("form.required", { label: t("reset.confirm") }) }).min(1, t("form.required", { label: t("reset.confirm") })),
    })
    .refine((v) => v.password === v.confirm, { path: ["confirm"], message: t("reset.mismatch") });
}

export function profileSchema(t: Translate) {
  return z.object({
    name: required(t, t("account.fullName"), NAME_MAX),
    email: emailField(t, t("account.email")),
    phone: phoneField(t),
  });
}

export type SignUpInput = z.infer<ReturnType<typeof signUpSchema>>;
export type ProfileInput = z.infer<ReturnType<typeof profileSchema>>;
