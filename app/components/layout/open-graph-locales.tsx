import type { PageHead } from "~/lib/i18n/page-head";

/**
 * The language a page is written in and its others, for link previews (Open Graph). Worked out
 * with the root data on the server (page-head.server.ts, ADR 13), so the browser's bundle only
 * prints them. The canonical and hreflang links are the server's alone
 * (search-engine-links.server.ts).
 */
export function OpenGraphLocales({ head }: { head: PageHead }) {
  return (
    <>
      <meta property="og:locale" content={head.ogLocale} />
      {head.ogAlternates.map((locale) => (
        <meta key={locale} property="og:locale:alternate" content={locale} />
      ))}
    </>
  );
}
