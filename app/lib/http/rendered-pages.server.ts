import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { EntryContext } from "react-router";
import { newFormToken } from "../form-token";
import { FORM_TOKEN_INPUT } from "../form-token.server";
import { compressToKeep } from "./compression.server";
import { inlineScriptSources } from "./inline-scripts.server";

/*
 * Pages rendered again only when their data changed (ADR 23). A page is React rendering its
 * routes' loader data, and hydration already requires that the same URL with the same data, as
 * the browser receives it (React Router's serialized page data), give the same HTML; only the
 * response's CSP nonce and the request forms' one-time tokens (ADR 28) are drawn anew per
 * render. So a page that only its own data makes someone's — My Account, My Bookings, the
 * operators' inbox — is kept by a key of its URL and that data (the session's user is in it:
 * two people's pages never share a key, and if they did, they would be the same page), and the
 * next request with the same data gets the kept bytes instead of a render. The loaders always
 * run, so a change made anywhere, by any process, shows at once: it changes the key.
 *
 * Kept bytes keep the nonce of the render that made them; their inline scripts are allowed by
 * hash instead (inline-scripts.server.ts), as on the anonymous page store's pages. A request
 * form's token is a hole, filled anew for each response; a page without one is compressed once.
 *
 * Kept safely or not at all: a page is used only once a second render of the same key gave the
 * same bytes but for its nonce and tokens (a page that drew something else per render — a time,
 * a random id — never is); only a GET's 200 without a cookie to set is kept, never an action's
 * answer or an error.
 */

/** A kept page: the HTML between its request forms' tokens, and the same compressed if it has none. */
export type RenderedPage = {
  parts: Buffer[];
  scriptSources: string;
  whole?: { body: Buffer; br: Buffer; gzip: Buffer };
};
type Kept = { candidate: string } | { page: RenderedPage } | { refused: true };

export type RenderedPages = ReturnType<typeof createRenderedPages>;

/** What the page handler lends one render: the kept pages, and where the render leaves the one that answers the request. */
export type RenderedPageLookup = { pages: RenderedPages; found?: RenderedPage };

/**
 * The kept pages of this process, bounded by bytes; a page not asked for in `idleSeconds` is
 * dropped (a person who left; their data has likely moved on anyway).
 */
export function createRenderedPages({ maxBytes = 32 * 1024 * 1024, idleSeconds = 600 } = {}) {
  const kept = new LRUCache<string, Kept>({
    maxSize: maxBytes,
    sizeCalculation: (k) =>
      256 +
      ("candidate" in k ? k.candidate.length * 2 : 0) +
      ("page" in k ? k.page.parts.reduce((sum, part) => sum + part.length, 0) + (k.page.whole ? k.page.whole.br.length + k.page.whole.gzip.length : 0) : 0),
    ttl: idleSeconds * 1000,
    updateAgeOnGet: true,
  });
  return {
    /** The kept page for this key, once confirmed. */
    take(key: string): RenderedPage | undefined {
      const k = kept.get(key);
      return k && "page" in k ? k.page : undefined;
    },
    /** A render of this key (`nonce`: its response's): a candidate the first time, confirmed (or refused for good) the second. */
    offer(key: string, html: string, nonce: string | undefined) {
      const k = kept.get(key);
      const normalized = withoutHoles(html, nonce);
      if (!k) kept.set(key, { candidate: normalized });
      else if ("candidate" in k) {
        if (k.candidate !== normalized) kept.set(key, { refused: true });
        else {
          const page = keep(html);
          kept.set(key, { page });
          if (page.parts.length === 1) void compressOnce(page).then(() => kept.has(key) && kept.set(key, { page }), () => undefined);
        }
      }
    },
  };
}

/**
 * The key of a page render: its URL and its page data as React Router sends it to the browser,
 * or undefined when the render may not be kept (not a GET's 200, an action's answer, an error).
 * The page data is read from a copy of React Router's stream (made before the render, whether it
 * runs or not); the render reads the other.
 */
export async function renderKey(request: Request, status: number, context: EntryContext): Promise<string | undefined> {
  const { actionData, errors } = context.staticHandlerContext;
  const stream = context.serverHandoffStream;
  if (request.method !== "GET" || status !== 200 || actionData || errors || !stream) return undefined;
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) chunks.push(chunk.value);
  // The same data again for the render, if it runs.
  context.serverHandoffStream = new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  const hash = createHash("sha256").update(request.url).update("\0");
  for (const chunk of chunks) hash.update(chunk);
  return hash.digest("base64url");
}

/** The page for one response: a new token in each request form. */
export function filled(page: RenderedPage): Buffer {
  if (page.parts.length === 1) return page.parts[0]!;
  const out: Buffer[] = [page.parts[0]!];
  for (let i = 1; i < page.parts.length; i++) out.push(Buffer.from(newFormToken()), page.parts[i]!);
  return Buffer.concat(out);
}

function keep(html: string): RenderedPage {
  const parts: Buffer[] = [];
  let from = 0;
  for (const m of html.matchAll(FORM_TOKEN_INPUT)) {
    // The token itself is the hole: the input around it is page.
    const at = m.index + m[0].lastIndexOf(m[1]!);
    parts.push(Buffer.from(html.slice(from, at)));
    from = at + m[1]!.length;
  }
  parts.push(Buffer.from(html.slice(from)));
  return { parts, scriptSources: inlineScriptSources(html) };
}

/** Made once per kept page, at the page store's levels (compression.server.ts). */
async function compressOnce(page: RenderedPage) {
  page.whole = await compressToKeep(page.parts[0]!);
}

/** The HTML without what each render draws anew: its nonce and its tokens. */
function withoutHoles(html: string, nonce: string | undefined): string {
  const tokensOut = html.replace(FORM_TOKEN_INPUT, (whole, token: string) => whole.replace(token, ""));
  // Where React writes it: an attribute (found anywhere else, it makes the renders differ: not kept).
  return nonce ? tokensOut.split(` nonce="${nonce}"`).join(" nonce") : tokensOut;
}
