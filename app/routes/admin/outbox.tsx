import { Form, href, Link } from "react-router";
import { adminCell, adminOneLineCell, AdminPagination, AdminTable } from "~/components/admin/admin-table";
import { requireAdmin } from "~/lib/auth/session.server";
import { readForm } from "~/lib/http/form.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { useFormat } from "~/lib/i18n/format";
import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { useT } from "~/lib/i18n/use-t";
import { getAppEnv } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { OutboxStatusBadge } from "~/components/admin/outbox-status-badge";
import { OUTBOX_FILTER_STATUSES, type OutboxFilter, outboxQuery, parseOutboxQuery } from "~/modules/admin/outbox";
import { torontoWallClock } from "~/modules/admin/export-dates";
import { listOutbox, parseFailedSince, resendFailedSince } from "~/modules/admin/outbox.server";
import { adminMeta } from "~/modules/admin/meta";
import type { Route } from "./+types/outbox";

export const handle = { messages: ["admin.export", "admin.inbox", "admin.moderation", "admin.next", "admin.outbox", "admin.pageOf", "admin.pagination", "admin.previous", "admin.title"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.outbox.title");

/** The outbox (ADR 3): every email, newest first, filtered by status and text. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { page, ...filter } = parseOutboxQuery(new URL(request.url).searchParams);
  // The resend form starts an hour back, on Toronto's clock (the server's, so no hydration mismatch).
  return { filter, outbox: await listOutbox(filter, page), since: torontoWallClock(new Date(Date.now() - 60 * 60_000)) };
}

/** Resend every message that failed since a time (after the relay's trouble): audited, admins only. */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  if (form.get("intent") !== "resend-failed") throw new Response("Unknown action", { status: 400 });
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const since = parseFailedSince(form.get("since"));
  if (!since) {
    return redirectWithToast(
      "/admin/outbox",
      { title: t("admin.outbox.notResentTitle"), description: t("admin.outbox.sinceInvalid"), variant: "destructive" },
      { status: 303 },
    );
  }
  const { count } = await resendFailedSince(since, admin.id);
  return count > 0
    ? redirectWithToast("/admin/outbox?status=queued", { title: t("admin.outbox.resentAllTitle"), description: t("admin.outbox.resentAll", { count }) }, { status: 303 })
    : redirectWithToast("/admin/outbox", { title: t("admin.outbox.resentNoneTitle"), description: t("admin.outbox.resentNone") }, { status: 303 });
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const dates = useFormat();
  const { filter, outbox, since } = loaderData;
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
      <ResendFailed since={since} />
      <p role="status" className="text-sm text-slate-600">
        {t("admin.outbox.count", { count: outbox.total })}{" "}
        {/* A file, not a page: the browser loads it, in the page's language space (basename). */}
        <Link reloadDocument to={`${href("/admin/export/:file", { file: "outbox.csv" })}${outboxQuery(filter)}`} className="font-medium text-teal-800 underline">
          {t("admin.export.csv")}
        </Link>
      </p>
      <AdminTable
        caption={t("admin.outbox.title")}
        head={[t("admin.outbox.subject"), t("admin.outbox.to"), t("admin.outbox.kind"), t("admin.outbox.status"), t("admin.outbox.attempts"), t("admin.outbox.lastError"), t("admin.outbox.created"), t("admin.outbox.sent")]}
        rows={outbox.items.length}
        empty={t("admin.outbox.empty")}
      >
        {outbox.items.map((m) => (
          <tr key={m.id}>
            {/* Subjects, addresses and kinds as sent (translate="no"). */}
            <th scope="row" className={`${adminCell} max-w-xs font-medium`} translate="no">
              <Link to={`/admin/outbox/${m.id}`} className="break-words text-teal-800 underline">
                {m.subject}
              </Link>
            </th>
            <td className={`${adminCell} min-w-48 break-all`} translate={m.trimmed ? undefined : "no"}>
              {m.trimmed ? <em className="text-slate-600">{t("admin.outbox.trimmed")}</em> : m.to}
            </td>
            <td className={`${adminCell} font-mono text-xs`} translate="no">
              {m.kind}
            </td>
            <td className={adminCell}>
              <OutboxStatusBadge status={m.status} />
            </td>
            <td className={`${adminCell} text-right tabular-nums`}>{m.attempts}</td>
            <td className={`${adminCell} max-w-xs break-words text-red-800`}>{m.lastError ?? ""}</td>
            <td className={adminOneLineCell}>{dates.dateTime(m.createdAt)}</td>
            <td className={adminOneLineCell}>{m.sentAt ? dates.dateTime(m.sentAt) : t("admin.outbox.notSent")}</td>
          </tr>
        ))}
      </AdminTable>
      <AdminPagination page={outbox.page} pages={outbox.pages} pageUrl={pageLink} />
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

/** A plain POST form (works without JavaScript), as the one-message resend on a message's page. */
function ResendFailed({ since }: { since: string }) {
  const t = useT();
  return (
    <Form method="post" className="card grid gap-4 p-4 sm:grid-cols-3" aria-labelledby="resend-failed-title">
      <div className="sm:col-span-3">
        <h2 id="resend-failed-title" className="text-lg font-semibold">
          {t("admin.outbox.resendFailed")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("admin.outbox.resendFailedHint")}</p>
      </div>
      <label className="grid gap-1">
        <span className="field-label">{t("admin.outbox.since")}</span>
        <input type="datetime-local" name="since" required defaultValue={since} className="field-input" />
      </label>
      <div className="flex items-end">
        <button type="submit" name="intent" value="resend-failed" className="btn-primary">
          {t("admin.outbox.resendFailedButton")}
        </button>
      </div>
    </Form>
  );
}
