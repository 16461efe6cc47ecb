import { submitRequest, type SubmitContext } from "~/modules/requests/requests.server";
import type { ContactInput } from "./schema";

/**
 * A contact message is a request like any other (kind "contact-message"): stored with its
 * timeline, the operator email and the visitor's confirmation (reference + status link) in one
 * transaction, so once the visitor is told "Message Sent!" all three survive a crash.
 */
export function submitContactMessage(input: ContactInput, ctx: SubmitContext) {
  return submitRequest({
    kind: "contact-message",
    userId: ctx.user?.id ?? null,
    clientIp: ctx.clientIp,
    name: input.name,
    email: input.email,
    service: "Contact message",
    operatorSubject: `[Contact] ${input.subject} – ${input.name}`,
    fields: [
      { label: "Name", value: input.name },
      { label: "Email", value: input.email },
      { label: "Subject", value: input.subject },
      { label: "Message", value: input.message },
    ],
    confirmation: "Thank you for your message. We will get back to you via email shortly.",
  });
}
