import { describe, expect, it } from "vitest";
import { en } from "~/lib/i18n/messages/en";
import { torontoToday } from "~/lib/forms/fields";
import { createTranslate } from "~/lib/i18n/translate";
import {
  AMENITIES,
  applyPhotoOp,
  LEASE_TERMS,
  listingTitle,
  parsePhotoOp,
  precheckPhotos,
  PROPERTY_TYPE_CODES,
  PROPERTY_TYPES,
  priceUnit,
  propertyTypeCode,
  provinceCode,
  STEPS,
  stepValuesFrom,
  type WizardValues,
} from "./wizard";
import { listingSchema, parseStep, stepSchema, validateAll, validateStep } from "./wizard-schema";

const t = createTranslate(en, { brand: "GTA Connect" });
const PHOTO = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

const owner: WizardValues = { ownerName: "Ada Lovelace", ownerEmail: "ada@example.com", ownerPhone: "", agreed: "on" };
const property: WizardValues = {
  propertyType: "2BR",
  address: "12 Queen Street East",
  city: "Toronto",
  province: "Ontario",
  postal: "m5c 1r6",
  neighborhood: "St. Lawrence",
  bedrooms: "2",
  bathrooms: "1.5",
  furnished: "Yes",
  petFriendly: "No",
  utilitiesIncluded: "No",
  amenities: ["Wi-Fi", "Parking"],
  description: "Bright corner unit.",
};
const pricing: WizardValues = { price: "2800", priceType: "month", deposit: "", minStay: "", availableFrom: "2030-05-01", leaseTerm: "" };
const photos: WizardValues = { photos: [PHOTO(1)] };
const all = { ...owner, ...property, ...pricing, ...photos };

const errorsFor = (step: number, values: WizardValues) => {
  const r = validateStep(step, values, t);
  return r.success ? {} : r.errors;
};

describe("STEPS", () => {
  it("are the spec's four steps, in order, each asking exactly its schema's fields", () => {
    expect(STEPS.map((s) => t(s.titleKey))).toEqual(["Owner Information", "Property Details", "Pricing & Availability", "Photos"]);
    // Checked against the schemas rather than a copied list: a field added to a schema but to
    // no step (or the other way round) would never be asked for or never be validated.
    for (const step of STEPS) expect(step.fields).toEqual(Object.keys(stepSchema(step.id, t).shape));
    expect(STEPS.flatMap((s) => s.fields)).toEqual(Object.keys(listingSchema(t).shape));
  });
});

