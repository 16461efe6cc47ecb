import { getSessionUser } from "~/lib/auth/session.server";
import { photoResponse, readListingPhoto } from "~/modules/homes/photos.server";
import type { Route } from "./+types/listing-photo";

/**
 * A listing photo (`card` or `gallery`). Photos of published listings are public and never
 * change (a new photo is a new id), so browsers and CDNs keep them for a year. Photos of
 * drafts and of listings under review are for their owner and admins only, never cached;
 * anyone else gets the same 404 as for a photo that does not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return photoResponse(await readListingPhoto(params.photoId, params.variant, () => getSessionUser(request)), "public, max-age=31536000, immutable");
}
