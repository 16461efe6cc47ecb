import { requireAdmin } from "~/lib/auth/session.server";
import { readDocumentForAdmin } from "~/modules/providers/documents.server";
import type { Route } from "./+types/provider-document";

/**
 * A provider's verification document, for admins only (ADR 9).
 * Every read is recorded (who, when, which document). Anyone who is not an admin — logged out,
 * the applicant included — gets 403 and learns nothing about whether the document exists; an
 * admin gets 404 for one that does not (or no longer) exist. Never cached, never sniffed, and
 * always in a sandbox, so nothing in a file can run in our origin.
 *
 * `?view=inline` is the back office's viewer of images (an <img> on /admin/providers/:applicationId):
 * the same file, the same checks and log, shown in the page (`inline`, framable by our own pages
 * only) instead of downloaded. A PDF is always an attachment, whatever is asked: a browser's PDF
 * viewer runs the file's scripts, so no PDF of an applicant opens in our pages.
 * Its data twin (`.data`) is refused before it gets here (server/app.ts), so this is the one way out.
 */
const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // Not an admin (logged out included): 403, whether or not the document exists.
  const viewer = await requireAdmin(request, { file: true });
  const doc = await readDocumentForAdmin(params.documentId, viewer, context.clientIp ?? null);
  if (!doc) return notFound();
  const inline = new URL(request.url).searchParams.get("view") === "inline" && doc.contentType !== "application/pdf";
  return new Response(new Uint8Array(doc.body), {
    headers: {
      "Content-Type": doc.contentType,
      "Content-Length": String(doc.body.length),
      "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="${doc.fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": `sandbox; default-src 'none'; frame-ancestors ${inline ? "'self'" : "'none'"}`,
    },
  });
}
