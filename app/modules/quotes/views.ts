import type { Currency } from "./money";

/**
 * A quote as pages show it (quotes.server.ts reads it): types both the server and the components
 * import, so no component imports a server module. Amounts are integer cents; pages format them
 * for their reader (money.ts formatMoney).
 */
export type QuoteLineView = { description: string; quantityHundredths: number; unitCents: number; amountCents: number };

export type QuoteStatus = "draft" | "sent" | "accepted" | "declined" | "expired" | "withdrawn" | "replaced";

export type QuoteView = {
  id: string;
  version: number;
  status: QuoteStatus;
  currency: Currency;
  lines: QuoteLineView[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  included: string | null;
  excluded: string | null;
  note: string | null;
  /** A calendar day (Toronto): the quote holds through its end. */
  validUntil: string;
  /**
   * The date and time it offers ("2026-12-15T10:00", Toronto's wall clock), for a request whose
   * form asked none: accepting the quote dates the request with it.
   */
  appointment: string | null;
  sentAt: string | null;
  answeredAt: string | null;
  declineReason: string | null;
  /** Past its validity (Toronto's day), whatever its stored status says: it can no longer be accepted. */
  lapsed: boolean;
};

/** What the customer's pages show: the latest quote sent, and whether it replaced an earlier one. */
export type CustomerQuote = {
  quote: QuoteView;
  /** When the quote it replaced was sent (null: the first one). */
  replacedSentAt: string | null;
  /** The customer may accept or decline it now. */
  canAnswer: boolean;
  /** It expired: the page offers "ask for a new quote". */
  canRenew: boolean;
};

/** What the back office shows: the draft being written, the quote out with the customer, the history. */
export type AdminQuotes = {
  /** The request's kind and values are priced by quote. */
  quoted: boolean;
  /** What the customer last did (accepted, declined, renew), until the operator acts: the inbox flag. */
  flag: string | null;
  /** A quote may be sent now (the request's state allows it). */
  canSend: boolean;
  /** The request has no date and time of its own: a quote sent for it must offer one. */
  needsAppointment: boolean;
  draft: QuoteView | null;
  current: QuoteView | null;
  history: QuoteView[];
};
