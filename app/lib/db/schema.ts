import type { Generated, Insertable, Selectable } from "kysely";

/**
 * Table types shared by both dialects. Booleans are stored as 0/1 integers and lists as JSON
 * text, and timestamps as ISO-8601 UTC strings, so one set of migrations and queries serves
 * SQLite and PostgreSQL alike (docs/decisions/0002-database.md).
 */
export type Bool = 0 | 1;

export type ServiceCategoryTable = {
  slug: string;
  title: string;
  short_description: string;
  hero_image: string;
  includes: string; // JSON string[]
  areas: string;
  cta_label: string;
  gallery: string | null; // JSON string[] | null
  sort_order: number;
};

export type ProviderServiceTable = {
  slug: string;
  name: string;
  requires_license: Bool;
  license_type: string | null;
  sort_order: number;
};

export type HomeListingTable = {
  id: string;
  title: string;
  property_type: string;
  price: number;
  price_unit: "month" | "night";
  city: string;
  neighborhood: string;
  address: string;
  bedrooms: number;
  bathrooms: number;
  furnished: Bool;
  pet_friendly: Bool;
  parking: Bool;
  amenities: string; // JSON string[]
  available_from: string;
  images: string; // JSON string[]
  description: string;
  landlord_name: string;
  landlord_avatar: string;
  landlord_verified: Bool;
  status: "published" | "pending" | "rejected";
  created_at: string;
  owner_user_id: string | null;
  owner_name: string | null;
  owner_email: string | null;
  owner_phone: string | null;
  province: string | null;
  postal: string | null;
  utilities_included: Generated<Bool>;
  deposit: number | null;
  min_stay: string | null;
  lease_term: string | null;
  price_monthly: Generated<number>;
  search_text: Generated<string>;
  /** City of Toronto short-term rental registration (per-night listings only). */
  str_registration: string | null;
  /** The language the title and description were written in (the wizard's page); null: unknown (0032). */
  locale: string | null;
};

/** An owner account an operator verified ('Verified Owner' on each of its listings). */
export type OwnerVerificationTable = { user_id: string; verified_by: string; verified_at: string };

export type ListingDraftTable = {
  id: string;
  user_id: string;
  step: number;
  data: string;
  updated_at: string;
};
export type ListingPhotoTable = {
  id: string;
  user_id: string;
  draft_id: string | null;
  listing_id: string | null;
  position: number;
  width: number;
  height: number;
  created_at: string;
};

export type CommunityReviewTable = {
  id: string;
  username: string;
  review_date: string;
  rating: number;
  comment: string;
  service: string;
  status: ReviewStatus;
  created_at: string;
  /** Null for the seeded static reviews; the rest come from a completed request (0011-reviews). */
  author_user_id: string | null;
  request_id: string | null;
  provider_id: string | null;
  /** The service page (/services/:slug) the review shows on, if any. */
  service_slug: string | null;
  /** The author's language, for the moderation emails. */
  locale: string | null;
  reject_reason: string | null;
  decided_at: string | null;
  updated_at: string | null;
};
export type ReviewStatus = "published" | "pending" | "rejected";
export type ReviewPhotoTable = {
  id: string;
  review_id: string;
  user_id: string;
  position: number;
  width: number;
  height: number;
  created_at: string;
};
export type ReviewReplyTable = {
  id: string;
  review_id: string;
  provider_id: string;
  author_user_id: string;
  body: string;
  status: ReviewStatus;
  reject_reason: string | null;
  locale: string;
  created_at: string;
  updated_at: string;
  decided_at: string | null;
};

export type OutboxStatus = "pending" | "sending" | "sent" | "failed";

export type OutboxTable = {
  id: string;
  kind: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  status: OutboxStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  message_id: string | null;
  created_at: string;
  sent_at: string | null;
  /** The request it was written for, if any (its back-office page lists them). */
  request_id: string | null;
  /** JSON `[{ filename, contentType, content }]` (an .ics invite), or null: sent with the message. */
  attachments: string | null;
  /** The mailbox cap it counts against (group + hash of the normalised address), if capped. */
  recipient_key: string | null;
  /** A link's live token, encrypted with a key outside the database; cleared once sent (ADR 0025). */
  sealed_secret: string | null;
  /** When it was given up as failed; null otherwise (and for failures before migration 0022). */
  failed_at: string | null;
  /** JSON of extra headers (List-Unsubscribe on mail a person may stop), or null. */
  headers: string | null;
};

export type AppMetaTable = { key: string; value: string };

