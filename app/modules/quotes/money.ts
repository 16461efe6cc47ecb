/**
 * Money in a quote (issue 50 item 2): integer cents with their currency, never floating-point
 * dollars, so a total is the same on every page, email and export. The one rounding rule:
 *
 * 1. A line's amount is its quantity (hundredths: 2.5 hours is 250) times its unit price in
 *    cents, rounded to the cent half away from zero — once, per line.
 * 2. The subtotal is the sum of the rounded lines (exact: integers).
 * 3. HST (13 %, Ontario) is computed ONCE on the subtotal and rounded half away from zero —
 *    not per line (that could differ from the total's by a cent per line; CRA lets a supplier
 *    charge the tax on the invoice's total).
 * 4. The total is subtotal + HST.
 */

export const HST_RATE_BASIS_POINTS = 1300; // 13 %, in hundredths of a percent
export const CURRENCIES = ["CAD"] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = "CAD";

/** The largest total a quote may reach: fits a 32-bit integer column in cents, tax included. */
export const MAX_TOTAL_CENTS = 100_000_000; // CA$1,000,000.00
export const MAX_UNIT_CENTS = 100_000_000;
export const MAX_QUANTITY_HUNDREDTHS = 1_000_000; // 10,000 units

export type MoneyLine = { quantityHundredths: number; unitCents: number };
export type QuoteTotals = { lines: number[]; subtotalCents: number; taxCents: number; totalCents: number };

/** n / d rounded half away from zero, for integers (d > 0): exact, no floating-point division. */
export function divRound(n: number, d: number): number {
  const sign = n < 0 ? -1 : 1;
  const a = Math.abs(n);
  const q = Math.floor(a / d);
  const r = a - q * d;
  return sign * (r * 2 >= d ? q + 1 : q);
}

/** A line's amount in cents (rule 1). */
export const lineCents = (line: MoneyLine) => divRound(line.quantityHundredths * line.unitCents, 100);

/** HST on a subtotal in cents (rule 3). */
export const taxCents = (subtotal: number) => divRound(subtotal * HST_RATE_BASIS_POINTS, 10_000);

/** Lines, subtotal, HST and total in cents (rules 1–4). */
export function quoteTotals(lines: readonly MoneyLine[]): QuoteTotals {
  const amounts = lines.map(lineCents);
  const subtotalCents = amounts.reduce((a, b) => a + b, 0);
  const tax = taxCents(subtotalCents);
  return { lines: amounts, subtotalCents, taxCents: tax, totalCents: subtotalCents + tax };
}

/**
 * A typed amount ("1234.5", "1,234.50", "1 234,50", "$12") as integer hundredths, or null when it
 * is no plain non-negative amount with at most two decimals. Both "." and "," are read as the
 * decimal mark when followed by one or two digits at the end; otherwise "," and spaces group
 * thousands (the four languages write either).
 */
export function parseHundredths(input: unknown): number | null {
  if (typeof input !== "string") return null;
  let s = input.trim().replace(/^(CA\$|C\$|\$)\s*/i, "").replace(/\s*(\$\s*CA|\$|CAD)$/i, "").replace(/[\s\u00a0\u202f]/g, "");
  if (!s || s.length > 20) return null;
  const decimal = /^(.*?)[.,](\d{1,2})$/.exec(s);
  let whole = s;
  let frac = "";
  if (decimal) {
    whole = decimal[1]!;
    frac = decimal[2]!;
  }
  // Thousands: "1,234" or "1.234" groups of three only.
  if (/^\d{1,3}([.,]\d{3})+$/.test(whole)) whole = whole.replace(/[.,]/g, "");
  if (whole === "" && frac) whole = "0";
  if (!/^\d+$/.test(whole)) return null;
  s = whole.replace(/^0+(?=\d)/, "");
  if (s.length > 12) return null;
  return Number(s) * 100 + Number(frac.padEnd(2, "0"));
}

/** Cents as a form shows them back for editing: "1234.50" (plain: every language's input reads it). */
export const centsToInput = (cents: number) => `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;
/** A quantity in hundredths as a form shows it: "2", "2.5". */
export const hundredthsToInput = (h: number) => (h % 100 === 0 ? String(h / 100) : String(h / 100));

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount for its reader: the currency's symbol as the reader's language writes it
 * (CA$1,234.50 in English, CA$ 1.234,50 in Portuguese, 1234,50 CAD in Spanish). French
 * (Canada) writes a bare "$" for its own dollar; the quote says "$ CA" (1 234,50 $ CA), as the
 * issue asks, so the currency is explicit in every language, and on a printed quote.
 */
export function formatMoney(cents: number, currency: Currency, locale: string, options: { wholeWithoutCents?: boolean } = {}): string {
  // A whole amount typed in dollars (a listing's rent) reads without ".00": CA$2,300.
  const whole = options.wholeWithoutCents === true && cents % 100 === 0;
  const key = `${locale}|${currency}|${whole}`;
  let f = moneyFormats.get(key);
  if (!f) {
    moneyFormats.set(key, (f = new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay: "symbol", ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}) })));
  }
  const text = f.format(cents / 100);
  return currency === "CAD" && /(^|[^A-Z])\$($|[^A-Z])/.test(text) && !text.includes("CA$") && !text.includes("CAD") ? text.replace("$", "$\u00a0CA") : text;
}
