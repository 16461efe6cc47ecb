import { DEFAULT_LOCALE, type Locale } from "~/lib/i18n/locales";
import { getRuntime } from "~/lib/runtime.server";
import { staticUrl } from "~/lib/static-files.server";
import { pseudoText } from "~/lib/i18n/pseudo";
import { inPseudoLocale, pseudoFields } from "~/lib/i18n/pseudo.server";
import { CATEGORY_TEXTS, localizeCategory as localizeText } from "./content";

/** A category's texts in `locale` (content.ts); in the tests' pseudo-locale, English accented. */
const localizeCategory = (category: ServiceCategory, locale: Locale): ServiceCategory =>
  locale === DEFAULT_LOCALE && inPseudoLocale()
    ? pseudoFields(category, ["title", "shortDescription", "includes", "ctaLabel"])
    : localizeText(category, locale);

export type ServiceCategory = {
  slug: string;
  title: string;
  shortDescription: string;
  heroImage: string;
  includes: string[];
  areas: string;
  ctaLabel: string;
  gallery: string[] | null;
};

const toCategory = (row: {
  slug: string;
  title: string;
  short_description: string;
  hero_image: string;
  includes: string;
  areas: string;
  cta_label: string;
  gallery: string | null;
}): ServiceCategory => ({
  slug: row.slug,
  title: row.title,
  shortDescription: row.short_description,
  heroImage: staticUrl(row.hero_image),
  includes: JSON.parse(row.includes) as string[],
  areas: row.areas,
  ctaLabel: row.cta_label,
  gallery: row.gallery ? (JSON.parse(row.gallery) as string[]).map(staticUrl) : null,
});

/** The 7 categories in the spec's order, their texts in `locale` (content.ts). */
export async function listCategories(locale: Locale = DEFAULT_LOCALE): Promise<ServiceCategory[]> {
  const rows = await getRuntime().db.selectFrom("service_categories").selectAll().orderBy("sort_order").execute();
  return rows.map((row) => localizeCategory(toCategory(row), locale));
}

/**
 * A category's title in `locale`, from its slug and the English title stored with something
 * that names it (a review): "Plumbing" reads "Plomberie" on a French page.
 */
export function categoryTitle(slug: string, englishTitle: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return inPseudoLocale() ? pseudoText(englishTitle) : englishTitle;
  return CATEGORY_TEXTS[locale]?.[slug]?.title ?? englishTitle;
}

/**
 * A category's English title as the database holds it (stored with requests: language-neutral).
 * Categories are written once, by the first start's seed, and never changed by the app: a title
 * found is remembered per database, so a booking does not pay a round trip for it (issue 52
 * item 4). A slug not found is asked again next time.
 */
export async function englishCategoryTitle(slug: string): Promise<string | null> {
  const { db } = getRuntime();
  let titles = englishTitles.get(db);
  if (!titles) englishTitles.set(db, (titles = new Map()));
  const known = titles.get(slug);
  if (known !== undefined) return known;
  const row = await db.selectFrom("service_categories").select("title").where("slug", "=", slug).executeTakeFirst();
  if (row) titles.set(slug, row.title);
  return row?.title ?? null;
}
const englishTitles = new WeakMap<object, Map<string, string>>();

/**
 * A service page's category, remembered per database as its English title is (above: written
 * once by the seed, never changed by the app), so the page's reads start with its providers and
 * reviews side by side (issue 52 item 4). A slug not found is asked again next time.
 */
export async function getCategory(slug: string, locale: Locale = DEFAULT_LOCALE): Promise<ServiceCategory | null> {
  const { db } = getRuntime();
  let known = categories.get(db);
  if (!known) categories.set(db, (known = new Map()));
  let category = known.get(slug);
  if (!category) {
    const row = await db.selectFrom("service_categories").selectAll().where("slug", "=", slug).executeTakeFirst();
    if (!row) return null;
    known.set(slug, (category = toCategory(row)));
  }
  return localizeCategory(category, locale);
}
const categories = new WeakMap<object, Map<string, ServiceCategory>>();
