import { z } from "zod";
import { PASSWORD_MAX } from "~/lib/auth/password-policy";
import type { Translate } from "~/lib/i18n/translate";
import { passwordField } from "./schema";

/*
 * Apart from schema.ts: every page whose form loads that module must declare the namespaces of
 * all its texts (namespaces.test.ts), and the log-in and sign-up pages need none of these.
 */

/** Change password (My Account → Security): the same length rules as sign-up and reset. */
export function changePasswordSchema(t: Translate) {
  return z
    .object({
      currentPassword: z
        .string({ error: t("form.required", { label: t("security.currentPassword") }) })
        .min(1, t("form.required", { label: t("security.currentPassword") }))
        // No length rules for the current one: the stored hash is the judge.
        .max(PASSWORD_MAX, t("security.wrongPassword")),
      newPassword: passwordField(t, t("security.newPassword")),
      confirm: z
        .string({ error: t("form.required", { label: t("security.confirmPassword") }) })
        .min(1, t("form.required", { label: t("security.confirmPassword") })),
    })
    .refine((v) => v.newPassword === v.confirm, { path: ["confirm"], message: t("reset.mismatch") });
}
