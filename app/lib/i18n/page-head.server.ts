import type { PageHead } from "./page-head";
import { type Locale, LOCALES, localeOfPath, localizedPath, withoutLocalePrefix } from "./locales";

/** Open Graph writes locales as language_TERRITORY. */
const OG_LOCALES: Record<Locale, string> = { "en-US": "en_US", es: "es_ES", "fr-CA": "fr_CA", "pt-BR": "pt_BR" };

/**
 * Paths the spec gives to the same screen as another (core.md § Routes: "/cars and /cars-rental
 * (same screen)", Sign Up links to /signup): they stay, and name the one address to index.
 */
const SAME_SCREEN_AS: Record<string, string> = { "/cars-rental": "/cars", "/signup": "/auth/signup" };

/**
 * Query parameters that choose what a page is rather than vary it (a car request's type is
 * another form with its own heading): they stay in the canonical and the versions' URLs.
 */
const IDENTITY_PARAMS: Record<string, string[]> = { "/cars/request": ["type"] };

/**
 * A page's own address (ADR 13):
 * - `canonical`: the page's URL in its language space, without the query string (but for
 *   IDENTITY_PARAMS), so that
 *   searches, filters and sorts (/homes?q=…) count as the page they vary and are not indexed apart,
 *   and a path that shows the same screen as another names that one (SAME_SCREEN_AS);
 * - `alternates`: the same page in each prefixed language's space, and the unprefixed URL as
 *   `x-default` only: it is not always English (it follows the visitor's remembered choice or
 *   Accept-Language, and says so with `Vary: Accept-Language, Cookie`), so it does not claim en-US;
 * - `ogLocale` (the language the page is written in) and `ogAlternates` (the others).
 */
export function pageHead(requestUrl: string, origin: string, contentLocale: Locale): PageHead {
  const { pathname: asked, searchParams } = new URL(requestUrl);
  const space = localeOfPath(asked)?.locale ?? null;
  const here = withoutLocalePrefix(asked);
  const kept = new URLSearchParams();
  for (const name of IDENTITY_PARAMS[here] ?? []) {
    const value = searchParams.get(name);
    if (value) kept.set(name, value);
  }
  const query = kept.toString() ? `?${kept.toString()}` : "";
  const page = SAME_SCREEN_AS[here] ?? here;
  const pathname = (p: string) => `${p}${query}`;
  return {
    canonical: `${origin}${pathname(space ? localizedPath(space, page) : page)}`,
    alternates: [
      ...LOCALES.filter((l) => l.prefix).map((l): [string, string] => [l.code, `${origin}${pathname(localizedPath(l.code, page))}`]),
      ["x-default", `${origin}${pathname(page)}`],
    ],
    ogLocale: OG_LOCALES[contentLocale],
    ogAlternates: LOCALES.filter((l) => l.code !== contentLocale).map((l) => OG_LOCALES[l.code]),
  };
}
