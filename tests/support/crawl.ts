import type { HttpClient } from "./http-client";

/**
 * A small crawler over the running server: what a search engine or a link checker
 * does, with the client's cookies, so a signed-in crawl sees the account and back-office pages.
 * It follows every same-origin `<a href>` from the start pages, GETs every asset a page names
 * (stylesheets, scripts, images) once without parsing it, and keeps each HTML page's body for
 * the validators. Redirects are followed as links (the target is crawled too).
 */
export type CrawledPage = {
  /** Path and query, as linked. */
  path: string;
  status: number;
  contentType: string;
  /** The body of an HTML page ("" for anything else). */
  html: string;
  /** Same-origin paths this page links to with `<a href>` (no fragment). */
  links: string[];
  /** Same-origin assets it loads (link href, script src, img src/srcset). */
  assets: string[];
  /** Absolute URLs of other origins it links to (not fetched: the crawl runs offline). */
  external: string[];
  /** The pages that link here (or the start). */
  from: string[];
};

const unescape = (s: string) => s.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&#39;/g, "'");
const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`, "i"))?.[1];

/** What the markup links to and loads (scripts' contents aside). */
export function linksOf(html: string, base: URL) {
  const body = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, (m) => m.match(/^<script\b[^>]*>/i)![0]);
  const links: string[] = [];
  const assets: string[] = [];
  const external: string[] = [];
  const resolve = (raw: string | undefined, into: string[]) => {
    if (raw === undefined) return;
    const value = unescape(raw).trim();
    if (!value || value.startsWith("#") || /^(mailto|tel|data|javascript):/i.test(value)) return;
    const url = new URL(value, base);
    if (url.origin !== base.origin) {
      external.push(url.href);
      return;
    }
    into.push(url.pathname + url.search);
  };
  for (const [tag] of body.matchAll(/<a\b[^>]*>/gi)) resolve(attr(tag, "href"), links);
  for (const [tag] of body.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(tag, "rel") ?? "";
    // Alternates, canonical: pages, checked by the caller against the crawl.
    if (/\b(stylesheet|icon|apple-touch-icon|manifest|modulepreload|preload)\b/i.test(rel)) resolve(attr(tag, "href"), assets);
  }
  for (const [tag] of body.matchAll(/<(?:script|img|source)\b[^>]*>/gi)) {
    resolve(attr(tag, "src"), assets);
    for (const candidate of (attr(tag, "srcset") ?? "").split(",")) resolve(candidate.trim().split(/\s+/)[0], assets);
  }
  return { links: [...new Set(links)], assets: [...new Set(assets)], external: [...new Set(external)] };
}

export async function crawl(
  client: HttpClient,
  starts: string[],
  {
    /** Whether to fetch a linked path (e.g. not /auth/logout, which ends the crawl's session). */
    follow = () => true,
    /** Paths with the same key are one page, fetched once (e.g. a log-in link's `redirectTo`). */
    key = (path: string) => path,
    limit = 3000,
    concurrency = 4,
  }: { follow?: (path: string) => boolean; key?: (path: string) => string; limit?: number; concurrency?: number } = {},
): Promise<{ pages: Map<string, CrawledPage>; assets: Map<string, CrawledPage> }> {
  const pages = new Map<string, CrawledPage>();
  const assets = new Map<string, CrawledPage>();
  const queue: { path: string; from: string; asset: boolean }[] = starts.map((path) => ({ path, from: "(start)", asset: false }));
  const base = new URL(client.base);

  const visit = async ({ path, from, asset }: { path: string; from: string; asset: boolean }) => {
    const seen = (asset ? assets : pages).get(key(path));
    if (seen) {
      seen.from.push(from);
      return;
    }
    if (pages.size > limit) throw new Error(`more than ${limit} pages: a link that makes new URLs forever? (${path} from ${from})`);
    const page: CrawledPage = { path, status: 0, contentType: "", html: "", links: [], assets: [], external: [], from: [from] };
    (asset ? assets : pages).set(key(path), page);
    const res = await client.get(path);
    page.status = res.status;
    page.contentType = res.headers.get("content-type") ?? "";
    if (res.status >= 300 && res.status < 400) {
      const location = new URL(res.headers.get("location")!, new URL(path, base));
      await res.arrayBuffer();
      if (location.origin === base.origin) {
        page.links = [location.pathname + location.search];
        if (follow(page.links[0]!)) queue.push({ path: page.links[0]!, from: path, asset });
      } else page.external = [location.href];
      return;
    }
    if (asset || !page.contentType.startsWith("text/html")) {
      await res.arrayBuffer();
      return;
    }
    page.html = await res.text();
    Object.assign(page, linksOf(page.html, new URL(path, base)));
    for (const link of page.links) if (follow(link)) queue.push({ path: link, from: path, asset: false });
    for (const a of page.assets) queue.push({ path: a, from: path, asset: true });
  };

  // A few at a time: the machine is shared.
  while (queue.length > 0) await Promise.all(queue.splice(0, concurrency).map(visit));
  return { pages, assets };
}
