import { describe, expect, it } from "vitest";
import { messagesFor } from "./catalogue.server";
import { LOCALES } from "./locales";
import { LISTING_REVIEW_TIME } from "~/modules/site/constants";
import { en } from "./messages/en";
import { createTranslate, formatCount } from "./translate";

describe("translate", () => {
  const t = createTranslate(en, { brand: "Acme" });

  it("fills placeholders, the brand by default", () => {
    expect(t("about.whyTitle")).toBe("Why Acme?");
    expect(t("form.required", { label: "Name" })).toBe("Name is required.");
    expect(t("footer.copyright", { year: 2026 })).toBe("© 2026 Acme. All rights reserved.");
  });

  it("keeps the spec's texts verbatim", () => {
    expect(en["home.heroSubtitle"]).toBe("Browse trusted providers. Request a booking. We'll personally match you.");
    expect(en["contact.sentTitle"]).toBe("Message Sent!");
    expect(en["contact.sentText"]).toBe("Thank you for your message. We will get back to you via email shortly.");
    expect(en["success.defaultService"]).toBe("Your Request");
    expect(en["success.defaultMessage"]).toBe("We have received your request and will be in touch shortly.");
    expect(en["footer.serviceArea"]).toBe("Service Area: Toronto & GTA, CA");
    // The promise the wizard shows is the one the legal documents make.
    expect(en["wizard.reviewTime"]).toBe(LISTING_REVIEW_TIME);
  });

  it("offers the four languages as the spec labels them, each with its own catalogue", () => {
    expect(LOCALES.map((l) => l.label)).toEqual(["EN (English US)", "ES", "FR (Canada)", "PT (Brazil)"]);
    expect(messagesFor("en-US")).toMatchObject({ contentLocale: "en-US", messages: en });
    for (const { code } of LOCALES) {
      expect(messagesFor(code).contentLocale).toBe(code);
      if (code !== "en-US") expect(messagesFor(code).messages).not.toBe(en);
    }
    const fr = messagesFor("fr-CA");
    expect(createTranslate(fr.messages, { brand: "Acme" }, fr.contentLocale)("about.whyTitle")).toBe("Pourquoi Acme?");
  });
});

describe("plural messages", () => {
  const t = createTranslate(en, { brand: "Acme" });
  const PLURAL_CATEGORIES = ["zero", "one", "two", "few", "many", "other"];

  it("choose the form with Intl.PluralRules from the count", () => {
    expect(t("search.results", { count: 0 })).toBe("0 matching services");
    expect(t("search.results", { count: 1 })).toBe("1 matching service");
    expect(t("search.results", { count: 7 })).toBe("7 matching services");
    expect(t("homes.baths", { count: 1 })).toBe("1 bath");
    expect(t("homes.baths", { count: 1.5 })).toBe("1.5 baths");
    expect(t("homes.resultCountTerm", { count: 1, term: "Annex" })).toBe('1 home matches "Annex"');
    expect(t("login.tooMany", { count: 1 })).toBe("Too many attempts. Please wait 1 minute and try again.");
  });

  it("show the count as a number of the locale", () => {
    expect(t("homes.resultCount", { count: 1234 })).toBe("1,234 homes");
    expect(createTranslate(en, {}, "fr-CA")("homes.resultCount", { count: 1234 })).toBe(
      `${new Intl.NumberFormat("fr-CA").format(1234)} homes`,
    );
  });

  it("write counts below 1000 as Intl writes them in every language we ship (the shortcut that spares browsers a NumberFormat)", () => {
    const tenths = Array.from({ length: 10_000 }, (_, k) => k / 10);
    const thousandths = Array.from({ length: 2_000 }, (_, k) => k / 1000);
    const others = [1000, 12_345, 999.9999, 1 / 3, 0.1 + 0.2, -3, 1e-7];
    for (const { code } of LOCALES) {
      const numbers = new Intl.NumberFormat(code);
      for (const n of [...tenths, ...thousandths, ...others]) expect(formatCount(code, n), `${code} ${n}`).toBe(numbers.format(n));
    }
  });

  it("follow the locale's rules, falling back to the `other` form", () => {
    // French counts 0 as singular; Portuguese has a "many" form English catalogues lack.
    const fr = createTranslate(en, {}, "fr-CA");
    expect(new Intl.PluralRules("fr-CA").select(0)).toBe("one");
    expect(fr("homes.beds", { count: 0 })).toBe("0 bed");
    const pt = createTranslate(en, {}, "pt-BR");
    expect(new Intl.PluralRules("pt-BR").select(1_000_000)).toBe("many");
    expect(pt("homes.beds", { count: 1_000_000 })).toBe(`${new Intl.NumberFormat("pt-BR").format(1_000_000)} beds`);
  });

  it("are catalogue entries `key#category` with CLDR categories, each with an `other` form", () => {
    const variants = Object.keys(en).filter((k) => k.includes("#"));
    expect(variants.length).toBeGreaterThan(0);
    for (const key of variants) {
      const [base, category] = key.split("#");
      expect(PLURAL_CATEGORIES, key).toContain(category);
      expect(Object.keys(en), key).toContain(`${base}#other`);
    }
  });

  it("are the only messages with a count, but for capped counts and \"{count} of {max} photos\"", () => {
    const counted = Object.entries(en).filter(([key, text]) => !key.includes("#") && text.includes("{count}"));
    // "{count}+" is always plural; "{count} of {max} photos" counts the maximum.
    expect(counted.map(([key]) => key)).toEqual(["homes.resultCountCapped", "homes.resultCountTermCapped", "wizard.photos.count"]);
  });
});
