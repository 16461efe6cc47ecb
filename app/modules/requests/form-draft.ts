import { BOOKING_DRAFT_FIELDS } from "~/modules/services/booking-draft";

/**
 * The forms whose typing is kept until sent or cleared (issue 49 item 6; form-draft.server.ts),
 * and the fields each keeps: what the person typed, never a token or a hidden value.
 */
export const DRAFT_FIELDS = {
  service: BOOKING_DRAFT_FIELDS,
  quick: BOOKING_DRAFT_FIELDS,
  rent: ["fullName", "email", "phone", "moveInDate", "moveOutDate", "lengthOfStay", "budget", "adults", "children", "message"],
  chauffeur: ["fullName", "email", "pickupArea", "message"],
} as const satisfies Record<string, readonly string[]>;

export type DraftForm = keyof typeof DRAFT_FIELDS;
export const DRAFT_FORMS = Object.keys(DRAFT_FIELDS) as DraftForm[];
export const isDraftForm = (value: unknown): value is DraftForm => typeof value === "string" && Object.hasOwn(DRAFT_FIELDS, value);
