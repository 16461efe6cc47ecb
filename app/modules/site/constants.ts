/**
 * Business constants fixed by the product spec. One place, so every page, email and legal
 * document quotes the same figure (docs/architecture.md, departures from the spec: "one constant, used everywhere").
 */
export const MIN_AGE = 18;
/** Provider verification review time (docs/architecture.md § Deliberate departures replaces the spec's "2–3" with this). */
export const PROVIDER_REVIEW_TIME = "1–3 business days";
/** Property listing review time promised after the listing wizard. */
export const LISTING_REVIEW_TIME = "24-48 hours";
/** Effective date of the legal documents as the spec gives it (the Privacy Policy has its own since: ADR 26). */
export const POLICIES_EFFECTIVE_DATE = "2025-09-25";
export const POLICIES_EFFECTIVE_DATE_TEXT = "September 25, 2025";
/**
 * The Privacy Policy's current version: the day its data-rights and retention sections took
 * effect (ADR 26). Everyone who accepted an older version is asked again at their next log-in.
 */
export const PRIVACY_EFFECTIVE_DATE = "2026-11-27";
export const GOVERNING_LAW = "Ontario, Canada";
export const LIABILITY_CAP_TEXT =
  "the greater of CAD $100 or the amount you paid to us in the twelve (12) months before the claim";
/** Mailing address printed in every legal document's contact block. */
export const POSTAL_ADDRESS = ["100 King Street West, Suite 5600", "Toronto, Ontario M5X 1C9", "Canada"];
export const MAX_PROVIDER_SERVICES = 5;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_LISTING_PHOTOS = 12;
/** Largest verification document (spec: uploads max 10 MB, PNG, JPG, PDF). */
export const MAX_DOCUMENT_BYTES = MAX_UPLOAD_BYTES;
/** Documents of a rejected provider application are deleted this many days after the decision (set with the other retention periods). */
export { REJECTED_DOCUMENT_RETENTION_DAYS } from "../privacy/retention";
/** Reminder emails go this many days before an ID, permit or licence expires. */
export const EXPIRY_REMINDER_DAYS = [30, 7] as const;
