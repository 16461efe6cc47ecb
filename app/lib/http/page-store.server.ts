import { createHash } from "node:crypto";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { LRUCache } from "lru-cache";
import { negotiateLocale } from "../i18n/catalogue.server";
import { isLocale, type Locale, LOCALE_COOKIE } from "../i18n/locales";
import { countPageStore } from "../metrics.server";
import { isPersonalPath } from "./cache-policy.server";
import { compressToKeep, type Encoded, writeEncoded } from "./compression.server";
import { toFetchRequest } from "./express-adapter.server";
import { allowByHash, inlineScriptSources } from "./inline-scripts.server";

/**
 * The page store: a short-lived cache of the pages anonymous visitors get (a micro-cache,
 * docs/decisions/0010-page-cache.md, ADR 23).
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
/** `stores`: which of the three stores run (all when left out; env PAGE_STORES). */
export type PageCacheOptions = { ttlSeconds: number; maxBytes?: number; stores?: readonly ("anonymous" | "signed-in" | "kept")[] };

/** The page, and the same bytes compressed (`Encoded`): each made once, when the page is stored. */
type Entry = Encoded & {
  status: number;
  headers: [string, string][];
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

/** Headers of a stored page's answer that belong to one response, not to the page. */
const PER_RESPONSE = new Set(["date", "x-request-id", "content-length", "content-encoding", "connection", "keep-alive", "transfer-encoding"]);

/** The page store, or undefined when it is off (`ttlSeconds` 0). */
export function createPageStore({ ttlSeconds, maxBytes }: PageCacheOptions) {
  if (ttlSeconds <= 0) return undefined;
  const store = new LRUCache<string, Entry>({
    maxSize: maxBytes ?? 32 * 1024 * 1024,
    sizeCalculation: (entry) => entry.body.length + entry.gzip.length + entry.br.length + 512,
    // Fresh for ttlSeconds (see `fresh`), then served stale while it is rendered again.
    ttl: ttlSeconds * 2000,
  });
  const fresh = (entry: Entry) => Date.now() - entry.storedAt < ttlSeconds * 1000;
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
    if (req.method !== "GET") return false;
    const key = cacheKey(req);
    const hit = key === undefined ? undefined : store.get(key);
    if (!hit?.replay || !fresh(hit)) return false;
    countPageStore("hit");
    res.statusCode = hit.status;
    for (const [name, value] of hit.replay) res.setHeader(name, value);
    writeEntry(req, res, hit);
    return true;
  };

  /**
   * Answers the request of `key` (its `cacheKey`) from the store, rendering it with `render`
   * and keeping the answer when the store has none; false when the answer may not be kept (not
   * a 200, or it sets a cookie: its body went with it), so the caller renders it again.
   */
  const answer = async (
    req: ExpressRequest,
    res: ExpressResponse,
    key: string,
    render: (request: Request) => Promise<Response>,
    nonce: string | undefined,
  ): Promise<boolean> => {
    const fill = (request: Request) => {
      const filling = render(request).then(keep);
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
      sendEntry(req, res, hit, nonce);
      return true;
    }

    // A render of this page already under way (another visitor's): wait for it, do not start another.
    const filling = pending.get(key);
    const entry = filling ? await filling.catch(() => undefined) : await fill(toFetchRequest(req, res));
    // Not storable (not a 200, or it sets a cookie): its body went with it; render again.
    if (!entry) return false;
    sendEntry(req, res, entry, nonce);
    return true;
  };

  return { serveStored, answer, clear: () => store.clear() };
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
export function languageCookieOf(cookie: string | undefined): string | undefined {
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

async function keep(response: Response): Promise<Entry | undefined> {
  if (response.status !== 200 || response.headers.has("set-cookie") || response.headers.has("cache-control")) {
    await response.body?.cancel();
    return undefined;
  }
  const html = await response.text();
  const body = Buffer.from(html);
  const headers = [...response.headers.entries()].filter(([name]) => name !== "content-length" && name !== "content-encoding");
  return {
    status: response.status,
    headers,
    ...(await compressToKeep(body)),
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
