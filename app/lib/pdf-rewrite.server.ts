import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef, PDFStream, PDFString, type PDFObject } from "pdf-lib";

/** What stripActiveContent (pdf.server.ts) does, loaded with the first PDF. */
const REMOVED_KEYS = ["OpenAction", "AA", "JS", "JavaScript", "XFA", "EmbeddedFiles", "RichMediaContent", "RichMediaSettings"].map((k) => PDFName.of(k));
const ACTION_KEYS = ["A", "Next", "PA"].map((k) => PDFName.of(k));
const SAFE_ACTIONS = new Set(["/GoTo", "/URI", "/Named", "/Thread"]);
const SAFE_URI = /^(https?:|mailto:)/i;

export async function rewrite(bytes: Uint8Array): Promise<Buffer> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const { context } = doc;
  const resolve = (o: PDFObject | undefined) => (o instanceof PDFRef ? context.lookup(o) : o);

  const textOf = (o: PDFObject | undefined) => {
    const v = resolve(o);
    return v instanceof PDFString || v instanceof PDFHexString ? v.decodeText() : "";
  };
  /** An action (or a chain or list of actions) that may run, launch, send or fetch something. */
  const unsafe = (value: PDFObject | undefined, seen = new Set<PDFObject>()): boolean => {
    const v = resolve(value);
    if (!v || seen.has(v)) return false;
    seen.add(v);
    if (v instanceof PDFArray) return v.asArray().some((item) => unsafe(item, seen));
    if (!(v instanceof PDFDict)) return false;
    const kind = resolve(v.get(PDFName.of("S")));
    if (kind !== undefined) {
      if (!(kind instanceof PDFName) || !SAFE_ACTIONS.has(kind.asString())) return true;
      if (kind.asString() === "/URI" && !SAFE_URI.test(textOf(v.get(PDFName.of("URI"))).trim())) return true;
    }
    return unsafe(v.get(PDFName.of("Next")), seen);
  };

  const cleaned = new Set<PDFObject>();
  const clean = (o: PDFObject | undefined) => {
    if (!o || o instanceof PDFRef || cleaned.has(o)) return;
    cleaned.add(o);
    const dict = o instanceof PDFStream ? o.dict : o instanceof PDFDict ? o : undefined;
    if (dict) {
      for (const key of REMOVED_KEYS) dict.delete(key);
      for (const key of ACTION_KEYS) if (unsafe(dict.get(key))) dict.delete(key);
      for (const [, value] of dict.entries()) clean(value);
    } else if (o instanceof PDFArray) {
      for (const item of o.asArray()) clean(item);
    }
  };
  for (const [, object] of context.enumerateIndirectObjects()) clean(object);
  // Annotations of a removed action type stay as shapes; only what they did is gone.

  // Keep only what the document still reaches from its catalogue and info.
  const reachable = new Set<string>();
  const walk = (o: PDFObject | undefined) => {
    if (!o) return;
    if (o instanceof PDFRef) {
      if (reachable.has(o.tag)) return;
      reachable.add(o.tag);
      walk(context.lookup(o));
    } else if (o instanceof PDFStream) walk(o.dict);
    else if (o instanceof PDFDict) for (const [, value] of o.entries()) walk(value);
    else if (o instanceof PDFArray) for (const item of o.asArray()) walk(item);
  };
  walk(context.trailerInfo.Root);
  walk(context.trailerInfo.Info);
  for (const [ref] of context.enumerateIndirectObjects()) if (!reachable.has(ref.tag)) context.delete(ref);

  return Buffer.from(await doc.save({ useObjectStreams: false, updateFieldAppearances: false }));
}
