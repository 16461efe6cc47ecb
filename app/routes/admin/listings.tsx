import { href, Link } from "react-router";
import { adminCell, adminOneLineCell, AdminStatusFilter, AdminTable } from "~/components/admin/admin-table";
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

      <AdminStatusFilter
        id="listings-status"
        label={t("admin.listings.filterLabel")}
        value={filter}
        options={FILTERS.map((f) => ({ value: f, label: t(FILTER_KEYS[f]) }))}
        apply={t("admin.inbox.apply")}
        total={t("admin.moderation.total", { total })}
      />

      <AdminTable
        caption={t("admin.listings.title")}
        head={[t("admin.listings.col.listing"), t("admin.listings.col.owner"), t("admin.listings.col.status"), t("admin.listings.col.submitted")]}
        rows={rows.length}
        empty={t("admin.listings.empty")}
        minWidth="min-w-[40rem]"
      >
        {rows.map((r) => (
          <tr key={r.id}>
            {/* min-w-56: on a phone the table scrolls in its card rather than squeeze the title. */}
            <td className={`min-w-56 ${adminCell}`}>
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
            <td className={adminCell} translate="no">
              {r.ownerName}
            </td>
            <td className={adminCell}>
              {r.status ? <StatusBadge status={r.status} /> : <span className="text-slate-500">{t("admin.listings.sample")}</span>}
            </td>
            <td className={`${adminOneLineCell} text-slate-600`}>{dates.dateTime(r.createdAt)}</td>
          </tr>
        ))}
      </AdminTable>
      <AdminPagination page={page} pages={pages} pageUrl={pageUrl} />
    </section>
  );
}
