/**
 * The speed targets of issue #11, in one place: the bundle budget that `npm test` enforces
 * (tests/integration/bundle-budget.test.ts), the Lighthouse targets that
 * `npm run lighthouse -- --check` enforces (scripts/lighthouse.ts), and the server targets
 * `npm run bench` reports against (scripts/bench.ts).
 */

/** Every page of SPEED_PAGES, served to 50 connections on this machine kind. */
export const SERVER_TARGETS = { reqPerSec: 800, p99Ms: 100 };

/** Gzip bytes, measured as the server sends them (zlib's default level, as `compression()`). */
export const BUNDLE_BUDGET = {
  /** All JavaScript files a first visit of one public page loads (entry, route modules, their static imports). */
  firstVisitGzipBytes: 120 * 1024,
  /** One route module (a route's own chunk in the client manifest). */
  routeChunkGzipBytes: 30 * 1024,
};

/**
 * Issue #11 is open: the pages below are still over the first-visit budget (a listing: its
 * gallery and labels). Forms, the homes search box included, no longer count: their code loads
 * when the visitor reaches for them (app/components/form/form-island.tsx). Each page may
 * not grow past its ceiling (bytes gzip, the figure measured when it was set plus under 1 KB);
 * a page that comes within the budget must leave the list, and the list only shrinks.
 */
export const OVER_BUDGET_CEILINGS: Record<string, number> = {
  "/homes/h-annex-studio": 126000, // 122.2 KB
};

/** Lighthouse mobile preset (simulated throttling), median of 3 runs, every page below. */
export const LIGHTHOUSE_TARGETS = {
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  /** Milliseconds. */
  fcp: 1500,
  lcp: 2000,
  tbt: 100,
  /** Unitless. */
  cls: 0.05,
};

/** The pages the issue measures (`npm run bench` and `npm run lighthouse`). */
export const SPEED_PAGES = [
  "/",
  "/services",
  "/services/handyman",
  "/homes",
  "/homes?q=toronto",
  "/homes/h-annex-studio",
  "/cars/request?type=airport-transfer",
  "/auth/login",
];
