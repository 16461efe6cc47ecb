import { submitRequest, type SubmitContext } from "~/modules/requests/requests.server";
import type { ContactInput } from "./schema";

/**
 * A contact message is a request like any other (kind "contact-message"): stored with its
 * timeline, the operator email and the visitor's confirmation (reference + status link) in one
 * transaction, so once the visitor is told "Message Sent!" all three survive a crash.
 */
export function submitContactMessage(input: ContactInput, ctx: SubmitContext) {
  return submitRequest("contact-message", input, ctx);
}
