import { DEFAULT_LOCALE, isLocale, type Locale, LOCALE_COOKIE } from "./locales";
import { en } from "./messages/en";
import { es } from "./messages/es";
import { frCA } from "./messages/fr-CA";
import { ptBR } from "./messages/pt-BR";
import { createTranslate, type Messages } from "./translate";

/**
 * One catalogue per locale (catalogues.test.ts checks each is complete). A locale without one
 * would fall back to English, and the page's `lang` would say which language the text is in.
 */
export const catalogues: Partial<Record<Locale, Messages>> = { "en-US": en, es, "fr-CA": frCA, "pt-BR": ptBR };

export function messagesFor(locale: Locale): { messages: Messages; contentLocale: Locale } {
  const messages = catalogues[locale];
  return messages
    ? { messages, contentLocale: locale }
    : { messages: en, contentLocale: DEFAULT_LOCALE };
}

export function localeFromRequest(request: Request): Locale {
  const cookie = request.headers.get("Cookie") ?? "";
  const match = cookie.match(new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]+)`));
  const value = match?.[1] ? decodeURIComponent(match[1]) : undefined;
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

export function localeCookie(locale: Locale, secure: boolean): string {
  const attrs = [`${LOCALE_COOKIE}=${encodeURIComponent(locale)}`, "Path=/", "Max-Age=31536000", "SameSite=Lax"];
  if (secure) attrs.push("Secure");
  return attrs.join("; ");
}

/** The translate function for a request, for actions, meta and emails written on the server. */
export function serverTranslate(request: Request, brand: string) {
  const { messages, contentLocale } = messagesFor(localeFromRequest(request));
  return createTranslate(messages, { brand }, contentLocale);
}
