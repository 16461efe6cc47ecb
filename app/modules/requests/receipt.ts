/**
 * A request's receipt as the browser shows it (issue 49 item 5): in the dialog that sent it, and
 * on the success page a plain post lands on. Shared by both sides; built by success.server.ts.
 */
export type RequestReceipt = {
  /** The form's "sent" heading (the spec's toast title), when it has one. */
  title?: string;
  /** What was asked for: a service, a listing, "Chauffeur contact". */
  serviceName: string;
  /** What happens next. */
  message: string;
  reference?: string;
  statusPath?: string;
  emailed?: boolean;
  withheld?: "mailbox" | "client" | null;
  fields?: { label: string; value: string }[];
};

/**
 * A dialog's form says it wants its receipt back as data (its script sets this field as it
 * posts); a plain post leaves the field as rendered and lands on the success page.
 */
export const ANSWER_FIELD = "answer";
export const ANSWER_IN_DIALOG = "dialog";
export const ANSWER_ON_PAGE = "page";
