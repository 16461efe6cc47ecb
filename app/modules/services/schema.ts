import { z } from "zod";
import type { Translate } from "~/lib/i18n/translate";

export const LIMITS = { name: 100, email: 254, area: 120, time: 20, notes: 2000, service: 200, contact: 254 } as const;

const text = (t: Translate, label: string, max: number) =>
  z
    .string({ error: t("form.required", { label }) })
    .trim()
    .min(1, t("form.required", { label }))
    .max(max, t("form.tooLong", { label, max }));

const optionalText = (t: Translate, label: string, max: number) =>
  z.string().trim().max(max, t("form.tooLong", { label, max })).optional();

const email = (t: Translate, label: string) => text(t, label, LIMITS.email).pipe(z.email(t("form.invalidEmail")));

/** Today's date in Toronto as YYYY-MM-DD: "today or later" means the customer's today. */
export function torontoToday(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (v: string) => isoDate.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** A date field: required, a real calendar date, today or later (Toronto time). */
export const futureDate = (t: Translate, label: string) =>
  text(t, label, 10)
    .refine(validDate, t("form.invalidDate"))
    .refine((v) => !validDate(v) || v >= torontoToday(), t("form.pastDate"));

/** A time of day, HH:MM (what <input type="time"> sends). */
export const timeOfDay = (t: Translate, label: string) =>
  text(t, label, LIMITS.time).refine((v) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v), t("form.invalidTime"));

/** The service page's booking dialog (spec core.md §5). */
export function bookingSchema(t: Translate) {
  return z.object({
    service: text(t, t("booking.service"), LIMITS.service),
    fullName: text(t, t("booking.fullName"), LIMITS.name),
    email: email(t, t("booking.email")),
    area: text(t, t("booking.area"), LIMITS.area),
    preferredDate: futureDate(t, t("booking.preferredDate")),
    preferredTime: timeOfDay(t, t("booking.preferredTime")),
    notes: optionalText(t, t("booking.notes"), LIMITS.notes),
  });
}

/** The home page's booking modal: name, email and a description of the service. */
export function quickBookingSchema(t: Translate) {
  return z.object({
    fullName: text(t, t("booking.fullName"), LIMITS.name),
    email: email(t, t("booking.email")),
    details: text(t, t("booking.details"), LIMITS.notes),
  });
}

/** "Request a new service" on the no-results view: all four fields required. */
export function serviceRequestSchema(t: Translate) {
  return z.object({
    name: text(t, t("serviceRequest.name"), LIMITS.name),
    location: text(t, t("serviceRequest.location"), LIMITS.area),
    contact: text(t, t("serviceRequest.contact"), LIMITS.contact).refine(
      (v) => z.email().safeParse(v).success || /^\+?[\d\s().-]{7,20}$/.test(v),
      t("serviceRequest.contactInvalid"),
    ),
    service: text(t, t("serviceRequest.service"), LIMITS.service),
  });
}

export type BookingInput = z.infer<ReturnType<typeof bookingSchema>>;
export type QuickBookingInput = z.infer<ReturnType<typeof quickBookingSchema>>;
export type ServiceRequestInput = z.infer<ReturnType<typeof serviceRequestSchema>>;
