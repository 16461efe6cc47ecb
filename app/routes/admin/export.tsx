import { requireAdmin } from "~/lib/auth/session.server";
import { csvResponse } from "~/lib/csv";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { getAppEnv } from "~/lib/runtime.server";
import { isExportList } from "~/modules/admin/dashboard";
import { exportList } from "~/modules/admin/exports.server";
import { readInboxFilter } from "~/modules/admin/inbox";
import { parseOutboxQuery } from "~/modules/admin/outbox";
import type { Route } from "./+types/export";

export const handle = { messages: ["admin.dashboard", "admin.export", "admin.kind", "admin.nav", "admin.saved", "cars", "status"] } satisfies MessagesHandle;

/**
 * /admin/export/<list>.csv — a back-office list as a CSV download. Admins
 * only, and a file never redirects to log-in: everyone else gets 403 and nothing else. The
 * requests export reads the inbox's own filter from the query string (the inbox links it with
 * its current filter); the outbox export reads the outbox's.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, { file: true });
  const list = /^(.+)\.csv$/.exec(params.file)?.[1];
  if (!isExportList(list)) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  const query = new URL(request.url).searchParams;
  const { status, q } = parseOutboxQuery(query);
  const { fileName, csv } = await exportList(
    list,
    { inbox: { ...readInboxFilter(query), page: 1 }, outbox: { status, q } },
    serverTranslate(request, getAppEnv().BRAND_NAME),
  );
  return csvResponse(fileName, csv);
}
