import { randomUUID } from "node:crypto";
import { loadSharp } from "~/lib/sharp.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { DB } from "~/lib/db/db.server";
import { getRuntime } from "~/lib/runtime.server";
import { deleteObject, getObject, putObject } from "~/lib/storage.server";
import { sniffUpload, UploadRefused } from "~/lib/uploads.server";
import { MAX_LISTING_PHOTOS, MAX_UPLOAD_BYTES } from "~/modules/site/constants";
import { ACCEPTED_PHOTO_MIME, listingPhotoPath, type PhotoError, type PhotoRefusal, type PhotoVariant } from "./wizard";

/**
 * Listing photos (docs/architecture.md, Uploads): the type is read from the bytes, not the name (JPEG
 * and PNG only); each file is at most 10 MB, a draft holds at most 12. Every photo is decoded
 * and re-encoded by sharp — turned upright from its EXIF orientation, then written without
 * any metadata (no EXIF, no GPS, no camera serials) in two sizes: a card and a gallery image.
 * In a batch each file stands alone: the good ones are stored, a bad one is refused by its name.
 */
export const VARIANTS: Record<PhotoVariant, { width: number; height: number; quality: number }> = {
  card: { width: 640, height: 960, quality: 78 },
  gallery: { width: 1600, height: 1600, quality: 82 },
};
export const PHOTO_CONTENT_TYPE = "image/webp";
/** Decoding a "small" file can still mean a huge bitmap (decompression bombs): cap the pixels. */
const MAX_INPUT_PIXELS = 100_000_000;

export const photoKey = (photoId: string, variant: PhotoVariant) => `listings/${photoId}/${variant}.webp`;
const isPhotoId = (id: string) => /^[0-9a-f-]{36}$/.test(id);

export type DraftPhoto = { id: string; position: number; width: number; height: number; url: string };

export class PhotoRejected extends Error {
  override name = "PhotoRejected";
  constructor(readonly code: PhotoError) {
    super(code);
  }
}

type Encoded = { id: string; width: number; height: number; variants: Record<PhotoVariant, Buffer> };

/** The files a form really sent: a browser sends one empty, nameless part when none was chosen. */
export const chosenFiles = (form: FormData, name = "files") =>
  form.getAll(name).filter((f): f is File => typeof f !== "string" && !(f.size === 0 && f.name === ""));

/** A chosen file's name as it is shown back to its owner (never used as a path). */
const displayName = (name: string) => name.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(-120) || "photo";

/** Checks one file's size and real type; throws PhotoRejected. */
export async function checkPhotoFile(file: File): Promise<Buffer> {
  try {
    return (await sniffUpload(file, ACCEPTED_PHOTO_MIME, MAX_UPLOAD_BYTES)).bytes;
  } catch (error) {
    throw error instanceof UploadRefused ? new PhotoRejected(error.problem) : error;
  }
}

/** Decodes and re-encodes one photo; the output carries no metadata (sharp's default). */
export async function encodePhoto(bytes: Buffer): Promise<Encoded> {
  try {
    const sharp = await loadSharp();
    const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", sequentialRead: true }).rotate();
    const out = {} as Record<PhotoVariant, Buffer>;
    let width = 0;
    let height = 0;
    for (const [variant, size] of Object.entries(VARIANTS) as [PhotoVariant, (typeof VARIANTS)[PhotoVariant]][]) {
      const { data, info } = await source
        .clone()
        .resize({ width: size.width, height: size.height, fit: "inside", withoutEnlargement: true })
        .webp({ quality: size.quality })
        .toBuffer({ resolveWithObject: true });
      out[variant] = data;
      if (variant === "gallery") ({ width, height } = info);
    }
    return { id: randomUUID(), width, height, variants: out };
  } catch {
    throw new PhotoRejected("unreadable");
  }
}

