import { type ExpressionBuilder, sql } from "kysely";
import { compiledOnce, compiledPerKey } from "~/lib/db/compiled-once";
import type { DB } from "~/lib/db/db.server";
import type { Database } from "~/lib/db/schema";
import type { MessageKey, Translate } from "~/lib/i18n/translate";
import { getRuntime } from "~/lib/runtime.server";
import { appointmentOf } from "~/modules/requests/appointment";
import { isRequestKind, kindOf, type RequestKind } from "~/modules/requests/kinds";
import { type Lifecycle, type RequestStatus, statusLabelKey } from "~/modules/requests/status";
import { INBOX_PAGE_SIZE, type InboxFilter } from "./inbox";
import type { AdminRequest } from "./views";
import { shownName } from "~/modules/privacy/deleted-name";

/**
 * The operators' inbox (ADR 12): every request customers submitted, of every kind,
 * newest first, filtered by kind (car requests also by type), status, date and text. Deleted
 * requests are gone from it (and from every other list). The filter: ./inbox.ts.
 */
export type InboxItem = Pick<AdminRequest, "id" | "reference" | "kind" | "status" | "title" | "titleAsWritten" | "name" | "email" | "createdAt" | "appointment"> & {
  /** Why its match fell through, while it waits for a new one ("needs a new match"). */
  rematchReason: string | null;
  /** The status in its kind's lifecycle words ("Offered to a provider" for a matched booking). */
  statusLabel: MessageKey;
  /** What the customer did with a quote that the operator has not acted on (accepted, declined, renew: issue 50). */
  quoteFlag: string | null;
};

const LIVE = (eb: ExpressionBuilder<Database, "requests">) => eb("requests.deleted_at", "is", null);

/** `from`: the database, or a query's expression builder (the page's count is its subquery). */
function applyFilter(filter: InboxFilter, from: Pick<ExpressionBuilder<Database, never>, "selectFrom"> = getRuntime().db) {
  const { dialect } = getRuntime();
  let q = from.selectFrom("requests").where(LIVE);
  if (filter.kind) q = q.where("kind", "=", filter.kind);
  if (filter.kind === "car-request" && filter.carType) {
    const type = dialect === "postgres" ? sql<string>`(data::json->>'type')` : sql<string>`json_extract(data, '$.type')`;
    q = q.where(type, "=", filter.carType);
  }
  if (filter.status) q = q.where("status", "=", filter.status);
  if (filter.rematch) q = q.where("rematch_reason", "is not", null);
  if (filter.quote) q = q.where("quote_flag", "is not", null);
  if (filter.from) q = q.where("created_at", ">=", filter.from);
  if (filter.to) q = q.where("created_at", "<", nextDay(filter.to));
  if (filter.q) {
    // Reference, name, email and every typed value; operators search a few thousand rows at most.
    const needle = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or(
        (["reference", "name", "email", "data"] as const).map((column) =>
          eb(sql`lower(${sql.ref(column)})`, "like", sql`${needle} escape '\\'`),
        ),
      ),
    );
  }
  return q;
}

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export type InboxPage = { items: InboxItem[]; total: number; page: number; pages: number };

type Row = { id: string; reference: string; kind: string; status: string; data: string; name: string; email: string | null; created_at: string; rematch_reason: string | null; quote_flag: string | null };

function toItem(row: Row, t: Translate): InboxItem {
  let title = row.kind;
  let titleAsWritten = true;
  let appointment: string | null = null;
  let lifecycle: Lifecycle | null = null;
  if (isRequestKind(row.kind)) {
    const kind = kindOf(row.kind);
    lifecycle = kind.lifecycle;
    const parsed = kind.payload.safeParse(JSON.parse(row.data));
    title = parsed.success ? kind.title(parsed.data, t) : row.kind;
    titleAsWritten = !parsed.success || Boolean(kind.titleAsWritten);
    appointment = parsed.success && kind.calendar ? appointmentOf(kind.calendar(parsed.data)) : null;
  }
  return {
    id: row.id,
    reference: row.reference,
    kind: row.kind as RequestKind,
    status: row.status as RequestStatus,
    title,
    titleAsWritten,
    name: shownName(row.name, t),
    email: row.email,
    createdAt: row.created_at,
    appointment,
    statusLabel: statusLabelKey(lifecycle, row.status as RequestStatus),
    // Flagged only while the request still waits for its new match.
    rematchReason: row.status === "in_review" || row.status === "received" ? row.rematch_reason : null,
    quoteFlag: row.quote_flag,
  };
}

