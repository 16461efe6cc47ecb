import { POLICIES_EFFECTIVE_DATE, PRIVACY_EFFECTIVE_DATE } from "../site/constants";

/**
 * The legal documents a person accepts, and the version of each that is in force. A version is
 * the document's effective date (YYYY-MM-DD, the date the Legal Center prints), so versions
 * sort as text. To publish a new version of a document, change its effective date: everyone
 * whose latest accepted version is older is asked to accept the new one (/account/consent).
 * The Privacy Policy gained its data-rights and retention sections (ADR 26); the others keep the spec's date.
 */
export const CONSENT_DOCUMENTS = ["terms", "privacy", "provider-guidelines"] as const;
export type ConsentDocument = (typeof CONSENT_DOCUMENTS)[number];

/** Every legal document's effective date, by its slug in /legal/<slug>. */
export const EFFECTIVE_DATES = {
  terms: POLICIES_EFFECTIVE_DATE,
  privacy: PRIVACY_EFFECTIVE_DATE,
  "reviews-policy": POLICIES_EFFECTIVE_DATE,
  "provider-guidelines": POLICIES_EFFECTIVE_DATE,
} as const satisfies Record<string, string>;

/** The effective date of the document at /legal/<slug>. */
export const effectiveDateOf = (slug: string): string => (EFFECTIVE_DATES as Record<string, string>)[slug] ?? POLICIES_EFFECTIVE_DATE;

export const CURRENT_VERSIONS: Record<ConsentDocument, string> = {
  terms: EFFECTIVE_DATES.terms,
  privacy: EFFECTIVE_DATES.privacy,
  "provider-guidelines": EFFECTIVE_DATES["provider-guidelines"],
};

/** What every account holder must have accepted in its current version to use their account. */
export const ACCOUNT_DOCUMENTS = ["terms", "privacy"] as const satisfies readonly ConsentDocument[];

/** How a consent was given: the form that asked for it. */
export type ConsentMethod = "signup" | "provider-application" | "re-accept" | "admin-setup";

/**
 * The versions a consent form showed, as one hidden field ("terms:2025-09-25,privacy:…"), so an
 * acceptance posted after a document changed again is not recorded for the newer text.
 */
export const versionsField = (documents: readonly ConsentDocument[]) =>
  documents.map((d) => `${d}:${CURRENT_VERSIONS[d]}`).join(",");
