import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import { negotiateLocale } from "../i18n/catalogue.server";
import { isLocale, type Locale, LOCALE_COOKIE, localeOfPath } from "../i18n/locales";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { LRUCache } from "lru-cache";
import pLimit from "p-limit";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import { getSessionUser } from "../auth/session.server";
import { isPersonalPath } from "./cache-policy.server";
import { requestOrigin } from "./edge.server";
import { canFill, createTemplateStore, fillTemplate, makeTemplate, onlySessionCookies, type SignedInTemplate, shapeOf } from "./signed-in-pages.server";
import { allowByHash, inlineScriptSources } from "./inline-scripts.server";
import { createRenderedPages, filled, type RenderedPageLookup } from "./rendered-pages.server";
import { leafModule, rememberedByPath } from "./route-tree.server";
import { countPageStore } from "../metrics.server";

/**
 * React Router behind Express (what @react-router/express does), plus a short-lived cache of
 * the pages anonymous visitors get (docs/decisions/0010-page-cache.md, ADR 23).
 *
 * Safe by construction: only a GET that carries no cookie at all, or only the language picker's
 * `lang` cookie — no session, no flash, no draft, nothing that can make a page someone's — on a
 * path that is not personal, and only a 200 that sets no cookie, is stored or served from the
 * store. Such a page is the same for
 * every anonymous visitor of that URL in that language, so nothing one person sees can reach
 * another. Any write (a non-GET request) through this process empties the store. An entry is
 * fresh for `ttlSeconds`; for as long again it is still served, once per request, while one
 * render replaces it in the background (so no visitor waits for that render: it was the p99 of
 * a busy page); after that it is gone. Another process's writes show within `ttlSeconds` plus
 * one render.
 *
 * A stored page is sent as stored, byte for byte (ADR 23): compressed once when it is stored
 * (Brotli and gzip, chosen by the request's Accept-Encoding), with an ETag that a repeat visit
 * turns into a 304. So its inline scripts are allowed by their hashes in the response's
 * Content-Security-Policy, not by a per-response nonce (which would change the bytes).
 */
export type PageCacheOptions = { ttlSeconds: number; maxBytes?: number };

type Entry = {
  status: number;
  headers: [string, string][];
  /** The page, and the same bytes compressed: each made once, when the page is stored. */
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  /** CSP sources allowing the page's inline scripts: `'sha256-…'`, one per script. */
  scriptSources: string;
  storedAt: number;
  /**
   * Every header its first whole answer had (React Router's, the security headers, the cache
   * policy), but those that differ per response: set by that answer, replayed by `serveStored`.
   */
  replay?: [string, string | number | string[]][];
};

/** Page renders at once (see `render`): measured against 1, 4, 8 and unlimited, on both databases. */
const RENDERS_AT_ONCE = 2;

/** Whether a path (or its `.data` twin) is a page of the app, not a resource route (a file, a download); any unknown path is (the Not Found page). */
export const isPage = rememberedByPath((build: ServerBuild, pathname: string) => leafModule(build, pathname)?.default != null);

