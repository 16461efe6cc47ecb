/**
 * One status model for every kind of request (spec: bookings are matched by hand and confirmed
 * by email). States and the moves between them are data; the back office may only make the
 * moves listed here, and the status page draws its timeline from STEPS.
 */
export const REQUEST_STATES = ["received", "in_review", "matched", "completed", "cancelled"] as const;
export type RequestStatus = (typeof REQUEST_STATES)[number];

export const TRANSITIONS: Record<RequestStatus, { to: RequestStatus; why: string }[]> = {
  received: [
    { to: "in_review", why: "An operator picked the request up." },
    { to: "cancelled", why: "The customer withdrew, or it cannot be served." },
  ],
  in_review: [
    { to: "matched", why: "A verified provider accepted; the customer is told by email." },
    { to: "cancelled", why: "No provider could be found, or the customer withdrew." },
  ],
  matched: [
    { to: "completed", why: "The provider delivered the service." },
    { to: "cancelled", why: "The booking fell through after matching." },
  ],
  completed: [],
  cancelled: [],
};

export function canTransition(from: RequestStatus, to: RequestStatus): boolean {
  return TRANSITIONS[from].some((t) => t.to === to);
}

/** The happy path the timeline shows (Received → In review → Matched/Confirmed → Completed). */
export const STEPS: RequestStatus[] = ["received", "in_review", "matched", "completed"];

export const STATUS_LABEL_KEYS = {
  received: "status.received",
  in_review: "status.inReview",
  matched: "status.matched",
  completed: "status.completed",
  cancelled: "status.cancelled",
} as const satisfies Record<RequestStatus, string>;

export function isRequestStatus(value: unknown): value is RequestStatus {
  return (REQUEST_STATES as readonly unknown[]).includes(value);
}
