import { describe, expect, it } from "vitest";
import { GTA_AREAS } from "~/modules/site/areas";
import { type HomeFilters, type ServiceFilters, type Understood, understandHomes, understandService, whenDates, withoutSpan } from "./understand";

// The places the page knows: the GTA areas and the cities that have listings (the seed's).
const PLACES = [...GTA_AREAS, "Toronto", "Mississauga", "Scarborough", "Brampton", "Vaughan"];

type Row<F> = [phrase: string, filters: F, text: string, unknownPlace?: string];

// Issue 51's acceptance: real phrasings, in the four languages, with the filters each must yield.
const HOMES: Row<HomeFilters>[] = [
  // English
  ["condo under 2000", { type: "apartment", maxPrice: 2000 }, ""],
  ["2 bed pets ok Etobicoke", { beds: 2, pets: true, area: "Etobicoke" }, ""],
  ["basement apartment near Finch", { type: "apartment" }, "basement Finch", "Finch"],
  ["1br downtown under $1,800", { beds: 1, maxPrice: 1800 }, "downtown"],
  ["room in Scarborough", { type: "room", area: "Scarborough" }, ""],
  ["studio under 1500 a month", { type: "studio", maxPrice: 1500 }, ""],
  ["3 bedroom house in Brampton", { beds: 3, type: "house", area: "Brampton" }, ""],
  ["pet friendly apartment North York", { pets: true, type: "apartment", area: "North York" }, ""],
  ["between 1500 and 2200 Mississauga", { minPrice: 1500, maxPrice: 2200, area: "Mississauga" }, ""],
  ["short term rental near the lake", { type: "shortterm" }, "lake"],
  ["sublet added in the last 24 hours", { type: "sublet", added: "24h" }, ""],
  ["new this week toronto", { added: "7d", area: "Toronto" }, ""],
  ["two bedroom with a dog", { beds: 2, pets: true }, ""],
  ["furnished room $900", { type: "room", maxPrice: 900 }, "furnished"],
  ["2k max condo", { maxPrice: 2000, type: "apartment" }, ""],
  ["apartment over 2500 vaughan", { type: "apartment", minPrice: 2500, area: "Vaughan" }, ""],
  ["whole home posted this month", { type: "house", added: "30d" }, ""],
  ["cozy loft in Oshawa", {}, "cozy loft Oshawa", "Oshawa"],
  ["Liberty Village", {}, "Liberty Village"],
  ["condo or house", { type: "apartment" }, "house"],
  ["under 5 minutes to subway", {}, "under 5 minutes subway"],
  ["$1500-$2000 2br markham", { minPrice: 1500, maxPrice: 2000, beds: 2, area: "Markham" }, ""],
  // French
  ["appartement moins de 2000 $", { type: "apartment", maxPrice: 2000 }, ""],
  ["2 chambres animaux acceptés Etobicoke", { beds: 2, pets: true, area: "Etobicoke" }, ""],
  ["une chambre à Scarborough", { type: "room", area: "Scarborough" }, ""],
  ["studio meublé jusqu'à 1 500 $", { type: "studio", maxPrice: 1500 }, "meublé"],
  ["maison avec mon chien à Brampton", { type: "house", pets: true, area: "Brampton" }, ""],
  ["condo ajouté cette semaine", { type: "apartment", added: "7d" }, ""],
  ["sous-location près de Finch", { type: "sublet" }, "Finch", "Finch"],
  ["trois chambres entre 2000 et 2800", { beds: 3, minPrice: 2000, maxPrice: 2800 }, ""],
  ["logement à Laval", {}, "logement Laval", "Laval"],
  ["court terme Toronto dans les 24 h", { type: "shortterm", area: "Toronto", added: "24h" }, ""],
  // Spanish
  ["departamento menos de 2000", { type: "apartment", maxPrice: 2000 }, ""],
  ["2 habitaciones se aceptan mascotas Etobicoke", { beds: 2, pets: true, area: "Etobicoke" }, ""],
  ["una habitación en Scarborough", { type: "room", area: "Scarborough" }, ""],
  ["casa de 3 dormitorios en Mississauga", { type: "house", beds: 3, area: "Mississauga" }, ""],
  ["estudio hasta 1.500", { type: "studio", maxPrice: 1500 }, ""],
  ["apartamento con perro cerca de Finch", { type: "apartment", pets: true }, "Finch", "Finch"],
  ["publicados esta semana en Vaughan", { added: "7d", area: "Vaughan" }, ""],
  ["piso entre 1800 y 2400", { type: "apartment", minPrice: 1800, maxPrice: 2400 }, ""],
  ["corto plazo desde 3000", { type: "shortterm", minPrice: 3000 }, ""],
  // Portuguese
  ["apartamento até 2000", { type: "apartment", maxPrice: 2000 }, ""],
  ["2 quartos aceita pets Etobicoke", { beds: 2, pets: true, area: "Etobicoke" }, ""],
  ["um quarto em Scarborough", { type: "room", area: "Scarborough" }, ""],
  ["casa com cachorro em Brampton", { type: "house", pets: true, area: "Brampton" }, ""],
  ["kitnet abaixo de 1.400", { type: "studio", maxPrice: 1400 }, ""],
  ["novos hoje North York", { added: "24h", area: "North York" }, ""],
  ["sublocação perto de Finch", { type: "sublet" }, "Finch", "Finch"],
  ["três quartos mais de 2500", { beds: 3, minPrice: 2500 }, ""],
  ["temporada em Niagara", { type: "shortterm" }, "Niagara", "Niagara"],
  ["porão mobiliado em Markham", { area: "Markham" }, "porão mobiliado"],
];