/** Headers of a stored page's answer that belong to one response, not to the page. */
const PER_RESPONSE = new Set(["date", "x-request-id", "content-length", "content-encoding", "connection", "keep-alive", "transfer-encoding"]);

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
          sizeCalculation: (entry) => entry.body.length + entry.gzip.length + entry.br.length + 512,
          // Fresh for ttlSeconds (see `fresh`), then served stale while it is rendered again.
          ttl: cacheOptions.ttlSeconds * 2000,
        })
      : undefined;
  const fresh = (entry: Entry) => Date.now() - entry.storedAt < cacheOptions.ttlSeconds * 1000;
  // One render per URL at a time: when an entry expires under load, the visitors asking for
  // it meanwhile wait for that render instead of each starting their own.
  const pending = new Map<string, Promise<Entry | undefined>>();

  /**
   * A stored page answered before the rest of the middleware (server/main.ts), with the headers
   * its first whole answer had: what helmet, the cache policy and compression decide depends
   * only on what the store's key holds (the URL, the language, no cookie but `lang`), so the
   * answer is the same as theirs, without their per-request work (~40 % of a stored page's CPU,
   * ADR 23). Only a fresh entry that has had a whole answer; anything else goes the whole way.
   */
  const serveStored = (req: ExpressRequest, res: ExpressResponse): boolean => {
    if (!store || req.method !== "GET") return false;
    const key = cacheKey(req);
    const hit = key === undefined ? undefined : store.get(key);
    if (!hit?.replay || !fresh(hit)) return false;
    countPageStore("hit");
    res.statusCode = hit.status;
    for (const [name, value] of hit.replay) res.setHeader(name, value);
    writeEntry(req, res, hit);
    return true;
  };

  // Pages are rendered two at a time, the rest wait their turn in order of arrival (ADR 23). A
  // render is the event loop's CPU almost throughout: fifty at once share it in slices, so each
  // takes as long as all of them, and the unluckiest waited 2–3 s at the p99 for a p50 of
  // 0.4 s (/account, 50 connections). Two keep a database round trip of one filled with the
  // other's work (PostgreSQL: no fewer pages a second). Only page renders queue: files,
  // downloads and form posts (an upload's images take a while off the thread) do not.
  //
  // Each starts in an event-loop turn of its own. A render on SQLite (or a kept page) runs from
  // start to finish in microtasks, and the next one in the queue starts in the same microtasks:
  // without a turn between them the queue drains in one go, and Node accepts one new connection
  // per turn. Under load a new visitor then waited for one turn per connection ahead of theirs:
  // autocannon's 50 connections were accepted over ~3 s, the first request of the last ones
  // answered 2–3 s late (p99 0.7–1.4 s for a p50 of 75 ms; the same with a bare node:http server
  // doing 2 ms of work per request, and gone once each request had its own turn).
  const limit = pLimit(RENDERS_AT_ONCE);
  const renders = <T>(render: () => Promise<T>) => limit(() => new Promise<void>((turn) => setImmediate(turn)).then(render));
  // Pages rendered again only when their data changed (rendered-pages.server.ts); off with the store.
  const renderedPages = cacheOptions.ttlSeconds > 0 ? createRenderedPages({ maxBytes: cacheOptions.maxBytes }) : undefined;
  const render = async (req: ExpressRequest, res: ExpressResponse, context: AppLoadContext) => {
    const page = (req.method === "GET" || req.method === "HEAD") && isPage(build, req.path);
    const rendering = async () => {
      // Gone while it waited: nobody to render for.
      if (res.destroyed) return;
      const lookup: RenderedPageLookup | undefined = page && renderedPages ? { pages: renderedPages } : undefined;
      const response = await handle(toFetchRequest(req, res), lookup ? { ...context, renderedPages: lookup } : context);
      if (res.destroyed || res.writableEnded) return void (await response.body?.cancel());
      if (lookup?.found) {
        writeHead(res, response);
        const csp = res.getHeader("Content-Security-Policy");
        if (typeof csp === "string" && context.cspNonce) res.setHeader("Content-Security-Policy", allowByHash(csp, context.cspNonce, lookup.found.scriptSources));
        const { whole } = lookup.found;
        if (whole) {
          res.vary("Accept-Encoding");
          writeEncoded(req, res, whole);
        } else await sendWhole(req, res, filled(lookup.found));
        return;
      }
      // A page is rendered whole before its first byte (entry.server.tsx): sent whole too.
      if (page && req.method === "GET" && response.body && response.headers.get("content-type")?.startsWith("text/html")) {
        const body = Buffer.from(await response.arrayBuffer());
        if (res.destroyed || res.writableEnded) return;
        writeHead(res, response);
        await sendWhole(req, res, body);
        return;
      }
      await send(res, response);
    };
    return page ? renders(rendering) : rendering();
  };

  // Signed-in visitors' pages, made once with holes for who is looking (signed-in-pages.server.ts).
  const templates = cacheOptions.ttlSeconds > 0 ? createTemplateStore(cacheOptions.ttlSeconds, cacheOptions.maxBytes) : undefined;
  const making = new Map<string, Promise<SignedInTemplate | null>>();
  /** Answers a signed-in visitor from a page made for anyone, if the page can be; false if it must be rendered for them. */
  const fromTemplate = async (req: ExpressRequest, res: ExpressResponse, context: AppLoadContext): Promise<boolean> => {
    if (!templates || !context.cspNonce || req.method !== "GET" || req.headers.authorization !== undefined) return false;
    // A reload the browser makes whole (Cache-Control: no-cache) is rendered whole too.
    if (/no-cache/i.test(req.get("cache-control") ?? "") || !onlySessionCookies(req)) return false;
    if (req.path.endsWith(".data") || isPersonalPath(req.path) || !isPage(build, req.path)) return false;
    const request = toFetchRequest(req, res);
    const user = await getSessionUser(request);
    if (!user || !canFill(user)) return false;
    // The anonymous page store's key for the same page and language, and what shapes the visitor's page.
    const lang = languageCookieOf(req.headers.cookie);
    const page = cacheKey({ method: "GET", path: req.path, originalUrl: req.originalUrl, headers: { "accept-language": req.headers["accept-language"], cookie: lang } });
    if (page === undefined) return false;
    const key = `${page}\n${shapeOf(user)}`;
    const make = () => {
      let made = making.get(key);
      if (made) return made;
      // The page as anyone with this language asks for it: no session, the language picker's choice if any.
      const headers = new Headers({ accept: req.get("accept") ?? "text/html" });
      if (req.headers["accept-language"]) headers.set("accept-language", req.get("accept-language")!);
      if (lang) headers.set("cookie", lang);
      made = renders(() =>
        makeTemplate(user, (standInUser, cspNonce) => handle(new Request(request.url, { headers }), { ...context, standInUser, cspNonce })),
      ).then((t) => t ?? null);
      making.set(key, made);
      void made.then(
        (t) => {
          making.delete(key);
          templates.set(key, { template: t, madeAt: Date.now() });
        },
        () => making.delete(key),
      );
      return made;
    };
    // As the page store: fresh for ttlSeconds, then still used while it is made again in the background.
    const kept = templates.get(key);
    if (kept && Date.now() - kept.madeAt >= cacheOptions.ttlSeconds * 1000) void make().catch(() => undefined);
    const template = kept ? kept.template : await make().catch(() => null);
    if (!template || res.destroyed) return false;
    res.status(template.status);
    for (const [name, value] of template.headers) res.append(name, value);
    await sendWhole(req, res, fillTemplate(template, user, context.cspNonce));
    return true;
  };

  const handler = async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      if (req.method !== "GET" && req.method !== "HEAD") {
        store?.clear();
        templates?.clear();
        res.on("finish", () => {
          store?.clear();
          templates?.clear();
        });
      }
      const context = getLoadContext(req, res);
      const key = store && cacheKey(req);
      if (!store || key === undefined) {
        if (await fromTemplate(req, res, context)) return;
        await render(req, res, context);
        return;
      }
      const fill = (request: Request) => {
        const filling = handle(request, context).then(keep);
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
        return sendEntry(req, res, hit, context.cspNonce);
      }

      let filling = pending.get(key);
      if (!filling) {
        filling = fill(toFetchRequest(req, res));
        const entry = await filling;
        if (entry) return sendEntry(req, res, entry, context.cspNonce);
        // Not storable (not a 200, or it sets a cookie): its body went with it; render again.
      } else {
        const entry = await filling.catch(() => undefined);
        if (entry) return sendEntry(req, res, entry, context.cspNonce);
      }
      await render(req, res, context);
    } catch (error) {
      next(error);
    }
  };
  return Object.assign(handler, { serveStored });
}

