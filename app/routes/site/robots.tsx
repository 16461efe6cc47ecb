import { LOCALES } from "~/lib/i18n/locales";
import { getAppEnv } from "~/lib/runtime.server";

/** /robots.txt: everything public may be crawled, in every language; accounts, private status links and the back office are not. */
export function loader() {
  const closed = LOCALES.flatMap((l) => ["/admin", "/account", "/requests/"].map((p) => `Disallow: ${l.prefix}${p}`));
  const body = ["User-agent: *", ...closed, "", `Sitemap: ${getAppEnv().PUBLIC_URL}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
