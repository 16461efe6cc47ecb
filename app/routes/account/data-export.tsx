import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { href } from "react-router";
import { requireUser } from "~/lib/auth/session.server";
import { localeFromRequest, serverTranslate } from "~/lib/i18n/catalogue.server";
import { getAppEnv } from "~/lib/runtime.server";
import { exportForDownload } from "~/modules/privacy/exports.server";
import { RETENTION_DAYS } from "~/modules/privacy/retention";
import type { Route } from "./+types/data-export";
import { escapeHtml } from "~/lib/html-escape";

/**
 * The ZIP of a data export, for its owner only: logged out → log in first;
 * anyone else's (or an unknown id) → 404, whether or not it exists; past its expiry → 410 with
 * a short page saying so; not built yet → back to the data page. Never cached, always a download.
 */
/** Its texts are rendered on the server (a file or a short page); declared like every route's. */
export const handle = { messages: ["dataExport"] } satisfies MessagesHandle;

const NO_STORE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const found = await exportForDownload(user.id, params.id);
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  if (!found)
    return new Response(t("dataExport.notFound"), {
      status: 404,
      headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
    });
  if (found.state === "pending")
    return new Response(null, { status: 303, headers: { ...NO_STORE, Location: href("/account/data") } });
  if (found.state === "expired") {
    const title = escapeHtml(t("dataExport.expiredTitle"));
    const body = `<!doctype html><html lang="${localeFromRequest(request)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><h1>${title}</h1><p>${escapeHtml(
      t("dataExport.expiredText", { days: RETENTION_DAYS.dataExports }),
    )}</p><p><a href="${href("/account/data")}">${escapeHtml(t("dataExport.backToData"))}</a></p></body></html>`;
    return new Response(body, {
      status: 410,
      headers: { ...NO_STORE, "Content-Type": "text/html; charset=utf-8" },
    });
  }
  return new Response(new Uint8Array(found.body), {
    headers: {
      ...NO_STORE,
      "Content-Type": "application/zip",
      "Content-Length": String(found.body.length),
      "Content-Disposition": `attachment; filename="${found.fileName}"`,
      "Content-Security-Policy": "sandbox; default-src 'none'",
    },
  });
}
