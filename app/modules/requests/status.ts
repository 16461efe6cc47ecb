import type { MessageKey } from "~/lib/i18n/translate";

/**
 * Request lifecycles as data (spec: bookings are matched by hand and confirmed by email;
 * listings are reviewed before they are published). Each kind uses one of these; the back
 * office may only make the moves listed, each with the reason it exists, and the status page
 * draws its timeline from `steps`.
 */
export const REQUEST_STATES = [
  "received",
  "in_review",
  "matched",
  "accepted",
  "completed",
  "cancelled",
  "published",
  "rejected",
  "approved",
  "quoted",
  "quote_accepted",
  "quote_declined",
  "quote_expired",
] as const;
export type RequestStatus = (typeof REQUEST_STATES)[number];

/**
 * `by`: a move only that party's own operation makes (the matched provider's answer, the hourly
 * job when the answer window passes, or the customer's own cancellation from their status link
 * or account); the back office never offers it as a move. A move without `by` is the operator's.
 * `notBefore: "start"`: refused before the request's appointment starts (issue 49 item 2: a
 * 15 December job was done and reviewed on 5 December); a request without a date and time
 * (no calendar slot) makes it at any time, as before.
 */
export type Transition = { to: RequestStatus; why: string; by?: "provider" | "provider-or-timeout" | "customer" | "timeout"; notBefore?: "start" };

/**
 * The customer withdraws a request that is not done (issue 49 item 1), with a reason from a
 * short list: from any open state of a customer's request. Inside the kind's late window before
 * the appointment it is still allowed, and marked late (cancel.server.ts).
 */
const customerCancels = (state: string): Transition => ({
  to: "cancelled",
  by: "customer",
  why: `The customer cancelled it themselves (${state}), with a reason from the list; everyone concerned is emailed and the calendar event is cancelled.`,
});

/**
 * The customer proposes a new date and time for a matched request with an appointment (issue 49
 * item 1, ADR 43): it becomes an offer again — of the new time — that the matched provider
 * accepts or declines in My Jobs (a decline or no answer hands it to the operator to re-match).
 * The appointment itself changes only when a provider accepts (reschedule.server.ts).
 */
const customerReschedules = (state: string): Transition => ({
  to: "matched",
  by: "customer",
  why: `The customer proposed a new date and time (${state}); the matched provider is asked to accept it within the kind's window, and the appointment changes only once they do.`,
});

export type Lifecycle = {
  name: string;
  /** The happy path, in order, as the timeline shows it. */
  steps: readonly RequestStatus[];
  /** States that end the request off the happy path (shown after the steps reached). */
  endings: readonly RequestStatus[];
  transitions: Partial<Record<RequestStatus, readonly Transition[]>>;
  /**
   * Where a status means something else here than its usual label says (issue 49 item 2): in a
   * matched request, "matched" is an offer the provider has not accepted yet, never "Confirmed".
   */
  labels?: Partial<Record<RequestStatus, MessageKey>>;
};

/** Every kind of customer request but listings: Received → In review → Matched → Completed. */
export const SHARED_LIFECYCLE: Lifecycle = {
  name: "request",
  steps: ["received", "in_review", "matched", "completed"],
  endings: ["cancelled"],
  transitions: {
    received: [
      { to: "in_review", why: "An operator picked the request up." },
      { to: "matched", why: "An operator matched a verified provider straight away; both sides are introduced by email." },
      { to: "cancelled", why: "The customer withdrew, or it cannot be served." },
      customerCancels("before review"),
    ],
    in_review: [
      { to: "matched", why: "A verified provider accepted; the customer is told by email." },
      { to: "cancelled", why: "No provider could be found, or the customer withdrew." },
      customerCancels("during review"),
    ],
    matched: [
      {
        to: "completed",
        why: "The provider delivered the service: not before its appointment starts; a request without a date and time completes whenever it was delivered.",
        notBefore: "start",
      },
      { to: "cancelled", why: "The booking fell through after matching." },
      customerCancels("after matching"),
    ],
    completed: [],
    cancelled: [],
  },
};

/**
 * Kinds an operator matches to a provider (docs/decisions/0024-provider-jobs.md): the match is
 * an offer the provider accepts or declines within the kind's answer window; a decline or no
 * answer in time hands the request back to the operator ("needs a new match").
 */
