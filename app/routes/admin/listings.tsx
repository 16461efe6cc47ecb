import { Form, href, Link } from "react-router";
import { AdminPagination } from "~/components/admin/moderation";
import { StatusBadge } from "~/components/admin/status-badge";
import { requireAdmin } from "~/lib/auth/session.server";
import type { MessagesHandle } from "~/lib/i18n/namespaces";
import type { MessageKey } from "~/lib/i18n/translate";
import { useFormat } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/use-t";
import { adminMeta } from "~/modules/admin/meta";
import { isListingFilter, type ListingFilter, listListingsForModeration } from "~/modules/homes/moderation.server";
import type { Route } from "./+types/listings";

export const handle = { messages: ["admin", "status", "wizard"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.listings.title");

/** Listings moderation (ADR 14): waiting listings first, filter by status, paginated. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const status = url.searchParams.get("status");
  const filter: ListingFilter = isListingFilter(status) ? status : "all";
  const page = Number(url.searchParams.get("page") ?? "1");
  return { filter, ...(await listListingsForModeration({ filter, page })) };
}

const FILTER_KEYS: Record<ListingFilter, MessageKey> = {
  all: "admin.listings.filter.all",
  pending: "admin.listings.filter.pending",
  published: "admin.listings.filter.published",
  rejected: "admin.listings.filter.rejected",
};
const FILTERS = Object.keys(FILTER_KEYS) as ListingFilter[];


export default function AdminListings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const dates = useFormat();
  const { rows, filter, page, pages, total } = loaderData;
  const pageUrl = (n: number) => `${href("/admin/listings")}?${new URLSearchParams({ ...(filter !== "all" ? { status: filter } : {}), page: String(n) })}`;
  return (
    <section aria-labelledby="admin-listings-title" className="space-y-6">
      <header>
        <h1 id="admin-listings-title" className="text-2xl font-bold">
          {t("admin.listings.title")}
        </h1>
        <p className="mt-1 text-slate-600">{t("admin.listings.intro")}</p>
      </header>

      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="listings-status" className="field-label">
            {t("admin.listings.filterLabel")}
          </label>
          <select id="listings-status" name="status" defaultValue={filter} className="field-input">
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
        <p className="card p-6 text-slate-600">{t("admin.listings.empty")}</p>
      ) : (
        <div className="card overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">{t("admin.listings.title")}</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">
                  {t("admin.listings.col.listing")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("admin.listings.col.owner")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("admin.listings.col.status")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("admin.listings.col.submitted")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((r) => (
                <tr key={r.id}>
                  {/* min-w-56: on a phone the table scrolls in its card rather than squeeze the title. */}
                  <td className="min-w-56 px-4 py-3">
                    {/* The owner's title and city, the reference: as written (translate="no"). */}
                    <Link to={href("/admin/listings/:listingId", { listingId: r.id })} className="font-medium text-teal-800 underline" translate="no">
                      {r.title}
                    </Link>
                    <p className="text-slate-500" translate="no">
                      {r.city}
                      {r.reference ? ` · ${r.reference}` : ""}
                    </p>
                    {r.shortTerm ? (
                      <span className="mt-1 inline-block rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                        {t("admin.listings.shortTerm")}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-4 py-3" translate="no">
                    {r.ownerName}
                  </td>
                  <td className="px-4 py-3">
                    {r.status ? <StatusBadge status={r.status} /> : <span className="text-slate-500">{t("admin.listings.sample")}</span>}
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
