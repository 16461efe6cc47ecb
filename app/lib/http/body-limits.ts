import { routePath } from "./route-path";
import { MAX_DOCUMENT_BYTES, MAX_LISTING_PHOTOS, MAX_UPLOAD_BYTES } from "~/modules/site/constants";

/**
 * How much a form post may carry, per action, in one table. The request guard refuses a body
 * over `maxBytes` before reading a byte of it; `readForm` refuses more than `maxFields` fields
 * (or `maxFiles` files) while parsing, so a flood of tiny parts cannot block the event loop.
 */
export type BodyLimit = {
  maxBytes: number;
  maxFields: number;
  /** Files in a multipart body; 0 = this action takes no multipart bodies at all. */
  maxFiles: number;
  /** One file: kept up to one byte more (so the action can say it is too large), the rest dropped while streaming. */
  maxFileBytes?: number;
};

/**
 * Every text form. The longest field is a few thousand characters, but a visitor who pastes far
 * more should get the form back with "at most N characters" (the schema's message), not a bare
 * 413: so the byte limit is generous, and only abuse reaches it.
 */
export const FORM_LIMIT: BodyLimit = { maxBytes: 512 * 1024, maxFields: 200, maxFiles: 0 };

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
/** Pages with a path parameter, by pattern. */
const PATTERNS: [RegExp, BodyLimit][] = [[/^\/account\/reviews\/[^/]+$/, REVIEW_LIMIT]];

const LIMITS: Record<string, BodyLimit> = {
  "/homes/new": UPLOAD_LIMIT,
  "/become-a-provider": APPLICATION_LIMIT,
  "/account/documents": RENEWAL_LIMIT,
};

/** The limit for a request path (read as routes read it: any case); React Router's data requests (`/x.data`) share their page's. */
export function bodyLimitFor(pathname: string): BodyLimit {
  const page = routePath(pathname).replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  return LIMITS[page === "/_root" ? "/" : page] ?? PATTERNS.find(([pattern]) => pattern.test(page))?.[1] ?? FORM_LIMIT;
}
