import { useLocation } from "react-router";
import { LOCALES, localizedPath } from "~/lib/i18n/locales";

/**
 * The same page in every language, for search engines (hreflang): each language's URL space,
 * and English (unprefixed) as the default for everyone else. docs/decisions/0013-language-urls.md
 */
export function LanguageAlternates({ origin }: { origin: string }) {
  // Inside a language's URL space the router's pathname already has its prefix removed.
  const { pathname } = useLocation();
  return (
    <>
      {LOCALES.map((l) => (
        <link key={l.code} rel="alternate" hrefLang={l.code} href={`${origin}${localizedPath(l.code, pathname)}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${origin}${pathname}`} />
    </>
  );
}
