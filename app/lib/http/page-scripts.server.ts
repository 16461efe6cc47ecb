import { Transform, type TransformCallback } from "node:stream";

const HEAD_END = "</head>";
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?\bhref="([^"]+)"[^>]*>/g;
/** React Router's bootstrap: the body's first inline module script (content is escaped: the first real one). */
const BOOTSTRAP = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
/** `import * as route0 from "/assets/…";` or `import "/assets/…";`, one per line, as <Scripts> writes them. */
const STATIC_IMPORT = /^[ \t;]*import\s+(?:\*\s+as\s+([\w$]+)\s+from\s+)?("[^"\n]+");?[ \t]*$/gm;
/** Any static import left after those: a form this rewrite does not know. */
const OTHER_STATIC_IMPORT = /(?:^|[;\n])\s*import\s*[\w$*{"'`]/;
/** The client entry, imported last, once the route modules are registered. */
const ENTRY_IMPORT = /\bimport\(("[^"\n]+")\);?\s*$/;

/**
 * The page paints before its JavaScript is fetched (ADR 19). React Router's
 * <Scripts> puts a `modulepreload` for every module of the page in the head and, at the end of
 * the body, a module script that imports the route modules, registers them, then imports the
 * client entry. So ~105 KB of scripts download beside the stylesheet and the first pictures,
 * and Lighthouse counts them all in the largest paint (LCP 2.0–2.3 s on the pages whose largest
 * element is a picture). Every page is complete and usable as HTML (links are links, forms post
 * without JavaScript: ADR 17): the scripts are only needed for hydration.
 *
 * So the head loses its preloads and the bootstrap waits until a frame has been painted, then
 * imports every module the preloads named at once (no waterfall; the route modules bound to the
 * names the rest of the script uses) and runs the rest of React Router's script unchanged:
 * register, then import the entry. Dynamic imports, not preload links added by script: Chromium
 * spent 33–71 ms of main thread inserting 15 such links (Lighthouse's 4× slowdown), import() ~0.
 * A hidden tab paints no frame, so it starts at once.
 *
 * React Router has no option for this, hence a rewrite of the HTML it renders. Should its
 * bootstrap take a form this code does not recognise, the page goes out as rendered with its
 * preloads at low priority (the earlier behaviour): slower to paint, never broken.
 *
 * Pages are rendered whole before their first byte (entry.server.tsx: onAllReady), so the
 * document is gathered and rewritten in one piece; as bytes until then, because a chunk may end
 * inside a UTF-8 character.
 */
export function scriptsAfterFirstPaint(headEnd = ""): Transform {
  return wholePage((html) => rewritePage(html, headEnd));
}

/**
 * The page as React Router renders it, `headEnd` added: what the rewrite is measured against
 * (env PAGE_SCRIPTS=as-rendered; issue 48 item 4).
 */
export function scriptsAsRendered(headEnd = ""): Transform {
  return wholePage((html) => {
    const at = html.indexOf(HEAD_END);
    return at < 0 ? html : html.slice(0, at) + headEnd + html.slice(at);
  });
}

/** The rendered document gathered as bytes (a chunk may end inside a UTF-8 character), rewritten once. */
function wholePage(rewrite: (html: string) => string): Transform {
  const pending: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending.push(chunk);
      callback();
    },
    flush(callback: TransformCallback) {
      callback(null, Buffer.from(rewrite(Buffer.concat(pending).toString("utf8")), "utf8"));
    },
  });
}

/**
 * The page with its scripts fetched after the first paint, or with low-priority preloads if its
 * bootstrap is unfamiliar; `extraHead` (markup the server alone decides, e.g. search-engine links)
 * goes at the end of the head.
 */
export function rewritePage(html: string, extraHead = ""): string {
  const headEnd = html.indexOf(HEAD_END);
  if (headEnd < 0) return html;
  const head = html.slice(0, headEnd) + extraHead;
  const body = html.slice(headEnd);
  const bootstrap = body.match(BOOTSTRAP);
  const deferred = bootstrap
    ? afterFirstPaint(bootstrap[2]!, [...head.matchAll(MODULE_PRELOAD)].map((m) => m[1]!))
    : null;
  if (!bootstrap || deferred === null) {
    return (
      head.replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"') +
      body
    );
  }
  return head.replace(MODULE_PRELOAD, "") + body.replace(BOOTSTRAP, () => `${bootstrap[1]}${deferred}${bootstrap[3]}`);
}

/**
 * React Router's bootstrap, run after the first frame: its static imports become dynamic ones
 * bound to the same names, joined by the other modules its preloads named (all but the entry),
 * and the rest runs unchanged once they are in. Null for a script of another form.
 */
export function afterFirstPaint(script: string, preloads: string[]): string | null {
  const imports: { name: string | undefined; specifier: string }[] = [];
  const rest = script.replace(STATIC_IMPORT, (_line, name: string | undefined, specifier: string) => {
    imports.push({ name, specifier });
    return "";
  });
  const entry = rest.match(ENTRY_IMPORT)?.[1];
  if (imports.length === 0 || !entry || OTHER_STATIC_IMPORT.test(rest)) return null;
  const named = new Set([entry, ...imports.map((i) => i.specifier)]);
  // JSON string literals: `<` escaped so that no href can end the script early.
  const others = preloads.map((href) => JSON.stringify(href).replace(/</g, "\\u003c")).filter((s) => !named.has(s));
  const loads = [...imports.map((i) => i.specifier), ...others].map((s) => `import(${s})`).join(", ");
  const names = imports.map((i, n) => i.name ?? `_${n}`).join(", ");
  return (
    `((start) => document.visibilityState === "hidden" ? start() : requestAnimationFrame(() => setTimeout(start)))(() =>\n` +
    `Promise.all([${loads}]).then(([${names}]) => {${rest}\n}));`
  );
}
