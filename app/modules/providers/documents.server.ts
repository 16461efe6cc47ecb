import { randomUUID } from "node:crypto";
import { loadSharp } from "~/lib/sharp.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { DB } from "~/lib/db/db.server";
import type { ProviderDocumentTable } from "~/lib/db/schema";
import { getRuntime } from "~/lib/runtime.server";
import { deleteObject, getObject, listObjects, putObject } from "~/lib/storage.server";
import { stripActiveContent, UnreadablePdf } from "~/lib/pdf.server";
import { sniffUpload, UploadRefused } from "~/lib/uploads.server";
import { MAX_DOCUMENT_BYTES, REJECTED_DOCUMENT_RETENTION_DAYS } from "~/modules/site/constants";
import {
  ACCEPTED_DOCUMENT_MIME,
  DOCUMENT_FIELDS,
  DOCUMENT_KIND,
  type DocumentError,
  type DocumentField,
  type DocumentKind,
  type KeptDocument,
} from "./application";

/**
 * Verification documents (ADR 9). A file is a PNG, JPEG or PDF by its bytes, at most
 * 10 MB; anything else is refused before a byte is stored. Images are decoded and re-encoded
 * in their own format without any metadata (EXIF, GPS, camera serials); PDFs are stored with
 * their active content (scripts, open actions, launches) removed (pdf.server.ts) and only ever
 * served as downloads, never shown in our pages (a browser's PDF viewer runs a file's scripts).
 * Files live in the private uploads folder under generated keys (`provider-documents/<id>.<ext>`),
 * never under a public URL: admins read them through /admin/provider-documents/:id, which
 * records every access. Documents of a rejected application are deleted
 * REJECTED_DOCUMENT_RETENTION_DAYS after the decision.
 */
const MAX_INPUT_PIXELS = 100_000_000;
const EXTENSION: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "application/pdf": "pdf",
};
export const documentKey = (id: string, contentType: string) =>
  `provider-documents/${id}.${EXTENSION[contentType] ?? "bin"}`;

/** A checked document, ready to store. */
export type PreparedDocument = {
  id: string;
  field: DocumentField;
  kind: DocumentKind;
  name: string;
  contentType: string;
  body: Buffer;
};

export class DocumentRefused extends Error {
  override name = "DocumentRefused";
  constructor(
    readonly field: DocumentField,
    readonly problem: DocumentError,
  ) {
    super(problem);
  }
}

/** The name the applicant gave the file, kept only to show it back to them and to admins. */
const displayName = (name: string) =>
  (
    name
      .replace(/[\\/]/g, "_")
      .replace(/[\u0000-\u001f\u007f]/g, "")
      .trim() || "document"
  ).slice(-120);

async function reencode(bytes: Buffer, mime: string): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
  // sharp writes no metadata unless asked to (withMetadata), so EXIF and GPS are gone.
  return mime === "image/png" ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}

/** Checks and prepares every chosen file; throws DocumentRefused for the first bad one. */
export async function prepareDocuments(
  files: { field: DocumentField; file: File }[],
): Promise<PreparedDocument[]> {
  const prepared: PreparedDocument[] = [];
  // One at a time: decoding is memory-hungry and the box is small.
  for (const { field, file } of files) {
    let sniffed;
    try {
      sniffed = await sniffUpload(file, ACCEPTED_DOCUMENT_MIME, MAX_DOCUMENT_BYTES);
    } catch (error) {
      if (error instanceof UploadRefused)
        throw new DocumentRefused(field, error.problem === "tooLarge" ? "tooLarge" : "unsupported");
      throw error;
    }
    let body = sniffed.bytes;
    if (sniffed.mime === "application/pdf") {
      try {
        body = await stripActiveContent(sniffed.bytes);
      } catch (error) {
        if (error instanceof UnreadablePdf) throw new DocumentRefused(field, "unreadable");
        throw error;
      }
    } else {
      try {
        body = await reencode(sniffed.bytes, sniffed.mime);
      } catch {
        throw new DocumentRefused(field, "unsupported"); // claims to be an image but does not decode
      }
    }
    prepared.push({
      id: randomUUID(),
      field,
      kind: DOCUMENT_KIND[field],
      name: displayName(file.name),
      contentType: sniffed.mime,
      body,
    });
  }
  return prepared;
}

