import { z } from "zod";
import { futureDate, isCalendarDate, timeOfDay, torontoToday } from "~/lib/forms/fields";
import { isTime } from "~/lib/forms/formats";
import type { Translate } from "~/lib/i18n/translate";
import { fromTorontoWallClock } from "~/modules/admin/export-dates";

/**
 * A customer proposes a new date and time for their matched request (issue 49 item 1, ADR 43):
 * the form of the status page and of My Bookings' request page, one schema for the browser and
 * the server. The date and the time follow the field rules of the forms that asked for them
 * (a real date, today or later in Toronto; a time of day) — and together they must still be
 * ahead of now: a time earlier today is refused on the time field.
 */
export function rescheduleSchema(t: Translate, now: () => Date = () => new Date()) {
  return z
    .object({
      intent: z.literal("reschedule"),
      date: futureDate(t, t("reschedule.date")),
      time: timeOfDay(t, t("reschedule.time")),
    })
    .superRefine((v, ctx) => {
      // A date already refused (not real, or past) says it on its own field; this is the time's.
      if (!isCalendarDate(v.date) || !isTime(v.time) || v.date < torontoToday(now())) return;
      const start = fromTorontoWallClock(v.date, v.time);
      if (start && start.getTime() <= now().getTime()) ctx.addIssue({ code: "custom", path: ["time"], message: t("reschedule.error.pastTime") });
    });
}
export type RescheduleInput = z.infer<ReturnType<typeof rescheduleSchema>>;
