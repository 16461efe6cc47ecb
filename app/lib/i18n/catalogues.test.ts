import { describe, expect, it } from "vitest";
import { catalogues, messagesFor } from "./catalogue.server";
import { LOCALES, type Locale } from "./locales";
import { en } from "./messages/en";
import { createTranslate, type Messages } from "./translate";

/**
 * Every language is complete: the same keys as English (plural bases with exactly the CLDR
 * forms of their locale), the same placeholders, and no English left behind by copy-paste.
 * A key added to en.ts fails here until each catalogue has it.
 */

/**
 * Texts that are rightly the same in English and the other language (only texts longer than
 * MIN_CHECKED_LENGTH, placeholders aside, are compared).
 */
const SAME_AS_ENGLISH: Partial<Record<Locale, readonly string[]>> = {
  "fr-CA": ["toast.region"],
};
const MIN_CHECKED_LENGTH = 12;

const englishKeys = Object.keys(en);
const pluralBases = [...new Set(englishKeys.filter((k) => k.includes("#")).map((k) => k.split("#")[0]!))];
const plainKeys = englishKeys.filter((k) => !k.includes("#"));

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const englishTemplate = (key: string) => {
  const table: Readonly<Record<string, string | undefined>> = en;
  return table[key] ?? table[`${key.split("#")[0]}#other`] ?? "";
};

const others = LOCALES.map((l) => l.code).filter((code) => code !== "en-US");

describe.each(others)("the %s catalogue", (locale) => {
  const messages = catalogues[locale] as Messages;
  const table: Readonly<Record<string, string | undefined>> = messages;
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

  it("exists and is what the locale is served with", () => {
    expect(messages).toBeDefined();
    expect(messagesFor(locale)).toEqual({ messages, contentLocale: locale });
  });

  it("has every English key, each plural with exactly its locale's forms, and nothing else", () => {
    const expected = [...plainKeys, ...pluralBases.flatMap((base) => categories.map((c) => `${base}#${c}`))].sort();
    expect(Object.keys(messages).sort()).toEqual(expected);
    expect(categories).toContain("other");
  });

  it("keeps every placeholder of the English text, and adds none", () => {
    for (const [key, text] of Object.entries(table)) {
      expect(placeholders(text ?? ""), key).toEqual(placeholders(englishTemplate(key)));
    }
  });

  it("has no empty, padded or English-copied text", () => {
    const allowed = new Set(SAME_AS_ENGLISH[locale] ?? []);
    for (const [key, text = ""] of Object.entries(table)) {
      expect(text.trim(), key).not.toBe("");
      expect(text, key).toBe(text.trim());
      expect(text, key).not.toMatch(/ {2}/);
      const words = text.replace(/\{\w+\}/g, "").trim();
      if (words.length > MIN_CHECKED_LENGTH && !allowed.has(key)) expect(text, key).not.toBe(englishTemplate(key));
    }
    for (const key of allowed) expect(table[key], `${key} is allowed to match English`).toBe(englishTemplate(key));
  });

  it("picks plural forms with its own rules and shows counts as local numbers", () => {
    const t = createTranslate(messages, { brand: "Acme" }, locale);
    const number = new Intl.NumberFormat(locale);
    for (const count of [0, 1, 2, 1.5, 1_000_000]) {
      const form = new Intl.PluralRules(locale).select(count);
      expect(t("homes.resultCount", { count })).toBe(messages[`homes.resultCount#${form}`]?.replace("{count}", number.format(count)));
    }
  });
});

describe("Canadian French typography (OQLF)", () => {
  const values = Object.entries(catalogues["fr-CA"] as Messages);

  it("puts a non-breaking space before the colon and inside « », and none before ; ! ?", () => {
    for (const [key, text] of values) {
      expect(text, key).not.toMatch(/[^\u00a0]:/);
      expect(text, key).not.toMatch(/«(?!\u00a0)|(?<!\u00a0)»/);
      expect(text, key).not.toMatch(/\s[;!?]/);
      expect(text, key).not.toMatch(/"/);
    }
  });

  it("uses Quebec vocabulary", () => {
    const text = values.map(([, v]) => v.replace(/\{\w+\}/g, "")).join("\n");
    expect(text).toContain("courriel");
    expect(text).toContain("soumission");
    expect(text).toContain("Téléverser");
    expect(text).not.toMatch(/\be-?mail\b/i);
  });
});

describe("the other catalogues' quotation marks", () => {
  it("are typographic, never straight", () => {
    for (const locale of ["es", "pt-BR"] as const) {
      for (const [key, text] of Object.entries(catalogues[locale] as Messages)) expect(text, `${locale} ${key}`).not.toMatch(/"/);
    }
  });
});
