import { z } from "zod";
import { requiredEmail, requiredText } from "~/lib/forms/fields";
import type { Translate } from "~/lib/i18n/translate";

/** Longest accepted values: generous for people, small enough that nobody stores a novel. */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;

/**
 * The contact form (spec core.md §5: name, email, subject, message all required). One schema,
 * built with the reader's language, validates in the browser and in the server action.
 */
export function contactSchema(t: Translate) {
  return z.object({
    name: requiredText(t, t("contact.name"), CONTACT_LIMITS.name),
    email: requiredEmail(t, t("contact.email")),
    subject: requiredText(t, t("contact.subject"), CONTACT_LIMITS.subject),
    message: requiredText(t, t("contact.message"), CONTACT_LIMITS.message),
  });
}

export type ContactInput = z.infer<ReturnType<typeof contactSchema>>;
