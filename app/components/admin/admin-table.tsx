import type { ReactNode } from "react";
import { Form } from "react-router";

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
