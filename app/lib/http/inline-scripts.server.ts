import { createHash } from "node:crypto";

/*
 * A page sent as it was kept, byte for byte (the anonymous page store, pages kept until their
 * data changes: ADR 23), carries the nonce of the response that rendered it. Its inline scripts
 * are allowed by their hashes in this response's Content-Security-Policy instead.
 */

/** `'sha256-…'` for every inline script of a page (as CSP hashes them: its text, as written). */
export function inlineScriptSources(html: string): string {
  const sources = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    sources.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...sources].join(" ");
}

/** The response's policy with its nonce (which allows nothing in kept bytes) replaced by the page's script hashes. */
export function allowByHash(csp: string, nonce: string, sources: string): string {
  return csp.replace(` 'nonce-${nonce}'`, sources ? ` ${sources}` : "");
}
