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
 * Issue #11 is open: the pages below are still over the first-visit budget. Most show a form,
 * which needs Conform (~10 KB gzip) at hydration on top of React and React Router (~106 KB);
 * /homes and a listing are 1–3 KB over (search with suggestions, listing cards, gallery);
 * /homes/new brings the wizard's code with the page. Each page may not grow past its
 * ceiling (bytes gzip, the figure measured when it was set plus under 1 KB); a page that comes
 * within the budget must leave the list, and the list only shrinks.
 */
export const OVER_BUDGET_CEILINGS: Record<string, number> = {
  "/homes": 124700, // 121.1 KB
  "/homes?q=toronto": 124700, // 121.1 KB
  "/homes/h-annex-studio": 126000, // 122.4 KB
  "/cars/request?type=airport-transfer": 131300, // 127.6 KB
  "/auth/login": 128600, // 125.0 KB
  "/contact": 129200, // 125.5 KB
  "/signup": 128500, // 124.9 KB
  "/auth/signup": 128500, // 124.9 KB
  "/auth/forgot": 128200, // 124.6 KB
  "/auth/reset-password": 128000, // 124.4 KB
  "/book": 129600, // 126.0 KB
  "/cars/request": 131300, // 127.6 KB
  "/homes/new": 138200, // 134.3 KB
  "/become-a-provider": 133700, // 130.0 KB
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
