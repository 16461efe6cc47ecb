import { describe, expect, it } from "vitest";
import { catalogues } from "./catalogue.server";
import { en } from "./messages/en";
import { pickMessages } from "./namespaces";
import { PACKED_SEPARATOR, packMessages, unpackMessages } from "./packed-messages";
import { pseudoTable } from "./pseudo";
import type { Messages } from "./translate";

const tables: [string, Messages][] = [...Object.entries(catalogues).map(([code, table]) => [code, table!] as [string, Messages]), ["pseudo", pseudoTable(en)]];

describe("a page's texts, packed into one string", () => {
  it.each(tables)("no key or text of %s holds the separator", (_code, table) => {
    expect(Object.entries(table).flat().filter((text) => text.includes(PACKED_SEPARATOR))).toEqual([]);
  });

  it.each(tables)("%s comes back whole: every key, every text, nothing else", (_code, table) => {
    expect(unpackMessages(packMessages(table))).toEqual(table);
  });

  it("packs a page's texts once, and gives the same table back for the same string", () => {
    const page = pickMessages(en, ["homes"]);
    expect(packMessages(page)).toBe(packMessages(pickMessages(en, ["homes"])));
    // A copy of the string (as the browser decodes it from the page) finds the same table.
    const copy = `${packMessages(page)} `.slice(0, -1) as ReturnType<typeof packMessages>;
    expect(unpackMessages(copy)).toBe(unpackMessages(packMessages(page)));
    expect(unpackMessages(copy)["homes.searchLabel"]).toBe("Search homes");
  });
});
