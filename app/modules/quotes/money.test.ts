import { describe, expect, it } from "vitest";
import { divRound, formatMoney, lineCents, MAX_TOTAL_CENTS, parseHundredths, quoteTotals, taxCents } from "./money";
import { defaultValidUntil, quoteSchema } from "./schema";

const t = ((key: string) => key) as unknown as Parameters<typeof quoteSchema>[0];

describe("quote money: integer cents, one rounding rule", () => {
  it("rounds half away from zero, exactly (no floating-point division)", () => {
    expect(divRound(250, 100)).toBe(3);
    expect(divRound(249, 100)).toBe(2);
    expect(divRound(-250, 100)).toBe(-3);
    expect(divRound(0, 100)).toBe(0);
  });

  it("rounds each line once: quantity in hundredths × unit cents", () => {
    // 2.5 hours at CA$85.00 = CA$212.50 exactly.
    expect(lineCents({ quantityHundredths: 250, unitCents: 8500 })).toBe(21250);
    // 0.33 × CA$0.05 = 1.65 ¢ → 2 ¢.
    expect(lineCents({ quantityHundredths: 33, unitCents: 5 })).toBe(2);
    // 1.5 × CA$0.01 = 1.5 ¢ → 2 ¢ (half away from zero).
    expect(lineCents({ quantityHundredths: 150, unitCents: 1 })).toBe(2);
  });

  it("computes HST once on the subtotal, not per line (the two can differ by a cent per line)", () => {
    // Three lines of CA$0.10: per-line HST would be 3 × round(1.3 ¢) = 3 ¢; on the total, round(3.9 ¢) = 4 ¢.
    const lines = Array.from({ length: 3 }, () => ({ quantityHundredths: 100, unitCents: 10 }));
    const perLine = lines.map(lineCents).map(taxCents).reduce((a, b) => a + b, 0);
    const totals = quoteTotals(lines);
    expect(perLine).toBe(3);
    expect(totals).toEqual({ lines: [10, 10, 10], subtotalCents: 30, taxCents: 4, totalCents: 34 });
  });

  it("a chauffeur quote with two lines: 13 % HST shown separately, total = subtotal + HST", () => {
    const totals = quoteTotals([
      { quantityHundredths: 400, unitCents: 8500 }, // 4 h × CA$85
      { quantityHundredths: 100, unitCents: 4550 }, // airport fee CA$45.50
    ]);
    expect(totals).toEqual({ lines: [34000, 4550], subtotalCents: 38550, taxCents: 5012, totalCents: 43562 });
    // 385.50 × 0.13 = 50.115 → 50.12 (half away from zero on the cent).
  });

  it("reads amounts as people type them, and refuses what is not one", () => {
    expect(parseHundredths("1234.5")).toBe(123450);
    expect(parseHundredths("1,234.50")).toBe(123450);
    expect(parseHundredths("1 234,50")).toBe(123450);
    expect(parseHundredths("1.234,50")).toBe(123450);
    expect(parseHundredths("$12")).toBe(1200);
    // A dot or comma before three digits groups thousands (pt-BR and es write 12.345 for twelve thousand).
    expect(parseHundredths("12.345")).toBe(1234500);
    expect(parseHundredths("12,5")).toBe(1250);
    expect(parseHundredths("0")).toBe(0);
    expect(parseHundredths(".5")).toBe(50);
    for (const bad of ["-5", "abc", "1e5", "12.3456", "1.2345", "", " ", "NaN", "Infinity", "1,2,3", "99999999999999999999", "0x10", "١٢"]) {
      expect(parseHundredths(bad), bad).toBeNull();
    }
    expect(parseHundredths(12 as unknown)).toBeNull();
  });

  it("formats for the reader in the four languages (CA$1,234.50 / 1 234,50 $ CA)", () => {
    const nb = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");
    expect(formatMoney(123450, "CAD", "en-US")).toBe("CA$1,234.50");
    expect(nb(formatMoney(123450, "CAD", "fr-CA"))).toBe("1 234,50 $ CA");
    expect(nb(formatMoney(123450, "CAD", "es"))).toBe("1234,50 CAD");
    expect(nb(formatMoney(123450, "CAD", "pt-BR"))).toBe("CA$ 1.234,50");
    expect(formatMoney(5, "CAD", "en-US")).toBe("CA$0.05");
    expect(nb(formatMoney(100_000_000, "CAD", "es"))).toBe("1.000.000,00 CAD");
  });
});

describe("the quote form's schema (shared by the page and the action)", () => {
  const today = "2026-12-06";
  const parse = (v: Record<string, unknown>) => quoteSchema(t, today).safeParse({ intent: "quote-send", validUntil: defaultValidUntil(today), ...v });
  const line = (description: string, quantity: string, unitPrice: string) => ({ description, quantity, unitPrice });

  it("keeps the lines typed, leaves blank rows out, defaults the validity to a week", () => {
    expect(defaultValidUntil(today)).toBe("2026-12-13");
    const r = parse({ lines: [line("Chauffeur, 4 hours", "4", "85"), line("", "", ""), line("Airport fee", "1", "45.50")] });
    expect(r.success).toBe(true);
    expect(r.data?.lines).toEqual([
      { description: "Chauffeur, 4 hours", quantity: 400, unitPrice: 8500 },
      { description: "Airport fee", quantity: 100, unitPrice: 4550 },
    ]);
  });

  it("refuses negative, non-numeric, zero, huge, too many lines and out-of-range validity, each on its field", () => {
    const issue = (r: ReturnType<typeof parse>) => r.error?.issues.map((i) => `${i.path.join(".")}:${i.message}`);
    expect(issue(parse({ lines: [line("A", "1", "-5")] }))).toEqual(["lines.0.unitPrice:quote.error.unitPrice"]);
    expect(issue(parse({ lines: [line("A", "two", "5")] }))).toEqual(["lines.0.quantity:quote.error.quantity"]);
    expect(issue(parse({ lines: [line("A", "0", "5")] }))).toEqual(["lines.0.quantity:quote.error.quantity"]);
    expect(issue(parse({ lines: [line("", "1", "5")] }))).toEqual(["lines.0.description:quote.error.description"]);
    expect(issue(parse({ lines: [line("A", "1", "0")] }))).toEqual(["lines:quote.error.zero"]);
    expect(issue(parse({ lines: [line("A", "10000", "1000000")] }))).toEqual(["lines:quote.error.tooLarge"]);
    expect(issue(parse({ lines: [] }))).toEqual(["lines:quote.error.noLines"]);
    expect(issue(parse({ lines: Array.from({ length: 21 }, () => line("A", "1", "1")) }))).toEqual(["lines:quote.error.tooManyLines"]);
    expect(issue(parse({ lines: [line("A", "1", "1")], validUntil: "2026-12-05" }))).toEqual(["validUntil:quote.error.validRange"]);
    expect(issue(parse({ lines: [line("A", "1", "1")], validUntil: "2027-02-30" }))?.[0]).toBe("validUntil:quote.error.validUntil");
    expect(issue(parse({ lines: [line("A", "1", "1")], validUntil: "2027-06-01" }))).toEqual(["validUntil:quote.error.validRange"]);
    // The largest quote allowed fits a 32-bit integer column in cents.
    expect(MAX_TOTAL_CENTS * 1.13).toBeLessThan(2 ** 31);
  });
});
