import { z } from "zod";
import { defineKind, labelled } from "../kind";

const payload = z.object({ fullName: z.string(), email: z.string(), details: z.string() });

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
  privateFields: () => ["fullName", "email"],
  match: () => ({ servicePage: null, area: null }),
});