describe("validateStep messages (spec §5 Property wizard)", () => {
  it("step 1: name, email, guidelines", () => {
    expect(errorsFor(1, {})).toEqual({
      ownerName: ["Name is required."],
      ownerEmail: ["Email is required."],
      agreed: ["You must agree to the terms."],
    });
    expect(errorsFor(1, { ...owner, ownerEmail: "ada@" }).ownerEmail).toEqual(["Please enter a valid email."]);
    expect(errorsFor(1, { ...owner, ownerPhone: "call me" }).ownerPhone).toEqual(["Please enter a valid phone number."]);
    expect(errorsFor(1, { ...owner, ownerName: "   " }).ownerName).toEqual(["Name is required."]);
    expect(validateStep(1, owner, t).success).toBe(true);
  });

  it("step 2: type, address, city, bedrooms, bathrooms, description", () => {
    expect(errorsFor(2, {})).toEqual({
      propertyType: ["Property type is required."],
      address: ["Address is required."],
      city: ["City is required."],
      bedrooms: ["Bedrooms count is required."],
      bathrooms: ["Bathrooms count is required."],
      description: ["Description is required."],
    });
    expect(validateStep(2, property, t).success).toBe(true);
  });

  it("step 2 bounds: bedrooms ≥ 0 whole, bathrooms ≥ 1 in steps of 0.5, a known type", () => {
    expect(errorsFor(2, { ...property, bedrooms: "-1" }).bedrooms).toEqual(["Bedrooms must be a whole number from 0 to 20."]);
    expect(errorsFor(2, { ...property, bedrooms: "1.5" }).bedrooms).toEqual(["Bedrooms must be a whole number from 0 to 20."]);
    expect(errorsFor(2, { ...property, bedrooms: "abc" }).bedrooms).toEqual(["Bedrooms must be a whole number from 0 to 20."]);
    expect(validateStep(2, { ...property, bedrooms: "0" }, t).success).toBe(true);
    expect(errorsFor(2, { ...property, bathrooms: "0.5" }).bathrooms).toEqual(["Bathrooms must be from 1 to 20, in steps of 0.5."]);
    expect(errorsFor(2, { ...property, bathrooms: "1.3" }).bathrooms).toEqual(["Bathrooms must be from 1 to 20, in steps of 0.5."]);
    expect(validateStep(2, { ...property, bathrooms: "2.5" }, t).success).toBe(true);
    expect(errorsFor(2, { ...property, propertyType: "Castle" }).propertyType).toEqual(["Please choose a valid option for Property type."]);
    expect(errorsFor(2, { ...property, amenities: ["Helipad"] }).amenities).toBeDefined();
    expect(errorsFor(2, { ...property, postal: "12345" }).postal).toEqual(["Please enter a valid postal code, like M5V 2T6."]);
  });

  it("step 2 defaults: Ontario, No, and normalised postal code and amenities", () => {
    const r = validateStep(2, { ...property, province: "", furnished: "", amenities: "Parking" }, t);
    expect(r.success && r.value).toMatchObject({ province: "Ontario", furnished: "No", postal: "M5C 1R6", amenities: ["Parking"] });
  });

  it("step 3: price and available date", () => {
    expect(errorsFor(3, {})).toEqual({ price: ["Price is required."], availableFrom: ["Available date is required."] });
    expect(errorsFor(3, { ...pricing, price: "-5" }).price).toEqual(["Price must be a whole number from 0 to 100000."]);
    expect(errorsFor(3, { ...pricing, deposit: "-1" }).deposit).toEqual(["Deposit must be a whole number from 0 to 100000."]);
    expect(errorsFor(3, { ...pricing, availableFrom: "2030-02-30" }).availableFrom).toEqual(["Please enter a valid date."]);
    expect(errorsFor(3, { ...pricing, availableFrom: "2020-05-01" }).availableFrom).toEqual(["Please choose today or a later date."]);
    expect(validateStep(3, { ...pricing, availableFrom: torontoToday() }, t).success).toBe(true);
    expect(errorsFor(3, { ...pricing, leaseTerm: "forever" }).leaseTerm).toBeDefined();
    const r = validateStep(3, { ...pricing, price: "0", priceType: "" }, t);
    expect(r.success && r.value).toMatchObject({ price: 0, priceType: "month", deposit: undefined, leaseTerm: undefined });
  });

  it("step 4: 1 to 12 photos", () => {
    expect(errorsFor(4, {})).toEqual({ photos: ["At least 1 photo is required."] });
    expect(errorsFor(4, { photos: Array.from({ length: 13 }, (_, i) => PHOTO(i)) })).toEqual({ photos: ["Maximum 12 photos allowed."] });
    expect(validateStep(4, { photos: Array.from({ length: 12 }, (_, i) => PHOTO(i)) }, t).success).toBe(true);
    expect(validateStep("photos", photos, t).success).toBe(true);
  });

  it("Conform's parse of a posted step says the same (raw strings, no auto-coercion)", () => {
    const form = new FormData();
    form.set("intent", "next");
    form.set("step", "2");
    for (const [k, v] of Object.entries({ ...property, amenities: undefined })) if (typeof v === "string") form.set(k, v);
    form.append("amenities", "Wi-Fi");
    form.set("neighborhood", "");
    const ok = parseStep(form, 2, t);
    expect(ok.status).toBe("success");
    form.set("bedrooms", "");
    form.set("description", "");
    const bad = parseStep(form, 2, t);
    expect(bad.status).toBe("error");
    expect(bad.reply().error).toEqual({ bedrooms: ["Bedrooms count is required."], description: ["Description is required."] });
  });

  it("stepValuesFrom keeps the step's raw values, lists as lists, never photo ids", () => {
    const form = new FormData();
    form.set("ownerName", "Ada");
    form.set("evil", "x");
    form.append("photos", PHOTO(1));
    expect(stepValuesFrom(form, 1)).toEqual({ ownerName: "Ada", ownerEmail: undefined, ownerPhone: undefined, agreed: undefined });
    const f2 = new FormData();
    f2.append("amenities", "Wi-Fi");
    f2.append("amenities", "Gym");
    expect(stepValuesFrom(f2, 2).amenities).toEqual(["Wi-Fi", "Gym"]);
    expect(stepValuesFrom(f2, 4)).toEqual({});
  });
});