const SERVICES: Row<ServiceFilters>[] = [
  ["plumber this weekend Scarborough", { category: "plumbing", when: "weekend", area: "Scarborough" }, ""],
  ["need a cleaner tomorrow in Etobicoke", { category: "cleaning", when: "tomorrow", area: "Etobicoke" }, ""],
  ["handyman to mount a TV", { category: "handyman" }, "mount TV"],
  ["plombier ce week-end à Scarborough", { category: "plumbing", when: "weekend", area: "Scarborough" }, ""],
  ["femme de ménage demain", { category: "cleaning", when: "tomorrow" }, ""],
  ["plomero este fin de semana en Scarborough", { category: "plumbing", when: "weekend", area: "Scarborough" }, ""],
  ["jardinero hoy", { category: "gardening", when: "today" }, ""],
  ["encanador este fim de semana em Scarborough", { category: "plumbing", when: "weekend", area: "Scarborough" }, ""],
  ["faxina amanhã Vaughan", { category: "cleaning", when: "tomorrow", area: "Vaughan" }, ""],
  ["dj for a wedding in Kingston", { category: "dj-events" }, "wedding Kingston", "Kingston"],
];

/** A row's filters, leftover text and unknown place, all three exactly. */
function expectRow<F>(got: Understood<F>, [filters, text, unknownPlace]: [F, string, string?]) {
  expect(got.filters).toEqual(filters);
  expect(got.text).toBe(text);
  expect(got.unknownPlace).toBe(unknownPlace);
}

describe("understandHomes: the table", () => {
  it.each(HOMES)("%s", (phrase, ...row) => expectRow(understandHomes(phrase, PLACES), row));

  it("holds at least 40 phrasings (issue 51)", () => {
    expect(HOMES.length + SERVICES.length).toBeGreaterThanOrEqual(40);
  });
});

describe("understandService: the table", () => {
  it.each(SERVICES)("%s", (phrase, ...row) => expectRow(understandService(phrase, PLACES), row));
});

describe("places", () => {
  it("skips an empty city name and prefers the longest known name", () => {
    expect(understandHomes("room North York", ["", " ", "York", "North York"]).filters).toEqual({ type: "room", area: "North York" });
  });
});

describe("a chip's remove link", () => {
  it("takes out only the phrase its filter was read from", () => {
    const q = "2 bed pets ok Etobicoke";
    const { spans } = understandHomes(q, PLACES);
    expect(withoutSpan(q, spans.pets)).toBe("2 bed Etobicoke");
    expect(withoutSpan(q, spans.area)).toBe("2 bed pets ok");
    expect(withoutSpan(q, spans.beds)).toBe("pets ok Etobicoke");
  });

  it("keeps accents and case of the words around it", () => {
    const q = "Studio meublé à Québec sous 1500";
    const { spans, text } = understandHomes(q, PLACES);
    expect(text).toBe("meublé Québec");
    expect(withoutSpan(q, spans.type)).toBe("meublé à Québec sous 1500");
  });
});

describe("whenDates", () => {
  it("reads today, tomorrow, the coming weekend and the rest of the week from a Toronto date", () => {
    // 2026-12-09 is a Wednesday; 2026-12-12/13 the weekend after it.
    expect(whenDates("today", "2026-12-09")).toEqual(["2026-12-09"]);
    expect(whenDates("tomorrow", "2026-12-31")).toEqual(["2027-01-01"]);
    expect(whenDates("weekend", "2026-12-09")).toEqual(["2026-12-12", "2026-12-13"]);
    expect(whenDates("weekend", "2026-12-12")).toEqual(["2026-12-12", "2026-12-13"]);
    expect(whenDates("weekend", "2026-12-13")).toEqual(["2026-12-13"]);
    expect(whenDates("week", "2026-12-11")).toEqual(["2026-12-11", "2026-12-12", "2026-12-13"]);
  });
});
