import { text } from "node:stream/consumers";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  ServerRouter,
  UNSAFE_ErrorResponseImpl as ErrorResponse,
} from "react-router";
import { isDatabaseUnavailable } from "./lib/db/availability.server";
import { isStorageFull } from "./lib/disk-full.server";
import { REFUSALS, refusalKey, type RefusalTexts, RETRY_AFTER_SECONDS } from "./lib/http/http-error";
import { localeFromRequest, messagesFor } from "./lib/i18n/catalogue.server";
import { enErrors } from "./lib/i18n/messages/en-errors";
import { log } from "./lib/log.server";
import { countKeptPage } from "./lib/metrics.server";
import { NonceProvider } from "./lib/nonce";
import { RequestIdProvider } from "./lib/request-id";
import { scriptsAfterFirstPaint, scriptsAsRendered } from "./lib/http/page-scripts.server";
import { getAppEnv } from "./lib/runtime.server";
import { renderKey } from "./lib/http/rendered-pages.server";
import { searchEngineLinks } from "./lib/i18n/search-engine-links.server";

export const streamTimeout = 5_000;

/**
 * React Router's default logging, minus the 4xx it answers for a request nobody can serve (no
 * route for a garbled URL, a post to a page without an action): the client's mistake, not
 * ours, so it is not logged as an error with a stack trace. Everything else still is.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // The database's fault is logged once, when it starts and ends (availability.server.ts); the
  // page says so (answerUnavailable below, which sees the error only as React Router's sanitized one).
  if (isDatabaseUnavailable(error)) {
    (context as AppLoadContext).databaseUnavailable = true;
    return;
  }
  // A full disk likewise, once (disk-full.server.ts); the page says nothing was kept (507).
  if (isStorageFull(error)) {
    (context as AppLoadContext).storageFull = true;
    return;
  }
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // React Router's own error responses carry the Error (with its stack) they were made from.
  const cause = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  log().error({ event: "http.error", err: cause ?? error }, "error while answering a request");
};

/**
 * React Router's default Node entry, plus the per-request CSP nonce for inline scripts, the
 * page's scripts after its first paint (page-scripts.server.ts) and, where the page handler asks
 * for it, a page rendered again only when its data changed (rendered-pages.server.ts).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const refused = loadContext.databaseUnavailable ? "unavailable" : loadContext.storageFull ? "storageFull" : refusedAlready(routerContext);
  if (refused) responseStatusCode = answerRefused(request, routerContext, responseHeaders, refused);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (request.method.toUpperCase() === "HEAD") {
    // What a GET would say about its body, without rendering it.
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const lookup = loadContext.renderedPages;
  const key =
    lookup && !loadContext.standInUser && !responseHeaders.has("Set-Cookie")
      ? await renderKey(request, responseStatusCode, routerContext)
      : undefined;
  const kept = key ? lookup!.pages.take(key) : undefined;
  if (key) countKeptPage(kept ? "kept" : "rendered");
  if (kept) {
    // The page handler sends it (with this response's policy allowing its scripts by hash).
    lookup!.found = kept;
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { html, status } = await render(request, responseStatusCode, routerContext, loadContext);
  if (key && status === 200) lookup!.pages.offer(key, html, loadContext.cspNonce);
  return new Response(html, { status, headers: responseHeaders });
}

/**
 * A page whose loader or action could not reach the database answers 503 with Retry-After and
 * an error page that says so, not a 500 (issue 52); one whose write the full disk refused, 507
 * saying nothing was kept. The errors the routes met (in production React Router has already
 * replaced them with a bare "Unexpected Server Error") become that refusal, so the page
 * rendered here and the one the browser hydrates say the same.
 */
