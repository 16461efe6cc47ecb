import { Form, href, Link } from "react-router";
import { AdminPagination } from "~/components/admin/moderation";
import { StatusBadge } from "~/components/admin/status-badge";
import { requireAdmin } from "~/lib/auth/session.server";
import type { MessagesHandle } from "~/lib/i18n/namespaces";
import type { MessageKey } from "~/lib/i18n/translate";
import { useFormat } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/use-t";
import { adminMeta } from "~/modules/admin/meta";
import { providerServiceName } from "~/modules/providers/catalogue";
import { type ApplicationFilter, isApplicationFilter, listApplications } from "~/modules/providers/review.server";
import type { Route } from "./+types/providers";

export const handle = { messages: ["admin", "provider", "status"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.providers.title");

/** Provider applications (issue 13 item 6): waiting ones first, filter by status, paginated. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const status = url.searchParams.get("status");
  const filter: ApplicationFilter = isApplicationFilter(status) ? status : "all";
  const page = Number(url.searchParams.get("page") ?? "1");
  return { filter, ...(await listApplications({ filter, page })) };
}

const FILTER_KEYS: Record<ApplicationFilter, MessageKey> = {
  all: "admin.providers.filter.all",
  open: "admin.providers.filter.open",
  approved: "admin.providers.filter.approved",
  rejected: "admin.providers.filter.rejected",
  cancelled: "admin.providers.filter.cancelled",
};
const FILTERS = Object.keys(FILTER_KEYS) as ApplicationFilter[];


export default function AdminProviders({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const dates = useFormat();
  const { rows, filter, page, pages, total } = loaderData;
  const pageUrl = (n: number) => `${href("/admin/providers")}?${new URLSearchParams({ ...(filter !== "all" ? { status: filter } : {}), page: String(n) })}`;
  return (
    <section aria-labelledby="admin-providers-title" className="space-y-6">
      <header>
        <h1 id="admin-providers-title" className="text-2xl font-bold">
          {t("admin.providers.title")}
        </h1>
        <p className="mt-1 text-slate-600">{t("admin.providers.intro")}</p>
      </header>

      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="providers-status" className="field-label">
            {t("admin.providers.filterLabel")}
          </label>
          <select id="providers-status" name="status" defaultValue={filter} className="field-input">
            {FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(FILTER_KEYS[f])}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          {t("admin.inbox.apply")}
        </button>
        <p className="ml-auto text-sm text-slate-600" role="status">
          {t("admin.moderation.total", { total })}
        </p>
      </Form>

      {rows.length === 0 ? (
        <p className="card p-6 text-slate-600">{t("admin.providers.empty")}</p>
      ) : (
        <div className="card overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">{t("admin.providers.title")}</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">
                  {t("admin.providers.col.applicant")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("admin.providers.col.services")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("admin.providers.col.status")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("admin.providers.col.submitted")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((r) => (
                <tr key={r.applicationId}>
                  <td className="px-4 py-3">
                    <Link
                      to={href("/admin/providers/:applicationId", { applicationId: r.applicationId })}
                      className="font-medium text-teal-800 underline"
                      translate="no"
                    >
                      {r.name}
                    </Link>
                    <p className="text-slate-500" translate="no">
                      {r.reference}
                      {r.email ? ` · ${r.email}` : ""}
                    </p>
                  </td>
                  <td className="px-4 py-3">{r.services.map((s) => providerServiceName(t, s)).join(", ")}</td>
                  <td className="px-4 py-3">
                    <StatusBadge status={r.status} />
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-600">{dates.dateTime(r.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AdminPagination page={page} pages={pages} pageUrl={pageUrl} />
    </section>
  );
}
