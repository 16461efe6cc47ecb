import { z } from "zod";
import { agreedSlot, defineKind, labelled } from "../kind";

const payload = z.object({ fullName: z.string(), email: z.string(), pickupArea: z.string(), message: z.string(), ...agreedSlot.fields });

/** 'Contact a Chauffeur' on /cars (spec: subject 'New Chauffeur Contact Request'). */
export const chauffeurContact = defineKind({
  name: "chauffeur-contact",
  payload,
  fields: () => labelled<z.infer<typeof payload>>("request.field.", ["fullName", "email", "pickupArea", "message"]),
  title: (_d, t) => t("request.title.chauffeurContact"),
  contact: (d) => ({ name: d.fullName, email: d.email }),
  operatorSubject: () => "New Chauffeur Contact Request",
  confirmation: () => "request.confirm.chauffeurContact",
  // A chauffeur is priced by quote (issue 50 item 1).
  quoted: () => true,
  // Dated by its accepted quote (the form asks no date).
  calendar: (d) => agreedSlot.calendar(d, d.pickupArea),
  reschedule: agreedSlot.reschedule,
  privateFields: () => ["fullName", "email"],
  match: (d) => ({ servicePage: "car-rental", area: d.pickupArea }),
});
