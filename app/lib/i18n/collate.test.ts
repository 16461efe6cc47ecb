import { describe, expect, it } from "vitest";
import { collatorFor } from "./collate";

const NAMES = ["Zoé", "Çelik", "Nube", "Émile", "Ñandú", "Emma", "Ana", "Unit 10", "Unit 2"];

describe("collatorFor", () => {
  it("sorts accented names beside their plain letters, not after Z as code points do", () => {
    expect([...NAMES].sort(collatorFor("fr-CA").compare)).toEqual([
      "Ana", "Çelik", "Émile", "Emma", "Ñandú", "Nube", "Unit 2", "Unit 10", "Zoé",
    ]);
    expect([...NAMES].sort()).toEqual(["Ana", "Emma", "Nube", "Unit 10", "Unit 2", "Zoé", "Çelik", "Émile", "Ñandú"]);
  });

  it("follows the reader's language: ñ is a letter of its own after n in Spanish", () => {
    const spanish = [...NAMES].sort(collatorFor("es").compare);
    const english = [...NAMES].sort(collatorFor("en-US").compare);
    expect(spanish.indexOf("Ñandú")).toBeGreaterThan(spanish.indexOf("Nube"));
    expect(english.indexOf("Ñandú")).toBeLessThan(english.indexOf("Nube"));
    expect([...NAMES].sort(collatorFor("pt-BR").compare)).toEqual(english);
  });

  it("builds one collator per locale", () => {
    expect(collatorFor("es")).toBe(collatorFor("es"));
    expect(collatorFor("es")).not.toBe(collatorFor("fr-CA"));
  });
});
