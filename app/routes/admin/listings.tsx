import { href, Link } from "react-router";
import { adminCell, adminOneLineCell, AdminStatusList, readStatusQuery } from "~/components/admin/admin-table";
import { StatusBadge } from "~/components/admin/status-badge";
import { requireAdmin } from "~/lib/auth/session.server";
import type { MessagesHandle } from "~/lib/i18n/namespaces";
import type { MessageKey } from "~/lib/i18n/translate";
import { useFormat } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/use-t";
import { adminMeta } from "~/modules/admin/meta";
import { isListingFilter, type ListingFilter, listListingsForModeration } from "~/modules/homes/moderation.server";
import type { Route } from "./+types/listings";

export const handle = { messages: ["admin.inbox", "admin.listings", "admin.moderation", "admin.next", "admin.pageOf", "admin.pagination", "admin.previous", "admin.title", "status", "wizard"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.listings.title");

/** Listings moderation (ADR 14): waiting listings first, filter by status, paginated. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { filter, page } = readStatusQuery(request.url, isListingFilter);
  return { filter, ...(await listListingsForModeration({ filter, page })) };
}

const FILTER_KEYS: Record<ListingFilter, MessageKey> = {
  all: "admin.listings.filter.all",
  pending: "admin.listings.filter.pending",
  published: "admin.listings.filter.published",
  rejected: "admin.listings.filter.rejected",
};

export default function AdminListings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const dates = useFormat();
  const { rows } = loaderData;
  return (
    <AdminStatusList
      name="listings"
      path={href("/admin/listings")}
      title={t("admin.listings.title")}
      intro={t("admin.listings.intro")}
      filterLabel={t("admin.listings.filterLabel")}
      filters={FILTER_KEYS}
      list={loaderData}
      head={[t("admin.listings.col.listing"), t("admin.listings.col.owner"), t("admin.listings.col.status"), t("admin.listings.col.submitted")]}
      empty={t("admin.listings.empty")}
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
    </AdminStatusList>
  );
}