async function lockDraft(db: DB, draftId: string) {
  // On PostgreSQL concurrent uploads to one draft queue here, so the 12-photo cap holds; SQLite
  // runs one write transaction at a time anyway (and has no FOR UPDATE).
  const q = db.selectFrom("listing_drafts").select("id").where("id", "=", draftId);
  return getRuntime().dialect === "postgres" ? q.forUpdate().executeTakeFirst() : q.executeTakeFirst();
}

const countPhotos = async (db: DB, draftId: string) =>
  Number(
    (await db.selectFrom("listing_photos").select((eb) => eb.fn.countAll<number>().as("n")).where("draft_id", "=", draftId).executeTakeFirstOrThrow()).n,
  );

/** The draft photos go to: its id when there is one, and how to start one otherwise. */
export type PhotoDraft = { id: string | null; start: () => Promise<string> };

/**
 * Adds photos to a draft. Too many for the draft, and nothing is stored; otherwise every file
 * that is a readable JPEG/PNG within the limits is stored and each other one is refused by its
 * name (empty, too large, not a JPEG/PNG, unreadable), so one bad file never costs the good
 * ones. `ok: false` when nothing was stored. A draft is started only once a photo is accepted,
 * so a refused upload leaves nothing behind.
 */
export async function addDraftPhotos(
  userId: string,
  draft: PhotoDraft,
  files: File[],
): Promise<{ ok: true; added: number; refused: PhotoRefusal[] } | { ok: false; error: PhotoError; refused: PhotoRefusal[] }> {
  const { db } = getRuntime();
  if (files.length === 0) return { ok: false, error: "none", refused: [] };
  if ((draft.id ? await countPhotos(db, draft.id) : 0) + files.length > MAX_LISTING_PHOTOS) return { ok: false, error: "tooMany", refused: [] };

  const encoded: Encoded[] = [];
  const refused: PhotoRefusal[] = [];
  // One at a time: decoding is memory-hungry and the box is small.
  for (const file of files) {
    try {
      encoded.push(await encodePhoto(await checkPhotoFile(file)));
    } catch (error) {
      if (!(error instanceof PhotoRejected)) throw error;
      refused.push({ name: displayName(file.name), error: error.code });
    }
  }
  if (encoded.length === 0) return { ok: false, error: refused[0]!.error, refused };

  const draftId = draft.id ?? (await draft.start());
  const written: string[] = [];
  try {
    for (const photo of encoded) {
      written.push(photo.id);
      for (const variant of Object.keys(VARIANTS) as PhotoVariant[]) await putObject(photoKey(photo.id, variant), photo.variants[variant]);
    }
    await db.transaction().execute(async (trx) => {
      if (!(await lockDraft(trx, draftId))) throw new PhotoRejected("none");
      if ((await countPhotos(trx, draftId)) + encoded.length > MAX_LISTING_PHOTOS) throw new PhotoRejected("tooMany");
      const last = await trx
        .selectFrom("listing_photos")
        .select((eb) => eb.fn.max("position").as("max"))
        .where("draft_id", "=", draftId)
        .executeTakeFirst();
      let position = Number(last?.max ?? 0);
      const now = new Date().toISOString();
      await trx
        .insertInto("listing_photos")
        .values(
          encoded.map((p) => ({
            id: p.id,
            user_id: userId,
            draft_id: draftId,
            listing_id: null,
            position: ++position,
            width: p.width,
            height: p.height,
            created_at: now,
          })),
        )
        .execute();
    });
    return { ok: true, added: encoded.length, refused };
  } catch (error) {
    await Promise.all(written.map((id) => deleteObject(`listings/${id}/`).catch(() => undefined)));
    if (error instanceof PhotoRejected) return { ok: false, error: error.code, refused };
    throw error;
  }
}

/** The draft's photos in order, each with its card image's URL. */
export async function listDraftPhotos(draftId: string): Promise<DraftPhoto[]> {
  const rows = await getRuntime()
    .db.selectFrom("listing_photos")
    .select(["id", "position", "width", "height"])
    .where("draft_id", "=", draftId)
    .orderBy("position")
    .orderBy("created_at")
    .execute();
  return rows.map((r) => ({ ...r, url: listingPhotoPath(r.id, "card") }));
}

