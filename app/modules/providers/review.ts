import { z } from "zod";
import type { Translate } from "~/lib/i18n/translate";
import { MAX_REASON, reasonSchema } from "~/modules/homes/moderation";

/**
 * The back office's decision forms on a provider application (ADR 14), one schema
 * for the browser and the server (/admin/providers/:applicationId): approve with the services
 * granted (a non-empty subset of those applied for), or reject with a reason, which is emailed.
 */
const asList = (v: unknown) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]);

export function approveApplicationSchema(t: Translate, offered: readonly string[]) {
  const message = t("admin.provider.error.services");
  return z.object({
    intent: z.literal("approve"),
    services: z.preprocess(
      asList,
      z
        .array(z.string(), { error: message })
        .min(1, message)
        .refine((list) => list.every((s) => offered.includes(s)), message),
    ),
  });
}

export function rejectApplicationSchema(t: Translate) {
  return z.object({
    intent: z.literal("reject"),
    reason: reasonSchema(t("admin.provider.error.reason"), t("form.tooLong", { label: t("admin.provider.reason"), max: MAX_REASON })),
  });
}
