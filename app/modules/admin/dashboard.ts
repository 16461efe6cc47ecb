import type { MessageKey } from "~/lib/i18n/translate";
import type { TrackedClick } from "~/lib/analytics";

/**
 * What the dashboard page and its server share: the age bands of open requests, the names of
 * the click counters and of the CSV exports.
 */

/** Age bands, in days since submission: under 1, 1–3, 3–7, 7 and more. */
export const AGE_BANDS = [
  { id: "under1", minDays: 0 },
  { id: "days1to3", minDays: 1 },
  { id: "days3to7", minDays: 3 },
  { id: "over7", minDays: 7 },
] as const;
export type AgeBand = (typeof AGE_BANDS)[number]["id"];

/** Whole days between two instants (for "waiting 3 days"). */
export const waitedDays = (sinceIso: string, nowIso: string) => Math.floor((Date.parse(nowIso) - Date.parse(sinceIso)) / 86_400_000);

export const ANALYTICS_EVENT_LABEL_KEYS = {
  "Login Click": "admin.dashboard.event.login",
  "Sign Up Click": "admin.dashboard.event.signUp",
  "For Providers Click": "admin.dashboard.event.forProviders",
} as const satisfies Record<TrackedClick, MessageKey>;

/** The lists that download as /admin/export/<list>.csv. */
export const EXPORT_LISTS = ["requests", "outbox", "listings", "provider-applications", "reviews"] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];
export const isExportList = (value: unknown): value is ExportList => (EXPORT_LISTS as readonly unknown[]).includes(value);

export const EXPORT_LIST_LABEL_KEYS = {
  requests: "admin.export.requests",
  outbox: "admin.export.outbox",
  listings: "admin.export.listings",
  "provider-applications": "admin.export.providerApplications",
  reviews: "admin.export.reviews",
} as const satisfies Record<ExportList, MessageKey>;
