import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { hostilePdf, PDF_SCRIPT } from "../../tests/support/hostile-pdf";
import { defuseNames, stripActiveContent } from "./pdf.server";

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

  it("defuses the names in place in a file it cannot rewrite, keeping its length", async () => {
    const broken = Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (${PDF_SCRIPT}) >> >> endobj\n%%EOF\n`);
    const kept = await stripActiveContent(broken);
    expect(kept.length).toBe(broken.length);
    const text = kept.toString("latin1");
    for (const marker of ["/OpenAction", "/JavaScript", "/JS "]) expect(text).not.toContain(marker);
    expect(defuseNames(Buffer.from("/JSON /AAB /AA"))).toEqual(Buffer.from("/JSON /AAB /AX"));
  });
});
