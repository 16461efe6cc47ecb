import "react-router";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { rateLimit } from "express-rate-limit";
import { sql } from "kysely";
import { configureAuthEmails } from "~/lib/auth/auth.server";
import { cachePolicy } from "~/lib/http/cache-policy.server";
import { requestGuard } from "~/lib/http/request-guard.server";
import type { Env } from "~/lib/env.server";
import { getRuntime, startRuntime, type StartOptions } from "~/lib/runtime.server";
import { ensureAdmin } from "~/modules/accounts/accounts.server";
import { accountEmails } from "~/modules/accounts/emails.server";

/**
 * The application proper: health check, write rate limit and the React Router handler. It is
 * bundled with the app by Vite (vite.config.ts), so the app and its runtime exist once.
 */
export const app = express.Router();

app.get("/healthz", async (_req, res) => {
  try {
    await sql`select 1`.execute(getRuntime().db);
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  } catch {
    res.status(503).set("Cache-Control", "no-store").json({ status: "unavailable" });
  }
});

// Form posts are where abuse costs us (stored rows, outgoing mail): cap them per client.
app.use(
  rateLimit({
    windowMs: 60_000,
    limit: () => getRuntime().env.WRITE_RATE_LIMIT,
    skip: (req) => req.method === "GET" || req.method === "HEAD",
    standardHeaders: "draft-8",
    legacyHeaders: false,
    message: "Too many requests. Please wait a minute and try again.",
    // An X-Forwarded-For we do not trust (TRUST_PROXY off) is ignored by design, not a mistake.
    validate: { xForwardedForHeader: false },
  }),
);

app.use(cachePolicy);

// CSRF, content type and body size for every write, before any action code runs.
app.use((req, res, next) => requestGuard(getRuntime().env.PUBLIC_URL)(req, res, next));

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce as string | undefined,
      clientIp: req.ip ?? "unknown",
    }),
  }),
);

/** Starts the runtime, then what the app needs before it serves: auth emails, the admin. */
export async function start(env: Env, options?: StartOptions) {
  const runtime = await startRuntime(env, options);
  configureAuthEmails(accountEmails);
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const result = await ensureAdmin(env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    console.log(`Admin account ${env.ADMIN_EMAIL} ${result}.`);
  }
  return runtime;
}
