import { Link } from "react-router";
import { useT } from "~/lib/i18n/use-t";
import { type RequestStatus, STATUS_LABEL_KEYS } from "~/modules/requests/status";

const STATUS_STYLE: Record<RequestStatus, string> = {
  received: "bg-amber-100 text-amber-900",
  in_review: "bg-sky-100 text-sky-900",
  matched: "bg-indigo-100 text-indigo-900",
  completed: "bg-teal-100 text-teal-900",
  published: "bg-teal-100 text-teal-900",
  approved: "bg-teal-100 text-teal-900",
  rejected: "bg-red-100 text-red-900",
  cancelled: "bg-slate-200 text-slate-800",
};

/** A request's status as a coloured label (the words carry the meaning; colour only helps). */
export function StatusBadge({ status }: { status: RequestStatus }) {
  const t = useT();
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ${STATUS_STYLE[status]}`}>
      {t(STATUS_LABEL_KEYS[status])}
    </span>
  );
}

/** Previous / next page links of a back-office list (plain links: they work without JavaScript). */
export function AdminPagination({ page, hasNext, pageUrl }: { page: number; hasNext: boolean; pageUrl: (n: number) => string }) {
  const t = useT();
  if (page <= 1 && !hasNext) return null;
  return (
    <nav aria-label={t("admin.moderation.pagination")} className="flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={pageUrl(page - 1)} className="btn-secondary" rel="prev">
          ← {t("admin.moderation.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-600" aria-current="page">
        {t("admin.moderation.page", { page })}
      </span>
      {hasNext ? (
        <Link to={pageUrl(page + 1)} className="btn-secondary" rel="next">
          {t("admin.moderation.next")} →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
