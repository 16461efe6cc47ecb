import type { MessageKey } from "~/lib/i18n/translate";
import type { CustomerCancellation } from "~/modules/requests/views";
import type { RenderedField } from "~/modules/requests/kind";
import type { RequestKind } from "~/modules/requests/kinds";
import type { Unavailable } from "~/modules/providers/availability";
import type { RequestStatus, Transition } from "~/modules/requests/status";
import type { OutboxFilterStatus } from "./outbox";

/*
 * What the back office's request pages show (requests.server.ts and audit.server.ts read it):
 * types both the server and the components import, so no component imports a server module.
 */

export type AuditRecord = {
  id: string;
  actor: string;
  action: string;
  before: unknown;
  after: unknown;
  note: string | null;
  at: string;
};

/**
 * A request as the operators work on it (ADR 12): every field rendered from its kind,
 * its timeline, the emails written for it, internal notes, who did what, and the moves its
 * kind allows from where it is. Moves a kind keeps to itself (a provider decision, a listing's
 * publication, a match) are done on their own forms.
 */
export type AdminRequest = {
  id: string;
  reference: string;
  kind: RequestKind;
  status: RequestStatus;
  title: string;
  /** The title is someone's own words (translate="no"). */
  titleAsWritten: boolean;
  name: string;
  email: string | null;
  locale: string;
  createdAt: string;
  /** Its appointment (Toronto's wall clock, as typed), null without a date and time. */
  appointment: string | null;
  /** The appointment has started (or there is none): completing it is allowed from then on. */
  started: boolean;
  subject: { type: string; id: string } | null;
  fields: RenderedField[];
  events: { status: RequestStatus; note: string | null; at: string }[];
  notes: { id: string; author: string; body: string; at: string }[];
  emails: { id: string; kind: string; to: string; subject: string; status: OutboxFilterStatus; at: string }[];
  audit: AuditRecord[];
  /** Where its kind's lifecycle words a status its own way (status.ts `labels`, read with statusLabelKey). */
  labels: Partial<Record<RequestStatus, MessageKey>>;
  /** The moves an operator may make here (the kind's lifecycle less its guarded moves). */
  moves: Transition[];
  /** Set for kinds matched to a provider: where the shortlist starts, and who was matched. */
  match: { servicePage: string | null; area: string | null; canMatch: boolean; provider: { id: string; name: string } | null } | null;
  /**
   * The provider's side (ADR 24): until when they may answer, when they said it is done, and —
   * when a match fell through — why ("needs a new match") and who declined.
   */
  job: {
    respondBy: string | null;
    doneAt: string | null;
    rematchReason: string | null;
    declined: { provider: string; reason: string; note: string | null; at: string }[];
  } | null;
  /** The customer cancelled it themselves (issue 49 item 1): their reason, note, and whether it was late. */
  cancellation: CustomerCancellation | null;
  /** A new date and time the customer asked for (ADR 43), waiting for a provider to accept it. */
  proposal: { appointment: string; at: string } | null;
};

/** `category`: a catalogue service the provider shows (ADR 40). */
export type ShortlistFilter = { servicePage?: string; area?: string; category?: string; licensed?: boolean };
export type ShortlistEntry = {
  id: string;
  name: string;
  services: string[];
  areas: string[];
  licenceValidTo: string | null;
  openMatches: number;
  /** Why they cannot take this request (away on its date, area not covered, not working then); empty: available. */
  unavailable: Unavailable[];
};
