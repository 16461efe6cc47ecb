import { z } from "zod";
import { contactIsEmail } from "~/modules/homes/schema";
import { defineKind, labelled } from "../kind";

const payload = z.object({ city: z.string(), name: z.string(), contact: z.string(), note: z.string().optional() });

/** The homes no-results view's city request (spec: '[City Request] {city}'). */
export const cityRequest = defineKind({
  name: "city-request",
  payload,
  fields: () => labelled<z.infer<typeof payload>>("request.field.", ["city", "name", "contact", "note"]),
  title: (d, t) => t("request.title.cityRequest", { city: d.city }),
  contact: (d) => ({ name: d.name, email: contactIsEmail(d.contact) ? d.contact : null }),
  operatorSubject: (d) => `[City Request] ${d.city}`,
  confirmation: () => "request.confirm.cityRequest",
  customerFooter: "email.customer.footerRental",
});
