import type { MessageKey, Translate } from "~/lib/i18n/translate";
import { splitAreas } from "./application-options";

/**
 * A provider's availability: the weekdays and hours they usually work, the
 * dates they are away and the areas they cover. One flat form (it posts without JavaScript):
 * per weekday a checkbox and two times, a few away periods, the areas as a comma-separated
 * list. The matching workbench reads it to put available providers first and say why the others
 * are not (`availabilityReasons`). No zod here (the back office's shortlist reads it in the
 * browser); the form's schema is availability-schema.ts.
 */
export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_KEYS = {
  mon: "availability.day.mon",
  tue: "availability.day.tue",
  wed: "availability.day.wed",
  thu: "availability.day.thu",
  fri: "availability.day.fri",
  sat: "availability.day.sat",
  sun: "availability.day.sun",
} as const satisfies Record<Weekday, MessageKey>;

/** Away periods the form offers (filled ones plus blank rows, up to this many). */
export const AWAY_ROWS = 4;
export const AWAY_INDEXES = Array.from({ length: AWAY_ROWS }, (_, i) => i + 1);

/** Working hours per weekday (a day not listed is a day off); null: never set (any time). */
export type WorkHours = Partial<Record<Weekday, [string, string]>>;
export type AwayPeriod = { from: string; to: string };
export type Availability = { areas: string[]; hours: WorkHours | null; away: AwayPeriod[] };

export type Flat = Record<string, string | undefined>;

/** The stored shape of a valid submission. */
export function fromForm(value: Record<string, unknown>): Availability {
  const v = value as Flat;
  const hours: WorkHours = {};
  for (const d of WEEKDAYS) if (v[d] === "on") hours[d] = [v[`${d}From`]!, v[`${d}To`]!];
  const away = AWAY_INDEXES.flatMap((i) => (v[`away${i}From`] && v[`away${i}To`] ? [{ from: v[`away${i}From`]!, to: v[`away${i}To`]! }] : []));
  away.sort((a, b) => a.from.localeCompare(b.from));
  return { areas: splitAreas(v.areas ?? ""), hours, away };
}

/** The form's default values for a stored availability (hours unset: a usual week, 09:00–17:00). */
export function toForm(a: Availability): Record<string, string> {
  const out: Record<string, string> = { areas: a.areas.join(", ") };
  for (const d of WEEKDAYS) {
    const h = a.hours ? a.hours[d] : ["mon", "tue", "wed", "thu", "fri"].includes(d) ? (["09:00", "17:00"] as [string, string]) : undefined;
    if (h) out[d] = "on";
    out[`${d}From`] = h?.[0] ?? "09:00";
    out[`${d}To`] = h?.[1] ?? "17:00";
  }
  a.away.slice(0, AWAY_ROWS).forEach((p, i) => {
    out[`away${i + 1}From`] = p.from;
    out[`away${i + 1}To`] = p.to;
  });
  return out;
}

/** Why a provider cannot take a job at this date, time and area (none: available). */
export type Unavailable = { reason: "away"; date: string } | { reason: "area"; area: string } | { reason: "hours"; weekday: Weekday; time: string };

const weekdayOf = (date: string): Weekday => WEEKDAYS[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7]!;

const norm = (s: string) => s.trim().toLowerCase();

/**
 * Checks a provider against a request's slot (Toronto date and time, if it has one) and area.
 * An area is covered when one of the provider's areas names it or is named in it ("North York"
 * covers "North York, ON"); hours never set count as any time.
 */
export function availabilityReasons(a: Availability, when: { date: string; time: string } | null, area: string | null): Unavailable[] {
  const reasons: Unavailable[] = [];
  if (when && a.away.some((p) => p.from <= when.date && when.date <= p.to)) reasons.push({ reason: "away", date: when.date });
  if (area?.trim()) {
    const wanted = norm(area);
    if (!a.areas.some((mine) => norm(mine) && (wanted.includes(norm(mine)) || norm(mine).includes(wanted)))) reasons.push({ reason: "area", area: area.trim() });
  }
  if (when && a.hours) {
    const day = weekdayOf(when.date);
    const h = a.hours[day];
    if (!h || when.time < h[0] || when.time >= h[1]) reasons.push({ reason: "hours", weekday: day, time: when.time });
  }
  return reasons;
}

/**
 * Whether a provider works on at least one of these dates (a search's "this weekend"): not away
 * that day, and the weekday among their hours (hours never set: any day).
 */
export const worksOnAny = (a: Availability, dates: readonly string[]) =>
  dates.some((date) => !a.away.some((p) => p.from <= date && date <= p.to) && (!a.hours || Boolean(a.hours[weekdayOf(date)])));

/** Shortlist order: available first, then those with other reasons, those away last. */
export const availabilityRank = (reasons: Unavailable[]) => (reasons.some((r) => r.reason === "away") ? 2 : reasons.length ? 1 : 0);

/** One reason as the operator reads it. */
export function reasonText(r: Unavailable, t: Translate, date: (iso: string) => string): string {
  if (r.reason === "away") return t("availability.reason.away", { date: date(r.date) });
  if (r.reason === "area") return t("availability.reason.area", { area: r.area });
  return t("availability.reason.hours", { weekday: t(WEEKDAY_KEYS[r.weekday]), time: r.time });
}
