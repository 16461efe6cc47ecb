import { href } from "react-router";
import { getRuntime } from "~/lib/runtime.server";
import { type SubmitContext, submitRequest } from "~/modules/requests/requests.server";
import { type CityRequestInput, contactIsEmail, type RentRequestInput } from "./schema";

/**
 * Homes requests: Request to Rent on a listing, and a city request from the no-results view.
 * Both are stored and emailed by submitRequest (operator + customer confirmation), with the
 * spec's subjects (§7).
 */

/** Spec: 'Home/Rental Request — {listing title} — {name}'; the listing's owner is copied in. */
export async function submitRentRequest(listingId: string, input: RentRequestInput, ctx: SubmitContext) {
  const { db, env } = getRuntime();
  const listing = await db
    .selectFrom("home_listings")
    .select(["id", "title", "city", "neighborhood", "owner_email"])
    .where("id", "=", listingId)
    .where("status", "=", "published")
    .executeTakeFirst();
  if (!listing) return null;
  const url = `${env.PUBLIC_URL}${href("/homes/:id", { id: listing.id })}`;
  const owner = listing.owner_email?.trim();
  return submitRequest({
    kind: "rent-request",
    userId: ctx.user?.id ?? null,
    clientIp: ctx.clientIp,
    name: input.fullName,
    email: input.email,
    service: listing.title,
    operatorSubject: `Home/Rental Request — ${listing.title} — ${input.fullName}`,
    fields: [
      { label: "Listing", value: listing.title },
      { label: "Location", value: [listing.neighborhood, listing.city].filter(Boolean).join(", ") },
      { label: "Listing link", value: url },
      { label: "Full name", value: input.fullName },
      { label: "Email", value: input.email },
      { label: "Phone", value: input.phone },
      { label: "Move-in date", value: input.moveInDate },
      { label: "Move-out date", value: input.moveOutDate },
      { label: "Length of stay", value: input.lengthOfStay },
      { label: "Adults", value: input.adults },
      { label: "Children", value: input.children },
      { label: "Budget", value: input.budget },
      { label: "Message", value: input.message },
    ],
    confirmation: `We've received your request for "${listing.title}". We'll get back to you shortly.`,
    alsoNotify: owner && owner.toLowerCase() !== env.OPERATOR_EMAIL.toLowerCase() ? [owner] : undefined,
  });
}

/** Spec: '[City Request] {city}' with the city, name, contact and note. */
export function submitCityRequest(input: CityRequestInput, ctx: SubmitContext) {
  return submitRequest({
    kind: "city-request",
    userId: ctx.user?.id ?? null,
    clientIp: ctx.clientIp,
    name: input.name,
    email: contactIsEmail(input.contact) ? input.contact : null,
    service: `Homes in ${input.city}`,
    operatorSubject: `[City Request] ${input.city}`,
    fields: [
      { label: "City", value: input.city },
      { label: "Name", value: input.name },
      { label: "Contact", value: input.contact },
      { label: "Note", value: input.note },
    ],
    confirmation: `Thanks! We've noted that you're looking for a home in ${input.city}. We'll let you know as soon as we have listings there.`,
  });
}
