import { describe, expect, it } from "vitest";
import { textLang } from "./text-lang";

describe("textLang", () => {
  it("names the language people wrote in where it is not the page's", () => {
    expect(textLang("en-US", "fr-CA")).toBe("en-US");
    expect(textLang("pt-BR", "en-US")).toBe("pt-BR");
  });
  it("says nothing where the text is in the page's language, or its language is unknown", () => {
    expect(textLang("fr-CA", "fr-CA")).toBeUndefined();
    expect(textLang(null, "es")).toBeUndefined();
    expect(textLang(undefined, "es")).toBeUndefined();
    // A stored value that is not one of our languages is not written into the page.
    expect(textLang("klingon\" onmouseover=\"x", "es")).toBeUndefined();
  });
});