export const MATCH_LIFECYCLE: Lifecycle = {
  name: "matched-request",
  steps: ["received", "in_review", "matched", "accepted", "completed"],
  endings: ["cancelled"],
  labels: { matched: "status.offered" },
  transitions: {
    received: SHARED_LIFECYCLE.transitions.received!,
    in_review: [
      { to: "matched", why: "An operator matched a verified provider; the provider is asked to accept within the kind's window." },
      { to: "cancelled", why: "No provider could be found, or the customer withdrew." },
      customerCancels("during review"),
    ],
    matched: [
      { to: "accepted", why: "The matched provider accepted the job; the customer is emailed their confirmation.", by: "provider" },
      {
        to: "in_review",
        why: "The provider declined (with a reason) or did not answer in time; the request goes back to the operator, flagged, and that provider is not offered again for it.",
        by: "provider-or-timeout",
      },
      {
        to: "completed",
        why: "The operator confirmed with both sides that the service was delivered (the provider never answered on the site): not before the appointment starts.",
        notBefore: "start",
      },
      { to: "cancelled", why: "The booking fell through after matching." },
      customerCancels("while the provider is asked; the offer is withdrawn"),
      customerReschedules("while the provider is asked: the offer is renewed for the new time"),
    ],
    accepted: [
      {
        to: "completed",
        why: "The service was delivered: the provider marked it done, or the operator confirmed it, once its appointment started (never before: the review invitation follows the real completion); the customer is invited to review.",
        notBefore: "start",
      },
      { to: "cancelled", why: "The booking fell through after the provider accepted." },
      customerCancels("after the provider accepted; the provider is told"),
      customerReschedules("after the provider accepted: the job is offered to them again at the new time"),
    ],
    completed: [],
    cancelled: [],
  },
};

/**
 * A property listing's one lifecycle: its request's status *is* the listing's moderation
 * status (the listing row only mirrors whether it is published, for the indexed search).
 */
export const LISTING_LIFECYCLE: Lifecycle = {
  name: "listing",
  steps: ["received", "in_review", "published"],
  endings: ["rejected", "cancelled"],
  transitions: {
    received: [
      { to: "in_review", why: "An operator started checking the listing." },
      { to: "published", why: "The listing meets the provider guidelines as submitted." },
      { to: "rejected", why: "The listing breaks the guidelines; the owner is told why." },
      { to: "cancelled", why: "The owner withdrew the listing before review." },
    ],
    in_review: [
      { to: "published", why: "The checks passed; the listing goes live." },
      { to: "rejected", why: "The checks failed; the owner is told why." },
      { to: "cancelled", why: "The owner withdrew the listing during review." },
    ],
    published: [
      { to: "rejected", why: "A live listing was taken down (a complaint, or it no longer complies)." },
      { to: "cancelled", why: "The owner took the listing off the site." },
    ],
    rejected: [{ to: "in_review", why: "The owner fixed the problem and asked for another look." }],
    cancelled: [],
  },
};

/**
 * A provider application (docs/decisions/0009-providers.md): an operator checks the identity,
 * work authorisation and licence documents, then approves (with the services granted: the
 * account becomes a provider) or rejects with the reason, which is the transition's note and
 * goes to the applicant. Documents of a rejected application are deleted after the retention
 * period, so a rejection is final; the applicant applies again with a new application.
 */
export const PROVIDER_APPLICATION_LIFECYCLE: Lifecycle = {
  name: "provider-application",
  steps: ["received", "in_review", "approved"],
  endings: ["rejected", "cancelled"],
  transitions: {
    received: [
      { to: "in_review", why: "An operator started checking the documents." },
      { to: "approved", why: "Identity, work authorisation and licences check out; the services granted go live once the profile is set up." },
      { to: "rejected", why: "A check failed; the applicant is told why, and the documents are deleted after the retention period." },
      { to: "cancelled", why: "The applicant withdrew the application." },
    ],
    in_review: [
      { to: "approved", why: "The checks passed; the applicant is emailed a link to set up the profile." },
      { to: "rejected", why: "The checks failed; the applicant is told why, and the documents are deleted after the retention period." },
      { to: "cancelled", why: "The applicant withdrew during review." },
    ],
    approved: [],
    rejected: [],
    cancelled: [],
  },
};

/** The states a quote adds to a lifecycle (issue 50): shown on a request's timeline only once it is quoted. */
export const QUOTE_STATES = ["quoted", "quote_accepted", "quote_declined", "quote_expired"] as const satisfies readonly RequestStatus[];
export const isQuoteState = (s: RequestStatus) => (QUOTE_STATES as readonly RequestStatus[]).includes(s);

/**
 * A lifecycle with quotes (issue 50 item 1; docs/decisions/0042-quotes.md), for kinds priced by
 * quote (`quoted` on the kind): the operator agrees a price with the customer before the job is
 * matched. Quoted → accepted (by the customer: the request is confirmed at its date, the
 * calendar invite follows) / declined (by the customer, with an optional reason) / expired (the
 * validity passed: made by the clock, `by: "timeout"`). The move to Quoted is guarded: only
 * sending a quote makes it (quotes.server.ts), and a revision keeps the request Quoted. After an
 * acceptance the base lifecycle goes on (matching, the provider's answer, completion).
 */
