import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BOM, csvField, csvResponse, tableToCsv, toCsv } from "./csv";

describe("csvField", () => {
  it.each([
    // [input, field as written]
    ["plain", "plain"],
    ["", ""],
    [null, ""],
    [undefined, ""],
    [42, "42"],
    [-5, "-5"],
    [2.5, "2.5"],
    [Number.NaN, ""],
    [true, "true"],
    [new Date("2026-11-23T10:00:00.000Z"), "2026-11-23T10:00:00.000Z"],
    // RFC 4180 quoting
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["two\r\nlines", '"two\r\nlines"'],
    ["Zoë Ågren, Montréal", '"Zoë Ågren, Montréal"'],
    // Formula injection: text that a spreadsheet would run gets a leading apostrophe
    ["=1+1", "'=1+1"],
    ['=HYPERLINK("http://evil.test","Click")', `"'=HYPERLINK(""http://evil.test"",""Click"")"`],
    ["+1 416 555 0100", "'+1 416 555 0100"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\t=cmd", "'\t=cmd"],
    ["\r=cmd", `"'\r=cmd"`],
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    // Harmless when not at the start
    ["a=b", "a=b"],
    ["user@example.com", "user@example.com"],
    ["plain =later", "plain =later"],
    ["−5 (a minus sign in text)", "'−5 (a minus sign in text)"],
    // What passed the escaping before: DDE pipe, NEL, minus sign, fullwidth and small forms,
    // and the same after blanks a spreadsheet skips.
    ["|cmd", "'|cmd"],
    ["\u0085=cmd", "'\u0085=cmd"],
    ["\u2212SUM(A1)", "'\u2212SUM(A1)"],
    ["\uFF1DSUM(A1)", "'\uFF1DSUM(A1)"],
    ["\uFF0B1", "'\uFF0B1"],
    ["\uFF0D1", "'\uFF0D1"],
    ["\uFF20SUM(A1)", "'\uFF20SUM(A1)"],
    ["\uFF5Ccmd", "'\uFF5Ccmd"],
    ["\uFE66cmd", "'\uFE66cmd"],
    ["\u207A1", "'\u207A1"],
    ["\u2013 dash", "'\u2013 dash"],
    ["\n=cmd", `"'\n=cmd"`],
    [" =spaced", "' =spaced"],
    ["\u00A0=nbsp", "'\u00A0=nbsp"],
    ["\u200B=zero-width", "'\u200B=zero-width"],
    ["\uFEFF@bom", "'\uFEFF@bom"],
  ] as const)("%j → %j", (input, expected) => {
    expect(csvField(input)).toBe(expected);
  });
});

/** What a spreadsheet reads from one field: the RFC 4180 quoting undone. */
const unquote = (field: string) => (field.startsWith('"') ? field.slice(1, -1).replaceAll('""', '"') : field);

/** Every BMP character that a spreadsheet may fold to a formula sign (NFKC), found exhaustively. */
const FOLDED = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code)).filter(
  (c) => !/[\uD800-\uDFFF]/.test(c) && /^[=+\-@|]/.test(c.normalize("NFKC")),
);
const DANGEROUS_FIRST = [...FOLDED, "\t", "\r", "\n", "\u0085", "\u2028", "\u2029", "\u2212", "\u2010", "\u2011", "\u2012", "\u2013", "\u2014", "\u2015", "\u2796", "\u2795"];
const BLANKS = [" ", "\u00A0", "\u200B", "\u2060", "\uFEFF", "\u3000", "\u000B", "\u000C", "\u0001"];

describe("csvField against formula injection (properties)", () => {
  it("folds the whole fullwidth, small, super- and subscript family (sanity of the table)", () => {
    for (const c of ["\uFF1D", "\uFF0B", "\uFF0D", "\uFF20", "\uFF5C", "\uFE62", "\uFE63", "\uFE66", "\uFE6B", "\u207A", "\u207C", "\u208A", "\u208C"]) expect(FOLDED).toContain(c);
  });

  it("escapes any text that starts, after any blanks, with a character a spreadsheet reads as a formula sign", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...BLANKS), { maxLength: 3 }), fc.constantFrom(...DANGEROUS_FIRST), fc.string({ unit: "grapheme" }), (blanks, first, rest) => {
        const text = blanks.join("") + first + rest;
        expect(unquote(csvField(text))).toBe(`'${text}`);
      }),
      { numRuns: 2000 },
    );
  });

  it("loses nothing: a field reads back as the text, or the text behind one apostrophe", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const read = unquote(csvField(text));
        expect([text, `'${text}`]).toContain(read);
      }),
      { numRuns: 2000 },
    );
  });

  it("never writes a cell whose first visible character is a formula sign, for any text", () => {
    const arbitrary = fc.oneof(
      fc.string({ unit: "binary" }),
      fc.tuple(fc.constantFrom(...BLANKS, ...DANGEROUS_FIRST, "'", "a"), fc.string({ unit: "binary" })).map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(arbitrary, (text) => {
        const read = unquote(csvField(text));
        const first = String.fromCodePoint(read.replace(/^[\p{White_Space}\p{Cc}\p{Cf}]+/u, "").codePointAt(0) ?? 0x61);
        if (read.startsWith("'")) return;
        expect(/^[=+\-@|]/.test(first.normalize("NFKC")) || /^[\p{Pd}\u2212]/u.test(first) || /^[\t\r\n\u0085\u2028\u2029]/.test(read)).toBe(false);
      }),
      { numRuns: 5000 },
    );
  });
});

describe("toCsv", () => {
  it("starts with a BOM, ends every record with CRLF, quotes the header too", () => {
    const csv = toCsv(["Name", "Note, internal"], [["Ada", "=2*3"], ["Bob", null]]);
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv.slice(1)).toBe('Name,"Note, internal"\r\nAda,\'=2*3\r\nBob,\r\n');
  });

  it("writes only the header for no rows", () => {
    expect(toCsv(["A"], [])).toBe(`${BOM}A\r\n`);
  });

  it("reads rows through columns", () => {
    const csv = tableToCsv(
      [
        { header: "Id", value: (r: { id: number; name: string }) => r.id },
        { header: "Name", value: (r) => r.name },
      ],
      [{ id: 1, name: "-x" }],
    );
    expect(csv).toBe(`${BOM}Id,Name\r\n1,'-x\r\n`);
  });
});

describe("csvResponse", () => {
  it("is an attachment that is never stored", async () => {
    const response = csvResponse("requests 2026/11.csv", toCsv(["A"], [["é"]]));
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="requests_2026_11.csv"');
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
