import { z } from "zod";
import { requiredText } from "~/lib/forms/fields";
import type { Translate } from "~/lib/i18n/translate";
import { CATEGORY_LABEL_KEYS, PROFILE_CATEGORIES, type ProfileCategory } from "./categories";

export const BIO_MAX = 2000;

/**
 * /provider-profile-setup (core.md §2, §5: the bio is required; six category toggles). Only the
 * categories the provider was approved for may be chosen (`approved`): "Verified" on a category
 * page must mean the operator checked that trade.
 */
export function profileSchema(t: Translate, approved: readonly ProfileCategory[]) {
  return z.object({
    bio: requiredText(t, t("provider.setup.bio"), BIO_MAX),
    categories: z.preprocess(
      (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
      z
        .array(
          z.enum(PROFILE_CATEGORIES, {
            error: t("form.invalidOption", { label: t("provider.setup.categories") }),
          }),
        )
        .superRefine((chosen, ctx) => {
          const refused = chosen.find((c) => !approved.includes(c));
          if (refused)
            ctx.addIssue({
              code: "custom",
              message: t("provider.setup.categoryNotApproved", { category: t(CATEGORY_LABEL_KEYS[refused]) }),
            });
        })
        .transform((chosen) => [...new Set(chosen)]),
    ),
  });
}
export type ProfileInput = z.infer<ReturnType<typeof profileSchema>>;
