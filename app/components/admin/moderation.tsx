import { Link } from "react-router";
import { useT } from "~/lib/i18n/use-t";

/** Previous / next page links of a back-office list (plain links: they work without JavaScript). */
export function AdminPagination({ page, pages, pageUrl }: { page: number; pages: number; pageUrl: (n: number) => string }) {
  const t = useT();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("admin.pagination")} className="flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link to={pageUrl(page - 1)} className="btn-secondary" rel="prev">
          {`← ${t("admin.previous")}`}
        </Link>
      ) : (
        <span />
      )}
      <span>{t("admin.pageOf", { page, pages })}</span>
      {page < pages ? (
        <Link to={pageUrl(page + 1)} className="btn-secondary" rel="next">
          {`${t("admin.next")} →`}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
