import { type CsvColumn, tableToCsv } from "~/lib/csv";
import type { Translate } from "~/lib/i18n/translate";
import { getRuntime } from "~/lib/runtime.server";
import { exportedName } from "~/modules/privacy/deleted-name";
import { centsToInput } from "~/modules/quotes/money";
import { isRequestKind, kindOf } from "~/modules/requests/kinds";
import { asDate, asDateTime, asTime, type KindField, renderFields, type RequestKindDefinition } from "~/modules/requests/kind";
import type { ExportList } from "./dashboard";
import { type ExportedTemporal, isoCell } from "./export-dates";
import { exportInbox, type InboxFilter, type InboxItem } from "./inbox.server";
import type { OutboxFilter } from "./outbox";
import { exportOutbox, type OutboxListItem } from "./outbox.server";

/**
 * CSV exports of the back office's lists, spreadsheet-safe through
 * app/lib/csv.ts. Column headings are stable snake_case names rather than translated labels:
 * an export is data that sheets, formulas and scripts refer to by column name. Values a person
 * reads (a request's title and fields) are in the admin's language, as on the pages; dates and
 * times are not: every one is ISO 8601 (export-dates.ts), in every export kind. An erased person
 * has an empty name cell, like every other cell the erasure emptied (deleted-name.ts).
 */

/** The columns that hold a date or a time, by heading, in whichever export they appear. */
const TEMPORAL_COLUMNS: Record<string, ExportedTemporal> = {
  created_at: "instant",
  // The Toronto wall clock the customer chose, as an instant (issue 49 item 3: dates first).
  appointment: "date-time",
  sent_at: "instant",
  decided_at: "instant",
  available_from: "date",
  review_date: "date",
};
/** The columns that hold a person's name. */
const NAME_COLUMNS = new Set(["name", "owner_name", "username"]);

/**
 * Every export's table goes through here: its dates and times in ISO 8601 and its names as
 * exported, by heading, so no export kind can write them its own way.
 */
function exportCsv<Row>(columns: readonly CsvColumn<Row>[], rows: Iterable<Row>): string {
  return tableToCsv(
    columns.map(({ header, value }) => {
      const temporal = TEMPORAL_COLUMNS[header];
      if (temporal) return { header, value: (row: Row) => isoCell(value(row), temporal) };
      if (NAME_COLUMNS.has(header)) return { header, value: (row: Row) => exportedName(value(row)) };
      return { header, value };
    }),
    rows,
  );
}

/** The kinds' date and time fields, read by their formatter (kind.ts). */
const FIELD_TEMPORAL = new Map<KindField<never>["format"], ExportedTemporal>([
  [asDate, "date"],
  [asTime, "time"],
  [asDateTime, "date-time"],
]);

/** A request's fields as renderFields gives them, but with dates and times in ISO 8601 rather than for reading. */
function exportedFields<D extends Record<string, unknown>>(kind: RequestKindDefinition<D>, data: D, t: Translate) {
  const fields = kind.fields(data);
  return renderFields(kind, data, t).map((rendered, i) => {
    const field = fields[i]!;
    const temporal = FIELD_TEMPORAL.get(field.format as KindField<never>["format"]);
    return temporal ? { ...rendered, value: isoCell(data[field.name], temporal) } : rendered;
  });
}

export type ExportFilters = { inbox: InboxFilter; outbox: OutboxFilter };

/** The latest quote sent for a request (issue 50 item 4: the export includes quote totals). */
type QuoteCells = { status: string; currency: string; subtotalCents: number; taxCents: number; totalCents: number } | null;
type RequestRow = InboxItem & { data: Record<string, unknown>; quote?: QuoteCells };

/** A request's fields, rendered by its kind, as "Label: value" lines (one cell). */
function details(row: RequestRow, t: Translate): string {
  if (!isRequestKind(row.kind)) return "";
  const kind = kindOf(row.kind);
  const parsed = kind.payload.safeParse(row.data);
  if (!parsed.success) return "";
  return exportedFields(kind, parsed.data, t)
    .map((f) => `${f.label}: ${f.value ?? ""}`)
    .join("\n");
}

const REQUEST_COLUMNS = (t: Translate): CsvColumn<RequestRow>[] => [
  { header: "reference", value: (r) => r.reference },
  { header: "kind", value: (r) => r.kind },
  { header: "status", value: (r) => r.status },
  { header: "appointment", value: (r) => r.appointment },
  { header: "title", value: (r) => r.title },
  { header: "name", value: (r) => r.name },
  { header: "email", value: (r) => r.email },
  { header: "created_at", value: (r) => r.createdAt },
  { header: "details", value: (r) => details(r, t) },
  // The latest quote sent (a revision replaces the one before): amounts as decimal text in their currency, never floats.
  { header: "quote_status", value: (r) => r.quote?.status ?? "" },
  { header: "quote_currency", value: (r) => r.quote?.currency ?? "" },
  { header: "quote_subtotal", value: (r) => (r.quote ? centsToInput(r.quote.subtotalCents) : "") },
  { header: "quote_hst", value: (r) => (r.quote ? centsToInput(r.quote.taxCents) : "") },
  { header: "quote_total", value: (r) => (r.quote ? centsToInput(r.quote.totalCents) : "") },
];

