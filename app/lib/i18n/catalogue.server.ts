import { match } from "@formatjs/intl-localematcher";
import { LRUCache } from "lru-cache";
import { DEFAULT_LOCALE, isLocale, type Locale, LOCALE_COOKIE, LOCALES, localeOfPath } from "./locales";
import { en } from "./messages/en";
import { es } from "./messages/es";
import { frCA } from "./messages/fr-CA";
import { ptBR } from "./messages/pt-BR";
import { inPseudoLocale, pseudoTableOf } from "./pseudo.server";
import { createTranslate, type Messages } from "./translate";

/**
 * One catalogue per locale (catalogues.test.ts checks each is complete). A locale without one
 * would fall back to English, and the page's `lang` would say which language the text is in.
 */
export const catalogues: Partial<Record<Locale, Messages>> = { "en-US": en, es, "fr-CA": frCA, "pt-BR": ptBR };

export function messagesFor(locale: Locale): { messages: Messages; contentLocale: Locale } {
  // Tests only: English in the pseudo-locale (pseudo.server.ts), dates and numbers still in English.
  if (locale === DEFAULT_LOCALE && inPseudoLocale()) return { messages: pseudoTableOf(en), contentLocale: locale };
  const messages = catalogues[locale];
  return messages
    ? { messages, contentLocale: locale }
    : { messages: en, contentLocale: DEFAULT_LOCALE };
}

/** The language a page answering this request is written in (its <html lang>, root-data.server.ts). */
export const pageLocale = (request: Request): Locale => messagesFor(localeFromRequest(request)).contentLocale;

/**
 * The reader's language: a language's URL prefix (/es, /fr, /pt) decides; on an unprefixed URL,
 * the choice remembered from the picker; on a first visit, the browser's Accept-Language.
 */
export function localeFromRequest(request: Request): Locale {
  const prefixed = localeOfPath(new URL(request.url).pathname);
  if (prefixed) return prefixed.locale;
  if (inPseudoLocale()) return DEFAULT_LOCALE;
  const cookie = request.headers.get("Cookie") ?? "";
  const match = cookie.match(new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]+)`));
  const value = match?.[1] ? decodeURIComponent(match[1]) : undefined;
  return isLocale(value) ? value : negotiateLocale(request.headers.get("Accept-Language"));
}

const CODES = LOCALES.map((l) => l.code);

/**
 * A first visit (no choice remembered) gets the best of our languages for the browser's
 * Accept-Language: "fr-FR" or "fr" → fr-CA, "pt-PT" → pt-BR, "es-MX" → es; anything else, or
 * nothing, English. The picker's choice, once made, always wins (the cookie above).
 */
export function negotiateLocale(acceptLanguage: string | null): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  // "best fit" matching costs 3–10 ms of CPU (it measures distances between locales), and was
  // paid on every request; browsers send few distinct headers, so each is worked
  // out once. Bounded, so a client sending endless variants only evicts old answers.
  let locale = negotiated.get(acceptLanguage);
  if (locale === undefined) {
    locale = negotiate(acceptLanguage);
    negotiated.set(acceptLanguage, locale);
  }
  return locale;
}

const negotiated = new LRUCache<string, Locale>({ max: 2000, maxSize: 256 * 1024, sizeCalculation: (_locale, header) => header.length + 16 });

function negotiate(acceptLanguage: string): Locale {
  const requested = acceptLanguage
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = Number(params.find((p) => p.trim().startsWith("q="))?.trim().slice(2) ?? 1);
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter((r) => r.q > 0 && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(r.tag))
    .sort((a, b) => b.q - a.q)
    .slice(0, 10)
    .map((r) => r.tag);
  if (requested.length === 0) return DEFAULT_LOCALE;
  try {
    const best = match(requested, CODES, DEFAULT_LOCALE, { algorithm: "best fit" });
    return isLocale(best) ? best : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
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
