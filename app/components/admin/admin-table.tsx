import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import type { MessageKey } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-t";

/** Cell classes of back-office tables: a row's cells use these so every list lines up alike. */
export const adminCell = "px-4 py-2";
/** Dates, kinds and other short values: one line; on a phone the table scrolls instead. */
export const adminOneLineCell = `${adminCell} whitespace-nowrap`;
export const adminNumberCell = `${adminCell} text-right tabular-nums`;

type Header = string | { label: string; numeric?: boolean };

/**
 * The back office's one list: a table in a card that scrolls sideways on a phone rather than
 * squeeze its columns, named by its (visually hidden) caption, with one header row; or, when
 * `empty` is given and there are no rows, that sentence in the card instead. Rows are the
 * caller's `<tr>`s, using the cell classes above.
 */
export function AdminTable({
  caption,
  head,
  rows,
  empty,
  minWidth,
  children,
}: {
  caption: string;
  head: Header[];
  /** How many rows `children` holds: 0 shows `empty`. */
  rows?: number;
  empty?: string;
  /** A width below which the table scrolls in its card (e.g. "min-w-[40rem]"). */
  minWidth?: string;
  children: ReactNode;
}) {
  if (rows === 0 && empty !== undefined) return <p className="card p-6 text-slate-600">{empty}</p>;
  return (
    <div className="card overflow-x-auto">
      <table className={`w-full text-left text-sm ${minWidth ?? ""}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
          <tr>
            {head.map((h) => {
              const { label, numeric } = typeof h === "string" ? { label: h, numeric: false } : h;
              return (
                <th key={label} scope="col" className={`${adminCell} font-medium ${numeric ? "text-right" : ""}`}>
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/**
 * A list's filter by status: a plain GET form (a filtered list is a link), the choice, Apply,
 * and how many the filter finds.
 */
export function AdminStatusFilter<F extends string>({
  id,
  label,
  value,
  options,
  apply,
  total,
}: {
  id: string;
  label: string;
  value: F;
  options: { value: F; label: string }[];
  apply: string;
  total: string;
}) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        <select id={id} name="status" defaultValue={value} className="field-input">
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-secondary">
        {apply}
      </button>
      <p className="ml-auto text-sm text-slate-600" role="status">
        {total}
      </p>
    </Form>
  );
}

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

/** The filter every status list has: everything, the list's own default. */
const ALL = "all" as const;

/** A status list's filter and page, read from its query string (`?status=…&page=…`). */
export function readStatusQuery<F extends string>(url: string, isFilter: (value: unknown) => value is F) {
  const query = new URL(url).searchParams;
  const status = query.get("status");
  return { filter: isFilter(status) ? status : ALL, page: Number(query.get("page") ?? "1") };
}

/**
 * A moderation queue's page: its title and intro, what the page shows above the list, the filter
 * by status with how many it finds, the table (or its empty sentence), and the pages. The filter
 * and the page are in the query string, so a filtered page is a link.
 */
export function AdminStatusList<F extends string>({
  name,
  path,
  title,
  intro,
  filterLabel,
  filters,
  list,
  head,
  empty,
  above,
  children,
}: {
  /** Names the page's ids: `admin-${name}-title`, `${name}-status`. */
  name: string;
  /** The list's own URL, which the pages link to. */
  path: string;
  title: string;
  intro: string;
  filterLabel: string;
  /** Each filter's label, in the order offered ("all" first). */
  filters: Record<F, MessageKey>;
  list: { filter: F; page: number; pages: number; total: number; rows: unknown[] };
  head: Header[];
  empty: string;
  above?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  const { filter, page, pages, total, rows } = list;
  const pageUrl = (n: number) => `${path}?${new URLSearchParams({ ...(filter !== ALL ? { status: filter } : {}), page: String(n) })}`;
  return (
    <section aria-labelledby={`admin-${name}-title`} className="space-y-6">
      <header>
        <h1 id={`admin-${name}-title`} className="text-2xl font-bold">
          {title}
        </h1>
        <p className="mt-1 text-slate-600">{intro}</p>
      </header>

      {above}

      <AdminStatusFilter
        id={`${name}-status`}
        label={filterLabel}
        value={filter}
        options={(Object.keys(filters) as F[]).map((f) => ({ value: f, label: t(filters[f] as MessageKey) }))}
        apply={t("admin.inbox.apply")}
        total={t("admin.moderation.total", { total })}
      />

      <AdminTable caption={title} head={head} rows={rows.length} empty={empty} minWidth="min-w-[40rem]">
        {children}
      </AdminTable>
      <AdminPagination page={page} pages={pages} pageUrl={pageUrl} />
    </section>
  );
}
