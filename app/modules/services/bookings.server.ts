import type { SessionUser } from "~/lib/auth/session.server";
import { type SubmitContext, submitRequest } from "~/modules/requests/requests.server";
import { englishCategoryTitle } from "./catalogue.server";
import type { BookingInput, QuickBookingInput, ServiceRequestInput } from "./schema";

/**
 * Booking requests (status Pending = "received" until an operator matches a provider) and
 * requests for services we don't list yet. Each is a request kind (app/modules/requests/kinds):
 * stored, emailed to the operator and confirmed to the customer by submitRequest.
 */
export async function submitBooking(input: BookingInput & { serviceSlug?: string }, ctx: SubmitContext & { user: SessionUser }) {
  // From a service page, the service is stored by its English title (language-neutral, ADR 8)
  // and read in each reader's language; the form's field holds the customer's language.
  const english = input.serviceSlug ? await englishCategoryTitle(input.serviceSlug) : null;
  return submitRequest("booking", english ? { ...input, service: english } : input, ctx);
}

export function submitQuickBooking(input: QuickBookingInput, ctx: SubmitContext & { user: SessionUser }) {
  return submitRequest("quick-booking", input, ctx);
}

export function submitServiceRequest(input: ServiceRequestInput, ctx: SubmitContext) {
  return submitRequest("service-request", input, ctx);
}
