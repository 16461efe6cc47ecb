import type { MessageKey, Translate } from "~/lib/i18n/translate";
import { PROFILE_CATEGORIES, type ProfileCategory } from "./categories";

/**
 * The provider service catalogue (spec: 18 entries, 11 without a licence, 7 with one and its
 * licence type) and the six profile categories of /provider-profile-setup. The seed fills the
 * provider_services table from this list (db/seed/data.ts).
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

/** The six profile categories live on their own (categories.ts): a provider list labels them without the catalogue. */
export { CATEGORY_LABEL_KEYS, isProfileCategory, PROFILE_CATEGORIES, type ProfileCategory } from "./categories";

/** Which catalogue services make a profile category (its preselection after approval). */
const CATEGORY_OF_SERVICE: Record<string, ProfileCategory> = {
  handyman: "handyman",
  cleaning: "cleaning",
  moving: "moving",
  "salon-beauty": "salon",
  tutoring: "tutoring",
  "dj-events": "events",
};
export const categoriesForServices = (slugs: readonly string[]): ProfileCategory[] =>
  PROFILE_CATEGORIES.filter((c) => slugs.some((s) => CATEGORY_OF_SERVICE[s] === c));

/**
 * The /services/{slug} pages a provider appears on: the page of each approved service that has
 * one, and the page of each chosen profile category.
 */
const SERVICE_PAGE_OF_SERVICE: Record<string, string> = {
  handyman: "handyman",
  cleaning: "cleaning",
  gardening: "gardening",
  plumbing: "plumbing",
  "salon-beauty": "salon-beauty",
  "dj-events": "dj-events",
  "car-chauffeur": "car-rental",
};
const SERVICE_PAGE_OF_CATEGORY: Partial<Record<ProfileCategory, string>> = {
  handyman: "handyman",
  cleaning: "cleaning",
  salon: "salon-beauty",
  events: "dj-events",
};
export function servicePagesFor(
  services: readonly string[],
  categories: readonly ProfileCategory[],
): string[] {
  const pages = new Set<string>();
  for (const s of services) if (SERVICE_PAGE_OF_SERVICE[s]) pages.add(SERVICE_PAGE_OF_SERVICE[s]);
  for (const c of categories) if (SERVICE_PAGE_OF_CATEGORY[c]) pages.add(SERVICE_PAGE_OF_CATEGORY[c]);
  return [...pages].sort();
}
