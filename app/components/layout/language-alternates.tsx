import type { PageHead } from "~/lib/i18n/page-head";

/**
 * What a page says of its own address, for search engines and link previews: its canonical URL,
 * the same page in each language, its Open Graph locales. Worked out with the root data on the
 * server (page-head.server.ts, ADR 13), so the browser's bundle only prints them.
 */
export function LanguageAlternates({ head, indexable }: { head: PageHead; indexable: boolean }) {
  // A page not to be indexed (noindex, an error, a 404) names neither: a canonical would ask to
  // index another address in its place.
  return (
    <>
      {indexable ? <link rel="canonical" href={head.canonical} /> : null}
      {indexable
        ? head.alternates.map(([hrefLang, href]) => <link key={hrefLang} rel="alternate" hrefLang={hrefLang} href={href} />)
        : null}
      <meta property="og:locale" content={head.ogLocale} />
      {head.ogAlternates.map((locale) => (
        <meta key={locale} property="og:locale:alternate" content={locale} />
      ))}
    </>
  );
}
