import { z } from "zod";
import { requiredText } from "~/lib/forms/fields";
import type { Translate } from "~/lib/i18n/translate";
import { isProviderService, providerServiceName } from "./catalogue";

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
      // Checked on the list, not per item: the toggle group shows the list's message.
      z
        .array(z.string())
        .superRefine((chosen, ctx) => {
          if (!chosen.every(isProviderService))
            ctx.addIssue({ code: "custom", message: t("form.invalidOption", { label: t("provider.setup.categories") }) });
          const refused = chosen.find((c) => isProviderService(c) && !offerable.includes(c));
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
