import { useMemo } from "react";
import { useRootData } from "./use-t";

/**
 * Dates, times, prices and numbers as the reader's language writes them:
 * dates on Toronto's clock, prices in Canadian dollars with the plain "$" sign every language
 * here uses for them (en-US would print "CA$"), numbers with the language's separators.
 */
export function formatters(locale: string) {
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "America/Toronto" });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "America/Toronto" });
  // A calendar day (YYYY-MM-DD) is the same day everywhere: formatted at UTC, never shifted.
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
  const dayMedium = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  // Wall-clock values (a time of day, a date and time typed in a form) are already Toronto's
  // clock: read at UTC so nothing shifts them, whatever the server's own time zone is.
  const wallTime = new Intl.DateTimeFormat(locale, { timeStyle: "short", timeZone: "UTC" });
  const wallDateTime = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  const cad = new Intl.NumberFormat(locale, { style: "currency", currency: "CAD", currencyDisplay: "narrowSymbol", maximumFractionDigits: 0 });
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return {
    /**
     * An instant (ISO with Z or an offset) on Toronto's clock; a date and time without a zone
     * (an <input type="datetime-local"> value, "2026-12-11T15:40") is Toronto's wall clock as
     * typed. Anything else is returned as stored (never an "Invalid Date" or a thrown error).
     */
    dateTime: (iso: string) => {
      const wall = WALL_DATE_TIME.exec(iso);
      if (wall) return valid(new Date(`${wall[1]}T${wall[2]}:00Z`), (d) => wallDateTime.format(d), iso);
      return valid(new Date(iso), (d) => dateTime.format(d), iso);
    },
    /** An instant on Toronto's clock; a date-only value (a licence's expiry, a booking's day) as that very day. */
    date: (iso: string) =>
      DATE_ONLY.test(iso) ? valid(new Date(`${iso}T00:00:00Z`), (d) => dayMedium.format(d), iso) : valid(new Date(iso), (d) => date.format(d), iso),
    /** A time of day as typed ("15:40"): "3:40 PM", "15 h 40", "15:40". */
    time: (hhmm: string) => (TIME_OF_DAY.test(hhmm) ? valid(new Date(`1970-01-01T${hhmm.slice(0, 5)}:00Z`), (d) => wallTime.format(d), hhmm) : hhmm),
    calendarDay: (isoDate: string) => day.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`)),
    cad: (amount: number) => cad.format(amount),
    number: (n: number) => number.format(n),
  };
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const WALL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ]([01]\d:[0-5]\d)(?::[0-5]\d(?:\.\d+)?)?$/;
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?$/;

/** Formats a real date; a value that is none (old or hand-made data) stays as it was stored. */
const valid = (d: Date, format: (d: Date) => string, stored: string) => (Number.isNaN(d.getTime()) ? stored : format(d));

export type Formatters = ReturnType<typeof formatters>;

const cache = new Map<string, Formatters>();

/** The formatters of a language (built once per language: Intl objects are costly to create). */
export function formattersFor(locale: string): Formatters {
  let f = cache.get(locale);
  if (!f) cache.set(locale, (f = formatters(locale)));
  return f;
}

/** The reader's formatters, in components. */
export function useFormat(): Formatters {
  const { contentLocale } = useRootData();
  return useMemo(() => formattersFor(contentLocale), [contentLocale]);
}
