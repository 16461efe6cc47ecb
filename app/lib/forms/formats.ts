/**
 * The plain shapes behind our field rules — dates, times, phone numbers, Yes/No codes, length
 * caps — with no zod in them. Components need some of these on first render (a date input's
 * `min`, a select's options) while the schemas that use them load only when a form is touched
 * (use-zod-form.ts): importing them from here keeps zod out of a page's first-visit JavaScript.
 */

export const EMAIL_MAX = 254;
export const PHONE_MAX = 30;

/** Digits, spaces and the usual separators, with 7 to 15 digits (E.164 allows at most 15). */
export const isPhoneNumber = (v: string) => /^\+?[\d\s().-]+$/.test(v) && /^(\D*\d){7,15}\D*$/.test(v);

/** Today's date in Toronto as YYYY-MM-DD: "today or later" means the customer's today. */
export function torontoToday(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const isCalendarDate = (v: string) =>
  ISO_DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
export const isTime = (v: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v);

/** Yes/No choices are stored as these codes and shown in the reader's language. */
export const YES_NO = ["No", "Yes"] as const;
export type YesNo = (typeof YES_NO)[number];

/** "Mar 2026": a badge says what was checked and until when, to the month. */
export function monthYear(isoDate: string, locale: string): string {
  const d = new Date(isoDate.length === 10 ? `${isoDate}T12:00:00Z` : isoDate);
  return new Intl.DateTimeFormat(locale, {
    month: "short",
    year: "numeric",
    timeZone: "America/Toronto",
  }).format(d);
}