/** Writes the files (before their rows commit); returns a function that removes them again. */
export async function writeDocumentFiles(docs: PreparedDocument[]): Promise<() => Promise<void>> {
  const written: string[] = [];
  const undo = async () => {
    await Promise.all(written.map((key) => deleteObject(key).catch(() => undefined)));
  };
  try {
    for (const d of docs) {
      const key = documentKey(d.id, d.contentType);
      written.push(key);
      await putObject(key, d.body);
    }
  } catch (error) {
    await undo();
    throw error;
  }
  return undo;
}

export function documentRows(
  docs: PreparedDocument[],
  owner: { applicationId: string; userId: string; renewalId?: string },
  expiries: Partial<Record<DocumentKind, string | null>>,
  now: string,
): ProviderDocumentTable[] {
  return docs.map((d) => ({
    id: d.id,
    application_id: owner.applicationId,
    user_id: owner.userId,
    kind: d.kind,
    original_name: d.name,
    storage_key: documentKey(d.id, d.contentType),
    content_type: d.contentType,
    size: d.body.length,
    expires_on: expiries[d.kind] ?? null,
    status: "pending",
    reminded_days: null,
    delete_after: null,
    deleted_at: null,
    created_at: now,
    renewal_id: owner.renewalId ?? null,
    checked_at: null,
  }));
}

/** What an applicant or the back office sees of a document: its name and kind, never a URL. */
export type DocumentSummary = {
  id: string;
  kind: DocumentKind;
  name: string;
  expiresOn: string | null;
  status: ProviderDocumentTable["status"];
};

export async function listApplicationDocuments(applicationId: string): Promise<DocumentSummary[]> {
  const rows = await getRuntime()
    .db.selectFrom("provider_documents")
    .select(["id", "kind", "original_name", "expires_on", "status"])
    .where("application_id", "=", applicationId)
    .where("deleted_at", "is", null)
    .orderBy("created_at")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    name: r.original_name,
    expiresOn: r.expires_on,
    status: r.status,
  }));
}

export type DocumentDownload = { body: Buffer; contentType: string; fileName: string };

/**
 * A document for an admin, recording the access (who, when, which document, from where) before
 * the bytes are handed out. Null when the viewer is not an admin or there is no such document,
 * so the route answers alike for "not yours" and "not there".
 */
