import { z } from "zod";
import { defineKind, labelled } from "../kind";

const payload = z.object({ name: z.string(), email: z.string(), subject: z.string(), message: z.string() });

/** The contact form (spec core.md §4); the operator subject '[Contact] {subject} – {name}'. */
export const contactMessage = defineKind({
  name: "contact-message",
  payload,
  fields: () => labelled<z.infer<typeof payload>>("request.field.", ["name", "email", "subject", "message"]),
  title: (_d, t) => t("request.title.contactMessage"),
  contact: (d) => ({ name: d.name, email: d.email }),
  operatorSubject: (d) => `[Contact] ${d.subject} – ${d.name}`,
  confirmation: () => "request.confirm.contactMessage",
});
