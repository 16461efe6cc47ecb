import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COMMUNITY_REVIEWS, HOME_LISTINGS, PARTNER_ADS, PROVIDER_SERVICES, SERVICE_CATEGORIES } from "./data";

/** Resolves a public URL path ("/images/...") to the file under <repo>/public. */
const publicFile = (urlPath: string) => new URL("../../public" + urlPath, import.meta.url);

describe("SERVICE_CATEGORIES", () => {
  it("has the 7 spec categories, titles and CTA labels, in spec order", () => {
    expect(SERVICE_CATEGORIES.map((c) => c.slug)).toEqual([
      "handyman",
      "car-rental",
      "cleaning",
      "dj-events",
      "salon-beauty",
      "gardening",
      "plumbing",
    ]);
    expect(SERVICE_CATEGORIES.map((c) => c.title)).toEqual([
      "Handyman Services",
      "Car & Driver / Rentals",
      "Cleaning Services",
      "DJ / Events",
      "Salon / Beauty",
      "Gardening",
      "Plumbing",
    ]);
    expect(SERVICE_CATEGORIES.map((c) => c.ctaLabel)).toEqual([
      "Book Handyman",
      "Book a Ride",
      "Book Cleaning",
      "Book a DJ",
      "Book Beauty",
      "Book Gardener",
      "Book a Plumber",
    ]);
    expect(SERVICE_CATEGORIES.map((c) => c.sortOrder)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("has 4–6 inclusions per category", () => {
    for (const c of SERVICE_CATEGORIES) {
      expect(c.includes.length).toBeGreaterThanOrEqual(4);
      expect(c.includes.length).toBeLessThanOrEqual(6);
    }
  });

  it("has galleries of exactly 3 images, or null", () => {
    for (const c of SERVICE_CATEGORIES) {
      if (c.gallery !== null) expect(c.gallery).toHaveLength(3);
    }
    expect(SERVICE_CATEGORIES.filter((c) => c.gallery !== null).map((c) => c.slug)).toEqual([
      "handyman",
      "cleaning",
      "salon-beauty",
      "gardening",
    ]);
  });
});

describe("PROVIDER_SERVICES", () => {
  it("has 18 entries: 11 without a licence, then 7 with one", () => {
    expect(PROVIDER_SERVICES).toHaveLength(18);
    const without = PROVIDER_SERVICES.filter((s) => !s.requiresLicense);
    const withLicence = PROVIDER_SERVICES.filter((s) => s.requiresLicense);
    expect(without).toHaveLength(11);
    expect(withLicence).toHaveLength(7);
    expect(PROVIDER_SERVICES.slice(0, 11)).toEqual(without);
    expect(without.map((s) => s.name)).toEqual([
      "Handyman",
      "Cleaning",
      "Gardening",
      "DJ/Events",
      "Tutoring",
      "Moving",
      "Painting",
      "Appliance Repair",
      "IT Support",
      "Photography",
      "Caterer",
    ]);
    for (const s of without) expect(s.licenseType).toBeNull();
  });

  it("has the spec licence types", () => {
    expect(PROVIDER_SERVICES.filter((s) => s.requiresLicense).map((s) => [s.name, s.licenseType])).toEqual([
      ["Plumbing", "Trade/Plumber License"],
      ["Salon/Beauty", "Cosmetology/Esthetics License"],
      ["Car/Chauffeur", "Driver's License"],
      ["Electrical", "Electrical Contractor/Trade License"],
      ["HVAC", "HVAC Technician License"],
      ["Roofing", "Contractor License"],
      ["General Contracting", "Contractor License"],
    ]);
  });

  it("has unique kebab-case slugs", () => {
    const slugs = PROVIDER_SERVICES.map((s) => s.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe("HOME_LISTINGS", () => {
  const AMENITIES = ["Wi-Fi", "Parking", "Laundry", "A/C", "Heating", "Gym", "Pool", "Kitchen", "TV", "Workspace"];

  it("has exactly 12 listings with unique ids", () => {
    expect(HOME_LISTINGS).toHaveLength(12);
    expect(new Set(HOME_LISTINGS.map((h) => h.id)).size).toBe(12);
  });

  it("covers all 7 property types and all 5 cities", () => {
    expect(new Set(HOME_LISTINGS.map((h) => h.propertyType))).toEqual(
      new Set(["1BR", "2BR", "Room", "ShortTerm", "Sublet", "WholeHome", "Studio"]),
    );
    expect(new Set(HOME_LISTINGS.map((h) => h.city))).toEqual(
      new Set(["Toronto", "Mississauga", "Scarborough", "Brampton", "Vaughan"]),
    );
  });

  it("ranges in price from 180 per night to 4200 per month", () => {
    const prices = HOME_LISTINGS.map((h) => h.price);
    const cheapest = HOME_LISTINGS.find((h) => h.price === Math.min(...prices));
    const dearest = HOME_LISTINGS.find((h) => h.price === Math.max(...prices));
    expect(cheapest).toMatchObject({ price: 180, priceUnit: "night" });
    expect(dearest).toMatchObject({ price: 4200, priceUnit: "month" });
    for (const p of prices) expect(Number.isInteger(p)).toBe(true);
    const nightly = HOME_LISTINGS.filter((h) => h.priceUnit === "night");
    expect(nightly.length).toBeGreaterThanOrEqual(2);
    for (const h of nightly) expect(h.propertyType).toBe("ShortTerm");
  });

  it("has at least one fractional bathroom count, in steps of 0.5", () => {
    expect(HOME_LISTINGS.some((h) => !Number.isInteger(h.bathrooms))).toBe(true);
    for (const h of HOME_LISTINGS) expect(Number.isInteger(h.bathrooms * 2)).toBe(true);
  });

  it("uses known amenities, consistent with the parking flag", () => {
    for (const h of HOME_LISTINGS) {
      for (const a of h.amenities) expect(AMENITIES).toContain(a);
      expect(h.amenities.includes("Parking")).toBe(h.parking);
    }
  });

  it("has valid availability dates and a spread of creation ages", () => {
    for (const h of HOME_LISTINGS) {
      expect(h.availableFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(h.availableFrom >= "2026-11-25" && h.availableFrom <= "2027-03-01").toBe(true);
      expect(h.images.length).toBeGreaterThanOrEqual(3);
      expect(h.images.length).toBeLessThanOrEqual(4);
    }
    const ages = HOME_LISTINGS.map((h) => h.createdDaysAgo);
    expect(ages.filter((d) => d < 1).length).toBeGreaterThan(0);
    expect(ages.filter((d) => d >= 1 && d <= 7).length).toBeGreaterThan(0);
    expect(ages.filter((d) => d > 7 && d <= 30).length).toBeGreaterThan(0);
    expect(ages.filter((d) => d > 30).length).toBeGreaterThan(0);
  });
});

describe("COMMUNITY_REVIEWS and PARTNER_ADS", () => {
  it("has 6 reviews dated in 2025 with ratings 1–5", () => {
    expect(COMMUNITY_REVIEWS).toHaveLength(6);
    for (const r of COMMUNITY_REVIEWS) {
      expect(r.date).toMatch(/^2025-\d{2}-\d{2}$/);
      expect([1, 2, 3, 4, 5]).toContain(r.rating);
      // Reviews policy: no personal contact data.
      expect(r.comment).not.toMatch(/@|\d{3}[-. ]\d{3}[-. ]\d{4}/);
    }
  });

  it("has 5 partner ads with unique ids", () => {
    expect(PARTNER_ADS).toHaveLength(5);
    expect(new Set(PARTNER_ADS.map((a) => a.id)).size).toBe(5);
    for (const a of PARTNER_ADS) expect(a.image).toBe(`/images/ads/${a.id}.svg`);
  });
});

describe("image files", () => {
  const referenced = [
    ...SERVICE_CATEGORIES.flatMap((c) => [c.heroImage, ...(c.gallery ?? [])]),
    ...HOME_LISTINGS.flatMap((h) => [...h.images, h.landlord.avatar]),
    ...PARTNER_ADS.map((a) => a.image),
    "/images/logo.svg",
    "/favicon.svg",
  ];

  it("exist under public/ for every referenced path", () => {
    const missing = referenced.filter((p) => !existsSync(publicFile(p)));
    expect(missing).toEqual([]);
  });
});
