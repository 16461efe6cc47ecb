import { requireAdmin } from "~/lib/auth/session.server";
import { readForm } from "~/lib/http/form.server";
import { localeFromRequest } from "~/lib/i18n/catalogue.server";
import { getRuntime } from "~/lib/runtime.server";
import { recordAudit } from "~/modules/admin/audit.server";
import { exportFileName, zipExport } from "~/modules/privacy/exports.server";
import { findingsFor, includedReferences, subjectDigest, subjectOfContact } from "~/modules/privacy/subject.server";
import type { Route } from "./+types/privacy-export";

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * POST /admin/privacy/export — the ZIP of what matches an address or phone,
 * in the personal export's format (privacy/exports.server.ts zipExport). A file, so admins only
 * and never a redirect to log in: everyone else gets 403. Only after the operator confirmed the
 * list of accounts and records it holds (/admin/privacy's export step posts `included`): if what
 * matches is not exactly that any more, nothing is exported (409). Audited with the operator, the
 * size, a pseudonym of the subject and the references included. A POST, so the address never
 * sits in a URL.
 */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, { file: true });
  const { db } = getRuntime();
  const form = await readForm(request);
  const subject = await subjectOfContact(db, { email: String(form.get("email") ?? "").slice(0, 254), phone: String(form.get("phone") ?? "").slice(0, 40) });
  const text = (status: number, body: string) => new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE } });
  if (!subject) return text(400, "Bad request: an email address or a full phone number is needed.");
  const findings = await findingsFor(db, subject);
  if (String(form.get("included") ?? "") !== findings.included) {
    return text(409, "What matches was not confirmed, or has changed since: find it again in the back office, check the list and confirm the export.");
  }
  const now = new Date();
  const bytes = await zipExport({ subject }, localeFromRequest(request), now);
  await recordAudit(db, {
    actorId: admin.id,
    action: "privacy.export",
    entityType: "privacy-subject",
    entityId: subjectDigest(subject),
    after: { bytes: bytes.byteLength, ...includedReferences(findings) },
  });
  return new Response(Buffer.from(bytes), {
    headers: { "Content-Type": "application/zip", "Content-Disposition": `attachment; filename="${exportFileName(now)}"`, ...NO_STORE },
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, { file: true });
  return new Response(null, { status: 405, headers: { Allow: "POST", ...NO_STORE } });
}
