import { Form, href, Link } from "react-router";
import { requireAdmin } from "~/lib/auth/session.server";
import { useFormat } from "~/lib/i18n/format";
import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { useT } from "~/lib/i18n/use-t";
import { OutboxStatusBadge } from "~/components/admin/outbox-status-badge";
import { OUTBOX_FILTER_STATUSES, type OutboxFilter, outboxQuery, parseOutboxQuery } from "~/modules/admin/outbox";
import { listOutbox } from "~/modules/admin/outbox.server";
import { adminMeta } from "~/modules/admin/meta";
import type { Route } from "./+types/outbox";

export const handle = { messages: ["admin"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.outbox.title");

/** The outbox (ADR 3): every email, newest first, filtered by status and text. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { page, ...filter } = parseOutboxQuery(new URL(request.url).searchParams);
  return { filter, outbox: await listOutbox(filter, page) };
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const dates = useFormat();
  const { filter, outbox } = loaderData;
  const pageLink = (page: number) => `/admin/outbox${outboxQuery(filter, page)}`;
  return (
    <section aria-labelledby="outbox-title" className="grid gap-6">
      <div>
        <h1 id="outbox-title" className="text-2xl font-bold">
          {t("admin.outbox.title")}
        </h1>
        <p className="mt-1 text-slate-600">{t("admin.outbox.intro")}</p>
      </div>
      <OutboxFilters filter={filter} />
      <p role="status" className="text-sm text-slate-600">
        {t("admin.outbox.count", { count: outbox.total })}{" "}
        {/* A file, not a page: the browser loads it, in the page's language space (basename). */}
        <Link reloadDocument to={`${href("/admin/export/:file", { file: "outbox.csv" })}${outboxQuery(filter)}`} className="font-medium text-teal-800 underline">
          {t("admin.export.csv")}
        </Link>
      </p>
      {outbox.items.length === 0 ? (
        <p className="card p-6 text-slate-600">{t("admin.outbox.empty")}</p>
      ) : (
        <div className="card overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("admin.outbox.title")}</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">{t("admin.outbox.subject")}</th>
                <th scope="col" className="px-4 py-2 font-medium">{t("admin.outbox.to")}</th>
                <th scope="col" className="px-4 py-2 font-medium">{t("admin.outbox.kind")}</th>
                <th scope="col" className="px-4 py-2 font-medium">{t("admin.outbox.status")}</th>
                <th scope="col" className="px-4 py-2 font-medium">{t("admin.outbox.attempts")}</th>
                <th scope="col" className="px-4 py-2 font-medium">{t("admin.outbox.lastError")}</th>
                <th scope="col" className="px-4 py-2 font-medium">{t("admin.outbox.created")}</th>
                <th scope="col" className="px-4 py-2 font-medium">{t("admin.outbox.sent")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {outbox.items.map((m) => (
                <tr key={m.id}>
                  {/* Subjects, addresses and kinds as sent (translate="no"). */}
                  <th scope="row" className="max-w-xs px-4 py-2 font-medium" translate="no">
                    <Link to={`/admin/outbox/${m.id}`} className="break-words text-teal-800 underline">
                      {m.subject}
                    </Link>
                  </th>
                  <td className="min-w-48 px-4 py-2 break-all" translate={m.trimmed ? undefined : "no"}>
                    {m.trimmed ? <em className="text-slate-600">{t("admin.outbox.trimmed")}</em> : m.to}
                  </td>
                  <td className="px-4 py-2 font-mono text-xs" translate="no">
                    {m.kind}
                  </td>
                  <td className="px-4 py-2">
                    <OutboxStatusBadge status={m.status} />
                  </td>
                  <td className="px-4 py-2 text-right tabular-nums">{m.attempts}</td>
                  <td className="max-w-xs px-4 py-2 break-words text-red-800">{m.lastError ?? ""}</td>
                  <td className="px-4 py-2 whitespace-nowrap">{dates.dateTime(m.createdAt)}</td>
                  <td className="px-4 py-2 whitespace-nowrap">{m.sentAt ? dates.dateTime(m.sentAt) : t("admin.outbox.notSent")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {outbox.pages > 1 ? (
        <nav aria-label={t("admin.pagination")} className="flex items-center justify-between gap-4 text-sm">
          {outbox.page > 1 ? (
            <Link to={pageLink(outbox.page - 1)} className="btn-secondary" rel="prev">
              {t("admin.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span>{t("admin.pageOf", { page: outbox.page, pages: outbox.pages })}</span>
          {outbox.page < outbox.pages ? (
            <Link to={pageLink(outbox.page + 1)} className="btn-secondary" rel="next">
              {t("admin.next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}

/** A plain GET form: a filtered outbox is a link. */
function OutboxFilters({ filter }: { filter: OutboxFilter }) {
  const t = useT();
  return (
    <Form method="get" className="card grid gap-4 p-4 sm:grid-cols-3" aria-label={t("admin.outbox.filters")}>
      <label className="grid gap-1 sm:col-span-2">
        <span className="field-label">{t("admin.outbox.search")}</span>
        <input type="search" name="q" defaultValue={filter.q ?? ""} maxLength={200} className="field-input" />
      </label>
      <label className="grid gap-1">
        <span className="field-label">{t("admin.outbox.status")}</span>
        <select name="status" defaultValue={filter.status ?? ""} className="field-input">
          <option value="">{t("admin.outbox.anyStatus")}</option>
          {OUTBOX_FILTER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`admin.outbox.status.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="flex gap-2 sm:col-span-3">
        <button type="submit" className="btn-primary">
          {t("admin.outbox.apply")}
        </button>
        <Link to="/admin/outbox" className="btn-secondary">
          {t("admin.outbox.clear")}
        </Link>
      </div>
    </Form>
  );
}
