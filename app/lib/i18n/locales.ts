/**
 * The four languages the picker offers, `label` as the spec gives them (core.md §2 Header);
 * `name` is the language's own name, for announcements; `prefix` is the language's URL space
 * (English unprefixed: docs/decisions/0013-language-urls.md). `decimal` is the language's decimal
 * separator, so that small counts are written without Intl (translate.ts formatCount; checked
 * against Intl in translate.test.ts).
 */
export const LOCALES = [
  { code: "en-US", short: "EN", label: "EN (English US)", name: "English (US)", prefix: "", decimal: "." },
  { code: "es", short: "ES", label: "ES", name: "Español", prefix: "/es", decimal: "," },
  { code: "fr-CA", short: "FR", label: "FR (Canada)", name: "Français (Canada)", prefix: "/fr", decimal: "," },
  { code: "pt-BR", short: "PT", label: "PT (Brazil)", name: "Português (Brasil)", prefix: "/pt", decimal: "," },
] as const;

export type Locale = (typeof LOCALES)[number]["code"];
export const DEFAULT_LOCALE: Locale = "en-US";
export const LOCALE_COOKIE = "lang";

export function isLocale(value: unknown): value is Locale {
  return LOCALES.some((l) => l.code === value);
}

const PREFIXED = LOCALES.filter((l) => l.prefix);

/** The language a path's prefix names ("/fr/services" → fr-CA), or null for an unprefixed path. */
export function localeOfPath(pathname: string): { locale: Locale; prefix: string } | null {
  const found = PREFIXED.find((l) => pathname === l.prefix || pathname.startsWith(`${l.prefix}/`) || pathname.startsWith(`${l.prefix}.`));
  return found ? { locale: found.code, prefix: found.prefix } : null;
}

/** The path without its language prefix ("/fr/services" → "/services", "/fr" → "/"). */
export function withoutLocalePrefix(pathname: string): string {
  const found = localeOfPath(pathname);
  if (!found) return pathname;
  const rest = pathname.slice(found.prefix.length);
  return rest === "" ? "/" : rest.startsWith(".") ? `/_root${rest}` : rest;
}

/** A path in a language's URL space ("/services" in fr-CA → "/fr/services"; English unprefixed). */
export function localizedPath(locale: Locale, path: string): string {
  const prefix = LOCALES.find((l) => l.code === locale)?.prefix ?? "";
  if (!prefix) return path;
  return path === "/" ? prefix : `${prefix}${path}`;
}

/**
 * A path in the URL space of the request's own URL ("/services" asked from "/fr/…" →
 * "/fr/services"; from an unprefixed URL it stays unprefixed, whatever language it shows):
 * for the absolute addresses a page gives of itself (canonical, og:url, JSON-LD `url`).
 */
export function pathInSpaceOf(requestUrl: string, path: string): string {
  const space = localeOfPath(new URL(requestUrl).pathname);
  return space ? localizedPath(space.locale, path) : path;
}
