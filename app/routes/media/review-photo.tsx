import { getSessionUser } from "~/lib/auth/session.server";
import { PHOTO_CONTENT_TYPE } from "~/modules/homes/photos.server";
import { readReviewPhoto } from "~/modules/reviews/photos.server";
import type { Route } from "./+types/review-photo";

/**
 * A review photo (`card` or `gallery`). Photos of published reviews are public and never change
 * (a new photo is a new id); those of pending or declined reviews are for their author and
 * admins only, never cached; anyone else gets the same 404 as for a photo that does not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const photo = await readReviewPhoto(params.photoId, params.variant, () => getSessionUser(request));
  if (!photo) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  return new Response(new Uint8Array(photo.body), {
    headers: {
      "Content-Type": PHOTO_CONTENT_TYPE,
      "Content-Length": String(photo.body.length),
      // A review can be taken down after publication: browsers keep it a day, not a year.
      "Cache-Control": photo.public ? "public, max-age=86400" : "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
    },
  });
}
