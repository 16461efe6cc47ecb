import { z } from "zod";
import type { MessageKey, Translate } from "~/lib/i18n/translate";

/**
 * A customer cancels their own request (issue 49 item 1): the form of the status page and of
 * My Bookings' request page, one schema for the browser and the server. The reason is picked
 * from a short list (the operator and the provider read it); the note is optional.
 */
export const CANCEL_REASONS = ["plans-changed", "found-another", "wrong-details", "too-long", "other"] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const CANCEL_REASON_KEYS: Record<CancelReason, MessageKey> = {
  "plans-changed": "cancel.reason.plans-changed",
  "found-another": "cancel.reason.found-another",
  "wrong-details": "cancel.reason.wrong-details",
  "too-long": "cancel.reason.too-long",
  other: "cancel.reason.other",
};
export const isCancelReason = (v: unknown): v is CancelReason => typeof v === "string" && Object.hasOwn(CANCEL_REASON_KEYS, v);

export const CANCEL_NOTE_MAX = 500;

/** The query parameter (and section id) of the cancel form: `?cancel#cancel-request` opens it. */
export const CANCEL_PARAM = "cancel";
export const CANCEL_SECTION = "cancel-request";

export function cancelSchema(t: Translate) {
  return z.object({
    intent: z.literal("cancel"),
    reason: z.enum(CANCEL_REASONS, t("cancel.error.reason")),
    note: z.string().trim().max(CANCEL_NOTE_MAX, t("cancel.error.noteTooLong", { max: CANCEL_NOTE_MAX })).optional(),
  });
}
export type CancelInput = z.infer<ReturnType<typeof cancelSchema>>;
