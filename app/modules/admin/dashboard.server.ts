import { sql } from "kysely";
import { getRuntime } from "~/lib/runtime.server";
import { ANALYTICS_EVENTS, type AnalyticsEvent } from "~/modules/analytics/events.server";
import type { MessageKey } from "~/lib/i18n/translate";
import { isRequestKind, kindOf, type RequestKind } from "~/modules/requests/kinds";
import { type RequestStatus, statusLabelKey } from "~/modules/requests/status";
import { AGE_BANDS, type AgeBand } from "./dashboard";

/**
 * The back office's dashboard: what is waiting, and for how long, and the
 * first-party click counters.
 *
 * "Open" is every status before an ending in which the operator team still owes an action:
 * received and in review (nobody decided yet), matched (waiting for the provider), accepted and
 * quote accepted (a confirmed job to see done). A quote out with the customer (quoted) waits on
 * them, not on us: the dashboard counts it among the quotes instead. The age is measured from
 * submission: it is the customer's wait. Deleted requests never count.
 */
export const OPEN_STATUSES = ["received", "in_review", "matched", "accepted", "quote_accepted"] as const satisfies readonly RequestStatus[];

export type OpenByKind = { kind: RequestKind; total: number; bands: Record<AgeBand, number>; oldestAt: string };
/** `statusLabel`: the status in its kind's lifecycle words. */
export type OpenRequest = { reference: string; kind: RequestKind; status: RequestStatus; statusLabel: MessageKey; name: string; createdAt: string };

const DAY = 86_400_000;
const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY).toISOString();

/** Open requests per kind with their age bands; the kind whose oldest request waits longest first. */
export async function openRequestsByKind(now = new Date()): Promise<OpenByKind[]> {
  const [, d1, d3, d7] = AGE_BANDS.map((b) => daysAgo(now, b.minDays));
  const rows = await getRuntime()
    .db.selectFrom("requests")
    .where("deleted_at", "is", null)
    .where("status", "in", OPEN_STATUSES)
    .select((eb) => [
      "kind",
      eb.fn.countAll<number | string>().as("total"),
      eb.fn.min("created_at").as("oldest"),
      // Bands by ISO timestamp comparison: timestamps are stored as ISO-8601 UTC text.
      sql<number | string>`sum(case when created_at > ${d1} then 1 else 0 end)`.as("under1"),
      sql<number | string>`sum(case when created_at <= ${d1} and created_at > ${d3} then 1 else 0 end)`.as("days1to3"),
      sql<number | string>`sum(case when created_at <= ${d3} and created_at > ${d7} then 1 else 0 end)`.as("days3to7"),
      sql<number | string>`sum(case when created_at <= ${d7} then 1 else 0 end)`.as("over7"),
    ])
    .groupBy("kind")
    .execute();
  return rows
    .filter((r) => isRequestKind(r.kind))
    .map((r) => ({
      kind: r.kind as RequestKind,
      total: Number(r.total),
      oldestAt: String(r.oldest),
      bands: {
        under1: Number(r.under1),
        days1to3: Number(r.days1to3),
        days3to7: Number(r.days3to7),
        over7: Number(r.over7),
      },
    }))
    .sort((a, b) => a.oldestAt.localeCompare(b.oldestAt) || a.kind.localeCompare(b.kind));
}

/** The open requests that have waited longest, oldest first. */
export async function oldestOpenRequests(limit = 20): Promise<OpenRequest[]> {
  const rows = await getRuntime()
    .db.selectFrom("requests")
    .select(["reference", "kind", "status", "name", "created_at"])
    .where("deleted_at", "is", null)
    .where("status", "in", OPEN_STATUSES)
    .orderBy("created_at")
    .orderBy("reference")
    .limit(limit)
    .execute();
  return rows
    .filter((r) => isRequestKind(r.kind))
    .map((r) => ({
      reference: r.reference,
      kind: r.kind as RequestKind,
      status: r.status as RequestStatus,
      statusLabel: statusLabelKey(isRequestKind(r.kind) ? kindOf(r.kind).lifecycle : null, r.status as RequestStatus),
      name: r.name,
      createdAt: r.created_at,
    }));
}

export type ClickCounts = { event: AnalyticsEvent; last7: number; last30: number };

/**
 * The analytics click counters (app/modules/analytics) per event for the last 7 and 30 days,
 * today included (days are UTC, as countEvent stores them). Every known event is listed, at 0
 * when nobody clicked.
 */
export async function clickCounts(now = new Date()): Promise<ClickCounts[]> {
  const day = (days: number) => daysAgo(now, days).slice(0, 10);
  const since7 = day(6);
  const since30 = day(29);
  const rows = await getRuntime()
    .db.selectFrom("analytics_daily")
    .select((eb) => [
      "name",
      sql<number | string>`sum(case when ${sql.ref("day")} >= ${since7} then ${sql.ref("count")} else 0 end)`.as("last7"),
      eb.fn.sum<number | string>("count").as("last30"),
    ])
    .where("day", ">=", since30)
    .groupBy("name")
    .execute();
  const byName = new Map(rows.map((r) => [r.name, r]));
  return ANALYTICS_EVENTS.map((event) => {
    const r = byName.get(event);
    return { event, last7: Number(r?.last7 ?? 0), last30: Number(r?.last30 ?? 0) };
  });
}

/** The quotes' figures (issue 50 item 4): sent in the period, and how their customers answered. */
export type QuoteFigures = { days: number; sent: number; accepted: number; declined: number; expired: number; open: number; medianAnswerHours: number | null };

/**
 * Quotes sent in the last `days` days (each version once: a revision counts as sent again, the
 * version it replaced as neither answered nor open), by what became of them, and the median
 * time from sending to the customer's answer (accepted or declined), in hours.
 */
export async function quoteFigures(now = new Date(), days = 30): Promise<QuoteFigures> {
  const rows = await getRuntime()
    .db.selectFrom("quotes")
    .innerJoin("requests", "requests.id", "quotes.request_id")
    .select(["quotes.status", "quotes.sent_at", "quotes.answered_at"])
    .where("requests.deleted_at", "is", null)
    .where("quotes.sent_at", ">=", daysAgo(now, days))
    .execute();
  const count = (s: string) => rows.filter((r) => r.status === s).length;
  const waits = rows
    .filter((r) => r.answered_at && r.sent_at && (r.status === "accepted" || r.status === "declined"))
    .map((r) => (Date.parse(r.answered_at!) - Date.parse(r.sent_at!)) / 3_600_000)
    .sort((a, b) => a - b);
  const mid = Math.floor(waits.length / 2);
  const median = waits.length === 0 ? null : waits.length % 2 ? waits[mid]! : (waits[mid - 1]! + waits[mid]!) / 2;
  return { days, sent: rows.length, accepted: count("accepted"), declined: count("declined"), expired: count("expired"), open: count("sent"), medianAnswerHours: median === null ? null : Math.round(median * 10) / 10 };
}
