import { z } from "zod";
import { requiredText } from "~/lib/forms/fields";
import type { Translate } from "~/lib/i18n/translate";
import { PROFILE_CATEGORIES } from "./catalogue";

export const BIO_MAX = 2000;

/** /provider-profile-setup (core.md §2, §5: the bio is required; six category toggles). */
export function profileSchema(t: Translate) {
  return z.object({
    bio: requiredText(t, t("provider.setup.bio"), BIO_MAX),
    categories: z.preprocess(
      (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
      z.array(
        z.enum(PROFILE_CATEGORIES, {
          error: t("form.invalidOption", { label: t("provider.setup.categories") }),
        }),
      ),
    ),
  });
}
export type ProfileInput = z.infer<ReturnType<typeof profileSchema>>;
