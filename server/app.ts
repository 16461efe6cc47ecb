import path from "node:path";
import "react-router";
import express from "express";
import { configureAuthEmails } from "~/lib/auth/auth.server";
import { setConsentCheck } from "~/lib/auth/session.server";
import { outdatedConsents } from "~/modules/legal/consents.server";
import { cachePolicy } from "~/lib/http/cache-policy.server";
import { createPageHandler, isPage } from "~/lib/http/page-handler.server";
import { withoutLocalePrefix } from "~/lib/i18n/locales";
import { pageNamespaces } from "~/lib/i18n/page-namespaces.server";
import { pseudoLocaleScope } from "~/lib/i18n/pseudo.server";
import { setBodyLimits } from "~/lib/http/body-limits";
import { requestGuard } from "~/lib/http/request-guard.server";
import { isWellFormed } from "~/lib/http/route-path";
import { BODY_LIMITS } from "~/modules/site/body-limits";
import { uploadScope } from "~/lib/http/upload-scope.server";
import type { Env } from "~/lib/env.server";
import { meansUnavailable } from "~/lib/db/availability.server";
import { hit } from "~/lib/rate-limit.server";
import { isResourceRouteData, routePattern } from "~/lib/http/route-pattern.server";
import { log } from "~/lib/log.server";
import { metricsHandler } from "~/lib/metrics.server";
import { startDailyJobs } from "~/lib/jobs.server";
import { startBackups } from "~/lib/backup-job.server";
import { getRuntime, startRuntime, type StartOptions } from "~/lib/runtime.server";
import { seedAtStart } from "../db/seed/start.server";
import { startExportWorker } from "~/modules/privacy/exports.server";
import { RETENTION_DAILY_JOB } from "~/modules/privacy/retention.server";
import { PROVIDER_DAILY_JOB } from "~/modules/providers/expiry.server";
import { MATCH_EXPIRY_JOB } from "~/modules/providers/jobs.server";
import { QUOTE_JOB } from "~/modules/quotes/quotes.server";
import { ensureAdmin } from "~/modules/accounts/accounts.server";
import { accountEmails } from "~/modules/accounts/emails.server";
import { runAfterResponse } from "~/lib/after-response.server";

/**
 * The application proper: health check, write rate limit and the React Router handler. It is
 * bundled with the app by Vite (vite.config.ts), so the app and its runtime exist once.
 */
export const app = express.Router();

// Live: the process answers (a supervisor restarts it when not). Ready: it can read and write
// the database and has disk (a balancer sends visitors only to ready processes). `/healthz`, as
// load balancers, scripts and the runbook have used it, is readiness (issue 52).
app.get("/healthz/live", (_req, res) => {
  res.set("Cache-Control", "no-store").json({ status: "ok" });
});
app.get(["/healthz", "/healthz/ready"], async (req, res) => {
  const report = await getRuntime().readiness();
  const status = report.ready ? "ok" : "unavailable";
  // `/healthz` keeps its old answer, `{ status }`; `/healthz/ready` says what is wrong too.
  res
    .status(report.ready ? 200 : 503)
    .set("Cache-Control", "no-store")
    .json(req.path === "/healthz" ? { status } : { status, ...report });
});

// Prometheus metrics, for private addresses and METRICS_TOKEN holders only.
app.get("/metrics", metricsHandler(() => getRuntime().env.METRICS_TOKEN));

// Form posts are where abuse costs us (stored rows, outgoing mail): cap them per client, on the
// same shared counters as the other limits (RATE_LIMITS="writes=N").
app.use(async (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  // The counters live in the database (PostgreSQL): while it is away, the post goes on to its
  // page, which answers 503 at once (it needs the database too), rather than a bare 500 here.
  if (getRuntime().health.downSince !== undefined) return next();
  try {
    const result = await hit("writes", req.ip ?? "unknown").catch((error: unknown) => {
      if (!meansUnavailable(error)) throw error;
      getRuntime().health.failed(error);
      return { allowed: true as const };
    });
    if (result.allowed) return next();
    res
      .status(429)
      .set({ "Retry-After": String(Math.ceil(result.retryAfterMs / 1000)), "Cache-Control": "no-store" })
      .type("text/plain; charset=utf-8")
      .send("Too many requests. Please wait a minute and try again.");
  } catch (error) {
    next(error);
  }
});

app.use(cachePolicy);

