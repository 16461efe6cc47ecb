import { z } from "zod";
import { defineKind, labelled } from "../kind";

const payload = z.object({ fullName: z.string(), email: z.string(), pickupArea: z.string(), message: z.string() });

/** 'Contact a Chauffeur' on /cars (spec: subject 'New Chauffeur Contact Request'). */
export const chauffeurContact = defineKind({
  name: "chauffeur-contact",
  payload,
  fields: () => labelled<z.infer<typeof payload>>("request.field.", ["fullName", "email", "pickupArea", "message"]),
  title: (_d, t) => t("request.title.chauffeurContact"),
  contact: (d) => ({ name: d.fullName, email: d.email }),
  operatorSubject: () => "New Chauffeur Contact Request",
  confirmation: () => "request.confirm.chauffeurContact",
  privateFields: () => ["fullName", "email"],
  match: (d) => ({ servicePage: "car-rental", area: d.pickupArea }),
});