type RequestLine = { method: string; path: string; originalUrl: string; headers: Record<string, string | string[] | undefined> };

/** The key of a storable request, or undefined when the request may be someone's. */
export function cacheKey({ method, path, originalUrl, headers }: RequestLine): string | undefined {
  if (method !== "GET" || headers.authorization !== undefined) return undefined;
  if (isPersonalPath(path)) return undefined;
  // No cookie, or only the language picker's choice (ADR 23): any other cookie (a session, a
  // flash message, a draft, one we do not know) may make the page someone's, so it is rendered.
  const cookie = headers.cookie;
  const chosen = cookie === undefined ? undefined : languageChoiceOnly(Array.isArray(cookie) ? cookie.join(";") : cookie);
  if (chosen === null) return undefined;
  if (chosen) return `${originalUrl}\n${chosen}\nchosen`;
  // Without a cookie the page's language comes from Accept-Language: the language it picks is
  // part of the key (not the raw header, which has countless spellings of the same choice).
  const accept = headers["accept-language"];
  return `${originalUrl}\n${negotiateLocale(Array.isArray(accept) ? accept.join(",") : (accept ?? null))}`;
}

/** The language picker's cookie of a Cookie header (`lang=…`), if it has one. */
function languageCookieOf(cookie: string | undefined): string | undefined {
  return cookie
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${LOCALE_COOKIE}=`));
}

/** The locale of a Cookie header that is exactly one `lang=<one of our locales>`, else null. */
function languageChoiceOnly(cookie: string): Locale | null {
  const [pair, ...rest] = cookie.split(";").filter((part) => part.trim() !== "");
  if (!pair || rest.length > 0) return null;
  const eq = pair.indexOf("=");
  if (eq < 0 || pair.slice(0, eq).trim() !== LOCALE_COOKIE) return null;
  let value: string;
  try {
    value = decodeURIComponent(pair.slice(eq + 1).trim());
  } catch {
    return null;
  }
  return isLocale(value) ? value : null;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

async function keep(response: Response): Promise<Entry | undefined> {
  if (response.status !== 200 || response.headers.has("set-cookie") || response.headers.has("cache-control")) {
    await response.body?.cancel();
    return undefined;
  }
  const html = await response.text();
  const body = Buffer.from(html);
  // On libuv's threads, not the event loop's. Brotli 6 and gzip 9 measured on our pages
  // (ADR 23): 11 saves ~10 % more but costs ~60× the CPU, paid again every few seconds per
  // page and language while a page is asked for.
  const [gz, br] = await Promise.all([
    gzipAsync(body, { level: 9 }),
    brotliAsync(body, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  ]);
  const headers = [...response.headers.entries()].filter(([name]) => name !== "content-length" && name !== "content-encoding");
  return {
    status: response.status,
    headers,
    body,
    gzip: gz,
    br,
    etag: `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    scriptSources: inlineScriptSources(html),
    storedAt: Date.now(),
  };
}

