import { useMemo } from "react";
import { useRootData } from "./use-t";

/**
 * Dates, times, prices and numbers as the reader's language writes them (issue 15 item 4):
 * dates on Toronto's clock, prices in Canadian dollars with the plain "$" sign every language
 * here uses for them (en-US would print "CA$"), numbers with the language's separators.
 */
export function formatters(locale: string) {
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "America/Toronto" });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "America/Toronto" });
  // A calendar day (YYYY-MM-DD) is the same day everywhere: formatted at UTC, never shifted.
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
  const dayMedium = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  const cad = new Intl.NumberFormat(locale, { style: "currency", currency: "CAD", currencyDisplay: "narrowSymbol", maximumFractionDigits: 0 });
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return {
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    /** An instant on Toronto's clock; a date-only value (a licence's expiry) as that very day. */
    date: (iso: string) =>
      /^\d{4}-\d{2}-\d{2}$/.test(iso) ? dayMedium.format(new Date(`${iso}T00:00:00Z`)) : date.format(new Date(iso)),
    calendarDay: (isoDate: string) => day.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`)),
    cad: (amount: number) => cad.format(amount),
    number: (n: number) => number.format(n),
  };
}
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
