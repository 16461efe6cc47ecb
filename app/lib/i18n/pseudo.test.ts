import { describe, expect, it } from "vitest";
import { en } from "./messages/en";
import { pseudoTable, pseudoText } from "./pseudo";
import { createTranslate } from "./translate";

describe("pseudo-locale", () => {
  it("accents every latin letter, so no word of English is left in plain ASCII", () => {
    expect(pseudoText("Log In")).toBe("Ļóĝ Íñ");
    expect(pseudoText("Services, cars & homes")).toBe("Šéŕṽíçéš, çáŕš & ĥóɱéš");
    for (const text of Object.values(pseudoTable(en))) expect(text.replace(/⟦\{\w+\}⟧/g, "")).not.toMatch(/[A-Za-z]/);
  });

  it("keeps placeholders working and marks what fills them", () => {
    const t = createTranslate(pseudoTable(en), { brand: "GTA Connect" });
    expect(t("footer.copyright", { year: 2026 })).toBe("© ⟦2026⟧ ⟦GTA Connect⟧. Áļļ ŕíĝĥţš ŕéšéŕṽéð.");
  });

  it("keeps the plural forms, chosen by count", () => {
    const table = pseudoTable(en);
    expect(Object.keys(table)).toEqual(Object.keys(en));
    const t = createTranslate(table, { brand: "B" });
    expect(t("homes.beds", { count: 1 })).toBe(pseudoText(en["homes.beds#one"]).replace("⟦{count}⟧", "⟦1⟧"));
    expect(t("homes.beds", { count: 3 })).toBe(pseudoText(en["homes.beds#other"]).replace("⟦{count}⟧", "⟦3⟧"));
  });
});
