import { z } from "zod";
import { emailOrPhone, futureDate, optionalText, requiredEmail, requiredText, timeOfDay } from "~/lib/forms/fields";
import type { Translate } from "~/lib/i18n/translate";

export const LIMITS = { name: 100, email: 254, area: 120, time: 20, notes: 2000, service: 200, contact: 254 } as const;

const text = requiredText;
const email = requiredEmail;

/** The service page's booking dialog (spec core.md §5). */
export function bookingSchema(t: Translate) {
  return z.object({
    service: text(t, t("booking.service"), LIMITS.service),
    fullName: text(t, t("booking.fullName"), LIMITS.name),
    email: email(t, t("booking.email")),
    area: text(t, t("booking.area"), LIMITS.area),
    preferredDate: futureDate(t, t("booking.preferredDate")),
    preferredTime: timeOfDay(t, t("booking.preferredTime")),
    notes: optionalText(t, t("booking.fieldName.notes"), LIMITS.notes),
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
    contact: emailOrPhone(t, t("serviceRequest.contact"), t("serviceRequest.contactInvalid")),
    service: text(t, t("serviceRequest.service"), LIMITS.service),
  });
}

export type BookingInput = z.infer<ReturnType<typeof bookingSchema>>;
export type QuickBookingInput = z.infer<ReturnType<typeof quickBookingSchema>>;
export type ServiceRequestInput = z.infer<ReturnType<typeof serviceRequestSchema>>;
