/**
 * CSV for spreadsheets (RFC 4180): fields quoted when they hold a comma, a double quote or a
 * line break (quotes doubled), records ended by CRLF, and a UTF-8 byte-order mark so Excel reads
 * accented names as UTF-8 rather than the system code page.
 *
 * Exports carry what customers typed, and a spreadsheet runs a cell that starts with `=`, `+`,
 * `-` or `@` as a formula: `=HYPERLINK(...)` in a request's name would run on the operator's
 * machine. OWASP's rule ("CSV Injection"): a text cell that starts with `=`, `+`, `-`, `@`, tab or
 * CR gets a leading apostrophe, which spreadsheets show as text and do not display. We apply it
 * more widely, because spreadsheets fold look-alikes and skip blanks first:
 * - `|` (DDE: `|cmd`), and any line break (LF, NEL U+0085, U+2028/9) as well as tab and CR;
 * - any character whose compatibility form (NFKC) is one of `= + - @ |`: fullwidth ＝ ＋ － ＠ ｜,
 *   small ﹦ ﹢ ﹣ ﹫, super- and subscript ⁺ ⁼ ₊ ₌, and the like;
 * - any dash or minus sign: U+2212 −, ‐ ‒ – — ―, the heavy ➕ ➖ ➗;
 * - after leading blanks, controls and invisible characters (" =1", NBSP, zero-width space).
 * An apostrophe too many is harmless; a formula that runs is not. Numbers are written as
 * numbers: a typed number cannot be a formula, and `-5` must stay a number.
 */
export type CsvValue = string | number | boolean | Date | null | undefined;

/** Escaped whatever follows, among a cell's leading blanks: OWASP's tab and CR, and every line break. */
const BREAK = /[\t\r\n\u0085\u2028\u2029]/;
/** Skipped by a spreadsheet (or a person) before it reads the first character. */
const LEADING_BLANKS = /^[\p{White_Space}\p{Cc}\p{Cf}]+/u;
const FORMULA_CHARACTER = /^[=+\-@|]/;
const DASH_OR_SIGN = /^[\p{Pd}\u2212\u2795-\u2797]/u;

/** Whether a spreadsheet could read the text as a formula (or a command). */
export function startsFormula(text: string): boolean {
  const blanks = LEADING_BLANKS.exec(text)?.[0] ?? "";
  if (BREAK.test(blanks)) return true;
  const first = String.fromCodePoint(text.codePointAt(blanks.length) ?? 0x20);
  return FORMULA_CHARACTER.test(first.normalize("NFKC")) || DASH_OR_SIGN.test(first);
}
const NEEDS_QUOTES = /[",\r\n]/;

export const BOM = "\uFEFF";
export const CRLF = "\r\n";

/** One field, neutralised and quoted as needed. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  let text = value instanceof Date ? value.toISOString() : value;
  if (startsFormula(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record (without its line ending). */
export const csvRecord = (values: readonly CsvValue[]): string => values.map(csvField).join(",");

/** A whole document: BOM, header record, then one record per row, every record ended by CRLF. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [csvRecord(header)];
  for (const row of rows) lines.push(csvRecord(row));
  return BOM + lines.join(CRLF) + CRLF;
}

/** A table as columns: each with its heading and how to read it from a row. */
export type CsvColumn<Row> = { header: string; value: (row: Row) => CsvValue };

export function tableToCsv<Row>(columns: readonly CsvColumn<Row>[], rows: Iterable<Row>): string {
  const records: CsvValue[][] = [];
  for (const row of rows) records.push(columns.map((c) => c.value(row)));
  return toCsv(
    columns.map((c) => c.header),
    records,
  );
}

/**
 * The download: an attachment (never shown inline), not stored by the browser or a proxy
 * (exports hold personal data), and not sniffed as anything but CSV.
 */
export function csvResponse(fileName: string, body: string): Response {
  const safeName = fileName.replace(/[^\w.-]/g, "_");
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${safeName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
