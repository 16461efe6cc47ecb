import { href } from "react-router";
import { getRuntime } from "~/lib/runtime.server";
import { type SubmitContext, submitRequest } from "~/modules/requests/requests.server";
import type { CityRequestInput, RentRequestInput } from "./schema";

/**
 * Homes requests: Request to Rent on a listing, and a city request from the no-results view
 * (request kinds "rent-request" and "city-request", with the spec's subjects, §7).
 */

/** Only a published listing can be asked for; its owner is copied in on the operator email. */
export async function submitRentRequest(input: RentRequestInput & { listingId: string }, ctx: SubmitContext) {
  const { db, env } = getRuntime();
  const listing = await db
    .selectFrom("home_listings")
    .select(["id", "title", "city", "neighborhood", "owner_email"])
    .where("id", "=", input.listingId)
    .where("status", "=", "published")
    .executeTakeFirst();
  if (!listing) return null;
  const owner = listing.owner_email?.trim();
  return submitRequest(
    "rent-request",
    { ...input, listing: listing.title, location: [listing.neighborhood, listing.city].filter(Boolean).join(", ") },
    ctx,
    {
      operatorLinks: [{ label: "request.link.listing", value: `${env.PUBLIC_URL}${href("/homes/:id", { id: listing.id })}` }],
      alsoNotify: owner && owner.toLowerCase() !== env.OPERATOR_EMAIL.toLowerCase() ? [owner] : undefined,
    },
  );
}

export function submitCityRequest(input: CityRequestInput, ctx: SubmitContext) {
  return submitRequest("city-request", input, ctx);
}