/** better-auth's tables (camelCase columns, as its adapter writes them). Read-only for us. */
export type UserTable = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  phone: string | null;
  role: string | null;
  adultConfirmedAt: Date | string | null;
  termsAcceptedAt: Date | string | null;
  /** When every link mailed to the account was revoked (migration 0021; ISO text). */
  linksRevokedAt: string | null;
};
export type SessionTable = {
  id: string;
  expiresAt: Date | string;
  token: string;
  createdAt: Date | string;
  updatedAt: Date | string;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
};
export type AccountTable = {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  password: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
};
export type VerificationTable = {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Date | string;
  createdAt: Date | string;
  updatedAt: Date | string;
};
/** An account's one outstanding reset link, sealed (migration 0021, ADR 36). */
/** A link to an address's email preferences: only its token's hash is kept (migration 0031). */
export type MailPreferenceLinkTable = { token_hash: string; address: string; locale: string; created_at: string };
/** An address that asked to stop review invitations and reminders. */
export type MailOptOutTable = { address: string; created_at: string };
export type ResetLinkTable = { user_id: string; sealed_token: string; expires_at: string };
export type RequestTable = {
  id: string;
  reference: string;
  token_hash: string;
  kind: string;
  status: string;
  user_id: string | null;
  name: string;
  email: string | null;
  /** The kind's payload as typed values (JSON), language-neutral. */
  data: string;
  /** The customer's language: their confirmation, status emails and status page use it. */
  locale: string;
  /** What the request concerns (a listing, a service, a provider application), if anything. */
  subject_type: string | null;
  subject_id: string | null;
  created_at: string;
  updated_at: string;
  /** Set when an operator deletes the request: kept for the audit log, gone from every list. */
  deleted_at: string | null;
  /** The provider matched to it (providers.id), once an operator confirmed the match. */
  provider_id: string | null;
  /** Until when the matched provider may accept or decline (0016-provider-jobs). */
  respond_by: string | null;
  /** Why the last match fell through (a decline reason or "timeout"): "needs a new match". */
  rematch_reason: string | null;
  /** What the customer last did with a quote (accepted, declined, renew): the inbox flags it (0026). */
  quote_flag: string | null;
  /** When the matched provider marked the job done. */
  provider_done_at: string | null;
  /** Its calendar event's SEQUENCE (RFC 5545): bumped on each change the invites announce. */
  calendar_sequence: Generated<number>;
  /**
   * The customer's proposed new date and time (0027, ADR 43), waiting for a provider to accept
   * it; written into `data` only then. `proposed_from`: the status it left (matched/accepted).
   */
  proposed_date: string | null;
  proposed_time: string | null;
  proposed_from: string | null;
  proposed_at: string | null;
  /** One post of a form, once: hash of its one-time token and what was sent (0019; null without a token). */
  submission_key: string | null;
};
export type RequestDeclineTable = {
  id: string;
  request_id: string;
  provider_id: string;
  reason: string;
  note: string | null;
  created_at: string;
};
/** A request its customer cancelled (0023): the reason code, their note, and whether it came late. */
export type RequestCancellationTable = {
  request_id: string;
  by: string;
  reason: string;
  note: string | null;
  /** 0/1: inside the kind's late-cancellation window before the appointment. */
  late: number;
  created_at: string;
};
/** A version of a request's quote (migration 0026; docs/decisions/0042-quotes.md). */
export type QuoteTable = {
  id: string;
  request_id: string;
  version: number;
  /** draft | sent | accepted | declined | expired | withdrawn | replaced */
  status: string;
  currency: string;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  included: string | null;
  excluded: string | null;
  note: string | null;
  /** A calendar day (Toronto): valid through its end. */
  valid_until: string;
  created_by: string;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  answered_at: string | null;
  accepted_by: string | null;
  decline_reason: string | null;
  reminded_at: string | null;
  /** The date (YYYY-MM-DD) and time (HH:MM, Toronto) the quote offers, for a request that has none (0030). */
  appointment_date: string | null;
  appointment_time: string | null;
};
export type QuoteLineTable = { quote_id: string; position: number; description: string; quantity_hundredths: number; unit_cents: number; amount_cents: number };
export type MatchWindowTable = { kind: string; hours: number; updated_at: string };
/** The operator's late-cancellation window per kind with an appointment (0028); none: the kind's default. */
export type LateCancelWindowTable = { kind: string; hours: number; updated_at: string };
export type RequestNoteTable = {
  id: string;
  request_id: string;
  author_user_id: string;
  author_name: string;
  body: string;
  created_at: string;
};
export type AuditLogTable = {
  id: string;
  actor_user_id: string;
  action: string;
  entity_type: string;
  entity_id: string;
  before: string | null;
  after: string | null;
  note: string | null;
  created_at: string;
};
export type RequestEventTable = {
  id: string;
  request_id: string;
  status: string;
  note: string | null;
  created_at: string;
};

