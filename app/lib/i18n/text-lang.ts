import { isLocale, type Locale } from "./locales";

/**
 * The `lang` of text a person wrote (a listing, a review, a reply, a bio), given the language it
 * was written in (`written`, stored with it; null or unknown: nothing said) and the page's
 * (`page`, its <html lang>): that language where they differ, so a French page marks the
 * English review as English for screen readers, translators and validators; nothing where they
 * agree or where we do not know (issue 51 item 5).
 */
export const textLang = (written: string | null | undefined, page: Locale): Locale | undefined =>
  isLocale(written) && written !== page ? written : undefined;
