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
    [" =spaced", " =spaced"],
  ] as const)("%j → %j", (input, expected) => {
    expect(csvField(input)).toBe(expected);
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
