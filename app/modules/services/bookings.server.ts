import type { SessionUser } from "~/lib/auth/session.server";
import { type SubmitContext, submitRequest } from "~/modules/requests/requests.server";
import type { BookingInput, QuickBookingInput, ServiceRequestInput } from "./schema";

/**
 * Booking requests (status Pending = "received" until an operator matches a provider) and
 * requests for services we don't list yet. Both are stored, emailed to the operator and
 * confirmed to the customer by submitRequest.
 */
export function submitBooking(input: BookingInput, ctx: SubmitContext & { user: SessionUser }) {
  return submitRequest({
    kind: "booking",
    userId: ctx.user.id,
    clientIp: ctx.clientIp,
    name: input.fullName,
    email: input.email,
    service: input.service,
    operatorSubject: `[Booking Request] ${input.service} – ${input.fullName}`,
    fields: [
      { label: "Service", value: input.service },
      { label: "Full name", value: input.fullName },
      { label: "Email", value: input.email },
      { label: "Area / neighborhood", value: input.area },
      { label: "Preferred date", value: input.preferredDate },
      { label: "Preferred time", value: input.preferredTime },
      { label: "Notes", value: input.notes },
    ],
    confirmation: "We've received your booking request. We'll match you with a verified provider and email you to confirm.",
  });
}

export function submitQuickBooking(input: QuickBookingInput, ctx: SubmitContext & { user: SessionUser }) {
  return submitRequest({
    kind: "booking",
    userId: ctx.user.id,
    clientIp: ctx.clientIp,
    name: input.fullName,
    email: input.email,
    service: "Booking request",
    operatorSubject: `[Booking Request] ${input.details.slice(0, 60)} – ${input.fullName}`,
    fields: [
      { label: "Full name", value: input.fullName },
      { label: "Email", value: input.email },
      { label: "Service details", value: input.details },
    ],
    confirmation: "We've received your booking request. We'll contact you via email shortly.",
  });
}

/** Spec: subject '[Service Request] {service}', body with service, name, location, contact, timestamp. */
export function submitServiceRequest(input: ServiceRequestInput, ctx: SubmitContext) {
  const isEmail = input.contact.includes("@");
  return submitRequest({
    kind: "service-request",
    userId: ctx.user?.id ?? null,
    clientIp: ctx.clientIp,
    name: input.name,
    email: isEmail ? input.contact : null,
    service: input.service,
    operatorSubject: `[Service Request] ${input.service}`,
    fields: [
      { label: "Service", value: input.service },
      { label: "Name", value: input.name },
      { label: "Location", value: input.location },
      { label: "Contact", value: input.contact },
    ],
    confirmation: "Thank you! We've received your request for a new service. We'll look for a provider and get back to you.",
  });
}
