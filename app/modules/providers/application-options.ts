import type { MessageKey } from "~/lib/i18n/translate";
import { MAX_DOCUMENT_BYTES } from "~/modules/site/constants";

/**
 * The Become a Provider form's options, limits and file rules, without zod: the form draws its
 * choices and the file check it runs on choosing from these on first render, while the schema
 * (application.ts) loads only once the form is used (use-zod-form.ts).
 */

/**
 * The Become a Provider application (requests-rentals-providers.md §3 Provider application,
 * §4 rules, §5 messages): one zod schema, built with the reader's messages, checks the form in
 * the browser and again in the server action. Conditional rules follow the spec: licence
 * fields when a selected service needs a licence, work-permit fields for open_permit and
 * employer_permit, no ID expiry for national_id. Files are checked here for presence, size and
 * declared type; the server then reads each file's real type from its bytes (documents.server.ts).
 */

export const WORK_STATUSES = ["citizen", "pr", "open_permit", "employer_permit", "other"] as const;
export type WorkStatus = (typeof WORK_STATUSES)[number];
export const PERMIT_STATUSES: readonly WorkStatus[] = ["open_permit", "employer_permit"];
export const needsPermit = (status: unknown) => (PERMIT_STATUSES as readonly unknown[]).includes(status);
export const WORK_STATUS_LABEL_KEYS: Record<WorkStatus, MessageKey> = {
  citizen: "provider.workStatus.citizen",
  pr: "provider.workStatus.pr",
  open_permit: "provider.workStatus.open_permit",
  employer_permit: "provider.workStatus.employer_permit",
  other: "provider.workStatus.other",
};

export const ID_TYPES = ["drivers_license", "passport", "national_id"] as const;
export type IdType = (typeof ID_TYPES)[number];
export const ID_TYPE_LABEL_KEYS: Record<IdType, MessageKey> = {
  drivers_license: "provider.idType.drivers_license",
  passport: "provider.idType.passport",
  national_id: "provider.idType.national_id",
};
export const needsIdExpiry = (idType: unknown) => idType !== "national_id";

/** The document inputs, in form order, and what each holds. */
export const DOCUMENT_FIELDS = ["govIdFileFront", "govIdFileBack", "workPermitFile", "licenseFile"] as const;
export type DocumentField = (typeof DOCUMENT_FIELDS)[number];
export type DocumentKind = "id_front" | "id_back" | "work_permit" | "licence";
export const DOCUMENT_KIND: Record<DocumentField, DocumentKind> = {
  govIdFileFront: "id_front",
  govIdFileBack: "id_back",
  workPermitFile: "work_permit",
  licenseFile: "licence",
};

/** PNG, JPEG or PDF (spec §5). The browser's `accept` and the declared-type check use these. */
export const ACCEPTED_DOCUMENT_MIME = ["image/png", "image/jpeg", "application/pdf"] as const;
export const ACCEPTED_DOCUMENT_EXTENSIONS = [".png", ".jpg", ".jpeg", ".pdf"] as const;
export const DOCUMENT_ACCEPT = [...ACCEPTED_DOCUMENT_MIME, ...ACCEPTED_DOCUMENT_EXTENSIONS].join(",");

/** Why a file is refused: the spec's two toasts. */
export type DocumentError = "tooLarge" | "unsupported" | "unreadable";
export const DOCUMENT_ERROR_KEYS: Record<DocumentError, { title: MessageKey; text: MessageKey }> = {
  tooLarge: { title: "provider.error.fileTooLargeTitle", text: "provider.error.fileTooLarge" },
  unsupported: { title: "provider.error.fileTypeTitle", text: "provider.error.fileType" },
  // A PDF the server could not parse and rewrite without its active content (encrypted, damaged).
  unreadable: { title: "provider.error.pdfUnreadableTitle", text: "provider.error.pdfUnreadable" },
};

/** What a chosen file's name and declared type say (its bytes are checked on the server). */
export function documentProblem(file: { size: number; name: string; type: string }): DocumentError | null {
  if (file.size > MAX_DOCUMENT_BYTES) return "tooLarge";
  const name = file.name.toLowerCase();
  const declared = (ACCEPTED_DOCUMENT_MIME as readonly string[]).includes(file.type);
  const extension = ACCEPTED_DOCUMENT_EXTENSIONS.some((e) => name.endsWith(e));
  return declared || (file.type === "" && extension) ? null : "unsupported";
}

/**
 * A document held by the server from a refused post (documents.server.ts): the form carries it
 * back as a hidden `kept.<field>` of `<ext>:<name>`, so that input need not be chosen again.
 */
export type KeptDocument = { ext: "png" | "jpg" | "pdf"; name: string };
const KEPT = /^(png|jpg|pdf):([^\n]{1,120})$/;
export const keptValue = (kept: KeptDocument) => `${kept.ext}:${kept.name}`;
export function parseKept(value: unknown): KeptDocument | null {
  const m = typeof value === "string" ? KEPT.exec(value) : null;
  return m ? { ext: m[1] as KeptDocument["ext"], name: m[2]! } : null;
}

/**
 * What a file's first bytes say it is, by the rule the server applies to the whole file: PNG,
 * JPEG or PDF signatures. A text file named x.jpg is refused when it is chosen, not after the
 * whole form was sent.
 */
export function documentSignatureProblem(head: Uint8Array): DocumentError | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  const png = starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
  const jpeg = starts(0xff, 0xd8, 0xff);
  const pdf = starts(0x25, 0x50, 0x44, 0x46); // %PDF
  return png || jpeg || pdf ? null : "unsupported";
}

export const LIMITS = {
  fullName: 100,
  email: 254,
  phone: 30,
  address: 200,
  serviceArea: 500,
  serviceAreas: 20,
  customService: 100,
  idNumber: 50,
  licenseType: 100,
  licenseNumber: 50,
  licenseRegion: 100,
} as const;

/** Service areas as typed: comma-separated, trimmed, empty pieces and repeats dropped. */
export const splitAreas = (text: string) => [
  ...new Set(
    text
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean),
  ),
];
