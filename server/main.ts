import { readdirSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express from "express";
import helmet from "helmet";
import { ConfigError, loadDotEnv, parseEnv } from "../app/lib/env.server";
import { cspNonce } from "../app/lib/http/csp-nonce.server";
import { edgeGuard } from "../app/lib/http/edge.server";
import { answerUnroutableMethods, methodGuard } from "../app/lib/http/methods.server";
import { requestLog } from "../app/lib/http/request-log.server";
import { enErrors } from "../app/lib/i18n/messages/en-errors";
import { log } from "../app/lib/log.server";
import { mailDestination } from "../app/lib/mail/transport.server";
import { observeRequest } from "../app/lib/metrics.server";
import { PRIVATE_UMASK } from "../app/lib/private-files.server";
import type * as AppModuleType from "./app";

/**
 * Process entry. Production: serves the built client assets and the bundled app
 * (build/server/index.js). Development (--dev): the same app through Vite's dev server.
 */
const dev = process.argv.includes("--dev");
/** `--dotenv` (npm start, npm run dev): a `.env` next to the app is read; the test helpers leave it out. */
const dotEnvFile = process.argv.includes("--dotenv") ? loadDotEnv() : undefined;

/** The inline view of a provider document (`/admin/provider-documents/:id?view=inline`, in any language's space). */
const isFramableDocument = (url: string) =>
  /^(?:\/(?:es|fr|pt))?\/admin\/provider-documents\/[^/?]+\?(?:.*&)?view=inline(?:&|$)/.test(url);
/** Powerful browser features, all off: no page of the app asks for any of them. */
const PERMISSIONS_POLICY = [
  "camera",
  "microphone",
  "geolocation",
  "payment",
  "usb",
  "midi",
  "magnetometer",
  "gyroscope",
  "accelerometer",
  "display-capture",
]
  .map((feature) => `${feature}=()`)
  .join(", ");
// Before anything is written: the database, secret, mail and uploads are for this account only.
process.umask(PRIVATE_UMASK);
if (!process.env.NODE_ENV) process.env.NODE_ENV = dev ? "development" : "production";

type AppModule = typeof AppModuleType;

/** The app's endpoints that are not pages (server/app.ts): logged by their own path. */
const APP_ENDPOINTS = new Set(["/healthz", "/healthz/live", "/healthz/ready", "/metrics"]);

const startedAt = performance.now();

async function main() {
  let env;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      // For the person starting it (stderr), and for the log stream.
      console.error(error.message);
      log().fatal({ event: "server.config" }, error.message);
      process.exit(1);
    }
    throw error;
  }

  const server = express();
  server.disable("x-powered-by");
  // Client addresses (rate limits) and https (secure cookies) come from the proxy only if trusted.
  server.set("trust proxy", env.TRUST_PROXY);
  let mod: AppModule | undefined;
  const publicEntries = dev ? new Set<string>() : new Set(readdirSync("build/client"));
  const isFile = (path: string) => path.startsWith("/assets/") || publicEntries.has(path.split("/")[1] ?? "");
  // First, so every answer (a refusal, an asset, a page) has its id and its log line.
  server.use(
    requestLog({
      trustProxy: env.TRUST_PROXY !== false,
      routeOf: (req) =>
        req.path.startsWith("/assets/")
          ? "/assets/*"
          : isFile(req.path)
            ? `/${req.path.split("/")[1]}`
            : APP_ENDPOINTS.has(req.path)
              ? req.path
              : (mod?.routeOf(req.path) ?? "/*"),
      onDone: observeRequest,
    }),
  );
  // A URL the app may not route, or a request for another host, is refused before any rule
  // reads its path and before the router (which threw, with a logged stack, on a forged Host).
  let listeningPort: number | undefined;
  server.use(edgeGuard({ publicUrl: env.PUBLIC_URL, listeningPort: () => listeningPort }));
  // Only GET, HEAD, POST and OPTIONS go further; any other method is answered 405 or 501 here.
  server.use(methodGuard(isFile));
  // A page the store holds is answered here, with the headers its first whole answer had
  // (app/lib/http/page-handler.server.ts): the middleware below would decide them again the same.
  server.use((req, res, next) => (mod?.servedFromStore(req, res) ? undefined : next()));
  // What the app does not compress itself: files, .data, form posts, the health and metrics
  // endpoints. A page is compressed whole by the page handler; compression() would only watch
  // it, at a cost on every response (its res.end and header hooks).
  const compress = compression();
  server.use((req, res, next) =>
    !isFile(req.path) && !APP_ENDPOINTS.has(req.path) && mod?.compressesItself(req) ? next() : compress(req, res, next),
  );
  if (!dev) {
    // Fingerprinted scripts and styles never change. They are served before the page headers
    // below: a Content-Security-Policy and its friends mean nothing on a script, and cost about
    // 1 KB on each of the ~15 files a first visit fetches.
    // Brotli files made at build (vite.config.ts) for browsers that accept them; compression()
    // above gzips the rest as it sends them.
    server.use(
      "/assets",
      expressStaticGzip("build/client/assets", {
        enableBrotli: true,
        orderPreference: ["br"],
        index: false,
        serveStatic: {
          immutable: true,
          maxAge: "1y",
          index: false,
          setHeaders: (res) => res.setHeader("X-Content-Type-Options", "nosniff"),
        },
      }),
    );
  }
  server.use((_req, res, next) => {
    res.locals.cspNonce = cspNonce();
    next();
  });
  server.use(
    helmet({
      contentSecurityPolicy: dev
        ? false
        : {
            directives: {
              "default-src": ["'self'"],
              "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
              "style-src": ["'self'", "'unsafe-inline'"],
              "img-src": ["'self'", "data:", "blob:"],
              "connect-src": ["'self'"],
              "font-src": ["'self'"],
              "form-action": ["'self'"],
              // Nothing frames our pages, except the back office's document viewer, which frames
              // a provider document (served in a sandbox: routes/admin/provider-document.tsx).
              "frame-ancestors": [(req) => (isFramableDocument(req.url ?? "") ? "'self'" : "'none'")],
              "object-src": ["'none'"],
              "base-uri": ["'self'"],
              "upgrade-insecure-requests": env.PUBLIC_URL.startsWith("https://") ? [] : null,
            },
          },
      strictTransportSecurity: env.PUBLIC_URL.startsWith("https://"),
      crossOriginEmbedderPolicy: false,
      // Not helmet's "no-referrer": with it, browsers send `Origin: null` on same-site form
      // posts, which React Router's CSRF check rightly refuses (and forms without JS break).
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      // Set below, per response, to say what CSP frame-ancestors says (helmet's fixed
      // SAMEORIGIN contradicted frame-ancestors 'none' on every other page).
      xFrameOptions: false,
    }),
  );
  server.use((req, res, next) => {
    // For browsers without CSP frame-ancestors: the same answer, in the older header.
    res.setHeader("X-Frame-Options", isFramableDocument(req.url) ? "SAMEORIGIN" : "DENY");
    // The app uses none of these powerful features; neither may anything it is tricked into embedding.
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    next();
  });

  if (dev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    server.use(viteServer.middlewares);
    mod = (await viteServer.ssrLoadModule("./server/app.ts")) as AppModule;
    server.use((req, res, next) => {
      viteServer
        .ssrLoadModule("./server/app.ts")
        .then((m) => (m as AppModule).app(req, res, next))
        .catch(next);
    });
  } else {
    // The rest of public/ (pictures, favicon). Pages name them with this build's version (`?v=`,
    // app/lib/static-files.server.ts): those answers never change, a year's immutable cache like
    // /assets. Any other address (an email's logo, JSON-LD, an older page's version) may see the
    // file change: kept, but revalidated on each use (ETag, 304) (ADR 48). Only paths under
    // build/client's own entries reach the disk: for every page, a static lookup cost a stat()
    // and a 404 Error with its stack trace.
    const publicFiles = express.static("build/client", {
      index: false,
      cacheControl: false,
      setHeaders: (res) =>
        res.setHeader("Cache-Control", mod!.staticCacheControl((res.req as express.Request).query.v)),
    });
    server.use((req, res, next) =>
      publicEntries.has(req.path.split("/")[1] ?? "") ? publicFiles(req, res, next) : next(),
    );
    // From the working folder, as build/client above: this file runs as server/main.ts (tsx)
    // or compiled as build/server/main.js.
    const buildPath = pathToFileURL(path.resolve("build/server/index.js")).href;
    mod = (await import(buildPath)) as AppModule;
    server.use(mod.app);
  }
  // What an error that escaped every handler gets: its log line (with the request id) and a
  // plain 500 that names the id, never a stack trace.
  server.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    log().error({ event: "http.error", err: error }, "unhandled error");
    if (res.headersSent) return void res.destroy();
    const id = res.locals.requestId as string | undefined;
    res
      .status(500)
      .set("Cache-Control", "no-store")
      .type("text/plain; charset=utf-8")
      .send(`${enErrors["error.text"]}\n${id ? enErrors["error.reference"].replace("{id}", id) : ""}`);
  });

  const runtime = await mod.start(env);
  const http: Server = server.listen(env.PORT, env.HOST, () => {
    const address = http.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    const mail = mailDestination({ smtpUrl: env.SMTP_URL, dataDir: env.DATA_DIR });
    listeningPort = port;
    log().info(
      { event: "server.start", port, dialect: runtime.dialect, dev, node: process.version, startupMs: Math.round(performance.now() - startedAt), mail, envFile: dotEnvFile },
      `${env.BRAND_NAME} listening on http://localhost:${port} (${runtime.dialect}${dev ? ", dev" : ""}); mail goes to ${mail}${dotEnvFile ? "; settings from .env" : ""}`,
    );
  });

  answerUnroutableMethods(http, isFile);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log().info({ event: "server.stopping", signal }, `${signal}: finishing in-flight requests…`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    http.close(() => {
      runtime
        .stop()
        .then(() => {
          log().info({ event: "server.stop" }, "stopped");
          process.exit(0);
        })
        .catch((error: unknown) => {
          log().error({ event: "server.stop", err: error }, "stopping failed");
          process.exit(1);
        });
    });
    http.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  log().fatal({ event: "server.start", err: error }, "could not start");
  process.exit(1);
});
