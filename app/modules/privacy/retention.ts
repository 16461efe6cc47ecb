/**
 * How long we keep personal information. The ONE place for these periods:
 * the daily retention job (retention.server.ts), the providers' document purge and the Privacy
 * Policy in every language read them from here, so what we promise and what runs cannot drift.
 * No server imports: the legal documents render in the browser too.
 *
 * Periods in days, counted from the moment named on each line; each says why it is that long.
 */
export const RETENTION_DAYS = {
  /**
   * A request an operator deleted (requests.deleted_at): 30 days gives an operator a month to
   * notice a deletion made by mistake and the audit log time to be reviewed, then the request,
   * its timeline, notes and the emails written for it are gone for good.
   */
  deletedRequests: 30,
  /**
   * The text of an email we sent to a customer, provider or account holder (counted from its
   * sending): 180 days covers the questions that follow a booking or a stay (a season) and
   * disputes about what we told whom. Then the body and the recipient's address are blanked;
   * the kind, subject, status and times stay, so the back office still sees that it was sent.
   */
  customerEmailBodies: 180,
  /**
   * A message sent through the contact form (counted from its sending): a year lets the
   * operator see a returning question in context, and no contract depends on it.
   */
  contactMessages: 365,
  /**
   * An account whose email was never verified and that did nothing (no request, listing,
   * review, application or recent session), counted from sign-up: the verification link is
   * short-lived, and two weeks is ample to find the email; after that the account is most
   * likely a typo or someone else's address, and it only blocks the address for a real sign-up.
   */
  unverifiedAccounts: 14,
  /**
   * Documents of a provider application that is not approved (counted from the decision): 30
   * days to answer questions about the decision; the providers' daily job deletes the files.
   */
  rejectedProviderDocuments: 30,
  /**
   * A document held from a provider application form that was sent back (a missing field, one
   * refused file) and never sent again, counted from its upload: a day covers correcting the form
   * in the same sitting; an identity document nobody submitted is not kept longer.
   */
  heldProviderDocuments: 1,
  /** A data export's ZIP, counted from its creation: its link is valid this long. */
  dataExports: 7,
} as const;

export type RetentionPeriod = keyof typeof RETENTION_DAYS;

/** Documents of a rejected provider application are deleted this many days after the decision. */
export const REJECTED_DOCUMENT_RETENTION_DAYS = RETENTION_DAYS.rejectedProviderDocuments;

/**
 * "Download my data" (issue 47 item 4): one export a day per person, and all export files
 * together never above this many bytes: the retention job deletes the oldest ready files past it
 * (their owners are told the download expired and can ask again).
 */
export const DATA_EXPORT_COOLDOWN_HOURS = 24;
export const DATA_EXPORT_STORAGE_QUOTA_BYTES = 2 * 1024 ** 3;
