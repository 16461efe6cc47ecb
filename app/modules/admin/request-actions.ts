import { z } from "zod";
import type { Translate } from "~/lib/i18n/translate";
import { REQUEST_STATES } from "~/modules/requests/status";

/**
 * The forms of a request's back-office page, one schema shared by the page (limits it shows)
 * and the action (what it accepts). Each form posts its `intent`.
 */
export const NOTE_MAX = 2000;
export const REASON_MAX = 1000;

export function requestActionSchema(t: Translate) {
  const text = (max: number) => z.string().trim().max(max, t("admin.error.tooLong", { max }));
  return z.discriminatedUnion("intent", [
    z
      .object({
        intent: z.literal("move"),
        to: z.enum(REQUEST_STATES, t("admin.error.chooseStatus")),
        note: text(REASON_MAX).optional(),
        /** Sent only by the confirmation of "Mark as Complete" (its dialog, or its page without JavaScript). */
        confirm: z.literal("yes").optional(),
      })
      // A cancellation is explained: the reason goes to the customer and stays on the record.
      .refine((v) => v.to !== "cancelled" || Boolean(v.note), { path: ["note"], message: t("admin.error.reasonRequired") })
      // Completing is final and emails the customer at once (status and review invitation): it is
      // confirmed first, never one stray click.
      .refine((v) => v.to !== "completed" || v.confirm === "yes", { path: ["confirm"], message: t("admin.error.confirmComplete") }),
    z.object({ intent: z.literal("note"), body: text(NOTE_MAX).min(1, t("admin.error.noteRequired")) }),
    z.object({ intent: z.literal("delete") }),
    z.object({ intent: z.literal("match"), providerId: z.string().uuid(t("admin.error.chooseProvider")) }),
  ]);
}
export type RequestAction = z.infer<ReturnType<typeof requestActionSchema>>;
