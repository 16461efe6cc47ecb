import { describe, expect, it } from "vitest";
import { SERVICE_CATEGORIES } from "../../../db/seed/data";
import { LOCALES } from "~/lib/i18n/locales";
import { CATEGORY_TEXTS, localizeCategory } from "./content";
import { findServices } from "./find";

const others = LOCALES.map((l) => l.code).filter((code) => code !== "en-US");

describe.each(others)("the service categories in %s", (locale) => {
  const texts = CATEGORY_TEXTS[locale] ?? {};

  it("translate every seeded category, item for item, and nothing else", () => {
    expect(Object.keys(texts).sort()).toEqual(SERVICE_CATEGORIES.map((c) => c.slug).sort());
    for (const original of SERVICE_CATEGORIES) {
      const text = texts[original.slug]!;
      expect(text.includes, original.slug).toHaveLength(original.includes.length);
      expect(text.shortDescription, original.slug).not.toBe(original.shortDescription);
      expect(text.ctaLabel, original.slug).not.toBe(original.ctaLabel);
      for (const [i, item] of text.includes.entries()) {
        expect(item.trim(), `${original.slug} ${i}`).not.toBe("");
        // Airport codes and names are kept; the words around them are translated.
        expect(item, `${original.slug} ${i}`).not.toBe(original.includes[i]);
      }
    }
  });

  it("replace the stored English on the page, keeping the slug, pictures and areas", () => {
    const [first] = SERVICE_CATEGORIES;
    const localized = localizeCategory(first!, locale);
    expect(localized).toMatchObject({ slug: first!.slug, heroImage: first!.heroImage, areas: first!.areas, ...texts[first!.slug] });
  });

  it("are what Find a Service searches", () => {
    const categories = SERVICE_CATEGORIES.map((c) => localizeCategory(c, locale));
    const plumbing = texts.plumbing!.title;
    const found = findServices(categories, { type: plumbing.slice(0, 5), location: "", category: "" });
    expect(found.map((c) => c.slug)).toContain("plumbing");
  });
});

it("leaves a category without a translation as stored", () => {
  const category = { slug: "brand-new", title: "Brand New", shortDescription: "x", includes: ["y"], ctaLabel: "Book" };
  expect(localizeCategory(category, "fr-CA")).toBe(category);
  expect(localizeCategory(SERVICE_CATEGORIES[0]!, "en-US")).toBe(SERVICE_CATEGORIES[0]);
});
