/**
 * CSV for spreadsheets (RFC 4180): fields quoted when they hold a comma, a double quote or a
 * line break (quotes doubled), records ended by CRLF, and a UTF-8 byte-order mark so Excel reads
 * accented names as UTF-8 rather than the system code page.
 *
 * Exports carry what customers typed, and a spreadsheet runs a cell that starts with `=`, `+`,
 * `-` or `@` as a formula (tab and CR are read the same way by some): `=HYPERLINK(...)` in a
 * request's name would run on the operator's machine. Such text cells get a leading apostrophe,
 * which spreadsheets show as text and do not display (OWASP "CSV Injection"). Numbers are written
 * as numbers: a typed number cannot be a formula, and `-5` must stay a number.
 */
export type CsvValue = string | number | boolean | Date | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export const BOM = "\uFEFF";
export const CRLF = "\r\n";

/** One field, neutralised and quoted as needed. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  let text = value instanceof Date ? value.toISOString() : value;
  if (FORMULA_START.test(text)) text = `'${text}`;
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
