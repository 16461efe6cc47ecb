import { DEFAULT_LOCALE, isLocale, type Locale, LOCALE_COOKIE } from "./locales";
import { en } from "./messages/en";
import { createTranslate, type Messages } from "./translate";

/**
 * One catalogue per locale. Only English exists yet; the other locales fall back to it until
 * their translations land, and the page's `lang` says which language the text really is in.
 */
const catalogues: Partial<Record<Locale, Messages>> = { "en-US": en };

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
