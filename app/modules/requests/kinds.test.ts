import { describe, expect, it } from "vitest";
import { en } from "~/lib/i18n/messages/en";
import { es } from "~/lib/i18n/messages/es";
import { frCA } from "~/lib/i18n/messages/fr-CA";
import { ptBR } from "~/lib/i18n/messages/pt-BR";
import { createTranslate, type Messages } from "~/lib/i18n/translate";
import { renderFields } from "./kind";
import { type KindData, KINDS, kindOf, type RequestKind } from "./kinds";

/** One filled-in example per kind, as its form's schema would hand it over. */
const SAMPLES: { [K in RequestKind]: KindData<K> } = {
  booking: {
    service: "Handyman Services",
    fullName: "Ada Lovelace",
    email: "ada@example.com",
    area: "Leslieville",
    preferredDate: "2026-12-01",
    preferredTime: "09:30",
    notes: "Two shelves",
    serviceSlug: "handyman",
  },
  "quick-booking": { fullName: "Ada Lovelace", email: "ada@example.com", details: "Deep clean, Saturday" },
  "service-request": {
    service: "Pool cleaning",
    name: "Ada",
    location: "Etobicoke",
    contact: "416-555-0100",
  },
  "car-request": {
    type: "airport-transfer",
    fullName: "Ada",
    email: "ada@example.com",
    direction: "Round trip",
    airport: "YYZ",
    flightNumber: "AC 101",
    pickupTime: "2026-12-01T14:30",
    passengerCount: 2,
    childSeat: "Yes",
  },
  "chauffeur-contact": {
    fullName: "Ada",
    email: "ada@example.com",
    pickupArea: "Annex",
    message: "A van on Saturday?",
  },
  "rent-request": {
    listingId: "h-annex-studio",
    listing: "Sunny studio in the Annex",
    location: "Annex, Toronto",
    fullName: "Ada",
    email: "ada@example.com",
    phone: "416-555-0100",
    moveInDate: "2026-12-01",
    adults: 1,
    children: 0,
    message: "Is it quiet?",
  },
  "city-request": { city: "Oshawa", name: "Ada", contact: "ada@example.com" },
  listing: {
    listingId: "l-0123456789abcdef",
    title: "1BR in Annex, Toronto",
    ownerName: "Ada",
    ownerEmail: "ada@example.com",
    address: "1 Bloor St W",
    photoCount: 2,
    agreed: true,
    priceType: "month",
    amenities: ["Wi-Fi", "Laundry"],
    price: 2100,
  },
  "contact-message": { name: "Ada", email: "ada@example.com", subject: "Deck", message: "Etobicoke?" },
  "provider-application": {
    applicationId: "0b5e8c1e-7d7a-4f4e-9a55-2f0c4c1b9e11",
    fullName: "Ada Lovelace",
    email: "ada@example.com",
    phone: "416-555-0100",
    address: "1 Bloor St W",
    serviceAreas: ["Toronto", "Vaughan"],
    services: ["plumbing", "handyman"],
    customService: null,
    workStatus: "open_permit",
    workPermitExpiry: "2028-01-31",
    confirmEligibility: true,
    idType: "passport",
    idNumber: "AB123456",
    idExpiry: "2030-05-01",
    licenseType: "Trade/Plumber License",
    licenseNumber: "PL-1",
    licenseRegion: "Ontario",
    licenseExpiry: "2027-08-31",
    agreeToPolicies: true,
    consentToChecks: true,
    documents: [{ kind: "id_front", name: "passport.png" }],
  },
};

const english = createTranslate(en, { brand: "GTA Connect" });
/** A stand-in second language: every message marked, so English left over would show. */
const marked = createTranslate(
  Object.fromEntries(Object.entries(en).map(([k, v]) => [k, `⟦${v}⟧`])) as Messages,
  { brand: "GTA Connect" },
);

describe.each(Object.keys(KINDS) as RequestKind[])("request kind %s", (name) => {
  const kind = kindOf(name);
  const sample = SAMPLES[name] as Record<string, unknown>;

  it("stores its payload as typed JSON that reads back the same", () => {
    const stored = JSON.stringify(kind.payload.parse(sample));
    expect(kind.payload.parse(JSON.parse(stored))).toEqual(kind.payload.parse(sample));
  });

  it("renders the same stored request in English and in another language", () => {
    const data = kind.payload.parse(JSON.parse(JSON.stringify(sample)));
    const inEnglish = renderFields(kind, data, english);
    const inOther = renderFields(kind, data, marked);
    expect(inEnglish.length).toBeGreaterThan(2);
    expect(inOther.map((f) => f.label)).toEqual(inEnglish.map((f) => `⟦${f.label}⟧`));
    for (const f of inEnglish) expect(f.label).not.toMatch(/^(request|cars|wizard)\./);
    expect(marked(kind.confirmation(data))).toMatch(/^⟦.*⟧$/);
    expect(kind.operatorSubject(data, english).length).toBeGreaterThan(5);
    expect(kind.contact(data).name).toBeTruthy();
  });
});

