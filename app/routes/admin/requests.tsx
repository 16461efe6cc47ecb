import { Form, href, Link } from "react-router";
import { adminCell, adminOneLineCell, AdminPagination, AdminTable } from "~/components/admin/admin-table";
import { requireAdmin } from "~/lib/auth/session.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { useFormat } from "~/lib/i18n/format";
import type { MessagesHandle } from "~/lib/i18n/namespaces";
import type { MessageKey } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-t";
import { adminMeta } from "~/modules/admin/meta";
import { getAppEnv } from "~/lib/runtime.server";
import { type InboxFilter, inboxQuery, readInboxFilter, SAVED_FILTERS } from "~/modules/admin/inbox";
import { listInbox } from "~/modules/admin/inbox.server";
import { ADMIN_KINDS, KIND_LABEL_KEYS } from "~/modules/admin/labels";
import { CAR_REQUEST_TYPES, CAR_TYPE_NAME_KEYS } from "~/modules/cars/types";
import { REQUEST_STATES, STATUS_LABEL_KEYS } from "~/modules/requests/status";
import { StatusBadge } from "~/components/admin/status-badge";
import { isRematchReason, REMATCH_REASON_KEYS } from "~/modules/providers/jobs";
import { QUOTE_FLAG_KEYS } from "~/modules/quotes/flags";
import type { Route } from "./+types/requests";

// Of the car and job texts, the request kinds' names and a rematch's reasons (and the rules of
// the modules that name them).
export const handle = {
  messages: [
    "quote.admin.flag",
    "admin.export",
    "admin.inbox",
    "admin.kind",
    "admin.moderation",
    "admin.nav",
    "admin.next",
    "admin.pageOf",
    "admin.pagination",
    "admin.previous",
    "admin.saved",
    "admin.title",
    "cars.field",
    "cars.fieldName",
    "cars.success",
    "cars.type",
    "jobs.admin.needsMatch",
    "jobs.error",
    "jobs.reason",
    "jobs.window.error",
    "status",
  ],
} satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.inbox.title");

/** The inbox (ADR 12): every request, newest first, filtered by the query string. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filter = readInboxFilter(new URL(request.url).searchParams);
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  return { filter, inbox: await listInbox(filter, t) };
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const dates = useFormat();
  const { filter, inbox } = loaderData;
  const pageLink = (page: number) => `/admin/requests${inboxQuery({ ...filter, page })}`;
  return (
    <section aria-labelledby="inbox-title" className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 id="inbox-title" className="text-2xl font-bold">
          {t("admin.inbox.title")}
        </h1>
        <ul aria-label={t("admin.inbox.saved")} className="flex flex-wrap gap-2">
          {SAVED_FILTERS.map((s) => (
            <li key={s.id}>
              <Link to={`/admin/requests${inboxQuery(s.filter)}`} className="btn-secondary text-sm">
                {t(s.label)}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      <InboxFilters filter={filter} />
      <p role="status" className="text-sm text-slate-600">
        {t("admin.inbox.count", { count: inbox.total })}{" "}
        {/* A file, not a page: the browser loads it, in the page's language space (basename). */}
        <Link reloadDocument to={`${href("/admin/export/:file", { file: "requests.csv" })}${inboxQuery({ ...filter, page: 1 })}`} className="font-medium text-teal-800 underline">
          {t("admin.export.csv")}
        </Link>
      </p>
      <AdminTable
        caption={t("admin.inbox.title")}
        head={[
          t("admin.inbox.reference"),
          t("admin.inbox.kind"),
          t("admin.inbox.what"),
          t("admin.inbox.appointment"),
          t("admin.inbox.from"),
          t("admin.inbox.status"),
          t("admin.inbox.received"),
        ]}
        rows={inbox.items.length}
        empty={t("admin.inbox.empty")}
      >
        {inbox.items.map((item) => (
          <tr key={item.id}>
            <th scope="row" className={`${adminCell} font-mono font-semibold`} translate="no">
              <Link to={`/admin/requests/${item.reference}`} className="text-teal-800 underline">
                {item.reference}
              </Link>
            </th>
            <td className={adminOneLineCell}>{t(KIND_LABEL_KEYS[item.kind] as MessageKey)}</td>
            <td className={`${adminCell} max-w-xs truncate`} translate={item.titleAsWritten ? "no" : undefined}>
              {item.title}
            </td>
            {/* When it happens comes before when it was sent (issue 49 item 3): rows alike but for it are told apart. */}
            <td className={`${adminOneLineCell} font-semibold`}>{item.appointment ? <time dateTime={item.appointment}>{dates.dateTime(item.appointment)}</time> : null}</td>
            <td className={adminCell} translate="no">
              <span className="block">{item.name}</span>
              {item.email ? <span className="block text-slate-500">{item.email}</span> : null}
            </td>
            <td className={adminCell}>
              <StatusBadge status={item.status} label={item.statusLabel} />
              {item.quoteFlag ? <QuoteFlag flag={item.quoteFlag} /> : null}
              {item.rematchReason ? (
                <span className="mt-1 block text-xs font-semibold text-amber-900">
                  {t("jobs.admin.needsMatch")} · {isRematchReason(item.rematchReason) ? t(REMATCH_REASON_KEYS[item.rematchReason]) : item.rematchReason}
                </span>
              ) : null}
            </td>
            <td className={adminOneLineCell}>{dates.dateTime(item.createdAt)}</td>
          </tr>
        ))}
      </AdminTable>
      <AdminPagination page={inbox.page} pages={inbox.pages} pageUrl={pageLink} />
    </section>
  );
}

