import { torontoToday } from "~/lib/forms/formats";
/**
 * The options and bounds of the homes requests (Request to Rent, city request), without zod:
 * the forms draw their selects and input bounds from these on first render, while the schemas
 * (schema.ts) that enforce them load only once a form is used (use-zod-form.ts).
 */

/** Spec §3 Rent request: optional length of stay. */
export const LENGTHS_OF_STAY = ["<3 months", "3-6 months", "6-12 months", "12+ months"] as const;

/** Spec §9: adults default 1 (min 1), children default 0 (min 0); the caps are ours. */
export const GUESTS = { adults: { min: 1, max: 20, default: 1 }, children: { min: 0, max: 20, default: 0 } } as const;

export const LIMITS = { name: 100, phone: 30, budget: 100, message: 2000, city: 100, contact: 254, note: 1000 } as const;

/** The city request form's id; its section is `${CITY_REQUEST_ID}-section` (the link's fragment). */
export const CITY_REQUEST_ID = "city-request";

/** A listing's available date (YYYY-MM-DD…) and how the reader's language writes it, for the field message. */
export type AvailableFrom = { date: string; label: string };

/** The earliest move-in date the form offers and accepts: today in Toronto, or the listing's available date when later. */
export const earliestMoveIn = (availableFrom: string | undefined, today: string = torontoToday()) => {
  const available = availableFrom?.slice(0, 10) ?? "";
  return available > today ? available : today;
};
