import { describe, expect, it } from "vitest";
import { CAR_FORMS, YES_NO } from "~/modules/cars/types";
import { LENGTHS_OF_STAY } from "~/modules/homes/request-options";
import { AMENITIES, LEASE_TERMS, PROPERTY_TYPES, PROVINCES } from "~/modules/homes/wizard";
import { catalogues } from "./catalogue.server";
import { choiceLabel, LABELLED_CHOICES } from "./choices";
import { en } from "./messages/en";
import { createTranslate, type Messages } from "./translate";

/** Every value a form offers to choose from, as stored. */
const OFFERED = [
  ...YES_NO,
  ...Object.values(CAR_FORMS).flatMap((form) => form.fields.flatMap((f) => (f.kind === "select" ? f.options : []))),
  ...PROPERTY_TYPES,
  ...PROVINCES.map((p) => p.name),
  ...LEASE_TERMS,
  ...LENGTHS_OF_STAY,
  ...AMENITIES,
].filter((value) => !/^\d+$/.test(value));

describe("stored choices", () => {
  it("each have a label, and only offered values have one", () => {
    expect([...new Set(OFFERED)].sort()).toEqual([...LABELLED_CHOICES].sort());
  });

  it("read as stored in English, so English pages and operator emails do not change", () => {
    const t = createTranslate(en);
    for (const value of OFFERED) expect(choiceLabel(t, value)).toBe(value);
  });

  it.each(["es", "fr-CA", "pt-BR"] as const)("read in %s", (locale) => {
    const t = createTranslate(catalogues[locale] as Messages, {}, locale);
    expect(choiceLabel(t, "Pickup from Airport")).not.toBe("Pickup from Airport");
    expect(choiceLabel(t, "Month-to-Month")).not.toBe("Month-to-Month");
    expect(choiceLabel(t, "Yes")).not.toBe("Yes");
    expect(choiceLabel(t, "a typed text")).toBe("a typed text");
  });

  it("use Canadian French names", () => {
    const t = createTranslate(catalogues["fr-CA"] as Messages, {}, "fr-CA");
    expect(choiceLabel(t, "Quebec")).toBe("Québec");
    expect(choiceLabel(t, "SUV")).toBe("VUS");
    expect(choiceLabel(t, "Parking")).toBe("Stationnement");
  });
});