/** Each request's latest quote that was sent (not a draft), by request id. */
async function latestQuotes(ids: string[]): Promise<Map<string, QuoteCells>> {
  const out = new Map<string, QuoteCells>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await getRuntime()
      .db.selectFrom("quotes")
      .select(["request_id", "version", "status", "currency", "subtotal_cents", "tax_cents", "total_cents"])
      .where("request_id", "in", ids.slice(i, i + 500))
      .where("status", "!=", "draft")
      .orderBy("version")
      .execute();
    for (const q of rows) {
      out.set(q.request_id, { status: q.status, currency: q.currency, subtotalCents: Number(q.subtotal_cents), taxCents: Number(q.tax_cents), totalCents: Number(q.total_cents) });
    }
  }
  return out;
}

async function requestsCsv(filter: InboxFilter, t: Translate): Promise<string> {
  const rows = await exportInbox(filter, t);
  const quotes = await latestQuotes(rows.map((r) => r.id));
  return exportCsv(
    REQUEST_COLUMNS(t),
    rows.map((r) => ({ ...r, quote: quotes.get(r.id) ?? null })),
  );
}

/** Applications are requests of one kind: each of the kind's fields gets its own column. */
async function providerApplicationsCsv(t: Translate): Promise<string> {
  const kind = kindOf("provider-application");
  const rows = await exportInbox({ kind: "provider-application", page: 1 }, t);
  const rendered = rows.map((r) => {
    const parsed = kind.payload.safeParse(r.data);
    return { row: r, fields: parsed.success ? exportedFields(kind, parsed.data, t) : [] };
  });
  const labels = rendered.find((r) => r.fields.length)?.fields.map((f) => f.label) ?? [];
  const columns: CsvColumn<(typeof rendered)[number]>[] = [
    { header: "reference", value: (r) => r.row.reference },
    { header: "status", value: (r) => r.row.status },
    { header: "created_at", value: (r) => r.row.createdAt },
    ...labels.map((label) => ({ header: label, value: (r: (typeof rendered)[number]) => r.fields.find((f) => f.label === label)?.value ?? null })),
  ];
  return exportCsv(columns, rendered);
}

const OUTBOX_COLUMNS: CsvColumn<OutboxListItem>[] = [
  { header: "id", value: (r) => r.id },
  { header: "kind", value: (r) => r.kind },
  { header: "to", value: (r) => r.to },
  { header: "subject", value: (r) => r.subject },
  { header: "status", value: (r) => r.status },
  { header: "attempts", value: (r) => r.attempts },
  { header: "last_error", value: (r) => r.lastError },
  { header: "created_at", value: (r) => r.createdAt },
  { header: "sent_at", value: (r) => r.sentAt },
];

const LISTING_COLUMNS = [
  "id",
  "title",
  "status",
  "property_type",
  "price",
  "price_unit",
  "city",
  "neighborhood",
  "address",
  "bedrooms",
  "bathrooms",
  "available_from",
  "owner_name",
  "owner_email",
  "owner_phone",
  "str_registration",
  "landlord_verified",
  "created_at",
] as const;

async function listingsCsv(): Promise<string> {
  const rows = await getRuntime()
    .db.selectFrom("home_listings")
    .leftJoin("owner_verifications", "owner_verifications.user_id", "home_listings.owner_user_id")
    .select(LISTING_COLUMNS.map((c) => `home_listings.${c}` as const))
    .select("owner_verifications.user_id as verified_owner")
    .orderBy("home_listings.created_at", "desc")
    .orderBy("home_listings.id")
    .execute();
  return exportCsv(
    LISTING_COLUMNS.map((c) => ({
      header: c,
      // 'Verified Owner': the owner's account is verified, or (sample listings, no account) the listing's own flag.
      value: (r: (typeof rows)[number]) => (c === "landlord_verified" ? Boolean(r.verified_owner) || Boolean(Number(r[c])) : r[c]),
    })),
    rows,
  );
}

async function reviewsCsv(): Promise<string> {
  const columns = ["id", "status", "rating", "service", "service_slug", "provider_id", "request_id", "username", "review_date", "comment", "reject_reason", "decided_at", "created_at"] as const;
  const rows = await getRuntime().db.selectFrom("community_reviews").select(columns).orderBy("created_at", "desc").orderBy("id").execute();
  return exportCsv(
    columns.map((c) => ({ header: c, value: (r: (typeof rows)[number]) => r[c] })),
    rows,
  );
}

/** The CSV document of one list, and the file name it downloads as (dated, UTC). */
export async function exportList(
  list: ExportList,
  filters: ExportFilters,
  t: Translate,
  now = new Date(),
): Promise<{ fileName: string; csv: string }> {
  const csv =
    list === "requests"
      ? await requestsCsv(filters.inbox, t)
      : list === "outbox"
        ? exportCsv(OUTBOX_COLUMNS, await exportOutbox(filters.outbox))
        : list === "listings"
          ? await listingsCsv()
          : list === "provider-applications"
            ? await providerApplicationsCsv(t)
            : await reviewsCsv();
  return { fileName: `${list}-${now.toISOString().slice(0, 10)}.csv`, csv };
}
