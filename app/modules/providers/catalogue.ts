import type { MessageKey, Translate } from "~/lib/i18n/translate";

/**
 * The provider service catalogue (spec: 18 entries, 11 without a licence, 7 with one and its
 * licence type): the one list of what a provider applies for, is approved for, turns on at
 * /provider-profile-setup, shows on the profile and in search, and is filtered by in the
 * shortlist (ADR 40; the spec's six profile categories became these slugs in migration 0023).
 * The seed fills the provider_services table from this list (db/seed/data.ts).
 */
export type ProviderService = { slug: string; name: string; requiresLicense: boolean; licenseType: string | null };

export const PROVIDER_SERVICES: readonly ProviderService[] = [
  { slug: "handyman", name: "Handyman", requiresLicense: false, licenseType: null },
  { slug: "cleaning", name: "Cleaning", requiresLicense: false, licenseType: null },
  { slug: "gardening", name: "Gardening", requiresLicense: false, licenseType: null },
  { slug: "dj-events", name: "DJ/Events", requiresLicense: false, licenseType: null },
  { slug: "tutoring", name: "Tutoring", requiresLicense: false, licenseType: null },
  { slug: "moving", name: "Moving", requiresLicense: false, licenseType: null },
  { slug: "painting", name: "Painting", requiresLicense: false, licenseType: null },
  { slug: "appliance-repair", name: "Appliance Repair", requiresLicense: false, licenseType: null },
  { slug: "it-support", name: "IT Support", requiresLicense: false, licenseType: null },
  { slug: "photography", name: "Photography", requiresLicense: false, licenseType: null },
  { slug: "caterer", name: "Caterer", requiresLicense: false, licenseType: null },
  { slug: "plumbing", name: "Plumbing", requiresLicense: true, licenseType: "Trade/Plumber License" },
  { slug: "salon-beauty", name: "Salon/Beauty", requiresLicense: true, licenseType: "Cosmetology/Esthetics License" },
  { slug: "car-chauffeur", name: "Car/Chauffeur", requiresLicense: true, licenseType: "Driver's License" },
  { slug: "electrical", name: "Electrical", requiresLicense: true, licenseType: "Electrical Contractor/Trade License" },
  { slug: "hvac", name: "HVAC", requiresLicense: true, licenseType: "HVAC Technician License" },
  { slug: "roofing", name: "Roofing", requiresLicense: true, licenseType: "Contractor License" },
  { slug: "general-contracting", name: "General Contracting", requiresLicense: true, licenseType: "Contractor License" },
];
export const PROVIDER_SERVICE_SLUGS = PROVIDER_SERVICES.map((s) => s.slug) as [string, ...string[]];

export const serviceBySlug = (slug: string) => PROVIDER_SERVICES.find((s) => s.slug === slug);

/** A service's name in the reader's language (`provider.service.<slug>`; the seed keeps the English one). */
export function providerServiceName(t: Translate, slug: string): string {
  const key = `provider.service.${slug}` as MessageKey;
  const name = t(key);
  return name === key ? (serviceBySlug(slug)?.name ?? slug) : name;
}

/** The selected services that need a licence, in catalogue order. */
export const licensedServices = (slugs: readonly string[]) =>
  PROVIDER_SERVICES.filter((s) => s.requiresLicense && slugs.includes(s.slug));

/** The licence type the form prefills: the first licence-requiring service's (spec §4). */
export const prefilledLicenseType = (slugs: readonly string[]) =>
  licensedServices(slugs)[0]?.licenseType ?? "";

/** A slug of the catalogue (form input and stored rows are checked against it). */
export const isProviderService = (v: unknown): v is string => typeof v === "string" && PROVIDER_SERVICE_SLUGS.includes(v);

/**
 * The services a provider may show (issue 49): those the operator approved, in catalogue order —
 * a licensed one only while an approved licence is on file, since "Verified: Plumbing" rests on
 * that licence. The profile set-up offers exactly these; the public pages, search and the
 * shortlist show the ones the provider turned on among them.
 */
export const offerableServices = (approved: readonly string[], licenceApproved: boolean): string[] =>
  PROVIDER_SERVICE_SLUGS.filter((slug) => approved.includes(slug) && (licenceApproved || !serviceBySlug(slug)!.requiresLicense));

/** The chosen services the provider may show, once each, in catalogue order (older rows may hold others). */
export const shownServices = (chosen: readonly string[], offerable: readonly string[]): string[] =>
  offerable.filter((slug) => chosen.includes(slug));

/** The /services/{slug} pages a provider appears on: the page of each shown service that has one. */
const SERVICE_PAGE_OF_SERVICE: Record<string, string> = {
  handyman: "handyman",
  cleaning: "cleaning",
  gardening: "gardening",
  plumbing: "plumbing",
  "salon-beauty": "salon-beauty",
  "dj-events": "dj-events",
  "car-chauffeur": "car-rental",
};
export function servicePagesFor(services: readonly string[]): string[] {
  return [...new Set(services.flatMap((s) => (SERVICE_PAGE_OF_SERVICE[s] ? [SERVICE_PAGE_OF_SERVICE[s]] : [])))].sort();
}
