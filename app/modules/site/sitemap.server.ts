import { torontoToday } from "~/lib/forms/formats";
import { LOCALES, localizedPath } from "~/lib/i18n/locales";
import { getRuntime } from "~/lib/runtime.server";
import { listPublicProviders } from "~/modules/providers/providers.server";
import { listCategories } from "~/modules/services/catalogue.server";

/** The public pages worth finding (forms, searches, accounts and the back office are not). */
const STATIC_PAGES = [
  "/",
  "/about",
  "/contact",
  "/services",
  "/cars",
  "/homes",
  "/reviews",
  "/become-a-provider",
  "/legal",
  "/legal/terms",
  "/legal/privacy",
  "/legal/reviews-policy",
  "/legal/provider-guidelines",
];

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Every indexable page, with its address in each language (issue 15 item 3). */
export async function sitemapPaths(): Promise<string[]> {
  const { db } = getRuntime();
  const [categories, listings, providers] = await Promise.all([
    listCategories(),
    db.selectFrom("home_listings").select("id").where("status", "=", "published").orderBy("created_at", "desc").limit(10_000).execute(),
    listPublicProviders({}, torontoToday(), 5_000),
  ]);
  return [
    ...STATIC_PAGES,
    ...categories.map((c) => `/services/${c.slug}`),
    ...listings.map((l) => `/homes/${l.id}`),
    ...providers.map((p) => `/providers/${p.id}`),
  ];
}

/** The sitemap: one <url> per page and language, each naming the others as alternates. */
export function sitemapXml(origin: string, paths: string[]): string {
  const alternates = (path: string) =>
    [
      ...LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${l.code}" href="${escapeXml(origin + localizedPath(l.code, path))}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(origin + path)}"/>`,
    ].join("");
  const urls = paths.flatMap((path) =>
    LOCALES.map((l) => `<url><loc>${escapeXml(origin + localizedPath(l.code, path))}</loc>${alternates(path)}</url>`),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}
