import { describe, expect, it } from "vitest";
import {
  containsPattern,
  DEFAULT_SORT,
  escapeLike,
  ftsQuery,
  homesSearch,
  MAX_PAGE,
  MAX_QUERY_LENGTH,
  MAX_TERMS,
  normalizeQuery,
  parsePage,
  parseSort,
  propertyKind,
  schemaOrgType,
  searchTerms,
  addedCutoff,
  parseHomeFilters,
  SORTS,
  suggestCities,
} from "./search";

describe("sort", () => {
  it("reads every spec option and falls back to newest", () => {
    for (const s of SORTS) expect(parseSort(s)).toBe(s);
    expect(DEFAULT_SORT).toBe("newest");
    for (const bad of [null, undefined, "", "oldest", "PRICE-ASC", "price"]) expect(parseSort(bad)).toBe("newest");
  });

  it("offers only orders: 'added within' is a filter (ADR 45)", () => {
    expect(SORTS).toEqual(["newest", "price-asc", "price-desc"]);
    // An old link's window sort shows newest first, filtered to the window.
    expect(parseSort("24h")).toBe("newest");
    expect(parseHomeFilters(new URLSearchParams("sort=24h"))).toEqual({ added: "24h" });
  });

  it("turns the 'added within' filter into a created_at cutoff", () => {
    const now = new Date("2026-03-10T12:00:00.000Z");
    expect(addedCutoff("24h", now)).toBe("2026-03-09T12:00:00.000Z");
    expect(addedCutoff("7d", now)).toBe("2026-03-03T12:00:00.000Z");
    expect(addedCutoff("30d", now)).toBe("2026-02-08T12:00:00.000Z");
    expect(addedCutoff(undefined, now)).toBeNull();
  });
});

describe("filters in the URL", () => {
  it("reads what a link sets and ignores bad values", () => {
    expect(parseHomeFilters(new URLSearchParams("type=apartment&max=2000&min=1500&beds=2&pets=1&area=Etobicoke&added=7d"))).toEqual({
      type: "apartment",
      maxPrice: 2000,
      minPrice: 1500,
      beds: 2,
      pets: true,
      area: "Etobicoke",
      added: "7d",
    });
    expect(parseHomeFilters(new URLSearchParams("type=castle&max=-1&beds=99&pets=yes&added=1y"))).toEqual({});
  });

  it("writes them back in a results link", () => {
    expect(homesSearch({ q: "basement", filters: { type: "apartment", maxPrice: 2000 }, sort: "price-asc" })).toBe("?q=basement&type=apartment&max=2000&sort=price-asc");
  });
});

describe("page", () => {
  it("is a positive whole number, 1 by default, clamped", () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage("3")).toBe(3);
    for (const bad of ["0", "-2", "1.5", "abc", "", "1e3"]) expect(parsePage(bad)).toBe(1);
    expect(parsePage("999999")).toBe(MAX_PAGE);
  });
});

describe("query and terms", () => {
  it("trims, collapses spaces and caps the length", () => {
    expect(normalizeQuery("  Liberty   Village ")).toBe("Liberty Village");
    expect(normalizeQuery(null)).toBe("");
    expect(normalizeQuery("x".repeat(500))).toHaveLength(MAX_QUERY_LENGTH);
  });

  it("splits into lower-cased, distinct words, at most MAX_TERMS", () => {
    expect(searchTerms("Toronto  CONDO toronto")).toEqual(["toronto", "condo"]);
    expect(searchTerms("   ")).toEqual([]);
    expect(searchTerms("a b c d e f g h i j k")).toHaveLength(MAX_TERMS);
  });
});

describe("LIKE and FTS escaping", () => {
  it("escapes LIKE wildcards and the escape character", () => {
    expect(escapeLike("50%_off\\")).toBe("50\\%\\_off\\\\");
    expect(containsPattern("a_b")).toBe("%a\\_b%");
    expect(containsPattern("plain")).toBe("%plain%");
  });

  it("quotes every FTS term, doubling quotes, so input is never FTS syntax", () => {
    expect(ftsQuery(["toronto"])).toBe('"toronto"');
    expect(ftsQuery(["port", "credit"])).toBe('"port" AND "credit"');
    expect(ftsQuery(['a"b OR c*'])).toBe('"a""b OR c*"');
  });
});

describe("URLs", () => {
  it("builds short URLs with only non-default state", () => {
    expect(homesSearch({})).toBe("");
    expect(homesSearch({ q: " Port  Credit ", sort: "newest", page: 1 })).toBe("?q=Port+Credit");
    expect(homesSearch({ q: "", sort: "price-asc", page: 3 })).toBe("?sort=price-asc&page=3");
  });
});

describe("city suggestions", () => {
  const cities = ["Toronto", "Mississauga", "Scarborough", "Brampton", "Vaughan", "North York", "Etobicoke", "Markham"];
  it("scores prefix above substring above letter overlap, at most 6, only for a non-empty box", () => {
    expect(suggestCities("", cities)).toEqual([]);
    expect(suggestCities("  ", cities)).toEqual([]);
    // Prefix, then substrings in list order (bramp-TO-n, e-TO-bicoke), then letter overlap (North York).
    expect(suggestCities("to", cities)).toEqual(["Toronto", "Brampton", "Etobicoke", "North York"]);
    expect(suggestCities("zz", cities)).toEqual([]);
    expect(suggestCities("bor", cities)[0]).toBe("Scarborough");
    expect(suggestCities("a", cities).length).toBeLessThanOrEqual(6);
  });
});

describe("property types", () => {
  it("folds seed and wizard spellings into one kind and a schema.org type", () => {
    expect(propertyKind("WholeHome")).toBe("wholehome");
    expect(propertyKind("Whole Home")).toBe("wholehome");
    expect(propertyKind("Short-term")).toBe("shortterm");
    expect(propertyKind("Castle")).toBe("other");
    expect(schemaOrgType("Room")).toBe("Room");
    expect(schemaOrgType("WholeHome")).toBe("House");
    expect(schemaOrgType("1BR")).toBe("Apartment");
    expect(schemaOrgType("ShortTerm")).toBe("Accommodation");
  });
});
