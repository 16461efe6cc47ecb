/**
 * The outbox's filter as the back office reads and links it (shared by the page and the
 * server). Operators see three states: "queued" is the worker's pending and sending (not
 * delivered yet, the worker will try), "sent", and "failed" (final until resent).
 */
export const OUTBOX_FILTER_STATUSES = ["queued", "sent", "failed"] as const;
export type OutboxFilterStatus = (typeof OUTBOX_FILTER_STATUSES)[number];

export const isOutboxFilterStatus = (value: unknown): value is OutboxFilterStatus =>
  (OUTBOX_FILTER_STATUSES as readonly unknown[]).includes(value);

export type OutboxFilter = { status?: OutboxFilterStatus | null; q?: string | null };

/** Reads ?status=&q=&page= (anything unknown is ignored, not an error: it is a list page). */
export function parseOutboxQuery(searchParams: URLSearchParams): OutboxFilter & { page: number } {
  const status = searchParams.get("status");
  const q = (searchParams.get("q") ?? "").trim().slice(0, 200);
  const page = Number.parseInt(searchParams.get("page") ?? "1", 10);
  return {
    status: isOutboxFilterStatus(status) ? status : null,
    q: q || null,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  };
}

/** The filter (and page) as a query string, for links: pages, the CSV export. */
export function outboxQuery(filter: OutboxFilter, page = 1): string {
  const params = new URLSearchParams();
  if (filter.status) params.set("status", filter.status);
  if (filter.q) params.set("q", filter.q);
  if (page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

