import type { EntryContext } from "react-router";
import type { RootData } from "../root-data";
import type { MessagesHandle } from "./namespaces";
import { escapeHtml } from "../html-escape";


/**
 * A page's canonical address and its versions in each language (hreflang), for search engines
 * (ADR 13; the addresses come from page-head.server.ts through the root data). Decided here, on
 * the server, with everything in view: the answer's status (an error or a 404 names none), each
 * matched route's `handle.noindex` (a constant, or a function of its loader data: a list's later
 * pages), and the root's data. Written into the head by the HTML rewrite (page-scripts.server.ts),
 * outside React's tree: React 19 leaves extra tags in <head> alone when it hydrates, and the
 * browser's bundle carries none of this. Only crawlers read these links, and they load every
 * address afresh, so a client-side navigation need not change them.
 */
export function searchEngineLinks(context: EntryContext, status: number): string {
  const handler = context.staticHandlerContext;
  if (status !== 200 || handler.errors) return "";
  for (const match of handler.matches) {
    const noindex = (context.routeModules[match.route.id]?.handle as Partial<MessagesHandle> | undefined)?.noindex;
    if (noindex === true || (typeof noindex === "function" && noindex(handler.loaderData[match.route.id]))) return "";
  }
  const head = (handler.loaderData.root as RootData | undefined)?.head;
  if (!head) return "";
  return (
    `<link rel="canonical" href="${escapeHtml(head.canonical)}"/>` +
    head.alternates.map(([lang, href]) => `<link rel="alternate" hrefLang="${escapeHtml(lang)}" href="${escapeHtml(href)}"/>`).join("")
  );
}
