/**
 * The filters a search understands (understand.ts reads them from words): their names and values,
 * on their own so the browser's search boxes can name them without loading the phrase tables
 * (the parser stays on the server: /homes went 2 KB over its first-visit budget with it).
 */

/** Home types a person names; each stands for one or more of the listings' property kinds. */
export const HOME_TYPES = ["room", "studio", "apartment", "house", "shortterm", "sublet"] as const;
export type HomeType = (typeof HOME_TYPES)[number];

/** "Added within" windows (a filter, no longer a sort: ADR 45). */
export const ADDED_WINDOWS = ["24h", "7d", "30d"] as const;
export type AddedWindow = (typeof ADDED_WINDOWS)[number];

export type HomeFilters = {
  type?: HomeType;
  /** Monthly rent bounds in dollars (nightly prices compared as 30 nights). */
  minPrice?: number;
  maxPrice?: number;
  /** At least this many bedrooms. */
  beds?: number;
  pets?: true;
  /** A known place: a GTA area or a city with listings. */
  area?: string;
  added?: AddedWindow;
};
export type HomeFilter = keyof HomeFilters;

/** The services /search understands: the service pages' slugs (the Category menu's values). */
export type ServiceWhen = "today" | "tomorrow" | "weekend" | "week";
export const SERVICE_WHENS = ["today", "tomorrow", "weekend", "week"] as const satisfies readonly ServiceWhen[];
export type ServiceFilters = { category?: string; area?: string; when?: ServiceWhen };
export type ServiceFilter = keyof ServiceFilters;
