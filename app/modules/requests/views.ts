import type { CustomerQuote } from "~/modules/quotes/views";
import type { RequestKind } from "./kinds";
import type { MessageKey } from "~/lib/i18n/translate";
import type { RequestStatus } from "./status";

/**
 * A stored request as its customer's pages show it (requests.server.ts and outcome.server.ts
 * read it): types both the server and the components import, so no component imports a server
 * module.
 */
export type RequestOutcome = {
  provider: { name: string; profileId: string | null; confirmed: boolean } | null;
  reason: string | null;
};

/** One move of a request, as its timelines show it. */
export type RequestEventView = { status: RequestStatus; note: string | null; at: string };

/** A stored request as the reader sees it: every text rendered in their language. */
export type RequestView = {
  reference: string;
  kind: RequestKind;
  status: RequestStatus;
  title: string;
  createdAt: string;
  /** Its appointment (Toronto's wall clock, as typed): the page's headline; null without a date and time. */
  appointment: string | null;
  details: { label: string; value: string | number | null }[];
  events: RequestEventView[];
  timeline: { steps: RequestStatus[]; endings: RequestStatus[]; labels?: Partial<Record<RequestStatus, MessageKey>> };
  /** It happens at a date and time: the status page offers its calendar file. */
  hasCalendar: boolean;
  /** The customer may cancel it themselves now (it is not done): the page offers the form. */
  canCancel: boolean;
  /** Cancelling now would be marked late: the kind's window, in hours (else null). */
  lateCancelHours: number | null;
  /** How the customer cancelled it, if they did (the reason is a CANCEL_REASONS code). */
  cancellation: CustomerCancellation | null;
  /** The latest quote sent for it, for a request priced by quote (issue 50); null otherwise. */
  quote: CustomerQuote | null;
  /** The customer may propose a new date and time now (a provider holds it, it has not started). */
  canReschedule: boolean;
  /** The new date and time they proposed, waiting for a provider to accept (Toronto's wall clock). */
  proposal: { appointment: string; at: string } | null;
} & RequestOutcome;

/** A customer's own cancellation, as their pages show it back. */
export type CustomerCancellation = { reason: string; note: string | null; late: boolean; at: string };
