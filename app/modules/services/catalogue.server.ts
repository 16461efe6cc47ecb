import { DEFAULT_LOCALE, type Locale } from "~/lib/i18n/locales";
import { getRuntime } from "~/lib/runtime.server";
import { localizeCategory } from "./content";

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
  heroImage: row.hero_image,
  includes: JSON.parse(row.includes) as string[],
  areas: row.areas,
  ctaLabel: row.cta_label,
  gallery: row.gallery ? (JSON.parse(row.gallery) as string[]) : null,
});

/** The 7 categories in the spec's order, their texts in `locale` (content.ts). */
export async function listCategories(locale: Locale = DEFAULT_LOCALE): Promise<ServiceCategory[]> {
  const rows = await getRuntime().db.selectFrom("service_categories").selectAll().orderBy("sort_order").execute();
  return rows.map((row) => localizeCategory(toCategory(row), locale));
}

export async function getCategory(slug: string, locale: Locale = DEFAULT_LOCALE): Promise<ServiceCategory | null> {
  const row = await getRuntime().db.selectFrom("service_categories").selectAll().where("slug", "=", slug).executeTakeFirst();
  return row ? localizeCategory(toCategory(row), locale) : null;
}
