import { z } from "zod";
import { defineKind, labelled } from "../kind";

const payload = z.object({ service: z.string(), name: z.string(), location: z.string(), contact: z.string() });

/** A service we don't list yet (spec: '[Service Request] {service}'); contact is an email or a phone. */
export const serviceRequest = defineKind({
  name: "service-request",
  payload,
  fields: () => labelled<z.infer<typeof payload>>("request.field.", ["service", "name", "location", "contact"]),
  title: (d) => d.service,
  titleAsWritten: true,
  contact: (d) => ({ name: d.name, email: d.contact.includes("@") ? d.contact : null }),
  operatorSubject: (d) => `[Service Request] ${d.service}`,
  confirmation: () => "request.confirm.serviceRequest",
});
