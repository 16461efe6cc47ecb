import { requireAdmin } from "~/lib/auth/session.server";
import { readDocumentForAdmin } from "~/modules/providers/documents.server";
import type { Route } from "./+types/provider-document";

/**
 * A provider's verification document, for admins only (issue 12 item 3). Every read is recorded
 * (who, when, which document). Anyone else — the applicant included — gets 403 whether or not
 * the document exists (issue 13: document URLs are 403); an admin gets 404 for a missing one. Never cached; PDFs and images alike are sent as downloads,
 * in a sandbox, so nothing in a file can run in our origin.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, { file: true });
  const doc = await readDocumentForAdmin(params.documentId, admin, context.clientIp ?? null);
  if (!doc) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(new Uint8Array(doc.body), {
    headers: {
      "Content-Type": doc.contentType,
      "Content-Length": String(doc.body.length),
      "Content-Disposition": `attachment; filename="${doc.fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox; default-src 'none'",
    },
  });
}
