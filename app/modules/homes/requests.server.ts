import { href } from "react-router";
import { getRuntime } from "~/lib/runtime.server";
import { type SubmitContext, submitRequest } from "~/modules/requests/requests.server";
import type { CityRequestInput, RentRequestInput } from "./schema";

/**
 * Homes requests: Request to Rent on a listing, and a city request from the no-results view
 * (request kinds "rent-request" and "city-request", with the spec's subjects, §7).
 */

/** Only a published listing can be asked for; its owner is copied in on the operator email. */
/**
 * A published listing as a rent request needs it: what the request names, who owns it, and the
 * day it is available from (which bounds the move-in date). One read per post (round-trips.test).
 */
export function rentableListing(id: string) {
  return getRuntime()
    .db.selectFrom("home_listings")
    .select(["id", "title", "city", "neighborhood", "owner_email", "available_from"])
    .where("id", "=", id)
    .where("status", "=", "published")
    .executeTakeFirst();
}
export type RentableListing = NonNullable<Awaited<ReturnType<typeof rentableListing>>>;

export async function submitRentRequest(input: RentRequestInput, listing: RentableListing, ctx: SubmitContext) {
  const { env } = getRuntime();
  const owner = listing.owner_email?.trim();
  return submitRequest(
    "rent-request",
    { ...input, listingId: listing.id, listing: listing.title, location: [listing.neighborhood, listing.city].filter(Boolean).join(", ") },
    ctx,
    {
      operatorLinks: [{ label: "request.link.listing", url: `${env.PUBLIC_URL}${href("/homes/:id", { id: listing.id })}` }],
      alsoNotify: owner && owner.toLowerCase() !== env.OPERATOR_EMAIL.toLowerCase() ? [owner] : undefined,
    },
  );
}

export function submitCityRequest(input: CityRequestInput, ctx: SubmitContext) {
  return submitRequest("city-request", input, ctx);
}
