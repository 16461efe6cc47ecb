import type { BodyLimit, BodyLimitTable } from "~/lib/http/body-limits";
import { MAX_DOCUMENT_BYTES, MAX_LISTING_PHOTOS, MAX_UPLOAD_BYTES } from "./constants";

/**
 * The listing wizard takes photos. Files beyond the listing's cap are still read (up to the byte
 * limit) so the wizard can answer with its own message rather than a bare 413.
 */
const UPLOAD_LIMIT: BodyLimit = {
  maxBytes: MAX_LISTING_PHOTOS * MAX_UPLOAD_BYTES + 1024 * 1024,
  maxFields: 200,
  maxFiles: MAX_LISTING_PHOTOS * 2,
  maxFileBytes: MAX_UPLOAD_BYTES,
};

/**
 * The provider application: four document inputs (ID front and back, work permit, licence).
 * A file over 10 MB still fits the body, so the form answers 'File too large' itself.
 */
const DOCUMENT_FILES = 4;
const APPLICATION_LIMIT: BodyLimit = {
  maxBytes: DOCUMENT_FILES * MAX_DOCUMENT_BYTES + 2 * 1024 * 1024,
  maxFields: 200,
  maxFiles: DOCUMENT_FILES,
  maxFileBytes: MAX_DOCUMENT_BYTES,
};

/** A document renewal (ADR 27): the renewed document, and an ID's back. */
const RENEWAL_LIMIT: BodyLimit = {
  maxBytes: 2 * MAX_DOCUMENT_BYTES + 1024 * 1024,
  maxFields: 20,
  maxFiles: 2,
  maxFileBytes: MAX_DOCUMENT_BYTES,
};

/** A review: a few text fields and up to three photos (a fourth is read, to be refused by name). */
const REVIEW_PHOTO_FILES = 3;
const REVIEW_LIMIT: BodyLimit = {
  maxBytes: (REVIEW_PHOTO_FILES + 1) * MAX_UPLOAD_BYTES + 1024 * 1024,
  maxFields: 50,
  maxFiles: REVIEW_PHOTO_FILES + 1,
  maxFileBytes: MAX_UPLOAD_BYTES,
};

/** What each upload page may receive; every other action gets a text form's FORM_LIMIT. */
export const BODY_LIMITS: BodyLimitTable = {
  byPath: {
    "/homes/new": UPLOAD_LIMIT,
    "/become-a-provider": APPLICATION_LIMIT,
    "/account/documents": RENEWAL_LIMIT,
  },
  // Pages with a path parameter.
  byPattern: [[/^\/account\/reviews\/[^/]+$/, REVIEW_LIMIT]],
};
