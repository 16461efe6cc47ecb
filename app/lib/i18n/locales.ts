/** The four languages the picker offers (spec core.md §2 Header). */
export const LOCALES = [
  { code: "en-US", short: "EN", name: "English (US)" },
  { code: "es", short: "ES", name: "Español" },
  { code: "fr-CA", short: "FR", name: "Français (Canada)" },
  { code: "pt-BR", short: "PT", name: "Português (Brasil)" },
] as const;

export type Locale = (typeof LOCALES)[number]["code"];
export const DEFAULT_LOCALE: Locale = "en-US";
export const LOCALE_COOKIE = "lang";

export function isLocale(value: unknown): value is Locale {
  return LOCALES.some((l) => l.code === value);
}
