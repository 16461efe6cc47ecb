import { fileTypeFromBuffer } from "file-type";

/**
 * What an uploaded file really is (docs/architecture.md, Uploads): its type read from its bytes, never
 * from its name or the type the browser declared, and its size checked before anything is
 * kept. Listing photos and provider documents both pass here.
 */
export type SniffedFile = { bytes: Buffer; mime: string };
export type UploadProblem = "empty" | "tooLarge" | "unsupported";

export class UploadRefused extends Error {
  override name = "UploadRefused";
  constructor(readonly problem: UploadProblem) {
    super(problem);
  }
}

/** The file's bytes and real type when it is non-empty, within `maxBytes` and one of `accepted`; else throws UploadRefused. */
export async function sniffUpload(
  file: File,
  accepted: readonly string[],
  maxBytes: number,
): Promise<SniffedFile> {
  if (file.size === 0) throw new UploadRefused("empty");
  if (file.size > maxBytes) throw new UploadRefused("tooLarge");
  const bytes = Buffer.from(await file.arrayBuffer());
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !accepted.includes(type.mime)) throw new UploadRefused("unsupported");
  return { bytes, mime: type.mime };
}
