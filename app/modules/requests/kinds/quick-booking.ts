import { z } from "zod";
import { agreedSlot, defineKind, labelled } from "../kind";

const payload = z.object({ fullName: z.string(), email: z.string(), details: z.string(), ...agreedSlot.fields });

/** The booking modal of the home page, /services and /search: a free-text description. */
export const quickBooking = defineKind({
  name: "quick-booking",
  payload,
  fields: () => labelled<z.infer<typeof payload>>("request.field.", ["fullName", "email", "details"]),
  title: (_d, t) => t("request.title.quickBooking"),
  contact: (d) => ({ name: d.fullName, email: d.email }),
  operatorSubject: (d) => `[Booking Request] ${d.details.slice(0, 60)} – ${d.fullName}`,
  confirmation: () => "request.confirm.quickBooking",
  // Free text: the operator picks the service and area in the workbench.
  // "Request a Quote" (home page): free text, priced by quote (issue 50 item 1).
  quoted: () => true,
  // Dated by its accepted quote (the form asks no date).
  calendar: (d) => agreedSlot.calendar(d, null),
  reschedule: agreedSlot.reschedule,
  privateFields: () => ["fullName", "email"],
  match: () => ({ servicePage: null, area: null }),
});
