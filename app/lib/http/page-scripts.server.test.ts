import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { afterFirstPaint, rewritePage, scriptsAfterFirstPaint } from "./page-scripts.server";

// React Router 7's <Scripts> output, shortened: preloads in the head, the bootstrap in the body.
const bootstrap =
  ';\nimport * as route0 from "/assets/root-A.js";\nimport * as route1 from "/assets/detail-B.js";\n' +
  '  window.__reactRouterManifest = {\n  "entry": { "module": "/assets/entry.client-E.js", "imports": ["/assets/framework-F.js"] }\n};\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"routes/services/detail":route1};\n\nimport("/assets/entry.client-E.js");';
const preloads = ["/assets/entry.client-E.js", "/assets/framework-F.js", "/assets/root-A.js", "/assets/shell-S.js", "/assets/detail-B.js"];
const page =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>Café « Été »</title>' +
  preloads.map((href) => `<link rel="modulepreload" href="${href}" nonce="n"/>`).join("") +
  '<link rel="stylesheet" href="/assets/root.css"/></head>' +
  '<body><p>Écrivez <code>&lt;script type="module"&gt;</code> — ✓</p>' +
  '<script nonce="n">window.__reactRouterContext = {};</script>' +
  `<script nonce="n" type="module" async="">${bootstrap}</script>` +
  '<script nonce="n">window.__reactRouterContext.streamController.enqueue("[\\u003cp\\u003e]");</script></body></html>';

/** The page through the transform, cut into chunks of `size` bytes (some inside a UTF-8 character). */
const through = (html: string, size: number) => {
  const bytes = Buffer.from(html, "utf8");
  const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
  return text(Readable.from(chunks).pipe(scriptsAfterFirstPaint()));
};

const moduleScript = (html: string) => html.match(/<script nonce="n" type="module" async="">([\s\S]*?)<\/script>/)![1]!;

/**
 * Runs a rewritten bootstrap the way a browser would, with the browser's parts it uses written
 * down: frames and timers run when the test says, imports are recorded and resolve at once.
 */
function run(script: string, visibilityState: "visible" | "hidden") {
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const imported: string[] = [];
  const window: Record<string, unknown> = {};
  const load = (url: string) => {
    imported.push(url);
    return Promise.resolve({ url });
  };
  new Function("document", "requestAnimationFrame", "setTimeout", "window", "__import", script.replace(/\bimport\(/g, "__import("))(
    { visibilityState },
    (f: () => void) => frames.push(f),
    (f: () => void) => timers.push(f),
    window,
    load,
  );
  return { frames, timers, imported, window };
}

describe("scriptsAfterFirstPaint", () => {
  it.each([1, 2, 3, 7, 64, 4096])("takes the preloads out of the head and defers the bootstrap, in chunks of %i bytes", async (size) => {
    const out = await through(page, size);
    expect(out).toBe(rewritePage(page));
    const [head, body] = out.split("</head>");
    expect(head).not.toContain("modulepreload");
    expect(head).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    // Everything else (text, other scripts, the nonce) is as rendered.
    expect(body!.replace(moduleScript(out), "")).toBe(page.split("</head>")[1]!.replace(bootstrap, ""));
  });

  it("imports every module of the page after a painted frame, then registers the routes and imports the entry last", async () => {
    const browser = run(moduleScript(rewritePage(page)), "visible");
    expect(browser.imported).toEqual([]);
    browser.frames.shift()!();
    expect(browser.imported, "not inside the frame either: after it").toEqual([]);
    browser.timers.shift()!();
    expect(browser.imported).toEqual(["/assets/root-A.js", "/assets/detail-B.js", "/assets/framework-F.js", "/assets/shell-S.js"]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(browser.window.__reactRouterRouteModules).toEqual({
      root: { url: "/assets/root-A.js" },
      "routes/services/detail": { url: "/assets/detail-B.js" },
    });
    expect(browser.window.__reactRouterManifest).toMatchObject({ entry: { module: "/assets/entry.client-E.js" } });
    expect(browser.imported.at(-1)).toBe("/assets/entry.client-E.js");
  });

  it("starts at once in a hidden tab, which paints no frame", () => {
    const browser = run(moduleScript(rewritePage(page)), "hidden");
    expect(browser.frames).toEqual([]);
    expect(browser.imported).toContain("/assets/root-A.js");
  });

  it("leaves an unfamiliar bootstrap alone, with the preloads at low priority", () => {
    const other = page.replace('import * as route1 from "/assets/detail-B.js";', 'import { x as route1 } from "/assets/detail-B.js";');
    expect(afterFirstPaint(moduleScript(other), preloads)).toBeNull();
    expect(rewritePage(other)).toBe(other.replaceAll('<link rel="modulepreload" href=', '<link rel="modulepreload" fetchpriority="low" href='));
    const withoutEntry = page.replace('import("/assets/entry.client-E.js");', "");
    expect(rewritePage(withoutEntry)).toContain('<link rel="modulepreload" fetchpriority="low"');
  });

  it("passes a document without a head through unchanged", async () => {
    const html = "<p>no head ✓</p>";
    expect(await through(html, 3)).toBe(html);
  });
});