function sendEntry(req: ExpressRequest, res: ExpressResponse, entry: Entry, nonce: string | undefined) {
  res.status(entry.status);
  for (const [name, value] of entry.headers) res.append(name, value);
  // This response's nonce allows nothing in these bytes: their scripts are allowed by hash.
  const csp = res.getHeader("Content-Security-Policy");
  if (typeof csp === "string" && nonce) {
    res.setHeader("Content-Security-Policy", allowByHash(csp, nonce, entry.scriptSources));
  }
  res.setHeader("ETag", entry.etag);
  res.vary("Accept-Encoding");
  if (!entry.replay && entry.status === 200) {
    res.once("finish", () => {
      if (res.statusCode !== 200 || entry.replay) return;
      entry.replay = Object.entries(res.getHeaders())
        .filter(([name, value]) => value !== undefined && !PER_RESPONSE.has(name))
        .map(([name, value]) => [name, value as string | number | string[]]);
    });
  }
  writeEntry(req, res, entry);
}

/** The stored bytes the request accepts, or a 304 for a repeat visit; its headers are set. */
function writeEntry(req: ExpressRequest, res: ExpressResponse, entry: Entry) {
  // A repeat visit whose copy is still this page (If-None-Match): 304, no body.
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  writeEncoded(req, res, entry);
}

/** The bytes of a page made in each encoding, as the request accepts them. */
function writeEncoded(req: ExpressRequest, res: ExpressResponse, entry: { body: Buffer; br: Buffer; gzip: Buffer }) {
  // Brotli whenever it is acceptable (browsers list gzip first, all at q=1), else gzip.
  const encoding = req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : undefined;
  const body = encoding ? entry[encoding] : entry.body;
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

/**
 * A page made for this response alone, compressed in one go on libuv's threads (compression()
 * would stream it through the event loop). Brotli at quality 2 with a 256 KB window (a page is
 * smaller) cost a third of compression()'s quality 4 with its 4 MB window, for ~6 % more bytes
 * (gzip 4 instead of 6: ~2 %); /homes signed in went 120 → 476 req/s.
 */
async function sendWhole(req: ExpressRequest, res: ExpressResponse, body: Buffer) {
  res.vary("Accept-Encoding");
  const encoding = req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : undefined;
  const sent =
    encoding === "br"
      ? await brotliAsync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2, [zlibConstants.BROTLI_PARAM_LGWIN]: 18, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : encoding === "gzip"
        ? await gzipAsync(body, { level: 4 })
        : body;
  if (res.destroyed || res.writableEnded) return;
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", sent.length);
  res.end(sent);
}

// What follows is @react-router/express's conversion, unchanged in behaviour.

/** `detached`: the render outlives this response (a page store refresh), so it is not aborted when the response ends. */
function toFetchRequest(req: ExpressRequest, res: ExpressResponse, { detached = false } = {}): Request {
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

function writeHead(res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
}

async function send(res: ExpressResponse, response: Response) {
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
