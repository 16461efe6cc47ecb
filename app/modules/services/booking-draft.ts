import type { HeldForm } from "~/lib/root-data";

/** The booking form's fields a refused booking keeps (booking-draft.server.ts). */
export const BOOKING_DRAFT_FIELDS = ["service", "fullName", "email", "area", "preferredDate", "preferredTime", "notes", "details"] as const;

/** What the booking form gets back after log-in: the draft of this browser's signed-in account. */
export type BookingDraftValues = HeldForm & {
  form: "service" | "quick";
  returnTo: string;
  values: Partial<Record<(typeof BOOKING_DRAFT_FIELDS)[number], string>>;
};
