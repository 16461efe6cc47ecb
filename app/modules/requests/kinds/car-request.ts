import { z } from "zod";
import type { Translate } from "~/lib/i18n/translate";
import { CAR_FORMS, CAR_REQUEST_TYPES, CAR_SUCCESS_KEYS, CAR_TYPE_NAME_KEYS, contactFields, fieldLabelKey, whenInfo } from "~/modules/cars/types";
import { asDate, asDateTime, asTime, type CalendarSlot, calendarSlot, choice, defineKind, type KindField, yesNo } from "../kind";

/** The type, then each of its form's fields (spec §3), as typed: strings, numbers, Yes/No codes. */
const payload = z.object({ type: z.enum(CAR_REQUEST_TYPES) }).catchall(z.union([z.string(), z.number()]).optional());
type CarData = { type: (typeof CAR_REQUEST_TYPES)[number] } & Record<string, string | number | undefined>;

/** The car request types priced by a quote the customer accepts (issue 50 item 1). */
export const QUOTED_CAR_TYPES: readonly CarData["type"][] = ["chauffeur-hourly", "event-wedding", "custom"];

/** The six car request forms (spec §3, §7): one kind, its fields chosen by type. */
export const carRequest = defineKind<CarData>({
  name: "car-request",
  payload: payload as unknown as z.ZodType<CarData>,
  fields: (d) => [
    { name: "type", label: "request.field.requestType", format: (_v, t) => t(CAR_TYPE_NAME_KEYS[d.type]) },
    ...CAR_FORMS[d.type].fields.map(
      (f): KindField<CarData> => ({
        name: f.name,
        label: fieldLabelKey(f.name),
        ...(f.kind === "yesno" ? { format: yesNo } : f.kind === "select" ? { format: choice } : {}),
        // Dates and times in the reader's language (stored as typed, Toronto's wall clock).
        ...(f.kind === "date" ? { format: asDate } : f.kind === "time" ? { format: asTime } : f.kind === "datetime" ? { format: asDateTime } : {}),
      }),
    ),
  ],
  title: (d, t) => t(CAR_TYPE_NAME_KEYS[d.type]),
  // Chauffeur hours, events and custom requests are priced by quote (their success lines say
  // so: "send your quote by email", "a tailored quote"); the other types have a fixed price.
  quoted: (d) => QUOTED_CAR_TYPES.includes(d.type),
  contact: (d) => {
    const who = contactFields(d.type);
    return { name: String(d[who.name] ?? ""), email: d[who.email] ? String(d[who.email]) : null };
  },
  operatorSubject: (d, t) => `[Cars/Rental] ${t(CAR_TYPE_NAME_KEYS[d.type])} – ${String(d[contactFields(d.type).name] ?? "")} – ${whenInfo(d.type, readableWhen(d, t))}`,
  confirmation: (d) => CAR_SUCCESS_KEYS[d.type],
  // Names, emails, phones and full addresses reach the provider once they accepted.
  privateFields: (d) => [
    contactFields(d.type).name,
    ...CAR_FORMS[d.type].fields.filter((f) => f.kind === "email" || f.kind === "tel" || f.kind === "address").map((f) => f.name),
  ],
  // Car requests carry full addresses, not areas: the shortlist starts with every car provider.
  match: () => ({ servicePage: "car-rental", area: null }),
  calendar: carSlot,
  // A driver plans the day around a ride: inside 12 hours, a cancellation is marked late.
  lateCancelHours: 12,
  reschedule: rescheduled,
});

/** The values with a new date and time in the fields `carSlot` reads (a custom request has none). */
function rescheduled(d: CarData, date: string, time: string): CarData {
  switch (d.type) {
    case "chauffeur-hourly":
      return { ...d, startDate: date, startTime: time };
    case "airport-transfer":
      return { ...d, pickupTime: `${date}T${time}` };
    case "personal-ride":
      return { ...d, date, time };
    case "package-delivery":
      return { ...d, deliveryByDate: date, deliveryByTime: time };
    case "event-wedding":
      return { ...d, eventDate: date, startTime: time };
    case "custom":
      return d;
  }
}

/** The values with their dates and times as the reader writes them (the subject's "when"). */
function readableWhen(d: CarData, t: Translate): CarData {
  const out: CarData = { ...d };
  for (const f of CAR_FORMS[d.type].fields) {
    const format = f.kind === "date" ? asDate : f.kind === "time" ? asTime : f.kind === "datetime" ? asDateTime : null;
    if (format) out[f.name] = format(d[f.name], t) ?? undefined;
  }
  return out;
}

/**
 * The car request types asked for a date and a time, and where the ride starts (the pickup
 * place is where the customer meets the driver: they typed it; no phone or email goes in). A
 * custom request's date is free text: no invite.
 */
function carSlot(d: CarData): CalendarSlot | null {
  const hours = (v: unknown, fallback: number) => (Number(v) > 0 ? Number(v) * 60 : fallback);
  switch (d.type) {
    case "chauffeur-hourly":
      return calendarSlot(d.startDate, d.startTime, hours(d.estimatedHours, 120), d.pickupAddress);
    case "airport-transfer": {
      const [date, time] = String(d.pickupTime ?? "").split("T");
      return calendarSlot(date, time, 60, d.direction === "Drop-off to Airport" ? d.address || d.airport : d.airport);
    }
    case "personal-ride":
      return calendarSlot(d.date, d.time, 60, d.pickupAddress);
    case "package-delivery":
      return calendarSlot(d.deliveryByDate, d.deliveryByTime, 30, d.pickupAddress);
    case "event-wedding":
      return calendarSlot(d.eventDate, d.startTime, hours(d.durationHours, 240), d.primaryVenue);
    case "custom":
      return null;
  }
}
