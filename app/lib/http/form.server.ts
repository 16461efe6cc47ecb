import { randomUUID } from "node:crypto";
import { FORM_TOKEN_FIELD, isFormToken } from "../form-token";
import { createWriteStream, openAsBlob } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { isStorageFull, meansStorageFull, storageFull, storageWritten } from "../disk-full.server";
import { bodyLimitFor, type BodyLimit } from "./body-limits";
import { refusal } from "./http-error";
import { uploadDir } from "./upload-scope.server";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** Is this a content type a form post can have (what browsers send for <form> and fetchers)? */
export function isFormContentType(contentType: string | null | undefined): boolean {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  return FORM_TYPES.includes(type);
}

/**
 * The one way actions read a posted form (instead of `request.formData()`, which throws on a
 * JSON or text body and parses any number of parts). The body is streamed through busboy with
 * the action's limits from body-limits.ts, so a wrong content type, a malformed body or too
 * many fields is refused with a 4xx thrown as a response, before any action code runs.
 *
 * Files are never held in memory (the photo upload once held up to 121 MB per
 * request): each file part is streamed to its own file in the request's upload folder
 * (upload-scope.server.ts, removed when the response is done) and handed on as a File read from
 * disk. A file is cut while streaming one byte past `maxFileBytes`, so what is kept is bounded
 * and the action still sees it is too large (its own message, not a bare 413).
 */
export async function readForm(request: Request, limit: BodyLimit = bodyLimitFor(new URL(request.url).pathname)): Promise<FormData> {
  const contentType = request.headers.get("content-type");
  // A post with no body at all is an empty form: the action's schema says what is missing.
  if (contentType === null && (request.headers.get("content-length") ?? "0") === "0") return new FormData();
  if (!isFormContentType(contentType)) throw refusal("unsupportedType");
  const multipart = contentType!.toLowerCase().startsWith("multipart/");

  const form = new FormData();
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType! },
      defParamCharset: "utf8",
      limits: {
        fields: limit.maxFields,
        files: limit.maxFiles,
        parts: limit.maxFields + limit.maxFiles,
        fieldSize: limit.maxBytes,
        fileSize: (limit.maxFileBytes ?? limit.maxBytes) + 1,
      },
    });
  } catch {
    throw refusal("badRequest"); // e.g. multipart without a boundary
  }

  // Entries in the order of the body (a file's entry is ready once it is on disk).
  const entries: Promise<[string, string | File]>[] = [];
  // Our own fault writing a file (a full disk, a folder we may not write): not the request's.
  let writeFailed: Error | undefined;
  const parsed = new Promise<void>((resolve, reject) => {
    const tooMany = () => reject(refusal("tooLarge"));
    parser.on("field", (name, value) => entries.push(Promise.resolve([name, stripControls(value)])));
    parser.on("file", (name, stream, info) => {
      // Its error (a body cut off) may come before the folder exists; the pipeline reports it.
      stream.on("error", () => {});
      let file: string | undefined;
      const read = (async (): Promise<[string, File]> => {
        file = path.join(await uploadDir(), randomUUID());
        await pipeline(stream, createWriteStream(file, { mode: 0o600 }));
        storageWritten("files");
        // Browsers send an empty part for a file input left empty, as undici's parser keeps it.
        const blob = await openAsBlob(file, { type: info.mimeType });
        return [name, new File([blob], info.filename ?? "", { type: info.mimeType })];
      })();
      // A body cut off inside a file fails the file and the parser at once; the parser's error
      // is the one reported, and this one must not go unhandled (that ends the process).
      // A file that could not be written (ENOSPC) fails the whole form now: its stream is
      // destroyed, so the parser would wait for it for ever, and the request with it (issue 52:
      // an upload on a full disk got no answer until Node's 300 s timeout). The partial file goes
      // at once; the rest of the body is read and dropped below.
      read.catch((error: unknown) => {
        if (!(error as NodeJS.ErrnoException).syscall) return;
        writeFailed = meansStorageFull(error) ? storageFull(error, "files") : (error as Error);
        reject(writeFailed);
        if (file) void rm(file, { force: true }).catch(() => undefined);
      });
      entries.push(read);
    });
    parser.on("fieldsLimit", tooMany);
    parser.on("partsLimit", tooMany);
    parser.on("filesLimit", () => reject(limit.maxFiles === 0 && multipart ? refusal("unsupportedType") : refusal("tooLarge")));
    parser.on("error", () => reject(refusal("badRequest")));
    parser.on("close", resolve);
  });
  // A rejection may land before we await it (limits hit mid-stream); keep Node from reporting it.
  let failed = false;
  parsed.catch(() => (failed = true));

  let total = 0;
  try {
    if (request.body) {
      for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
        total += chunk.byteLength;
        if (total > limit.maxBytes) throw refusal("tooLarge");
        // Once the parser has failed (a malformed escape, a limit) the rest is read and dropped,
        // not left unread: leaving this loop early would tear down the connection before the
        // answer is sent, and a failed parser never drains.
        if (failed) continue;
        if (!parser.write(chunk)) await Promise.race([new Promise((r) => parser.once("drain", r)), parsed.catch(() => {})]);
      }
    }
    parser.end();
    await parsed;
    for (const [name, value] of await Promise.all(entries)) form.append(name, value);
  } catch (error) {
    parser.destroy();
    // Refusals are thrown as they are, and our own failure to write: a full disk as the 507
    // refusal (a response, so a fetcher's post, answered as data, says it too), anything else
    // as the error it is. Any other Error means the client went away or sent a broken stream.
    if (writeFailed) throw isStorageFull(writeFailed) ? refusal("storageFull") : writeFailed;
    throw error instanceof Error ? refusal("badRequest") : error;
  }
  postedForms.set(request, form);
  return form;
}

/** Each request's form as readForm read it, so the submit context finds its one-time token (formTokenOf). */
const postedForms = new WeakMap<Request, FormData>();

/**
 * The one-time token the request's form was rendered with, if it carried a well-formed one
 * (anything else counts as none: such a post is simply not deduplicated).
 */
export function formTokenOf(request: Request): string | null {
  const value = postedForms.get(request)?.get(FORM_TOKEN_FIELD);
  return isFormToken(value) ? value : null;
}

/**
 * Control characters nobody types (NUL, BEL, …), removed from every field: PostgreSQL cannot
 * store NUL in text at all, and the rest only hide in stored text. Tab and line breaks stay.
 */
export const stripControls = (value: string) => value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");