/** Removes one of the owner's draft photos, files included. */
export async function removeDraftPhoto(userId: string, draftId: string, photoId: string): Promise<boolean> {
  if (!isPhotoId(photoId)) return false;
  const result = await getRuntime()
    .db.deleteFrom("listing_photos")
    .where("id", "=", photoId)
    .where("user_id", "=", userId)
    .where("draft_id", "=", draftId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return false;
  await deleteObject(`listings/${photoId}/`);
  return true;
}

/** Moves a draft photo one place up (towards the cover) or down. */
export async function moveDraftPhoto(userId: string, draftId: string, photoId: string, direction: "up" | "down"): Promise<boolean> {
  if (!isPhotoId(photoId)) return false;
  return getRuntime()
    .db.transaction()
    .execute(async (trx) => {
      await lockDraft(trx, draftId);
      const photos = await trx
        .selectFrom("listing_photos")
        .select(["id", "position"])
        .where("draft_id", "=", draftId)
        .where("user_id", "=", userId)
        .orderBy("position")
        .orderBy("created_at")
        .execute();
      const i = photos.findIndex((p) => p.id === photoId);
      const j = direction === "up" ? i - 1 : i + 1;
      if (i < 0 || j < 0 || j >= photos.length) return false;
      [photos[i], photos[j]] = [photos[j]!, photos[i]!];
      // Renumber 1..n: also heals gaps left by removals.
      for (const [index, p] of photos.entries()) {
        if (p.position !== index + 1) await trx.updateTable("listing_photos").set({ position: index + 1 }).where("id", "=", p.id).execute();
      }
      return true;
    });
}

export type PhotoAccess = { body: Buffer; public: boolean };
export type Viewer = () => Promise<Pick<SessionUser, "id" | "role"> | null>;

/** A photo URL's id and variant as we make them; anything else is a 404 without a query. */
export const isPhotoAddress = (photoId: string, variant: string): variant is PhotoVariant =>
  isPhotoId(photoId) && Object.hasOwn(VARIANTS, variant); // not `in`: "__proto__" is in every object

/**
 * The rule every stored photo is served by (a listing's, a review's): anyone may see the photos
 * of what is published; those of anything else (a draft, under review, rejected) only the person
 * who uploaded them and admins. Null means 404, so nobody learns that a private photo exists.
 */
export async function photoForViewer(owner: { user_id: string; status: string | null } | undefined, key: string, viewer: Viewer): Promise<PhotoAccess | null> {
  if (!owner) return null;
  const isPublic = owner.status === "published";
  if (!isPublic) {
    const user = await viewer();
    if (!user || (user.id !== owner.user_id && user.role !== "admin")) return null;
  }
  const body = await getObject(key);
  return body ? { body, public: isPublic } : null;
}

/** A listing's photo for a viewer (see photoForViewer). */
export async function readListingPhoto(photoId: string, variant: string, viewer: Viewer): Promise<PhotoAccess | null> {
  if (!isPhotoAddress(photoId, variant)) return null;
  const row = await getRuntime()
    .db.selectFrom("listing_photos as p")
    .leftJoin("home_listings as l", "l.id", "p.listing_id")
    .select(["p.user_id", "l.status"])
    .where("p.id", "=", photoId)
    .executeTakeFirst();
  return photoForViewer(row, photoKey(photoId, variant), viewer);
}

/**
 * A photo as its route answers it: the WebP bytes, or the same plain 404 for a photo that is
 * missing and for one the viewer may not see. A public photo is cached as `publicCache` says
 * (each kind decides how long); a private one never.
 */
export function photoResponse(photo: PhotoAccess | null, publicCache: string): Response {
  if (!photo) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  return new Response(new Uint8Array(photo.body), {
    headers: {
      "Content-Type": PHOTO_CONTENT_TYPE,
      "Content-Length": String(photo.body.length),
      "Cache-Control": photo.public ? publicCache : "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
    },
  });
}