const COLUMNS = ["id", "reference", "kind", "status", "data", "name", "email", "created_at", "rematch_reason", "quote_flag"] as const;

/** One page of the inbox, newest first. */
export async function listInbox(filter: InboxFilter, t: Translate): Promise<InboxPage> {
  // The page and the count of every match in one statement: the count is a subquery SQLite and
  // PostgreSQL run once. Not a window count (`count(*) over ()`): that reads and sorts every
  // match, data included, to return 25 — 6.6 ms for 3,000 requests on SQLite, against 0.24 ms.
  // Only a page past the last one (an old link, a shrunk filter) needs a second statement.
  const { db } = getRuntime();
  const pageOf = async (page: number) => (await db.executeQuery(inboxPageQuery(db, { ...filter, page }))).rows;
  let page = filter.page;
  let rows = await pageOf(page);
  if (rows.length === 0 && page > 1) {
    const { n } = await applyFilter(filter)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    page = Math.max(1, Math.ceil(Number(n) / INBOX_PAGE_SIZE));
    rows = await pageOf(page);
  }
  const total = Number(rows[0]?.total ?? 0);
  const pages = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  return { items: rows.map((r) => toItem(r, t)), total, page, pages };
}

// Compiled once per filter and page (compiled-once.ts): operators come back to the same views.
const inboxPageQuery = compiledPerKey(
  (db: DB, filter: InboxFilter) =>
    applyFilter(filter, db)
      .select(COLUMNS)
      .select((eb) => applyFilter(filter, eb).select((c) => c.fn.countAll<number>().as("n")).as("total"))
      .orderBy("created_at", "desc")
      .orderBy("id")
      .limit(INBOX_PAGE_SIZE)
      .offset((filter.page - 1) * INBOX_PAGE_SIZE)
      .compile(),
  (filter) => JSON.stringify(filter),
);

/**
 * Every request the filter matches (the CSV export), newest first, up to `limit`. The name is
 * as stored, an erased person's marker included: the export writes it its own way (exports.server.ts).
 */
export async function exportInbox(filter: InboxFilter, t: Translate, limit = 50_000): Promise<(InboxItem & { data: Record<string, unknown> })[]> {
  const rows = await applyFilter(filter).select(COLUMNS).orderBy("created_at", "desc").orderBy("id").limit(limit).execute();
  return rows.map((r) => ({ ...toItem(r, t), name: r.name, data: JSON.parse(r.data) as Record<string, unknown> }));
}

/** New (received, not deleted) requests per kind: the counts beside the back office's navigation. */
export async function newCounts(): Promise<Partial<Record<RequestKind, number>>> {
  const { db } = getRuntime();
  const { rows } = await db.executeQuery(newCountsQuery(db));
  return Object.fromEntries(rows.filter((r) => isRequestKind(r.kind)).map((r) => [r.kind, Number(r.n)]));
}

// Every back-office page asks it, always the same: built once (compiled-once.ts).
const newCountsQuery = compiledOnce((db: DB) =>
  db
    .selectFrom("requests")
    .select(["kind", (eb) => eb.fn.countAll<number>().as("n")])
    .where(LIVE)
    .where("status", "=", "received")
    .groupBy("kind")
    .compile(),
);
export { inboxQuery, readInboxFilter, type InboxFilter } from "./inbox";
