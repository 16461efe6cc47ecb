import { z } from "zod";
import { agreedSlot, defineKind, labelled } from "../kind";

const payload = z.object({ service: z.string(), name: z.string(), location: z.string(), contact: z.string(), ...agreedSlot.fields });

/** A service we don't list yet (spec: '[Service Request] {service}'); contact is an email or a phone. */
export const serviceRequest = defineKind({
  name: "service-request",
  payload,
  fields: () => labelled<z.infer<typeof payload>>("request.field.", ["service", "name", "location", "contact"]),
  title: (d) => d.service,
  titleAsWritten: true,
  contact: (d) => ({ name: d.name, email: d.contact.includes("@") ? d.contact : null }),
  operatorSubject: (d) => `[Service Request] ${d.service}`,
  // A service we don't list has no price: it is quoted (issue 50 item 1).
  quoted: () => true,
  // Dated by its accepted quote (the form asks no date).
  calendar: (d) => agreedSlot.calendar(d, d.location),
  reschedule: agreedSlot.reschedule,
  confirmation: () => "request.confirm.serviceRequest",
});