// CSRF, content type and body size for every write, before any action code runs.
// What each upload page may receive (the domain's table), before the guard that enforces it.
setBodyLimits(BODY_LIMITS);
// Who must accept the current Terms and Privacy Policy before a signed-in page (the guards ask).
setConsentCheck((userId) => outdatedConsents(userId));
app.use((req, res, next) => requestGuard(getRuntime().env.PUBLIC_URL)(req, res, next));

// Uploaded files wait on disk, in a folder per request removed when the response is done.
const uploads = uploadScope(() => path.join(getRuntime().env.DATA_DIR, "tmp"));
app.use((req, res, next) => (req.method === "POST" ? uploads(req, res, next) : next()));

// Tests only (PSEUDO_LOCALE=1): pages in the pseudo-locale for a browser that asks with its cookie.
app.use(pseudoLocaleScope(() => getRuntime().env.PSEUDO_LOCALE));

// The build itself, not a function returning it: given a function, React Router re-derives its
// route tables (createStaticHandler, flattenAndRankRoutes) on every request, as it must in
// development where the build can change; here it never does.
const build = await import("virtual:react-router/server-build");

/** The route a path belongs to, for the request log and metrics (never the raw path). */
export const routeOf = (path: string) => routePattern(build, path);

// Files (documents, exports, photos) leave by their route's own URL only: its data twin would
// carry the body without the route's headers (sandbox, nosniff, attachment).
app.use((req, res, next) => {
  if ((req.method === "GET" || req.method === "HEAD") && isResourceRouteData(build, req.path)) {
    res.status(404).set({ "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" }).type("text/plain; charset=utf-8").send("Not found");
    return;
  }
  next();
});

// Pages, with the short-lived cache of what anonymous visitors see (PAGE_CACHE_SECONDS),
// created on the first request: the runtime's settings exist only once start() has run.
let pages: ReturnType<typeof createPageHandler> | undefined;
app.use((req, res, next) => {
  pages ??= createPageHandler({
    build,
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce as string | undefined,
      requestId: res.locals.requestId as string | undefined,
      clientIp: req.ip ?? "unknown",
      afterResponse: (task: () => Promise<unknown>) => runAfterResponse(res, task),
      // Worked out when the root loader asks, not for pages served from the store.
      get messageNamespaces() {
        return pageNamespaces(build, withoutLocalePrefix(req.path));
      },
    }),
    cache: { ttlSeconds: getRuntime().env.PAGE_CACHE_SECONDS, stores: getRuntime().env.PAGE_STORES },
  });
  return pages(req, res, next);
});

/**
 * Whether the page handler answers this request with a page, which it compresses itself, whole
 * (compression.server.ts): compression() need not watch it. `server/main.ts` has already set
 * aside the files and the two app endpoints; a page's `.data` twin is streamed, and React
 * Router's route manifest (`/__manifest`, asked for on every client navigation to routes not yet
 * known; its path would otherwise match the not-found page) is JSON: compression() keeps both.
 */
export const compressesItself = (req: express.Request): boolean =>
  (req.method === "GET" || req.method === "HEAD") &&
  !req.path.endsWith(".data") &&
  req.path !== "/__manifest" &&
  isWellFormed(req) &&
  isPage(build, req.path);

/** public/'s files: a year's cache for this build's version, revalidation otherwise (server/main.ts, ADR 48). */
export { staticCacheControl } from "~/lib/static-files.server";

/** Answers a request from the page store if it can, before the rest of the middleware (server/main.ts). */
export const servedFromStore = (req: express.Request, res: express.Response): boolean => pages?.serveStored(req, res) ?? false;

/** Starts the runtime, then what the app needs before it serves: auth emails, the admin. */
export async function start(env: Env, options?: StartOptions) {
  const runtime = await startRuntime(env, { seed: seedAtStart, ...options });
  // Daily jobs (document expiry reminders, retention deletes): claimed per day in the database,
  // so several app processes run each once. Unanswered matches are handed back every hour.
  startDailyJobs([PROVIDER_DAILY_JOB, RETENTION_DAILY_JOB, MATCH_EXPIRY_JOB, QUOTE_JOB]);
  // BACKUP_EVERY: scheduled backups, one process per period (the same claims).
  startBackups(env);
  // "Download my data": queued exports are built in the background (claimed per row).
  startExportWorker();
  configureAuthEmails(accountEmails);
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const result = await runtime.exclusively("start", () => ensureAdmin(env.ADMIN_EMAIL!, env.ADMIN_PASSWORD!));
    log().info({ event: "admin.ensured", result }, `Admin account ${result}.`);
  }
  return runtime;
}