const STATUS_TEXT = { unavailable: "Service Unavailable", storageFull: "Insufficient Storage" } as const;
function answerRefused(request: Request, context: EntryContext, headers: Headers, refusal: keyof typeof STATUS_TEXT): number {
  const errors = context.staticHandlerContext.errors ?? {};
  const { status, key } = REFUSALS[refusal];
  // No root data (an action's error: React Router skips the boundary's loader): the error
  // view's own texts in the reader's language come with the refusal (http-error.ts).
  const texts = context.staticHandlerContext.loaderData?.root ? undefined : errorTexts(request);
  for (const [id, error] of Object.entries(errors)) {
    if (!isRouteErrorResponse(error) || refusalKey(error.data) === key) errors[id] = new ErrorResponse(status, STATUS_TEXT[refusal], { refusal: key, texts });
  }
  context.staticHandlerContext.statusCode = status;
  headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
  return status;
}

/**
 * The same refusal for a client navigation's or a fetcher's data request (`.data`, issue 52): a
 * plain 503/507 carrying the refusal as JSON, without React Router's `X-Remix-Response` header,
 * which its client turns into an error response whose data is this body — so the error view says
 * "we can't reach our records, try again" (or "nothing was kept") in the page's language instead
 * of a generic error. React Router's encoded answer held only its sanitized "Unexpected Server
 * Error".
 */
export async function handleDataRequest(response: Response, { context }: { context: AppLoadContext }): Promise<Response> {
  const refused = context.databaseUnavailable ? "unavailable" : context.storageFull ? "storageFull" : undefined;
  if (!refused) return response;
  await response.body?.cancel();
  const { status, key } = REFUSALS[refused];
  return new Response(JSON.stringify({ refusal: key }), {
    status,
    statusText: STATUS_TEXT[refused],
    headers: { "Content-Type": "application/json; charset=utf-8", "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
  });
}

/** A 503/507 refusal a route threw itself (readForm's, for a file the full disk refused). */
function refusedAlready(context: EntryContext): keyof typeof STATUS_TEXT | undefined {
  const keys = Object.values(context.staticHandlerContext.errors ?? {}).map((error) => (isRouteErrorResponse(error) ? refusalKey(error.data) : undefined));
  return (["storageFull", "unavailable"] as const).find((kind) => keys.includes(REFUSALS[kind].key));
}

function errorTexts(request: Request): RefusalTexts {
  const { messages, contentLocale } = messagesFor(localeFromRequest(request));
  return { lang: contentLocale, messages: Object.fromEntries(Object.keys(enErrors).map((k) => [k, messages[k as keyof typeof enErrors]])) };
}

/** The whole page, rendered before its first byte is sent. */
function render(request: Request, responseStatusCode: number, routerContext: EntryContext, loadContext: AppLoadContext) {
  const nonce = loadContext.cspNonce;
  return new Promise<{ html: string; status: number }>((resolve, reject) => {
    let shellRendered = false;
    let status = responseStatusCode;
    // The whole page before the first byte, for everyone: our loaders resolve before rendering,
    // so streaming only ever held back code-split parts (a form that loads its code on demand),
    // and a part sent later is shown by a script, which a visitor without JavaScript never runs.
    const readyOption: keyof RenderToPipeableStreamOptions = "onAllReady";
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RequestIdProvider value={loadContext.requestId}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </RequestIdProvider>
      </NonceProvider>,
      {
        nonce,
        // Completed parts in place, however large the page before them: React otherwise sends a
        // part past 12.8 KB after the rest, to be moved into place by a script.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyOption]() {
          shellRendered = true;
          const headEnd = searchEngineLinks(routerContext, status);
          const page = getAppEnv().PAGE_SCRIPTS === "as-rendered" ? scriptsAsRendered(headEnd) : scriptsAfterFirstPaint(headEnd);
          text(page).then(
            (html) => {
              clearTimeout(timeoutId);
              resolve({ html, status });
            },
            (error: unknown) => {
              clearTimeout(timeoutId);
              reject(error as Error);
            },
          );
          pipe(page);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error as Error);
        },
        onError(error: unknown) {
          status = 500;
          if (shellRendered) log().error({ event: "http.error", err: error }, "error while rendering a page");
        },
      },
    );
  });
}
