import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  ServerRouter,
} from "react-router";
import { log } from "./lib/log.server";
import { NonceProvider } from "./lib/nonce";
import { RequestIdProvider } from "./lib/request-id";
import { scriptsAfterFirstPaint } from "./lib/http/page-scripts.server";
import { searchEngineLinks } from "./lib/i18n/search-engine-links.server";

export const streamTimeout = 5_000;

/**
 * React Router's default logging, minus the 4xx it answers for a request nobody can serve (no
 * route for a garbled URL, a post to a page without an action): the client's mistake, not
 * ours, so it is not logged as an error with a stack trace. Everything else still is.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // React Router's own error responses carry the Error (with its stack) they were made from.
  const cause = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  log().error({ event: "http.error", err: cause ?? error }, "error while answering a request");
};

/** React Router's default Node entry, plus the per-request CSP nonce for inline scripts. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    // What a GET would say about its body, without rendering it.
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // The whole page before the first byte, for everyone: our loaders resolve before rendering,
    // so streaming only ever held back code-split parts (a form that loads its code on demand),
    // and a part sent later is shown by a script, which a visitor without JavaScript never runs.
    const readyOption: keyof RenderToPipeableStreamOptions = "onAllReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

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
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const head = searchEngineLinks(routerContext, responseStatusCode);
          const stream = createReadableStreamFromReadable(body.pipe(scriptsAfterFirstPaint(head)));
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log().error({ event: "http.error", err: error }, "error while rendering a page");
        },
      },
    );
  });
}
