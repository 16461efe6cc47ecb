import { isCalendarDate } from "~/lib/forms/formats";

/**
 * Every date and time a back-office CSV export writes (exports.server.ts), in ISO 8601: a
 * spreadsheet or a script reads it the same whatever the admin's language, and it sorts as text.
 * One helper for all export kinds, so no column is written for display (as pages and emails do).
 * - An instant (created_at, sent_at, decided_at): UTC with a Z, `2026-11-27T18:40:00.000Z`.
 * - A calendar day (a move-in date, a licence's expiry, a review's date): `2027-05-01`. A day
 *   is the same day everywhere; turning it into a UTC instant would shift it.
 * - A date and time a customer typed (Toronto's wall clock, `2026-12-11T15:40`): the instant it
 *   names, in UTC like the other instants.
 * - A time of day alone (`15:40`, beside its own date column): as typed, `HH:MM` on Toronto's
 *   clock; without its day it has no UTC offset.
 * A value that is none of these (old or hand-made data) is written as stored rather than lost.
 */
export type ExportedTemporal = "instant" | "date" | "time" | "date-time";

const TIME = /^([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?$/;
const WALL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ]([01]\d:[0-5]\d)(?::([0-5]\d))?$/;

const TORONTO = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Toronto",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** How far Toronto's clock is from UTC at an instant, in ms (negative: behind). */
function torontoOffset(ms: number): number {
  const p = Object.fromEntries(TORONTO.formatToParts(new Date(ms)).map((part) => [part.type, Number(part.value)]));
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(ms / 1000) * 1000;
}

/** Toronto's wall clock at an instant, as a datetime-local field shows it ("2026-12-06T09:30"). */
export function torontoWallClock(at: Date): string {
  const p = Object.fromEntries(TORONTO.formatToParts(at).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** The instant a Toronto wall-clock date and time names (a time skipped by the spring change reads as the hour after). */
export function fromTorontoWallClock(day: string, hhmm: string, seconds = "00"): Date | null {
  if (!isCalendarDate(day)) return null;
  const asIfUtc = Date.parse(`${day}T${hhmm}:${seconds}Z`);
  // The offset at the guess, then at the instant found: right on either side of a clock change.
  const first = asIfUtc - torontoOffset(asIfUtc);
  return new Date(asIfUtc - torontoOffset(first));
}

const ZONED = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;
const ZONELESS = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;

/**
 * An instant in UTC; a stored one without a zone (a database's own `now`) is UTC already. Only
 * ISO-shaped text is read: JavaScript would guess at anything else (and in the server's zone).
 */
function instant(value: string | Date): string | null {
  const text = typeof value === "string" ? value.trim() : "";
  const date = value instanceof Date ? value : ZONED.test(text) ? new Date(text) : ZONELESS.test(text) ? new Date(`${text.replace(" ", "T")}Z`) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}

/** A stored date or time as an export writes it (see above); empty stays empty. */
export function isoCell(value: unknown, type: ExportedTemporal = "instant"): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (value instanceof Date) return instant(value);
  if (typeof value !== "string") return String(value);
  if (isCalendarDate(value)) return value;
  if (type === "time") return TIME.test(value) ? value.slice(0, 5) : value;
  const wall = WALL_DATE_TIME.exec(value);
  // Typed in a form without a zone: Toronto's clock.
  if (type === "date-time" && wall) return fromTorontoWallClock(wall[1]!, wall[2]!, wall[3])?.toISOString() ?? value;
  const iso = instant(value);
  if (!iso) return value;
  return type === "date" ? iso.slice(0, 10) : iso;
}
