import { getAppEnv } from "~/lib/runtime.server";
import { sitemapPaths, sitemapXml } from "~/modules/site/sitemap.server";

/** /sitemap.xml: every public page in each of the four languages (hreflang alternates). */
export async function loader() {
  const body = sitemapXml(getAppEnv().PUBLIC_URL, await sitemapPaths());
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
