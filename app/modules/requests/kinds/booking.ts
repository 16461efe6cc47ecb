import { z } from "zod";
import { defineKind, labelled } from "../kind";

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

/** A booking from a service page's dialog (spec core.md §4): a signed-in customer asks for a provider. */
export const booking = defineKind({
  name: "booking",
  payload,
  fields: () => labelled<z.infer<typeof payload>>("request.field.", ["service", "fullName", "email", "area", "preferredDate", "preferredTime", "notes"]),
  title: (d) => d.service,
  contact: (d) => ({ name: d.fullName, email: d.email }),
  operatorSubject: (d) => `[Booking Request] ${d.service} – ${d.fullName}`,
  confirmation: (_d, t) => t("request.confirm.booking"),
  concerns: "service",
  subject: (d) => (d.serviceSlug ? { type: "service", id: d.serviceSlug } : null),
  match: (d) => ({ servicePage: d.serviceSlug ?? null, area: d.area }),
});
