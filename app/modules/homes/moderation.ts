import { z } from "zod";
import type { Translate } from "~/lib/i18n/translate";

/**
 * The back office's listing decision forms (ADR 14), one schema for the browser and
 * the server (/admin/listings/:listingId). Each form posts its `intent`; approving a
 * short-term listing needs the operator's tick that they checked the registration number
 * (moderation.server.ts refuses it otherwise), rejecting needs a reason, which is emailed.
 */
export const MAX_REASON = 1000;

const ticked = (v: unknown) => v === true || v === "on" || v === "true";

export function approveListingSchema(t: Translate, shortTerm: boolean) {
  return z.object({
    intent: z.literal("approve"),
    strChecked: z
      .preprocess(ticked, z.boolean())
      .refine((v) => v || !shortTerm, t("admin.listing.error.strUnchecked")),
  });
}

/** A required reason (Conform sends a blank one as missing: the same message). */
export function reasonSchema(message: string, tooLong: string) {
  return z.string({ error: message }).trim().min(1, message).max(MAX_REASON, tooLong);
}

export function rejectListingSchema(t: Translate) {
  return z.object({
    intent: z.literal("reject"),
    reason: reasonSchema(t("admin.listing.error.reason"), t("form.tooLong", { label: t("admin.listing.reason"), max: MAX_REASON })),
  });
}
