import { LOCALES } from "./locales";
import type { en } from "./messages/en";

type CatalogueKey = keyof typeof en;
export type MessageParams = Record<string, string | number>;

/**
 * Plural messages are catalogue entries `base#one`, `base#other`, … (the CLDR categories of
 * Intl.PluralRules), looked up as `base` with a numeric `count`. `#other` is required: it is what
 * a locale falls back to, and what marks `base` as plural here.
 */
type PluralBase<K> = K extends `${infer Base}#other` ? Base : never;
export type PluralKey = PluralBase<CatalogueKey>;
export type PluralCategory = Intl.LDMLPluralRule;

/** What callers ask for: plain keys and plural bases, never a single plural variant. */
export type MessageKey = Exclude<CatalogueKey, `${string}#${string}`> | PluralKey;

type PlainKey = Exclude<CatalogueKey, `${string}#${string}`>;

/**
 * A catalogue: every plain key of the English one and every plural base's `#other` form, plus
 * whichever other CLDR forms its language needs — nothing else (a misspelt key is an error).
 */
export type Messages = { readonly [K in PlainKey | `${PluralKey}#other`]: string } & {
  readonly [K in `${PluralKey}#${PluralCategory}`]?: string;
};

/** A catalogue that must give each plural base every form of `Categories` (its locale's CLDR set). */
export type CatalogueWith<Categories extends PluralCategory> = Messages & {
  readonly [K in `${PluralKey}#${Categories}`]: string;
};

/** A plural message cannot be asked for without the count that chooses its form. */
type ParamsFor<K extends MessageKey> = K extends PluralKey
  ? [params: MessageParams & { count: number }]
  : [params?: MessageParams];

export type Translate = <K extends MessageKey>(key: K, ...params: ParamsFor<K>) => string;

/**
 * Intl objects are costly to construct (tens of microseconds each, and pages call useT() in
 * dozens of components), and immutable: one of each per locale for the process, made when a
 * message first needs it. Lazily because of browsers: the first Intl.NumberFormat of a page
 * loads the number data of ICU, ~120 ms of a phone's main thread (Chromium at Lighthouse's 4×
 * slowdown) spent during hydration on every page, for counts that rarely need it.
 */
const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function memo<T>(cache: Map<string, T>, locale: string, make: (locale: string) => T): T {
  let value = cache.get(locale);
  if (value === undefined) cache.set(locale, (value = make(locale)));
  return value;
}

/**
 * A count as the locale writes it, without Intl where that is plain: below 1000, with at most
 * the three decimals Intl.NumberFormat shows, every language we ship writes what String() does
 * (Latin digits, no grouping yet), its decimal separator in place of the point ("1.5 baths",
 * "1,5 salles de bain"). translate.test.ts checks that against Intl for each of LOCALES.
 */
export function formatCount(locale: string, count: number): string {
  const decimal = LOCALES.find((l) => l.code === locale)?.decimal;
  if (decimal && count >= 0 && count < 1000 && Number.isInteger(count * 1000)) return String(count).replace(".", decimal);
  return memo(numberFormats, locale, (l) => new Intl.NumberFormat(l)).format(count);
}

const localeOfTranslate = new WeakMap<Translate, string>();

/**
 * The language a translate function writes (en-US for one made without a locale): for texts
 * that are not in the catalogue but are picked by language, such as a service category's title.
 */
export const translateLocale = (t: Translate): string => localeOfTranslate.get(t) ?? "en-US";

/**
 * `{name}` placeholders are filled from params; unknown placeholders stay visible. A plural key
 * picks its variant with the locale's plural rules and shows `{count}` as a localized number.
 */
export function createTranslate(messages: Messages, defaults: MessageParams = {}, locale = "en-US"): Translate {
  const table: Readonly<Record<string, string | undefined>> = messages;
  const translate = (key: string, params?: MessageParams) => {
    const values: MessageParams = { ...defaults, ...params };
    let template = table[key];
    const count = params?.count;
    if (template === undefined && typeof count === "number") {
      const plurals = memo(pluralRules, locale, (l) => new Intl.PluralRules(l));
      template = table[`${key}#${plurals.select(count)}`] ?? table[`${key}#other`];
      values.count = formatCount(locale, count);
    }
    return (template ?? key).replace(/\{(\w+)\}/g, (match, name: string) =>
      name in values ? String(values[name]) : match,
    );
  };
  localeOfTranslate.set(translate as Translate, locale);
  return translate as Translate;
}
