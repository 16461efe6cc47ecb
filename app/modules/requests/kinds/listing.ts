import { z } from "zod";
import { FIELD_LABEL_KEYS, type FieldName, isShortTerm, PRICE_TYPE_LABEL_KEYS, type PriceType, STEPS } from "~/modules/homes/wizard";
import { asDate, choice, defineKind, type KindField } from "../kind";
import { LISTING_LIFECYCLE } from "../status";

/** The listing as submitted: its id and title, then the wizard's values as typed. */
const payload = z.looseObject({
  listingId: z.string(),
  title: z.string(),
  ownerName: z.string(),
  ownerEmail: z.string(),
  address: z.string(),
  photoCount: z.number(),
});
type ListingData = z.infer<typeof payload> & Partial<Record<FieldName, unknown>>;

const WIZARD_FIELDS = STEPS.flatMap((s) => s.fields as readonly FieldName[]).filter((f) => f !== "photos");


/**
 * A property listing from the wizard (spec: 'New Property Listing — {address}'). Its request's
 * status is the listing's moderation status: one lifecycle (status.ts LISTING_LIFECYCLE).
 */
export const listing = defineKind<ListingData>({
  name: "listing",
  payload: payload as z.ZodType<ListingData>,
  fields: (d) => [
    { name: "listingId", label: "request.field.listingId" },
    { name: "title", label: "request.field.title" },
    // The registration number belongs to short-term (per-night) listings only.
    ...WIZARD_FIELDS.filter((name) => name !== "strRegistration" || isShortTerm(d.priceType)).map(
      (name): KindField<ListingData> => ({
        name,
        label: FIELD_LABEL_KEYS[name],
        ...(name === "agreed" ? { format: (v, t) => (v ? t("request.yes") : t("request.no")) } : {}),
        ...(name === "priceType" ? { format: (v, t) => (v ? t(PRICE_TYPE_LABEL_KEYS[v as PriceType]) : null) } : {}),
        // Typed text as typed; chosen values (type, province, Yes/No, amenities, lease) in the reader's language.
        ...(name !== "agreed" && name !== "priceType" && name !== "strRegistration" ? { format: name === "availableFrom" ? asDate : choice } : {}),
      }),
    ),
    { name: "photoCount", label: FIELD_LABEL_KEYS.photos },
  ],
  title: (_d, t) => t("request.title.listing"),
  contact: (d) => ({ name: d.ownerName, email: d.ownerEmail }),
  operatorSubject: (d) => `New Property Listing — ${d.address}`,
  confirmation: () => "wizard.successMessage",
  customerFooter: "email.customer.footerListing",
  concerns: "listing",
  subject: (d) => ({ type: "listing", id: d.listingId }),
  lifecycle: LISTING_LIFECYCLE,
  // approveListing / rejectListing (modules/homes/moderation.server.ts): publishing needs the
  // short-term registration check, rejecting a reason, and both an audit entry.
  guardedMoves: ["published", "rejected"],
});
