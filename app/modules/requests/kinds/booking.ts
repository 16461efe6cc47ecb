import { z } from "zod";
import { isLocale } from "~/lib/i18n/locales";
import { type Translate, translateLocale } from "~/lib/i18n/translate";
import { categoryTitle } from "~/modules/services/catalogue.server";
import { asDate, asTime, calendarSlot, defineKind, type KindField, labelled } from "../kind";

const payload = z.object({
  service: z.string(),
  fullName: z.string(),
  email: z.string(),
  area: z.string(),
  preferredDate: z.string(),
  preferredTime: z.string(),
  notes: z.string().optional(),
  /** The service page it was asked from, when there was one. */
  serviceSlug: z.string().optional(),
});

type Booking = z.infer<typeof payload>;

/** Service pages whose bookings are priced by quote, not by the page's price (issue 50 item 1). */
export const QUOTED_SERVICE_PAGES: readonly string[] = ["dj-events", "moving"];

/** The service in the reader's language: a service page's by its slug (stored in English), else as typed. */
const serviceName = (d: Booking, t: Translate) => {
  const locale = translateLocale(t);
  return d.serviceSlug && isLocale(locale) ? categoryTitle(d.serviceSlug, d.service, locale) : d.service;
};

/** A booking from a service page's dialog (spec core.md §4): a signed-in customer asks for a provider. */
export const booking = defineKind({
  name: "booking",
  payload,
  fields: (d) =>
    labelled<Booking>("request.field.", ["service", "fullName", "email", "area", "preferredDate", "preferredTime", "notes"]).map(
      (f): KindField<Booking> =>
        f.name === "service"
          ? { ...f, format: (_v: unknown, t: Translate) => serviceName(d, t) }
          : f.name === "preferredDate"
            ? { ...f, format: asDate }
            : f.name === "preferredTime"
              ? { ...f, format: asTime }
              : f,
    ),
  title: serviceName,
  contact: (d) => ({ name: d.fullName, email: d.email }),
  operatorSubject: (d, t) => `[Booking Request] ${serviceName(d, t)} – ${d.fullName}`,
  confirmation: () => "request.confirm.booking",
  concerns: "service",
  subject: (d) => (d.serviceSlug ? { type: "service", id: d.serviceSlug } : null),
  privateFields: () => ["fullName", "email"],
  match: (d) => ({ servicePage: d.serviceSlug ?? null, area: d.area }),
  // An hour at the preferred date and time; the location is the area (never the address or contact).
  calendar: (d) => calendarSlot(d.preferredDate, d.preferredTime, 60, d.area),
  // A provider who kept the day free for it is told a day ahead at least, or it is marked late.
  lateCancelHours: 24,
  // A service page's booking has the page's price, except events and moving (issue 50 item 1).
  quoted: (d) => (d.serviceSlug ? QUOTED_SERVICE_PAGES.includes(d.serviceSlug) : false),
  reschedule: (d, preferredDate, preferredTime) => ({ ...d, preferredDate, preferredTime }),
});
