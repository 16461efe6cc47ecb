/**
 * The four languages the picker offers, `label` as the spec gives them (core.md §2 Header);
 * `name` is the language's own name, for announcements.
 */
export const LOCALES = [
  { code: "en-US", short: "EN", label: "EN (English US)", name: "English (US)" },
  { code: "es", short: "ES", label: "ES", name: "Español" },
  { code: "fr-CA", short: "FR", label: "FR (Canada)", name: "Français (Canada)" },
  { code: "pt-BR", short: "PT", label: "PT (Brazil)", name: "Português (Brasil)" },
] as const;

export type Locale = (typeof LOCALES)[number]["code"];
export const DEFAULT_LOCALE: Locale = "en-US";
export const LOCALE_COOKIE = "lang";

export function isLocale(value: unknown): value is Locale {
  return LOCALES.some((l) => l.code === value);
}
