import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/lib/auth/password-policy";
import { EMAIL_MAX, mustTick, optionalPhone, PHONE_MAX, requiredEmail, requiredText } from "~/lib/forms/fields";
import type { Translate } from "~/lib/i18n/translate";
import { MIN_AGE } from "~/modules/site/constants";

export const NAME_MAX = 100;
export { EMAIL_MAX, PHONE_MAX };

const required = requiredText;

export const emailField = (t: Translate, label: string) => requiredEmail(t, label);

export const passwordField = (t: Translate, label: string) =>
  z
    .string({ error: t("form.required", { label }) })
    .min(1, t("form.required", { label }))
    .min(PASSWORD_MIN, t("password.tooShort", { min: PASSWORD_MIN }))
    .max(PASSWORD_MAX, t("password.tooLong", { max: PASSWORD_MAX }));

export const phoneField = optionalPhone;


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
    // Spec: an empty address gets 'Please enter your email address.'
    email: requiredEmail(t, t("forgot.email"), t("forgot.emailRequiredText")),
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
