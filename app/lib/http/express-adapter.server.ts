import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import { localeOfPath } from "../i18n/locales";
import { requestOrigin } from "./edge.server";

/**
 * React Router behind Express: what @react-router/express does, unchanged in behaviour, in
 * pieces the page handler (page-handler.server.ts) puts between its stores.
 */
export type FetchHandler = (request: Request, context: AppLoadContext) => Promise<Response>;

/**
 * One handler per language URL space (/es, /fr, /pt; English unprefixed: ADR 13): React Router
 * strips its basename before matching routes and adds it to every link and redirect, so a page
 * in /fr stays in /fr.
 */
export function createLanguageHandlers(build: ServerBuild): FetchHandler {
  const handlers = new Map<string, ReturnType<typeof createRequestHandler>>();
  return (request, context) => {
    const basename = localeOfPath(new URL(request.url).pathname)?.prefix ?? "";
    let handler = handlers.get(basename);
    if (!handler) {
      handler = createRequestHandler(basename ? { ...build, basename } : build, process.env.NODE_ENV);
      handlers.set(basename, handler);
    }
    return handler(request, context);
  };
}

// What follows is @react-router/express's conversion, unchanged in behaviour.

/** `detached`: the render outlives this response (a page store refresh), so it is not aborted when the response ends. */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse, { detached = false } = {}): Request {
  const url = new URL(`${requestOrigin(req)}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  if (!detached) res.on("close", () => controller?.abort());
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

export function writeHead(res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
}

export async function send(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  writeHead(res, response);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