export async function readDocumentForAdmin(
  documentId: string,
  viewer: Pick<SessionUser, "id" | "role"> | null,
  clientIp: string | null,
): Promise<DocumentDownload | null> {
  if (!viewer || viewer.role !== "admin" || !/^[0-9a-f-]{36}$/.test(documentId)) return null;
  const { db } = getRuntime();
  const row = await db
    .selectFrom("provider_documents")
    .select(["id", "kind", "storage_key", "content_type"])
    .where("id", "=", documentId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  const body = await getObject(row.storage_key);
  if (!body) return null;
  await db
    .insertInto("document_access_log")
    .values({
      id: randomUUID(),
      document_id: row.id,
      admin_user_id: viewer.id,
      accessed_at: new Date().toISOString(),
      client_ip: clientIp,
    })
    .execute();
  // A generated name: the applicant's file name is personal data and may hold anything.
  const fileName = `${row.kind}-${row.id.slice(0, 8)}.${EXTENSION[row.content_type] ?? "bin"}`;
  return { body, contentType: row.content_type, fileName };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Marks an application's documents rejected and due for deletion after the retention period. */
export async function scheduleDeletion(trx: DB, applicationId: string, now = new Date()) {
  const deleteAfter = new Date(now.getTime() + REJECTED_DOCUMENT_RETENTION_DAYS * DAY_MS).toISOString();
  await trx
    .updateTable("provider_documents")
    .set({ status: "rejected", delete_after: deleteAfter })
    .where("application_id", "=", applicationId)
    .where("deleted_at", "is", null)
    .execute();
}

/** Deletes the files of documents whose retention has run out; the rows stay as a record that they existed. */
export async function purgeExpiredRetention(now = new Date()): Promise<number> {
  const { db } = getRuntime();
  const due = await db
    .selectFrom("provider_documents")
    .select(["id", "storage_key"])
    .where("delete_after", "<=", now.toISOString())
    .where("deleted_at", "is", null)
    .execute();
  for (const d of due) {
    await deleteObject(d.storage_key);
    await db
      .updateTable("provider_documents")
      .set({ deleted_at: now.toISOString() })
      .where("id", "=", d.id)
      .execute();
  }
  return due.length;
}

/*
 * Documents held across a refused post. A form sent back (a missing field, one refused file)
 * used to lose every chosen file, as a browser cannot put a file back into a file input. Each
 * good file is therefore checked, prepared as above and held in the applicant's own private
 * folder, one per input (`provider-documents/held/<userId>/<field>.<ext>`); the form comes back
 * with a hidden `kept.<field>` naming it, so only a refused file is chosen again. The folder is
 * emptied when the application is sent, goes with the account when it is erased, and a file
 * nobody sent is deleted by the retention job after RETENTION_DAYS.heldProviderDocuments.
 */
const HELD_ROOT = "provider-documents/held/";
export const heldFolder = (userId: string) => `${HELD_ROOT}${userId}/`;
const heldKey = (userId: string, field: DocumentField, ext: string) => `${heldFolder(userId)}${field}.${ext}`;
const HELD_TYPES: Record<KeptDocument["ext"], string> = { png: "image/png", jpg: "image/jpeg", pdf: "application/pdf" };

/** The documents a post holds and the ones it refused, by input. */
export type HeldDocuments = {
  held: Partial<Record<DocumentField, KeptDocument>>;
  refused: Partial<Record<DocumentField, { problem: DocumentError; name: string }>>;
};

/**
 * Holds the files a post chose (each checked alone: one refused file costs no other) and keeps
 * the ones an earlier post held and this one did not replace. A kept reference only ever
 * points into the poster's own folder, and counts only when its file is there.
 */
export async function holdDocuments(
  userId: string,
  chosen: { field: DocumentField; file: File }[],
  kept: Partial<Record<DocumentField, KeptDocument>>,
): Promise<HeldDocuments> {
  const result: HeldDocuments = { held: {}, refused: {} };
  const fresh = new Set<DocumentField>();
  for (const { field, file } of chosen) {
    fresh.add(field);
    try {
      const [doc] = await prepareDocuments([{ field, file }]);
      const ext = EXTENSION[doc!.contentType] as KeptDocument["ext"];
      await Promise.all(
        (Object.keys(HELD_TYPES) as KeptDocument["ext"][])
          .filter((e) => e !== ext)
          .map((e) => deleteObject(heldKey(userId, field, e)).catch(() => undefined)),
      );
      await putObject(heldKey(userId, field, ext), doc!.body);
      result.held[field] = { ext, name: doc!.name };
    } catch (error) {
      if (!(error instanceof DocumentRefused)) throw error;
      result.refused[field] = { problem: error.problem, name: displayName(file.name) };
      fresh.delete(field); // a refused replacement leaves an earlier good file in place
    }
  }
  for (const field of DOCUMENT_FIELDS) {
    const ref = kept[field];
    if (fresh.has(field) || !ref) continue;
    if (await getObject(heldKey(userId, field, ref.ext))) result.held[field] = { ext: ref.ext, name: displayName(ref.name) };
  }
  return result;
}

/** The held files of the given inputs, ready to store as an application's documents. */
export async function heldDocuments(
  userId: string,
  held: HeldDocuments["held"],
  fields: DocumentField[],
): Promise<PreparedDocument[]> {
  const docs: PreparedDocument[] = [];
  for (const field of fields) {
    const ref = held[field];
    const body = ref ? await getObject(heldKey(userId, field, ref.ext)) : null;
    if (!ref || !body) continue;
    docs.push({ id: randomUUID(), field, kind: DOCUMENT_KIND[field], name: ref.name, contentType: HELD_TYPES[ref.ext], body });
  }
  return docs;
}

/** Deletes held files written before `before` (forms sent back and never sent); returns how many. */
export async function expireHeldDocuments(before: Date): Promise<number> {
  const due = (await listObjects(HELD_ROOT)).filter((o) => o.writtenAt < before);
  for (const { key } of due) await deleteObject(key);
  return due.length;
}

/** Empties the applicant's held folder (the application is sent). */
export const releaseHeldDocuments = (userId: string) => deleteObject(heldFolder(userId)).catch(() => undefined);
