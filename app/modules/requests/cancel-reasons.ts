import type { MessageKey } from "~/lib/i18n/translate";

/**
 * What pages need of a customer's cancellation (issue 49 item 1) without its schema: the reasons
 * on the short list with their labels, the note's cap, and where the form opens
 * (`?cancel#cancel-request`, the one link-dialog pattern). The schema is in cancel.ts.
 */
export const CANCEL_REASONS = ["plans-changed", "found-another", "wrong-details", "too-long", "other"] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const CANCEL_REASON_KEYS: Record<CancelReason, MessageKey> = {
  "plans-changed": "cancel.reason.plans-changed",
  "found-another": "cancel.reason.found-another",
  "wrong-details": "cancel.reason.wrong-details",
  "too-long": "cancel.reason.too-long",
  other: "cancel.reason.other",
};
export const isCancelReason = (v: unknown): v is CancelReason => typeof v === "string" && Object.hasOwn(CANCEL_REASON_KEYS, v);

export const CANCEL_NOTE_MAX = 500;

export { CANCEL_PARAM, CANCEL_SECTION } from "./cancel-link";