/** A plain GET form: the filtered inbox is a link that can be bookmarked or exported. */
function InboxFilters({ filter }: { filter: InboxFilter }) {
  const t = useT();
  return (
    <Form method="get" className="card grid gap-4 p-4 sm:grid-cols-2 xl:grid-cols-6" aria-label={t("admin.inbox.filters")}>
      <label className="grid gap-1 xl:col-span-2">
        <span className="field-label">{t("admin.inbox.search")}</span>
        <input type="search" name="q" defaultValue={filter.q ?? ""} maxLength={100} className="field-input" />
      </label>
      <label className="grid gap-1">
        <span className="field-label">{t("admin.inbox.kind")}</span>
        <select name="kind" defaultValue={filter.kind ?? ""} className="field-input">
          <option value="">{t("admin.inbox.any")}</option>
          {ADMIN_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(KIND_LABEL_KEYS[k] as MessageKey)}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1">
        <span className="field-label">{t("admin.inbox.carType")}</span>
        <select name="carType" defaultValue={filter.carType ?? ""} className="field-input">
          <option value="">{t("admin.inbox.any")}</option>
          {CAR_REQUEST_TYPES.map((c) => (
            <option key={c} value={c}>
              {t(CAR_TYPE_NAME_KEYS[c])}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1">
        <span className="field-label">{t("admin.inbox.status")}</span>
        <select name="status" defaultValue={filter.status ?? ""} className="field-input">
          <option value="">{t("admin.inbox.any")}</option>
          {REQUEST_STATES.map((s) => (
            <option key={s} value={s}>
              {t(STATUS_LABEL_KEYS[s])}
            </option>
          ))}
        </select>
      </label>
      <div className="grid grid-cols-2 gap-2">
        <label className="grid gap-1">
          <span className="field-label">{t("admin.inbox.fromDate")}</span>
          <input type="date" name="from" defaultValue={filter.from ?? ""} className="field-input" />
        </label>
        <label className="grid gap-1">
          <span className="field-label">{t("admin.inbox.toDate")}</span>
          <input type="date" name="to" defaultValue={filter.to ?? ""} className="field-input" />
        </label>
      </div>
      <div className="flex gap-2 sm:col-span-2 xl:col-span-6">
        <button type="submit" className="btn-primary">
          {t("admin.inbox.apply")}
        </button>
        <Link to="/admin/requests" className="btn-secondary">
          {t("admin.inbox.clear")}
        </Link>
      </div>
    </Form>
  );
}

/** The customer's answer to a quote, not yet acted on (issue 50): a flag under the status. */
function QuoteFlag({ flag }: { flag: string }) {
  const t = useT();
  const key = QUOTE_FLAG_KEYS[flag];
  return key ? (
    <span className="mt-1 block text-xs font-semibold text-amber-900" data-testid="inbox-quote-flag">
      {t(key)}
    </span>
  ) : null;
}
