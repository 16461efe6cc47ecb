import { PDFDocument, PDFName, PDFString } from "pdf-lib";

/** The script every hostile PDF carries, to look for in what is stored and served. */
export const PDF_SCRIPT = "app.alert('pwned by applicant')";

/**
 * A real one-page PDF that runs JavaScript the moment it is opened, in every place a reader looks:
 * the catalogue's /OpenAction, a document-level /Names/JavaScript script, the
 * page's /AA open action, a link annotation whose action is a script, and a `javascript:` URI;
 * plus one harmless https link, which must survive.
 */
export async function hostilePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText("Licence", { x: 20, y: 150, size: 18 });
  const { context, catalog } = doc;
  const script = () => context.obj({ Type: "Action", S: "JavaScript", JS: PDFString.of(PDF_SCRIPT) });
  const streamScript = context.register(context.stream(PDF_SCRIPT));
  catalog.set(PDFName.of("OpenAction"), context.register(script()));
  const names = context.obj({ Names: [PDFString.of("init"), context.register(context.obj({ S: "JavaScript", JS: streamScript }))] });
  catalog.set(PDFName.of("Names"), context.obj({ JavaScript: context.register(names) }));
  page.node.set(PDFName.of("AA"), context.obj({ O: context.register(script()) }));
  const link = (action: ReturnType<typeof script>) =>
    context.register(context.obj({ Type: "Annot", Subtype: "Link", Rect: [10, 10, 100, 40], Border: [0, 0, 0], A: action }));
  page.node.set(
    PDFName.of("Annots"),
    context.obj([
      link(script()),
      link(context.obj({ S: "URI", URI: PDFString.of("javascript:app.alert(1)") })),
      link(context.obj({ S: "URI", URI: PDFString.of("https://example.com/licence") })),
    ]),
  );
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * The hostile PDF with its action and script names `#xx`-escaped (`/Open#41ction`,
 * `/J#61vaScript`: the same names to a reader), which a search for the plain names misses.
 */
export async function escapedNamesPdf(): Promise<Buffer> {
  const text = (await hostilePdf())
    .toString("latin1")
    .replace(/\/OpenAction\b/g, "/Open#41ction")
    .replace(/\/JavaScript\b/g, "/J#61vaScript")
    .replace(/\/JS\b/g, "/J#53")
    .replace(/\/AA\b/g, "/A#41");
  return Buffer.from(text, "latin1");
}

/**
 * The escaped-name PDF marked encrypted with the standard handler and an empty user password,
 * as a reader opens it without asking (the probe's file; pdf-lib refuses to parse it).
 */
export async function encryptedPdf(): Promise<Buffer> {
  const text = (await escapedNamesPdf()).toString("latin1");
  const id = "0123456789abcdef0123456789abcdef";
  const encrypt = `/Encrypt << /Filter /Standard /V 1 /R 2 /O <${"ab".repeat(32)}> /U <${"cd".repeat(32)}> /P -4 >> /ID [<${id}> <${id}>]`;
  return Buffer.from(text.replace(/trailer\s*<</, (start) => `${start}\n${encrypt}\n`), "latin1");
}