export function withQuotes(base: Lifecycle): Lifecycle {
  const quote: Transition = { to: "quoted", why: "An operator sent the customer a priced quote (line items, HST, total, valid until); the customer answers from their status link or account." };
  const t = base.transitions;
  const afterAcceptance = (t.in_review ?? []).filter((m) => m.to === "matched").map((m) => ({ ...m, why: `${m.why} The customer had accepted the quote: the job goes out at the agreed price.` }));
  const [first, ...rest] = base.steps;
  const reviewIndex = rest.indexOf("in_review");
  const steps = [first!, ...rest.slice(0, reviewIndex + 1), "quoted", "quote_accepted", ...rest.slice(reviewIndex + 1)] as RequestStatus[];
  return {
    ...base,
    name: `${base.name}+quote`,
    steps,
    endings: [...base.endings, "quote_declined", "quote_expired"],
    transitions: {
      ...t,
      received: [...(t.received ?? []), quote],
      in_review: [...(t.in_review ?? []), quote],
      quoted: [
        { to: "quote_accepted", by: "customer", why: "The customer accepted the quote with one click (who and when are recorded): the request is confirmed at its date, the calendar invite follows, the operator (and a matched provider) are told." },
        { to: "quote_declined", by: "customer", why: "The customer declined the quote, with an optional reason; the operator is told (inbox flag) and may send a new one." },
        { to: "quote_expired", by: "timeout", why: "The quote's validity passed without an answer: it can no longer be accepted; the customer may ask for a new one." },
        { to: "in_review", why: "The operator withdrew the quote (a mistake, or the job changed); the customer sees it withdrawn." },
        { to: "cancelled", why: "It cannot be served at any price; the customer is told why." },
        customerCancels("while a quote is open"),
      ],
      quote_accepted: [
        ...afterAcceptance,
        {
          to: "completed",
          why: "The operator confirmed the agreed job was delivered (no provider answered on the site): not before its appointment starts.",
          notBefore: "start",
        },
        { to: "cancelled", why: "The agreed job fell through." },
        customerCancels("after accepting the quote"),
      ],
      quote_declined: [
        quote,
        { to: "cancelled", why: "The customer declined and no other price fits; the request is closed." },
      ],
      quote_expired: [
        quote,
        { to: "in_review", by: "customer", why: "The customer asked for a new quote from the expired one; the operator is told (inbox flag)." },
        { to: "cancelled", why: "The quote lapsed and the customer did not come back; the request is closed." },
        customerCancels("after the quote expired"),
      ],
    },
  };
}

export function canMove(lifecycle: Lifecycle, from: RequestStatus, to: RequestStatus): boolean {
  return (lifecycle.transitions[from] ?? []).some((t) => t.to === to);
}

/** Who makes a move: the operator (nobody named), the provider, the answer window's job, the customer. */
export type Mover = "provider" | "timeout" | "customer" | undefined;

/**
 * The move from → to that this party may make, if any: a move kept to one party (`by`) only by
 * them (the window's job also makes "provider-or-timeout"); the operator's moves by the operator
 * and the parties' own operations, never by the customer, who has only their own.
 */
export function moveFor(lifecycle: Lifecycle, from: RequestStatus, to: RequestStatus, by: Mover): Transition | null {
  const allowed = (m: Transition) =>
    m.by === undefined
      ? by !== "customer"
      : m.by === "customer"
        ? by === "customer"
        : m.by === "timeout"
          ? by === "timeout"
          : by === "provider" || (by === "timeout" && m.by === "provider-or-timeout");
  return (lifecycle.transitions[from] ?? []).find((m) => m.to === to && allowed(m)) ?? null;
}

/** Whether the customer may cancel a request in this state themselves. */
export const customerCanCancel = (lifecycle: Lifecycle, from: RequestStatus) => moveFor(lifecycle, from, "cancelled", "customer") !== null;

/**
 * Whether the customer may propose a new date and time in this state (the lifecycle's
 * `by: "customer"` move to Matched); the kind must also have an appointment (reschedule.server.ts).
 */
export const customerCanReschedule = (lifecycle: Lifecycle, from: RequestStatus) => moveFor(lifecycle, from, "matched", "customer") !== null;

/** The shared lifecycle's moves (the shape most kinds use). */
export const TRANSITIONS = SHARED_LIFECYCLE.transitions as Record<"received" | "in_review" | "matched" | "completed" | "cancelled", Transition[]>;
export const canTransition = (from: RequestStatus, to: RequestStatus) => canMove(SHARED_LIFECYCLE, from, to);
export const STEPS = SHARED_LIFECYCLE.steps;

export const STATUS_LABEL_KEYS = {
  received: "status.received",
  in_review: "status.inReview",
  matched: "status.matched",
  accepted: "status.accepted",
  completed: "status.completed",
  cancelled: "status.cancelled",
  published: "status.published",
  rejected: "status.rejected",
  approved: "status.approved",
  quoted: "status.quoted",
  quote_accepted: "status.quoteAccepted",
  quote_declined: "status.quoteDeclined",
  quote_expired: "status.quoteExpired",
} as const satisfies Record<RequestStatus, string>;

/** A status's label in a lifecycle: its own word where it has one, else the usual one. */
export function statusLabelKey(lifecycle: Pick<Lifecycle, "labels"> | null | undefined, status: RequestStatus): MessageKey {
  return lifecycle?.labels?.[status] ?? STATUS_LABEL_KEYS[status];
}

export function isRequestStatus(value: unknown): value is RequestStatus {
  return (REQUEST_STATES as readonly unknown[]).includes(value);
}