describe("validateAll", () => {
  it("passes a complete listing with typed values", () => {
    const r = validateAll(all, t);
    expect(r.success).toBe(true);
    if (r.success) expect(r.value).toMatchObject({ bedrooms: 2, bathrooms: 1.5, price: 2800, agreed: true, amenities: ["Wi-Fi", "Parking"] });
  });
  it("names the first failing step", () => {
    expect(validateAll({ ...all, city: "" }, t)).toMatchObject({ success: false, step: 2, errors: { city: ["City is required."] } });
    expect(validateAll({ ...all, agreed: undefined, price: "" }, t)).toMatchObject({ success: false, step: 1 });
    expect(validateAll({ ...all, photos: [] }, t)).toMatchObject({ success: false, step: 4 });
  });
});

describe("options and their stored codes", () => {
  it("has the spec's options", () => {
    expect(PROPERTY_TYPES).toEqual(["Room", "Studio", "1BR", "2BR", "Whole Home", "Sublet", "Short-term"]);
    expect(AMENITIES).toEqual(["Wi-Fi", "Parking", "Laundry", "A/C", "Heating", "Gym", "Pool", "Kitchen", "TV", "Workspace"]);
    expect(LEASE_TERMS).toEqual(["Month-to-Month", "3-6 months", "6-12 months", "12+ months"]);
  });
  it("maps property types to the listing codes and price types to units", () => {
    expect(PROPERTY_TYPES.map(propertyTypeCode)).toEqual(["Room", "Studio", "1BR", "2BR", "WholeHome", "Sublet", "ShortTerm"]);
    expect(new Set(Object.values(PROPERTY_TYPE_CODES))).toEqual(new Set(["1BR", "2BR", "Room", "ShortTerm", "Sublet", "WholeHome", "Studio"]));
    expect(priceUnit("month")).toBe("month");
    expect(priceUnit("night")).toBe("night");
    expect(provinceCode("Ontario")).toBe("ON");
  });
  it("titles a listing from its type and place", () => {
    expect(listingTitle({ propertyType: "2BR", neighborhood: "Leslieville", city: "Toronto" }, t)).toBe("2BR in Leslieville, Toronto");
    expect(listingTitle({ propertyType: "Room", neighborhood: "", city: "Brampton" }, t)).toBe("Room in Brampton");
  });
});

describe("photos in the browser", () => {
  const jpeg = { size: 1000, type: "image/jpeg" };
  it("prechecks count, emptiness, size and declared type", () => {
    expect(precheckPhotos([], 0)).toBe("none");
    expect(precheckPhotos([jpeg, jpeg], 11)).toBe("tooMany");
    expect(precheckPhotos([jpeg], 11)).toBeNull();
    expect(precheckPhotos([{ size: 0, type: "image/png" }], 0)).toBe("empty");
    expect(precheckPhotos([{ size: 10 * 1024 * 1024 + 1, type: "image/png" }], 0)).toBe("tooLarge");
    expect(precheckPhotos([{ size: 10, type: "application/pdf" }], 0)).toBe("unsupported");
  });
  it("parses photo buttons and applies them", () => {
    expect(parsePhotoOp(`up:${PHOTO(2)}`)).toEqual({ op: "up", photoId: PHOTO(2) });
    expect(parsePhotoOp("remove:../../etc")).toBeNull();
    expect(parsePhotoOp("next")).toBeNull();
    const list = [{ id: PHOTO(1) }, { id: PHOTO(2) }, { id: PHOTO(3) }];
    expect(applyPhotoOp(list, { op: "up", photoId: PHOTO(2) }).map((p) => p.id)).toEqual([PHOTO(2), PHOTO(1), PHOTO(3)]);
    expect(applyPhotoOp(list, { op: "down", photoId: PHOTO(3) }).map((p) => p.id)).toEqual([PHOTO(1), PHOTO(2), PHOTO(3)]);
    expect(applyPhotoOp(list, { op: "remove", photoId: PHOTO(1) }).map((p) => p.id)).toEqual([PHOTO(2), PHOTO(3)]);
  });
});
