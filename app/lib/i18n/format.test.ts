import { describe, expect, it } from "vitest";
import { formattersFor } from "./format";

const NBSP = "\u00a0";

describe("formattersFor", () => {
  it("writes whole Canadian dollars as each language does, always with the plain $ sign", () => {
    expect(formattersFor("en-US").cad(2450)).toBe("$2,450");
    expect(formattersFor("fr-CA").cad(1234)).toBe(`1${NBSP}234${NBSP}$`);
    expect(formattersFor("es").cad(12450)).toBe(`12.450${NBSP}$`);
    expect(formattersFor("pt-BR").cad(2450)).toBe(`$${NBSP}2.450`);
  });

  it("writes numbers and calendar days in the reader's language", () => {
    expect(formattersFor("en-US").number(100000)).toBe("100,000");
    expect(formattersFor("fr-CA").number(2.5)).toBe("2,5");
    expect(formattersFor("fr-CA").calendarDay("2026-03-15")).toBe("15 mars 2026");
    expect(formattersFor("es").calendarDay("2026-03-01")).toBe("1 de marzo de 2026");
    expect(formattersFor("pt-BR").calendarDay("2026-03-01T00:00:00Z")).toBe("1 de março de 2026");
    expect(formattersFor("en-US").calendarDay("2026-03-01")).toBe("March 1, 2026");
  });

  it("writes a date-only value as that very day (a licence valid to June 30 is not June 29 in Toronto)", () => {
    expect(formattersFor("en-US").date("2028-06-30")).toBe("Jun 30, 2028");
    expect(formattersFor("fr-CA").date("2028-06-30")).toBe("30 juin 2028");
    // An instant is still read on Toronto's clock: 02:00 UTC on July 1 is June 30 there.
    expect(formattersFor("en-US").date("2028-07-01T02:00:00Z")).toBe("Jun 30, 2028");
  });

  it("builds one set per language", () => {
    expect(formattersFor("es")).toBe(formattersFor("es"));
  });
});
