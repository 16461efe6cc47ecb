import { useLocation } from "react-router";
import { type Locale, LOCALES, localizedPath } from "~/lib/i18n/locales";

/** Open Graph writes locales as language_TERRITORY. */
const OG_LOCALES: Record<Locale, string> = { "en-US": "en_US", es: "es_ES", "fr-CA": "fr_CA", "pt-BR": "pt_BR" };

/**
 * Paths the spec gives to the same screen as another (core.md § Routes: "/cars and /cars-rental
 * (same screen)", Sign Up links to /signup): they stay, and name the one address to index.
 */
const SAME_SCREEN_AS: Record<string, string> = { "/cars-rental": "/cars", "/signup": "/auth/signup" };

/**
 * What a page says of its own address, for search engines and link previews
 * (docs/decisions/0013-language-urls.md, issue 30):
 * - `canonical`: the page's own URL in its language space, without the query string, so that
 *   searches, filters and sorts (/homes?q=…) count as the page they vary and are not indexed apart,
 *   and a path that shows the same screen as another names that one (SAME_SCREEN_AS);
 * - `hreflang`: the same page in each prefixed language's space, and the unprefixed URL as
 *   `x-default` only: it is not always English (it follows the visitor's remembered choice or
 *   Accept-Language, and says so with `Vary: Accept-Language, Cookie`), so it does not claim en-US;
 * - `og:locale` (the language the page is written in) and `og:locale:alternate` (the others).
 */
export function LanguageAlternates({ origin, space, contentLocale }: { origin: string; space: Locale | null; contentLocale: Locale }) {
  // Inside a language's URL space the router's pathname already has its prefix removed.
  const { pathname: here } = useLocation();
  const pathname = SAME_SCREEN_AS[here] ?? here;
  return (
    <>
      <link rel="canonical" href={`${origin}${space ? localizedPath(space, pathname) : pathname}`} />
      {LOCALES.filter((l) => l.prefix).map((l) => (
        <link key={l.code} rel="alternate" hrefLang={l.code} href={`${origin}${localizedPath(l.code, pathname)}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${origin}${pathname}`} />
      <meta property="og:locale" content={OG_LOCALES[contentLocale]} />
      {LOCALES.filter((l) => l.code !== contentLocale).map((l) => (
        <meta key={l.code} property="og:locale:alternate" content={OG_LOCALES[l.code]} />
      ))}
    </>
  );
}
