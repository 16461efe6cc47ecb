import { z } from "zod";
import { isCalendarDate, isTime } from "~/lib/forms/formats";
import type { Translate } from "~/lib/i18n/translate";
import { LIMITS, splitAreas } from "./application-options";
import { AWAY_INDEXES, type Flat, WEEKDAYS } from "./availability";

/** The availability form (one schema for the browser and the action): times in order, dates in order. */
export function availabilitySchema(t: Translate) {
  const optional = z.string().trim().max(10).optional();
  const shape: Record<string, z.ZodType> = {
    areas: z
      .string(t("availability.error.areas"))
      .trim()
      .max(LIMITS.serviceArea, t("availability.error.tooLong", { max: LIMITS.serviceArea }))
      .refine((v) => splitAreas(v).length > 0, t("availability.error.areas"))
      .refine((v) => splitAreas(v).length <= LIMITS.serviceAreas, t("availability.error.areaMax", { max: LIMITS.serviceAreas })),
  };
  for (const d of WEEKDAYS) {
    shape[d] = z.literal("on").optional();
    shape[`${d}From`] = optional;
    shape[`${d}To`] = optional;
  }
  for (const i of AWAY_INDEXES) {
    shape[`away${i}From`] = optional;
    shape[`away${i}To`] = optional;
  }
  return z.object(shape).superRefine((raw, ctx) => {
    const v = raw as Flat;
    for (const d of WEEKDAYS) {
      if (v[d] !== "on") continue;
      const from = v[`${d}From`];
      const to = v[`${d}To`];
      if (!from || !isTime(from)) ctx.addIssue({ code: "custom", path: [`${d}From`], message: t("availability.error.time") });
      if (!to || !isTime(to)) ctx.addIssue({ code: "custom", path: [`${d}To`], message: t("availability.error.time") });
      else if (from && isTime(from) && to <= from) ctx.addIssue({ code: "custom", path: [`${d}To`], message: t("availability.error.order") });
    }
    for (const i of AWAY_INDEXES) {
      const from = v[`away${i}From`];
      const to = v[`away${i}To`];
      if (!from && !to) continue;
      if (!from || !isCalendarDate(from)) ctx.addIssue({ code: "custom", path: [`away${i}From`], message: t("availability.error.date") });
      if (!to || !isCalendarDate(to)) ctx.addIssue({ code: "custom", path: [`away${i}To`], message: t("availability.error.date") });
      else if (from && isCalendarDate(from) && to < from) ctx.addIssue({ code: "custom", path: [`away${i}To`], message: t("availability.error.dateOrder") });
    }
  });
}

