/** A PDF the sanitiser could not parse and rewrite: never stored. */
export class UnreadablePdf extends Error {
  override name = "UnreadablePdf";
}

/**
 * Active content out of an uploaded PDF, before it is stored. Chromium's PDF
 * viewer ran an applicant's script when an admin opened the file; PDFs are now only ever
 * downloaded, and this makes the stored file inert wherever it is opened:
 * - the document's and every page's, annotation's and field's automatic actions (`/OpenAction`,
 *   `/AA`), document-level scripts (`/Names/JavaScript`), XFA forms and embedded files;
 * - every action that runs or fetches something (`/S /JavaScript`, Launch, SubmitForm,
 *   ImportData, Rendition, GoToE/GoToR, …) and every link that is not http(s) or mailto;
 * - then every object nothing points to any more (the scripts' own streams), so the bytes
 *   that were a script are not in the file at all.
 * The file is rewritten without object streams, so what remains can be checked as text.
 * A file pdf-lib cannot parse and rewrite (encrypted, damaged) is refused (`UnreadablePdf`):
 * it used to be kept with the plain names renamed in place, which missed `#xx`-escaped ones
 * (`/Open#41ction`, `/S /J#61vaScript`), so an encrypted file was stored byte for byte and its
 * script ran when an admin opened it (issue 47, item 3). The applicant exports it again.
 */
export async function stripActiveContent(bytes: Uint8Array): Promise<Buffer> {
  // The rewriter and pdf-lib are loaded with the first PDF, not with the server (a third of a
  // second of every start, for an upload few requests carry).
  const { rewrite } = await import("./pdf-rewrite.server");
  try {
    return await rewrite(bytes);
  } catch (error) {
    throw new UnreadablePdf(error instanceof Error ? error.message : String(error));
  }
}