export type ProviderTable = {
  id: string;
  user_id: string;
  application_id: string;
  name: string;
  bio: string | null;
  /** The language the bio was written in (the set-up page's); null: unknown (0032). */
  bio_locale: string | null;
  services: string; // JSON string[]
  /** JSON string[]: the catalogue services turned on at /provider-profile-setup (ADR 40; six category ids before 0023). */
  categories: string;
  service_areas: string; // JSON string[]
  search_text: Generated<string>;
  status: "approved" | "live";
  /** JSON `{ mon: ["09:00", "17:00"], … }` (days off not listed); null: never set. */
  work_hours: string | null;
  /** JSON `[{ from, to }]` (dates the provider is away), or null. */
  away_periods: string | null;
  id_checked_at: string;
  created_at: string;
  updated_at: string;
};
export type ProviderDocumentTable = {
  id: string;
  application_id: string;
  user_id: string;
  kind: "id_front" | "id_back" | "work_permit" | "licence";
  original_name: string;
  storage_key: string;
  content_type: string;
  size: number;
  expires_on: string | null;
  status: "pending" | "approved" | "rejected" | "superseded";
  reminded_days: number | null;
  delete_after: string | null;
  deleted_at: string | null;
  created_at: string;
  /** The renewal this document came with (ADR 27); null for an application's documents. */
  renewal_id: string | null;
  /** When the operator approved it (migration 0023): the Verified badge's "license checked". */
  checked_at: string | null;
};
/** A renewed document waiting for, or given, the operator's decision (migration 0020). */
export type DocumentRenewalTable = {
  id: string;
  user_id: string;
  provider_id: string;
  document: "licence" | "id" | "work_permit";
  expires_on: string;
  status: "pending" | "approved" | "rejected";
  note: string | null;
  decided_by: string | null;
  decided_at: string | null;
  created_at: string;
};
export type DocumentAccessLogTable = {
  id: string;
  document_id: string;
  admin_user_id: string;
  accessed_at: string;
  client_ip: string | null;
};
export type JobRunTable = { name: string; run_key: string; claimed_at: string; finished_at: string | null };

/** A "Download my data" export; see db/migrations/0013-data-exports.ts. */
export type DataExportStatus = "queued" | "building" | "ready" | "failed" | "expired";
export type DataExportTable = {
  id: string;
  user_id: string;
  status: DataExportStatus;
  /** The language of the page it was asked from: its email and summary.html are written in it. */
  locale: string;
  file_name: string | null;
  file_key: string | null;
  size: number | null;
  error: string | null;
  created_at: string;
  claimed_at: string | null;
  ready_at: string | null;
  expires_at: string | null;
};

/** Which version of which legal document a person accepted, when and how (migration 0014). Rows are only added. */
export type ConsentTable = {
  id: string;
  user_id: string;
  document: string;
  version: string;
  accepted_at: string;
  method: string;
};

export type AnalyticsDailyTable = { name: string; day: string; count: number };

export type Database = {
  service_categories: ServiceCategoryTable;
  provider_services: ProviderServiceTable;
  home_listings: HomeListingTable;
  owner_verifications: OwnerVerificationTable;
  community_reviews: CommunityReviewTable;
  review_photos: ReviewPhotoTable;
  review_replies: ReviewReplyTable;
  mail_outbox: OutboxTable;
  app_meta: AppMetaTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  reset_links: ResetLinkTable;
  mail_preference_links: MailPreferenceLinkTable;
  mail_opt_outs: MailOptOutTable;
  analytics_daily: AnalyticsDailyTable;
  requests: RequestTable;
  request_events: RequestEventTable;
  listing_drafts: ListingDraftTable;
  listing_photos: ListingPhotoTable;
  providers: ProviderTable;
  provider_documents: ProviderDocumentTable;
  document_access_log: DocumentAccessLogTable;
  document_renewals: DocumentRenewalTable;
  job_runs: JobRunTable;
  request_notes: RequestNoteTable;
  request_declines: RequestDeclineTable;
  request_cancellations: RequestCancellationTable;
  quotes: QuoteTable;
  quote_lines: QuoteLineTable;
  match_windows: MatchWindowTable;
  late_cancel_windows: LateCancelWindowTable;
  audit_log: AuditLogTable;
  data_exports: DataExportTable;
  consents: ConsentTable;
};

export type OutboxRow = Selectable<OutboxTable>;
export type NewOutboxRow = Insertable<OutboxTable>;