describe("dates and times (issue 33 item 6)", () => {
  const french = createTranslate(frCA as unknown as Messages, { brand: "GTA Connect" }, "fr-CA");
  const spanish = createTranslate(es as unknown as Messages, { brand: "GTA Connect" }, "es");
  const RAW = /\d{4}-\d{2}-\d{2}|^\d{2}:\d{2}$/;

  it.each(Object.keys(KINDS) as RequestKind[])("%s shows no stored ISO date or time in any language", (name) => {
    const data = kindOf(name).payload.parse(JSON.parse(JSON.stringify(SAMPLES[name])));
    for (const t of [english, french, spanish]) {
      for (const f of renderFields(kindOf(name), data, t)) expect(String(f.value ?? "")).not.toMatch(RAW);
    }
  });

  it("writes a booking's day and time as the reader does; a day is that very day", () => {
    const value = (t: typeof english, label: string) =>
      String(renderFields(KINDS.booking, SAMPLES.booking, t).find((f) => f.label === label)?.value).replace(/\s/g, " ");
    expect(value(english, en["request.field.preferredDate"])).toBe("Dec 1, 2026");
    expect(value(english, en["request.field.preferredTime"])).toBe("9:30 AM");
    expect(value(french, frCA["request.field.preferredDate"])).toBe("1 déc. 2026");
    expect(value(french, frCA["request.field.preferredTime"])).toBe("09 h 30");
    expect(value(spanish, es["request.field.preferredDate"])).toBe("1 dic 2026");
    const car = renderFields(KINDS["car-request"], SAMPLES["car-request"], french);
    expect(car.find((f) => f.label === frCA["cars.field.pickupTime"])?.value).toMatch(/^1 déc\. 2026, 14\sh\s30$/);
  });
});

describe("what a request concerns", () => {
  it("links a listing's submission and a rent request to that listing", () => {
    expect(KINDS.listing.subject(SAMPLES.listing)).toEqual({ type: "listing", id: "l-0123456789abcdef" });
    expect(KINDS["rent-request"].subject(SAMPLES["rent-request"])).toEqual({
      type: "listing",
      id: "h-annex-studio",
    });
    expect(KINDS.booking.subject(SAMPLES.booking)).toEqual({ type: "service", id: "handyman" });
    expect(KINDS["contact-message"].subject(SAMPLES["contact-message"])).toBeNull();
  });

  it("shows stored codes in the reader's language (Yes/No, the car type, the price as money per month)", () => {
    const car = renderFields(KINDS["car-request"], SAMPLES["car-request"], english);
    expect(car[0]).toEqual({ label: "Request type", value: "Airport Transfer", asWritten: false });
    expect(car).toContainEqual({ label: "Child seat", value: "Yes", asWritten: false });
    expect(renderFields(KINDS["car-request"], SAMPLES["car-request"], marked)).toContainEqual({
      label: "⟦Child seat⟧",
      value: "⟦Yes⟧",
      asWritten: false,
    });
    expect(renderFields(KINDS.listing, SAMPLES.listing, english)).toContainEqual({
      label: "Price",
      value: "CA$2,100/month",
      asWritten: false,
    });
    // Read back as a person reads it (issue 51): no internal id, no consent box, no "(optional)".
    const listing = renderFields(KINDS.listing, SAMPLES.listing, english);
    expect(listing.map((f) => f.label).join(" ")).not.toMatch(/Listing ID|optional|I agree/);
  });

  it("tells the person's own text (shown as typed, not translated) from choices and formatted values", () => {
    const sample = SAMPLES["contact-message"] as Record<string, unknown>;
    const fields = renderFields(KINDS["contact-message"], SAMPLES["contact-message"], english);
    const typed = fields.filter((f) => f.asWritten);
    expect(typed.length).toBeGreaterThan(0);
    for (const f of typed) expect(Object.values(sample)).toContain(f.value);
    expect(renderFields(KINDS["car-request"], SAMPLES["car-request"], english).find((f) => f.value === "Yes")?.asWritten).toBe(false);
  });

  it("keeps the spec's operator subjects", () => {
    // Its "when" as the operator reads it, not the stored ISO text.
    expect(KINDS["car-request"].operatorSubject(SAMPLES["car-request"], english)).toMatch(
      /^\[Cars\/Rental\] Airport Transfer – Ada – Flight AC 101 Dec 1, 2026, 2:30\sPM$/,
    );
    expect(KINDS["city-request"].operatorSubject(SAMPLES["city-request"], english)).toBe(
      "[City Request] Oshawa",
    );
    expect(KINDS.listing.operatorSubject(SAMPLES.listing, english)).toBe(
      "New Property Listing — 1 Bloor St W",
    );
  });
});

describe("anonymized payloads (issue 28: a deleted account's requests, privacy/erase.server.ts)", () => {
  it.each(Object.keys(KINDS) as RequestKind[])("%s still reads as its kind, without the person's name, email, phone or words", async (name) => {
    const { anonymizePayload } = await import("~/modules/privacy/erase.server");
    const sample = SAMPLES[name] as Record<string, unknown>;
    const anonymized = JSON.parse(anonymizePayload(JSON.stringify(sample))) as Record<string, unknown>;
    expect(kindOf(name).payload.safeParse(anonymized).success).toBe(true);
    const text = JSON.stringify(anonymized);
    for (const key of ["fullName", "name", "email", "phone", "contact", "notes", "message", "address", "details", "description", "idNumber", "licenseNumber"]) {
      if (typeof sample[key] === "string" && (sample[key] as string).length > 0) expect(text, `${name}.${key}`).not.toContain(sample[key] as string);
    }
  });
});

describe("the applicant's emails of a provider application", () => {
  it.each([
    ["en", en],
    ["es", es],
    ["fr-CA", frCA],
    ["pt-BR", ptBR],
  ] as const)("in %s do not tell a provider that payment is arranged with the provider", (_lang, catalogue) => {
    const footer = "email.customer.footerProviderApplication";
    expect(kindOf("provider-application").customerFooter).toBe(footer);
    expect(catalogue[footer]).toBeTruthy();
    expect(catalogue[footer]).not.toBe(catalogue["email.customer.footer"]);
    expect(catalogue[footer]).not.toMatch(/provider|proveedor|fournisseur|prestador/i);
    expect(catalogue[footer]).toContain("{operator}");
  });
});
