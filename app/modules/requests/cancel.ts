import { z } from "zod";
import type { Translate } from "~/lib/i18n/translate";
import { CANCEL_NOTE_MAX, CANCEL_REASONS } from "./cancel-reasons";

/**
 * A customer cancels their own request (issue 49 item 1): the form of the status page and of
 * My Bookings' request page, one schema for the browser and the server. The reason is picked
 * from a short list (cancel-reasons.ts: the operator and the provider read it); the note is optional.
 */
export function cancelSchema(t: Translate) {
  return z.object({
    intent: z.literal("cancel"),
    reason: z.enum(CANCEL_REASONS, t("cancel.error.reason")),
    note: z.string().trim().max(CANCEL_NOTE_MAX, t("cancel.error.noteTooLong", { max: CANCEL_NOTE_MAX })).optional(),
  });
}
export type CancelInput = z.infer<ReturnType<typeof cancelSchema>>;
