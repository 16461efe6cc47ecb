import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";
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

/** A page worth finding and, where known, the day it last changed (W3C date). */
export type SitemapEntry = { path: string; lastmod?: string };

/**
 * The day this build was made: the last change of the pages whose text is the code's (the home
 * page, the legal pages…). Read once from the server bundle's file; today if that cannot be read.
 */
let builtOn: string | undefined;
function buildDay(): string {
  if (builtOn === undefined) {
    try {
      builtOn = statSync(fileURLToPath(import.meta.url)).mtime.toISOString().slice(0, 10);
    } catch {
      builtOn = new Date().toISOString().slice(0, 10);
    }
  }
  return builtOn;
}

const day = (stamp: string | Date) => new Date(stamp).toISOString().slice(0, 10);

/** Every indexable page, with its address in each language (ADR 13) and its last change. */
export async function sitemapPaths(): Promise<SitemapEntry[]> {
  const { db } = getRuntime();
  const [categories, listings, providers] = await Promise.all([
    listCategories(),
    db.selectFrom("home_listings").select(["id", "created_at"]).where("status", "=", "published").orderBy("created_at", "desc").limit(10_000).execute(),
    listPublicProviders({}, torontoToday(), 5_000),
  ]);
  const providerUpdates = new Map(
    providers.length
      ? (
          await db
            .selectFrom("providers")
            .select(["id", "updated_at"])
            .where(
              "id",
              "in",
              providers.map((p) => p.id),
            )
            .execute()
        ).map((r) => [r.id, day(r.updated_at)] as const)
      : [],
  );
  const built = buildDay();
  return [
    ...STATIC_PAGES.map((path) => ({ path, lastmod: built })),
    ...categories.map((c) => ({ path: `/services/${c.slug}`, lastmod: built })),
    ...listings.map((l) => ({ path: `/homes/${l.id}`, lastmod: day(l.created_at) })),
    ...providers.map((p) => ({ path: `/providers/${p.id}`, lastmod: providerUpdates.get(p.id) })),
  ];
}

/** The sitemap: one <url> per page and language, each naming the others as alternates. */
export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  // The same alternates as the pages' own (lib/i18n/search-engine-links.server.ts): each
  // prefixed space by its language, the unprefixed URL (which follows the visitor) as x-default.
  const alternates = (path: string) =>
    [
      ...LOCALES.filter((l) => l.prefix).map((l) => `<xhtml:link rel="alternate" hreflang="${l.code}" href="${escapeXml(origin + localizedPath(l.code, path))}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(origin + path)}"/>`,
    ].join("");
  const urls = entries.flatMap(({ path, lastmod }) =>
    LOCALES.map(
      (l) =>
        `<url><loc>${escapeXml(origin + localizedPath(l.code, path))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}${alternates(path)}</url>`,
    ),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}
