import { z } from "zod";
import { FIELD_LABEL_KEYS, type FieldName, isShortTerm, STEPS } from "~/modules/homes/wizard";
import { type MessageKey, type Translate, translateLocale } from "~/lib/i18n/translate";
import { DEFAULT_CURRENCY, formatMoney } from "~/modules/quotes/money";
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

/** Labels that say "(optional)" or "(CAD)" in the form, as a field reads once filled in. */
const READ_LABEL_KEYS: Partial<Record<FieldName, MessageKey>> = {
  ownerPhone: "request.field.phone",
  postal: "wizard.fieldName.postal",
  neighborhood: "wizard.fieldName.neighborhood",
  price: "email.listing.price",
  deposit: "email.listing.deposit",
  minStay: "wizard.fieldName.minStay",
  leaseTerm: "wizard.fieldName.leaseTerm",
};

/** Whole dollars as money in the reader's language (CA$2,300), or null when none. */
const dollars = (value: unknown, t: Translate) => {
  const amount = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isFinite(amount) ? formatMoney(Math.round(amount * 100), DEFAULT_CURRENCY, translateLocale(t), { wholeWithoutCents: true }) : null;
};
const priceOf = (value: unknown, priceType: unknown, t: Translate) => {
  const amount = dollars(value, t);
  return amount === null ? null : t(isShortTerm(priceType) ? "email.listing.perNight" : "email.listing.perMonth", { amount });
};

const WIZARD_FIELDS = STEPS.flatMap((s) => s.fields as readonly FieldName[]).filter((f) => f !== "photos");


/**
 * A property listing from the wizard (spec: 'New Property Listing — {address}'). Its request's
 * status is the listing's moderation status: one lifecycle (status.ts LISTING_LIFECYCLE).
 */
export const listing = defineKind<ListingData>({
  name: "listing",
  payload: payload as z.ZodType<ListingData>,
  // Read back as a person reads it (issue 51 item 1): no internal id, no consent box (a listing
  // is sent only once it is ticked), labels without the form's "(optional)", and the price as
  // money for its reader (CA$2,300/month). The back office links the listing by its id.
  fields: (d) => [
    { name: "title", label: "request.field.title" },
    // The registration number belongs to short-term (per-night) listings only.
    ...WIZARD_FIELDS.filter((name) => name !== "agreed" && name !== "priceType" && (name !== "strRegistration" || isShortTerm(d.priceType))).map(
      (name): KindField<ListingData> => ({
        name,
        label: READ_LABEL_KEYS[name] ?? FIELD_LABEL_KEYS[name],
        ...(name === "price" ? { format: (v, t) => priceOf(v, d.priceType, t) } : {}),
        ...(name === "deposit" ? { format: (v, t) => dollars(v, t) } : {}),
        // Typed text as typed; chosen values (type, province, Yes/No, amenities, lease) in the reader's language.
        ...(name !== "price" && name !== "deposit" && name !== "strRegistration" ? { format: name === "availableFrom" ? asDate : choice } : {}),
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
