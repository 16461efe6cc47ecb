import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { encryptedPdf, escapedNamesPdf, hostilePdf, PDF_SCRIPT } from "../../tests/support/hostile-pdf";
import { stripActiveContent, UnreadablePdf } from "./pdf.server";

const ACTIVE = ["/OpenAction", "/AA", "/JavaScript", "/JS", "javascript:", PDF_SCRIPT];

describe("stripActiveContent (issue 32 item 2)", () => {
  it("the test file really carries scripts where readers run them", async () => {
    const text = (await hostilePdf()).toString("latin1");
    for (const marker of ACTIVE) expect(text).toContain(marker);
  });

  it("removes open actions, document scripts, page actions, script links and their streams; keeps the page and an https link", async () => {
    const cleaned = await stripActiveContent(await hostilePdf());
    const text = cleaned.toString("latin1");
    for (const marker of ACTIVE) expect(text, marker).not.toContain(marker);
    expect(text).toContain("https://example.com/licence");
    const reread = await PDFDocument.load(cleaned);
    expect(reread.getPageCount()).toBe(1);
  });

  it("refuses a file it cannot parse and rewrite (damaged, encrypted) rather than keep it as it came (issue 47, item 3)", async () => {
    const broken = Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (${PDF_SCRIPT}) >> >> endobj\n%%EOF\n`);
    await expect(stripActiveContent(broken)).rejects.toBeInstanceOf(UnreadablePdf);
    const encrypted = await encryptedPdf();
    expect(encrypted.toString("latin1")).toContain("/Encrypt");
    await expect(stripActiveContent(encrypted)).rejects.toBeInstanceOf(UnreadablePdf);
  });

  it("reads #xx-escaped names as the names they are: the escaped-name file comes out without any script", async () => {
    const escaped = await escapedNamesPdf();
    expect(escaped.toString("latin1")).toContain("/Open#41ction");
    const text = (await stripActiveContent(escaped)).toString("latin1");
    for (const marker of [...ACTIVE, "#41ction", "J#61vaScript", "/J#53", "/A#41"]) expect(text, marker).not.toContain(marker);
  });
});
