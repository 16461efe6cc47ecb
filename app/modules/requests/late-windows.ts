import { z } from "zod";
import type { Translate } from "~/lib/i18n/translate";

/**
 * The operator's late-cancellation windows (ADR 43; ADR 41 kept them as kind data): the kinds
 * with an appointment a customer may cancel late, and the system page's form, one schema for
 * the browser and the server. Whole hours; 0 means a cancellation is late only once the
 * appointment has started.
 */
export const LATE_KINDS = ["booking", "car-request"] as const;
export type LateKind = (typeof LATE_KINDS)[number];
export const LATE_HOURS_MIN = 0;
export const LATE_HOURS_MAX = 168;

export function lateWindowsSchema(t: Translate) {
  const message = t("jobs.lateWindow.error", { min: LATE_HOURS_MIN, max: LATE_HOURS_MAX });
  const hours = z.coerce.number(message).int(message).min(LATE_HOURS_MIN, message).max(LATE_HOURS_MAX, message);
  return z.object({ intent: z.literal("late-windows"), ...Object.fromEntries(LATE_KINDS.map((k) => [k, hours])) } as { intent: z.ZodLiteral<"late-windows"> } & Record<LateKind, typeof hours>);
}
