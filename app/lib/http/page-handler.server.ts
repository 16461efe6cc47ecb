import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { AppLoadContext, ServerBuild } from "react-router";
import { getSessionUser } from "../auth/session.server";
import { isPersonalPath } from "./cache-policy.server";
import { sendWhole, writeEncoded } from "./compression.server";
import { createLanguageHandlers, send, toFetchRequest, writeHead } from "./express-adapter.server";
import { allowByHash } from "./inline-scripts.server";
import { cacheKey, createPageStore, languageCookieOf, type PageCacheOptions } from "./page-store.server";
import { createRenderQueue } from "./render-queue.server";
import { createRenderedPages, filled, type RenderedPageLookup } from "./rendered-pages.server";
import { leafModule, rememberedByPath } from "./route-tree.server";
import { canFill, createTemplateStore, fillTemplate, makeTemplate, onlySessionCookies, type SignedInTemplate, shapeOf } from "./signed-in-pages.server";

/*
 * Every page request's way through the app: React Router behind Express
 * (express-adapter.server.ts), answered by the first that can of
 * - the page store, anonymous visitors' pages (page-store.server.ts, ADR 10, 23);
 * - signed-in visitors' pages made once for anyone (signed-in-pages.server.ts, ADR 23);
 * - a render, in the render queue (render-queue.server.ts), which may find the page kept
 *   (rendered-pages.server.ts, ADR 23) —
 * and sent whole and compressed (compression.server.ts). docs/pages.md says what a page must do
 * about the stores.
 */

/** Whether a path (or its `.data` twin) is a page of the app, not a resource route (a file, a download); any unknown path is (the Not Found page). */
export const isPage = rememberedByPath((build: ServerBuild, pathname: string) => leafModule(build, pathname)?.default != null);

export function createPageHandler({
  build,
  getLoadContext,
  cache: cacheOptions,
}: {
  build: ServerBuild;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  cache: PageCacheOptions;
}) {
  const handle = createLanguageHandlers(build);
  const runs = (name: "anonymous" | "signed-in" | "kept") => cacheOptions.ttlSeconds > 0 && (cacheOptions.stores?.includes(name) ?? true);
  const store = runs("anonymous") ? createPageStore(cacheOptions) : undefined;
  const renders = createRenderQueue();
  // Pages rendered again only when their data changed (rendered-pages.server.ts); off with the store.
  const renderedPages = runs("kept") ? createRenderedPages({ maxBytes: cacheOptions.maxBytes }) : undefined;
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
    // Only page renders queue (render-queue.server.ts says why).
    return page ? renders(rendering) : rendering();
  };

  // Signed-in visitors' pages, made once with holes for who is looking (signed-in-pages.server.ts).
  const templates = runs("signed-in") ? createTemplateStore(cacheOptions.ttlSeconds, cacheOptions.maxBytes) : undefined;
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
      } else if (await store.answer(req, res, key, (request) => handle(request, context), context.cspNonce)) return;
      await render(req, res, context);
    } catch (error) {
      next(error);
    }
  };
  return Object.assign(handler, { serveStored: (req: ExpressRequest, res: ExpressResponse) => store?.serveStored(req, res) ?? false });
}
