import { z } from "zod";
import type { Translate } from "~/lib/i18n/translate";

/** Longest accepted values: generous for people, small enough that nobody stores a novel. */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;

/**
 * The contact form (spec core.md §5: name, email, subject, message all required). One schema,
 * built with the reader's language, validates in the browser and in the server action.
 */
export function contactSchema(t: Translate) {
  const text = (labelKey: Parameters<Translate>[0], max: number) => {
    const label = t(labelKey);
    return z
      .string({ error: t("form.required", { label }) })
      .trim()
      .min(1, t("form.required", { label }))
      .max(max, t("form.tooLong", { label, max }));
  };
  return z.object({
    name: text("contact.name", CONTACT_LIMITS.name),
    email: text("contact.email", CONTACT_LIMITS.email).pipe(z.email(t("form.invalidEmail"))),
    subject: text("contact.subject", CONTACT_LIMITS.subject),
    message: text("contact.message", CONTACT_LIMITS.message),
  });
}

export type ContactInput = z.infer<ReturnType<typeof contactSchema>>;
