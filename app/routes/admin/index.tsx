import { href, Link } from "react-router";
import { adminCell, adminNumberCell, adminOneLineCell, AdminTable } from "~/components/admin/admin-table";
import { AdminPanel } from "~/components/admin/admin-panel";
import { StatusBadge } from "~/components/admin/status-badge";
import { requireAdmin } from "~/lib/auth/session.server";
import { useFormat } from "~/lib/i18n/format";
import type { MessagesHandle } from "~/lib/i18n/namespaces";
import type { MessageKey } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-t";
import { clickCounts, oldestOpenRequests, openRequestsByKind, quoteFigures } from "~/modules/admin/dashboard.server";
import { AGE_BANDS, ANALYTICS_EVENT_LABEL_KEYS, EXPORT_LIST_LABEL_KEYS, EXPORT_LISTS, waitedDays } from "~/modules/admin/dashboard";
import { KIND_LABEL_KEYS } from "~/modules/admin/labels";
import { adminMeta } from "~/modules/admin/meta";
import type { Route } from "./+types/index";

export const handle = { messages: ["admin.dashboard", "admin.export", "admin.inbox", "admin.kind", "admin.moderation", "admin.nav", "admin.next", "admin.pageOf", "admin.pagination", "admin.previous", "admin.title", "status"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.dashboard.title");

/** The back office's first page: what waits and for how long, clicks, exports. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [byKind, oldest, clicks, quotes] = await Promise.all([openRequestsByKind(), oldestOpenRequests(), clickCounts(), quoteFigures()]);
  return { byKind, oldest, clicks, quotes, now: new Date().toISOString() };
}


export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const dates = useFormat();
  const { byKind, oldest, clicks, quotes, now } = loaderData;
  return (
    <div className="grid gap-8">
      <h1 className="text-2xl font-bold">{t("admin.dashboard.title")}</h1>

      <AdminPanel id="open-title" title={t("admin.dashboard.open")} className="grid gap-3">
        <p className="text-sm text-slate-600">{t("admin.dashboard.openIntro")}</p>
        <AdminTable
          caption={t("admin.dashboard.open")}
          head={[
            t("admin.dashboard.kind"),
            { label: t("admin.dashboard.total"), numeric: true },
            ...AGE_BANDS.map((b) => ({ label: t(`admin.dashboard.band.${b.id}`), numeric: true })),
            t("admin.dashboard.oldestSince"),
          ]}
          rows={byKind.length}
          empty={t("admin.dashboard.noneOpen")}
        >
          {byKind.map((k) => (
            <tr key={k.kind} data-kind={k.kind}>
              <th scope="row" className={`${adminCell} font-medium whitespace-nowrap`}>
                <Link to={`/admin/requests?kind=${k.kind}`} className="text-teal-800 underline">
                  {t(KIND_LABEL_KEYS[k.kind] as MessageKey)}
                </Link>
              </th>
              <td className={`${adminNumberCell} font-semibold`}>{dates.number(k.total)}</td>
              {AGE_BANDS.map((b) => (
                <td key={b.id} className={`${adminNumberCell} ${b.id === "over7" && k.bands[b.id] ? "font-semibold text-red-800" : ""}`}>
                  {k.bands[b.id]}
                </td>
              ))}
              <td className={adminOneLineCell}>{dates.dateTime(k.oldestAt)}</td>
            </tr>
          ))}
        </AdminTable>
      </AdminPanel>

      {oldest.length > 0 ? (
        <AdminPanel id="oldest-title" title={t("admin.dashboard.waitingLongest")} className="grid gap-3">
          <AdminTable caption={t("admin.dashboard.waitingLongest")} head={[t("admin.dashboard.reference"), t("admin.dashboard.kind"), t("admin.dashboard.name"), t("admin.dashboard.status"), t("admin.dashboard.waiting")]}>
            {oldest.map((r) => {
              const days = waitedDays(r.createdAt, now);
              return (
                <tr key={r.reference}>
                  <th scope="row" className={`${adminCell} font-mono font-semibold`} translate="no">
                    <Link to={`/admin/requests/${r.reference}`} className="text-teal-800 underline">
                      {r.reference}
                    </Link>
                  </th>
                  <td className={adminOneLineCell}>{t(KIND_LABEL_KEYS[r.kind] as MessageKey)}</td>
                  <td className={`${adminCell} max-w-xs break-words`} translate="no">
                    {r.name}
                  </td>
                  <td className={adminCell}>
                    <StatusBadge status={r.status} label={r.statusLabel} />
                  </td>
                  <td className={adminOneLineCell}>
                    <time dateTime={r.createdAt} title={dates.dateTime(r.createdAt)}>
                      {days < 1 ? t("admin.dashboard.underADay") : t("admin.dashboard.days", { count: days })}
                    </time>
                  </td>
                </tr>
              );
            })}
          </AdminTable>
        </AdminPanel>
      ) : null}

      <AdminPanel id="clicks-title" title={t("admin.dashboard.clicks")} className="grid gap-3">
        <AdminTable
          caption={t("admin.dashboard.clicks")}
          head={[t("admin.dashboard.event"), { label: t("admin.dashboard.last7"), numeric: true }, { label: t("admin.dashboard.last30"), numeric: true }]}
        >
            {clicks.map((c) => (
              <tr key={c.event} data-event={c.event}>
                <th scope="row" className={`${adminCell} font-medium`}>{t(ANALYTICS_EVENT_LABEL_KEYS[c.event])}</th>
                <td className={adminNumberCell}>{dates.number(c.last7)}</td>
                <td className={adminNumberCell}>{dates.number(c.last30)}</td>
              </tr>
            ))}
        </AdminTable>
      </AdminPanel>

      <AdminPanel id="quotes-title" title={t("admin.dashboard.quotesTitle", { days: quotes.days })} className="grid gap-3">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-6" data-testid="quote-figures">
          {(
            [
              ["sent", quotes.sent],
              ["accepted", quotes.accepted],
              ["declined", quotes.declined],
              ["expired", quotes.expired],
              ["open", quotes.open],
            ] as const
          ).map(([key, value]) => (
            <div key={key}>
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t(`admin.dashboard.quotes.${key}`)}</dt>
              <dd className="text-xl font-semibold">{dates.number(value)}</dd>
            </div>
          ))}
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t("admin.dashboard.quotes.median")}</dt>
            <dd className="text-xl font-semibold">{quotes.medianAnswerHours === null ? "—" : t("admin.dashboard.quotes.hours", { hours: dates.number(quotes.medianAnswerHours) })}</dd>
          </div>
        </dl>
      </AdminPanel>

      <AdminPanel id="exports-title" title={t("admin.dashboard.exports")} className="grid gap-3">
        <p className="text-sm text-slate-600">{t("admin.dashboard.exportsIntro")}</p>
        <ul className="flex flex-wrap gap-2">
          {EXPORT_LISTS.map((list) => (
            <li key={list}>
              {/* A file, not a page the router should load (`reloadDocument`); a <Link> keeps the language space. */}
              <Link reloadDocument to={href("/admin/export/:file", { file: `${list}.csv` })} download className="btn-secondary text-sm">
                {t(EXPORT_LIST_LABEL_KEYS[list])}
              </Link>
            </li>
          ))}
        </ul>
      </AdminPanel>
    </div>
  );
}
