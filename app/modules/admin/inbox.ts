import { z } from "zod";
import { CAR_REQUEST_TYPES } from "~/modules/cars/types";
import { REQUEST_STATES } from "~/modules/requests/status";
import type { RequestKind } from "~/modules/requests/kinds";
import { ADMIN_KINDS } from "./labels";

/**
 * The inbox's filter, read from the query string, so a filtered inbox is a
 * link: its pages, the saved filters and the CSV export of the same list.
 */
export const INBOX_PAGE_SIZE = 25;

const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

export const inboxFilterSchema = z.object({
  kind: z.enum(ADMIN_KINDS as [RequestKind, ...RequestKind[]]).optional().catch(undefined),
  carType: z.enum(CAR_REQUEST_TYPES).optional().catch(undefined),
  status: z.enum(REQUEST_STATES).optional().catch(undefined),
  from: date,
  to: date,
  q: z.string().trim().max(100).optional().catch(undefined),
  /** "1": only requests whose match fell through (a provider declined or did not answer). */
  rematch: z.literal("1").optional().catch(undefined),
  /** "1": only requests whose customer answered a quote (or asked for a new one) since the operator last acted (issue 50). */
  quote: z.literal("1").optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type InboxFilter = z.infer<typeof inboxFilterSchema>;

/** The filter in a URL's query string; anything malformed is simply not applied. */
export function readInboxFilter(params: URLSearchParams): InboxFilter {
  const raw = Object.fromEntries([...params].filter(([, v]) => v !== ""));
  return inboxFilterSchema.parse(raw);
}

/** The query string of a filter (for links: pages, saved filters, the CSV export). */
export function inboxQuery(filter: Partial<InboxFilter>): string {
  const params = new URLSearchParams();
  for (const key of ["kind", "carType", "status", "from", "to", "q", "rematch", "quote"] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  if (filter.page && filter.page > 1) params.set("page", String(filter.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** The prototype's two lists ('New Service Requests', 'New City Requests'), kept as saved filters. */
export const SAVED_FILTERS = [
  { id: "new-service-requests", label: "admin.saved.newServiceRequests", filter: { kind: "service-request", status: "received" } },
  { id: "new-city-requests", label: "admin.saved.newCityRequests", filter: { kind: "city-request", status: "received" } },
  { id: "needs-new-match", label: "admin.saved.needsNewMatch", filter: { status: "in_review", rematch: "1" } },
  { id: "quote-answers", label: "admin.saved.quoteAnswers", filter: { quote: "1" } },
] as const satisfies readonly { id: string; label: string; filter: Partial<InboxFilter> }[];

