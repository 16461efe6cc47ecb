import { getSessionUser } from "~/lib/auth/session.server";
import { PHOTO_CONTENT_TYPE, readListingPhoto } from "~/modules/homes/photos.server";
import type { Route } from "./+types/listing-photo";

/**
 * A listing photo (`card` or `gallery`). Photos of published listings are public and never
 * change (a new photo is a new id), so browsers and CDNs keep them for a year. Photos of
 * drafts and of listings under review are for their owner and admins only, never cached;
 * anyone else gets the same 404 as for a photo that does not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const photo = await readListingPhoto(params.photoId, params.variant, () => getSessionUser(request));
  if (!photo) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  return new Response(new Uint8Array(photo.body), {
    headers: {
      "Content-Type": PHOTO_CONTENT_TYPE,
      "Content-Length": String(photo.body.length),
      "Cache-Control": photo.public ? "public, max-age=31536000, immutable" : "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
    },
  });
}
