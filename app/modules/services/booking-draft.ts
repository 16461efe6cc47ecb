/** The booking form's fields a draft keeps (form-draft.ts). */
export const BOOKING_DRAFT_FIELDS = ["service", "fullName", "email", "area", "preferredDate", "preferredTime", "notes", "details"] as const;
