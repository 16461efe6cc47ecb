import type { Kysely } from "kysely";

/**
 * Requests become language-neutral (docs/decisions/0008-request-kinds.md): the translated
 * `details` list of {label, value} gives way to typed `data` named by field, plus the
 * customer's `locale` and what the request concerns (`subject_type`, `subject_id`). The
 * display columns `service` and `subject` go: titles and subjects are rendered from data.
 *
 * Existing rows were written in English (the only catalogue then), so each label maps back to
 * its field through the English labels as they stood at this migration, frozen below.
 */
type Stored = { id: string; kind: string; details: string };
type Tables = {
  requests: Stored & { data: string; locale: string; subject_type: string | null; subject_id: string | null };
};

const COMMON: Record<string, string> = {
  Service: "service",
  "Full name": "fullName",
  Name: "name",
  Email: "email",
  Phone: "phone",
  "Area / neighborhood": "area",
  "Preferred date": "preferredDate",
  "Preferred time": "preferredTime",
  Notes: "notes",
  "Service details": "details",
  Location: "location",
  Contact: "contact",
  "Pick-up area": "pickupArea",
  Message: "message",
  Subject: "subject",
  Listing: "listing",
  "Move-in date": "moveInDate",
  "Move-out date": "moveOutDate",
  "Length of stay": "lengthOfStay",
  Adults: "adults",
  Children: "children",
  Budget: "budget",
  City: "city",
  Note: "note",
};
const CAR_LABELS: Record<string, string> = {
  "Full name": "fullName",
  Email: "email",
  "Pick-up address": "pickupAddress",
  "Start date": "startDate",
  "Start time": "startTime",
  "Estimated hours": "estimatedHours",
  "Vehicle class": "vehicleClass",
  Passengers: "passengerCount",
  Itinerary: "itinerary",
  Notes: "notes",
  Direction: "direction",
  Airport: "airport",
  "Flight number": "flightNumber",
  "Pick-up date and time": "pickupTime",
  Address: "address",
  "Luggage pieces": "luggagePieces",
  "Child seat": "childSeat",
  "Name on the signboard": "signboardName",
  "Drop-off address": "dropoffAddress",
  Date: "date",
  Time: "time",
  "Round trip": "roundTrip",
  "Extra stops": "extraStops",
  "Sender's full name": "senderFullName",
  "Sender's email": "senderEmail",
  "Recipient's name": "recipientName",
  "Recipient's phone": "recipientPhone",
  "Deliver by (date)": "deliveryByDate",
  "Deliver by (time)": "deliveryByTime",
  "Package size": "packageSize",
  Fragile: "fragile",
  "Signature required": "signatureRequired",
  "Event date": "eventDate",
  "Primary venue": "primaryVenue",
  "Vehicle preference": "vehiclePreference",
  "Number of vehicles": "numVehicles",
  "Other locations": "secondaryLocations",
  "Duration (hours)": "durationHours",
  "Decoration required": "decorationRequired",
  "Describe your request": "description",
  Budget: "budget",
  "Pick-up area": "pickupArea",
  "Short message": "message",
};
const CAR_TYPES: Record<string, string> = {
  "Chauffeur (Hourly)": "chauffeur-hourly",
  "Airport Transfer": "airport-transfer",
  "Personal Ride": "personal-ride",
  "Package Delivery": "package-delivery",
  "Event / Wedding Car": "event-wedding",
  "Custom Request": "custom",
};
const LISTING_LABELS: Record<string, string> = {
  "Full name": "ownerName",
  Email: "ownerEmail",
  "Phone (optional)": "ownerPhone",
  "I agree to the Provider Guidelines, the Terms of Use and the Privacy Policy.": "agreed",
  "Property type": "propertyType",
  "Street address": "address",
  City: "city",
  Province: "province",
  "Postal code (optional)": "postal",
  "Neighborhood (optional)": "neighborhood",
  Bedrooms: "bedrooms",
  Bathrooms: "bathrooms",
  Furnished: "furnished",
  "Pet friendly": "petFriendly",
  "Utilities included": "utilitiesIncluded",
  Amenities: "amenities",
  Description: "description",
  "Price (CAD)": "price",
  "Price type": "priceType",
  "Deposit (optional, CAD)": "deposit",
  "Minimum stay (optional)": "minStay",
  "Available from": "availableFrom",
  "Lease term (optional)": "leaseTerm",
  Photos: "photos",
};
const PRICE_TYPES: Record<string, string> = { "per month": "month", "per night": "night" };

