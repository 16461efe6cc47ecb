import { describe, expect, it } from "vitest";
import { findServices } from "./find";

const CATS = [
  { slug: "handyman", title: "Handyman Services", areas: "Toronto, North York, Etobicoke" },
  { slug: "cleaning", title: "Cleaning Services", areas: "Toronto, Mississauga" },
  { slug: "plumbing", title: "Plumbing", areas: "Toronto, Brampton" },
];

describe("findServices", () => {
  it("matches the type with the suggestion scoring, best first", () => {
    expect(findServices(CATS, { type: "plumb", location: "", category: "" }).map((c) => c.slug)).toEqual(["plumbing"]);
    expect(findServices(CATS, { type: "clean", location: "", category: "" })[0]?.slug).toBe("cleaning");
  });

  it("filters by area and category, case-insensitively", () => {
    expect(findServices(CATS, { type: "", location: "mississauga", category: "" }).map((c) => c.slug)).toEqual(["cleaning"]);
    expect(findServices(CATS, { type: "", location: "", category: "handyman" }).map((c) => c.slug)).toEqual(["handyman"]);
    expect(findServices(CATS, { type: "plumbing", location: "Ajax", category: "" })).toEqual([]);
  });

  it("lists everything when nothing is asked", () => {
    expect(findServices(CATS, { type: " ", location: "", category: "" })).toHaveLength(3);
  });
});
