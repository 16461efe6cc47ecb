import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import { negotiateLocale } from "../i18n/catalogue.server";
import { localeOfPath } from "../i18n/locales";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { LRUCache } from "lru-cache";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import { isPersonalPath } from "./cache-policy.server";
import { countPageStore } from "../metrics.server";

/**
 * React Router behind Express (what @react-router/express does), plus a short-lived cache of
 * the pages anonymous visitors get (docs/decisions/0010-page-cache.md).
 *
 * Safe by construction: only a GET that carries no cookie at all — no session, no flash, no
 * draft, nothing that can make a page someone's — on a path that is not personal, and only a
 * 200 that sets no cookie, is stored or served from the store. Such a page is the same for
 * every anonymous visitor of that URL in that language, so nothing one person sees can reach
 * another. The CSP nonce is the one per-response value in the HTML: it is swapped for the
 * current response's nonce on every hit. Any write (a non-GET request) through this process
 * empties the store. An entry is fresh for `ttlSeconds`; for as long again it is still served,
 * once per request, while one render replaces it in the background (so no visitor waits for
 * that render: it was the p99 of a busy page); after that it is gone. Another process's writes
 * show within `ttlSeconds` plus one render.
 */
export type PageCacheOptions = { ttlSeconds: number; maxBytes?: number };

type Entry = { status: number; headers: [string, string][]; body: string; nonce: string | undefined; storedAt: number };

export function createPageHandler({
  build,
  getLoadContext,
  cache: cacheOptions,
}: {
  build: ServerBuild;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  cache: PageCacheOptions;
}) {
  // One handler per language URL space (/es, /fr, /pt; English unprefixed: ADR 13): React Router
  // strips its basename before matching routes and adds it to every link and redirect, so a
  // page in /fr stays in /fr.
  const handlers = new Map<string, ReturnType<typeof createRequestHandler>>();
  const handle = (request: Request, context: AppLoadContext) => {
    const basename = localeOfPath(new URL(request.url).pathname)?.prefix ?? "";
    let handler = handlers.get(basename);
    if (!handler) {
      handler = createRequestHandler(basename ? { ...build, basename } : build, process.env.NODE_ENV);
      handlers.set(basename, handler);
    }
    return handler(request, context);
  };
  const store =
    cacheOptions.ttlSeconds > 0
      ? new LRUCache<string, Entry>({
          maxSize: cacheOptions.maxBytes ?? 32 * 1024 * 1024,
          sizeCalculation: (entry) => entry.body.length + 512,
          // Fresh for ttlSeconds (see `fresh`), then served stale while it is rendered again.
          ttl: cacheOptions.ttlSeconds * 2000,
        })
      : undefined;
  const fresh = (entry: Entry) => Date.now() - entry.storedAt < cacheOptions.ttlSeconds * 1000;
  // One render per URL at a time: when an entry expires under load, the visitors asking for
  // it meanwhile wait for that render instead of each starting their own.
  const pending = new Map<string, Promise<Entry | undefined>>();

  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      if (req.method !== "GET" && req.method !== "HEAD") {
        store?.clear();
        res.on("finish", () => store?.clear());
      }
      const context = getLoadContext(req, res);
      const key = store && cacheKey(req);
      if (!store || key === undefined) {
        await send(res, await handle(toFetchRequest(req, res), context));
        return;
      }
      const fill = (request: Request) => {
        const filling = handle(request, context).then((response) => keep(response, context.cspNonce));
        pending.set(key, filling);
        void filling.then(
          (entry) => {
            pending.delete(key);
            if (entry) store.set(key, entry);
            else store.delete(key);
          },
          () => pending.delete(key),
        );
        return filling;
      };
      const hit = store.get(key);
      countPageStore(hit ? (fresh(hit) ? "hit" : "stale") : "miss");
      if (hit) {
        // Stale: this visitor still gets it; one render, not tied to this response, replaces it.
        if (!fresh(hit) && !pending.has(key)) void fill(toFetchRequest(req, res, { detached: true })).catch(() => undefined);
        return sendEntry(res, hit, context.cspNonce);
      }

      let filling = pending.get(key);
      if (!filling) {
        filling = fill(toFetchRequest(req, res));
        const entry = await filling;
        if (entry) return sendEntry(res, entry, context.cspNonce);
        // Not storable (not a 200, or it sets a cookie): its body went with it; render again.
      } else {
        const entry = await filling.catch(() => undefined);
        if (entry) return sendEntry(res, entry, context.cspNonce);
      }
      await send(res, await handle(toFetchRequest(req, res), context));
    } catch (error) {
      next(error);
    }
  };
}

type RequestLine = { method: string; path: string; originalUrl: string; headers: Record<string, string | string[] | undefined> };

/** The key of a storable request, or undefined when the request may be someone's. */
export function cacheKey({ method, path, originalUrl, headers }: RequestLine): string | undefined {
  if (method !== "GET" || headers.cookie !== undefined || headers.authorization !== undefined) return undefined;
  if (isPersonalPath(path)) return undefined;
  // Without a cookie the page's language comes from Accept-Language: the language it picks is
  // part of the key (not the raw header, which has countless spellings of the same choice).
  const accept = headers["accept-language"];
  return `${originalUrl}\n${negotiateLocale(Array.isArray(accept) ? accept.join(",") : (accept ?? null))}`;
}

async function keep(response: Response, nonce: string | undefined): Promise<Entry | undefined> {
  if (response.status !== 200 || response.headers.has("set-cookie") || response.headers.has("cache-control")) {
    await response.body?.cancel();
    return undefined;
  }
  return { status: response.status, headers: [...response.headers.entries()], body: await response.text(), nonce, storedAt: Date.now() };
}

function sendEntry(res: ExpressResponse, entry: Entry, nonce: string | undefined) {
  res.status(entry.status);
  for (const [name, value] of entry.headers) res.append(name, value);
  res.end(entry.nonce && nonce ? entry.body.replaceAll(entry.nonce, nonce) : entry.body);
}

// What follows is @react-router/express's conversion, unchanged in behaviour.

/** `detached`: the render outlives this response (a page store refresh), so it is not aborted when the response ends. */
function toFetchRequest(req: ExpressRequest, res: ExpressResponse, { detached = false } = {}): Request {
  const [, forwardedPort] = req.app.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((p) => Number.parseInt(p ?? "", 10)).find(Number.isSafeInteger);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
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

async function send(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
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