type Entry = { label: string; value: string | number | boolean | null };

/** One stored row's details as {field: value}, with the kind it really is and its subject. */
export function convert(
  kind: string,
  details: Entry[],
): { kind: string; data: Record<string, unknown>; subject: { type: string; id: string } | null } {
  const data: Record<string, unknown> = {};
  const labels =
    kind === "car-request"
      ? { ...CAR_LABELS, ...COMMON }
      : kind === "listing"
        ? { ...COMMON, ...LISTING_LABELS }
        : COMMON;
  let subject: { type: string; id: string } | null = null;
  for (const { label, value } of details) {
    if (value === null || value === "") continue;
    if (kind === "car-request" && label === "Request type") data.type = CAR_TYPES[String(value)] ?? "custom";
    else if (kind === "rent-request" && label === "Listing link") {
      const id = /\/homes\/([^/?#]+)/.exec(String(value))?.[1];
      if (id) data.listingId = decodeURIComponent(id);
    } else if (kind === "listing" && label === "Listing ID") data.listingId = value;
    else if (kind === "listing" && label === "Title") data.title = value;
    else if (kind === "listing" && label === "Photos")
      data.photoCount = Number.parseInt(String(value), 10) || 0;
    else if (kind === "listing" && label === "Review in the back office") continue;
    else if (labels[label]) data[labels[label]] = value;
  }
  if (kind === "listing") {
    if (data.agreed !== undefined) data.agreed = data.agreed === "Yes" || data.agreed === true;
    if (typeof data.priceType === "string") data.priceType = PRICE_TYPES[data.priceType] ?? "month";
    if (typeof data.amenities === "string") data.amenities = data.amenities.split(", ");
  }
  const real = kind === "booking" && data.area === undefined ? "quick-booking" : kind;
  if (typeof data.listingId === "string") subject = { type: "listing", id: data.listingId };
  return { kind: real, data, subject };
}

export async function up(db: Kysely<Tables>): Promise<void> {
  await db.schema
    .alterTable("requests")
    .addColumn("data", "text", (c) => c.notNull().defaultTo("{}"))
    .execute();
  await db.schema
    .alterTable("requests")
    .addColumn("locale", "text", (c) => c.notNull().defaultTo("en-US"))
    .execute();
  await db.schema.alterTable("requests").addColumn("subject_type", "text").execute();
  await db.schema.alterTable("requests").addColumn("subject_id", "text").execute();

  const rows = await db.selectFrom("requests").select(["id", "kind", "details"]).execute();
  for (const row of rows) {
    let details: Entry[] = [];
    try {
      details = JSON.parse(row.details) as Entry[];
    } catch {
      // A row whose details never parsed keeps an empty payload rather than failing the upgrade.
    }
    const { kind, data, subject } = convert(row.kind, details);
    await db
      .updateTable("requests")
      .set({
        kind,
        data: JSON.stringify(data),
        subject_type: subject?.type ?? null,
        subject_id: subject?.id ?? null,
      })
      .where("id", "=", row.id)
      .execute();
  }
  await db.schema.alterTable("requests").dropColumn("details").execute();
  await db.schema.alterTable("requests").dropColumn("service").execute();
  await db.schema.alterTable("requests").dropColumn("subject").execute();
  // The back office lists everything about one listing (its submission, its rent requests).
  await db.schema
    .createIndex("requests_subject_idx")
    .on("requests")
    .columns(["subject_type", "subject_id"])
    .execute();
  await db.schema
    .createIndex("requests_kind_created_idx")
    .on("requests")
    .columns(["kind", "created_at"])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error("0008-request-data cannot be undone: the translated labels it replaced are not kept.");
}
