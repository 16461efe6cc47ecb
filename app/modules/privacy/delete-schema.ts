import { z } from "zod";
import { PASSWORD_MAX } from "~/lib/auth/password-policy";
import type { Translate } from "~/lib/i18n/translate";

/*
 * "Delete my account": the password, and the confirmation word of the page's
 * language typed out (the page says which). Shared by the form in the browser and the action.
 */

/** The typed confirmation matches the word shown, whatever its case and surrounding spaces. */
export const confirmsWith = (typed: string, word: string) => typed.trim().toLocaleUpperCase() === word.toLocaleUpperCase();

export function deleteAccountSchema(t: Translate) {
  const word = t("deleteAccount.word");
  return z.object({
    password: z
      .string({ error: t("form.required", { label: t("deleteAccount.password") }) })
      .min(1, t("form.required", { label: t("deleteAccount.password") }))
      .max(PASSWORD_MAX, t("deleteAccount.wrongPassword")),
    confirmation: z
      .string({ error: t("deleteAccount.typeWord", { word }) })
      .refine((v) => confirmsWith(v, word), t("deleteAccount.typeWord", { word })),
  });
}
