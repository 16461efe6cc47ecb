import { describe, expect, it } from "vitest";
import { scoreMatch, suggest, titleContains } from "./suggest";

const TITLES = [
  "Handyman Services",
  "Car & Driver / Rentals",
  "Cleaning Services",
  "DJ / Events",
  "Salon / Beauty",
  "Gardening",
  "Plumbing",
];

describe("scoreMatch", () => {
  it.each([
    ["plu", "Plumbing", 3],
    ["PLUMB", "Plumbing", 3],
    ["bing", "Plumbing", 2],
    ["services", "Cleaning Services", 2],
    ["plmbng", "Plumbing", 1], // every letter present, not a substring
    ["xyz", "Plumbing", 0],
    ["", "Plumbing", 0],
    ["   ", "Plumbing", 0],
  ])("%j in %j scores %i", (query, title, score) => {
    expect(scoreMatch(query, title)).toBe(score);
  });

  it("needs more than 70% of the letters for an overlap match", () => {
    // "gardxx": g,a,r,d present (4/6 ≈ 67%) → no match; "gardex": 5/6 ≈ 83% → match.
    expect(scoreMatch("gardxx", "Gardening")).toBe(0);
    expect(scoreMatch("gardex", "Gardening")).toBe(1);
  });
});

describe("suggest", () => {
  it("ranks prefix above contains above letter overlap", () => {
    const items = ["Car Wash", "Scar Repair", "Racing"];
    expect(suggest("car", items, (s) => s)).toEqual(["Car Wash", "Scar Repair", "Racing"]);
  });

  it("keeps the original order for ties", () => {
    // Two contain "serv" (score 2, in list order), then letter-overlap matches (score 1).
    expect(suggest("serv", TITLES, (s) => s).slice(0, 2)).toEqual(["Handyman Services", "Cleaning Services"]);
    expect(suggest("serv", TITLES, (s) => s).slice(2)).toEqual(["Car & Driver / Rentals", "DJ / Events"]);
    expect(suggest("in", TITLES, (s) => s).slice(0, 3)).toEqual(["Cleaning Services", "Gardening", "Plumbing"]);
  });

  it("returns at most 6", () => {
    const many = Array.from({ length: 20 }, (_, i) => `Service ${i}`);
    expect(suggest("serv", many, (s) => s)).toHaveLength(6);
    expect(suggest("serv", many, (s) => s)[0]).toBe("Service 0");
  });
});

describe("titleContains", () => {
  it("is case-insensitive", () => {
    expect(TITLES.filter((t) => titleContains("SERVICES", t))).toEqual(["Handyman Services", "Cleaning Services"]);
    expect(TITLES.filter((t) => titleContains("zzz", t))).toEqual([]);
  });
});
