import { getSessionUser } from "~/lib/auth/session.server";
import { photoResponse } from "~/modules/homes/photos.server";
import { readReviewPhoto } from "~/modules/reviews/photos.server";
import type { Route } from "./+types/review-photo";

/**
 * A review photo (`card` or `gallery`). Photos of published reviews are public and never change
 * (a new photo is a new id); those of pending or declined reviews are for their author and
 * admins only, never cached; anyone else gets the same 404 as for a photo that does not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  // A review can be taken down after publication: browsers keep it a day, not a year.
  return photoResponse(await readReviewPhoto(params.photoId, params.variant, () => getSessionUser(request)), "public, max-age=86400");
}
