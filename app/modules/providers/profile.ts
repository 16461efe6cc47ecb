import { z } from "zod";
import { requiredText } from "~/lib/forms/fields";
import type { Translate } from "~/lib/i18n/translate";
import { PROVIDER_SERVICE_SLUGS, providerServiceName } from "./catalogue";

export const BIO_MAX = 2000;

/**
 * /provider-profile-setup (core.md §2, §5: the bio is required; the category toggles — the
 * catalogue's services since ADR 40). Only the services the provider may offer (`offerable`:
 * approved, a licensed one with its licence on file) may be chosen: "Verified" beside a service
 * must mean the operator checked that trade.
 */
export function profileSchema(t: Translate, offerable: readonly string[]) {
  return z.object({
    bio: requiredText(t, t("provider.setup.bio"), BIO_MAX),
    categories: z.preprocess(
      (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
      z
        .array(
          z.enum(PROVIDER_SERVICE_SLUGS, {
            error: t("form.invalidOption", { label: t("provider.setup.categories") }),
          }),
        )
        .superRefine((chosen, ctx) => {
          const refused = chosen.find((c) => !offerable.includes(c));
          if (refused)
            ctx.addIssue({
              code: "custom",
              message: t("provider.setup.categoryNotApproved", { category: providerServiceName(t, refused) }),
            });
        })
        .transform((chosen) => [...new Set(chosen)]),
    ),
  });
}
export type ProfileInput = z.infer<ReturnType<typeof profileSchema>>;
