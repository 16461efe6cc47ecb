import { href } from "react-router";
import { getRuntime } from "~/lib/runtime.server";
import { deleteObject, putObject } from "~/lib/storage.server";
import { checkPhotoFile, encodePhoto, isPhotoAddress, type PhotoAccess, photoForViewer, PhotoRejected, VARIANTS, type Viewer } from "~/modules/homes/photos.server";
import type { MessageKey } from "~/lib/i18n/translate";
import { PHOTO_ERROR_KEYS, type PhotoError, type PhotoVariant } from "~/modules/homes/wizard";
import { MAX_REVIEW_PHOTOS } from "./schema";

/**
 * Review photos follow the listing photo rules (homes/photos.server.ts): the type read from the
 * bytes (JPEG or PNG), 10 MB each, decoded and re-encoded without metadata (no EXIF, no GPS) in
 * the card and gallery sizes. At most MAX_REVIEW_PHOTOS per review. They are public once the
 * review is published; before that only their author and admins may see them.
 */
export type EncodedPhoto = Awaited<ReturnType<typeof encodePhoto>>;

export const reviewPhotoKey = (photoId: string, variant: PhotoVariant) => `reviews/${photoId}/${variant}.webp`;
export const reviewPhotoPath = (photoId: string, variant: PhotoVariant) =>
  href("/media/reviews/:photoId/:variant", { photoId, variant });

/** What the author is told about a refused photo: the listing photo messages, but with the review's own cap. */
export const photoErrorMessage = (error: PhotoError): { key: MessageKey; max?: number } =>
  error === "tooMany" ? { key: "reviews.form.tooManyPhotos", max: MAX_REVIEW_PHOTOS } : { key: PHOTO_ERROR_KEYS[error].text };

/** Checks and re-encodes the chosen photos: all of them, or the reason none is taken. */
export async function encodeReviewPhotos(files: File[]): Promise<{ ok: true; photos: EncodedPhoto[] } | { ok: false; error: PhotoError }> {
  if (files.length > MAX_REVIEW_PHOTOS) return { ok: false, error: "tooMany" };
  try {
    const checked: Buffer[] = [];
    for (const file of files) checked.push(await checkPhotoFile(file));
    const photos: EncodedPhoto[] = [];
    // One at a time: decoding is memory-hungry and the box is small.
    for (const bytes of checked) photos.push(await encodePhoto(bytes));
    return { ok: true, photos };
  } catch (error) {
    if (error instanceof PhotoRejected) return { ok: false, error: error.code };
    throw error;
  }
}

/** Writes the encoded files; the caller records the rows, and removes the files if that fails. */
export async function writeReviewPhotos(photos: EncodedPhoto[]): Promise<void> {
  for (const photo of photos) {
    for (const variant of Object.keys(VARIANTS) as PhotoVariant[]) await putObject(reviewPhotoKey(photo.id, variant), photo.variants[variant]);
  }
}

export async function removeReviewPhotoFiles(ids: string[]): Promise<void> {
  await Promise.all(ids.map((id) => deleteObject(`reviews/${id}/`).catch(() => undefined)));
}

/** A review photo for a viewer: public once the review is published (homes' photoForViewer). */
export async function readReviewPhoto(photoId: string, variant: string, viewer: Viewer): Promise<PhotoAccess | null> {
  if (!isPhotoAddress(photoId, variant)) return null;
  const row = await getRuntime()
    .db.selectFrom("review_photos as p")
    .innerJoin("community_reviews as r", "r.id", "p.review_id")
    .select(["p.user_id", "r.status"])
    .where("p.id", "=", photoId)
    .executeTakeFirst();
  return photoForViewer(row, reviewPhotoKey(photoId, variant), viewer);
}
