/**
 * Bundle budget (issue #11): the JavaScript a FIRST visit of each public page loads, measured
 * on the real production build as the real server renders it. For each page: the scripts the
 * server-rendered HTML names (modulepreload links, module scripts, the imports of the inline
 * hydration script), then every static import inside those files, followed through the built
 * chunks (dynamic `import()` is not followed: it is not part of a first visit). Each file is
 * gzipped with zlib's default level, as the server's `compression()` sends it. Inline scripts
 * (hydration data) are HTML, not JavaScript files: printed beside, not counted.
 *
 * Fails when a page's total or any route module is over BUNDLE_BUDGET (tests/support/speed-budget.ts),
 * except the pages issue #11 still lists in OVER_BUDGET_CEILINGS: each of those fails above its
 * own ceiling, and fails once it is within the budget until it is taken off the list.
 * Writes the figures to test-results/bundle-budget.json.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { BUNDLE_BUDGET, OTHER_PUBLIC_PAGES, OVER_BUDGET_CEILINGS, SPEED_PAGES } from "../support/speed-budget";


/** Every public page: the issue's pages, then one page per other public route (not admin, not account). */
const PAGES: [path: string, status: number][] = [
  ...[...SPEED_PAGES, ...OTHER_PUBLIC_PAGES].map((p): [string, number] => [p, 200]),
  ["/providers/no-such-provider", 404],
  ["/requests/no-such-token", 404],
  ["/email-preferences/no-such-token", 404],
  ["/no-such-page", 404],
];
/** Route modules no public page has to load: the back office, accounts, a provider's own set-up. */
const PRIVATE_ROUTE = /^routes\/(admin|account)\/|^routes\/providers\/profile-setup$/;

const root = fileURLToPath(new URL("../..", import.meta.url));
const client = path.join(root, "build/client");

type ManifestRoute = { id: string; module: string; hasDefaultExport?: boolean };
type ClientManifest = { entry: { module: string }; routes: Record<string, ManifestRoute> };
type Asset = { file: string; raw: number; gzip: number };
type Page = { path: string; files: Asset[]; routeModules: string[]; raw: number; gzip: number; inlineScriptBytes: number };

/** React Router's client manifest (build/client/assets/manifest-<hash>.js): every route and its module. */
function readClientManifest(): ClientManifest {
  const dir = path.join(client, "assets");
  const files = readdirSync(dir).filter((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (files.length !== 1) throw new Error(`Expected one manifest-*.js in ${dir}, found ${files.length}: rebuild.`);
  const text = readFileSync(path.join(dir, files[0]!), "utf8");
  return JSON.parse(text.replace(/^\s*window\.__reactRouterManifest\s*=\s*/, "").replace(/;\s*$/, ""));
}

const sizes = new Map<string, Asset>();
/** Raw and gzip bytes of a built file, by its URL path (/assets/x.js). */
function asset(urlPath: string): Asset {
  let a = sizes.get(urlPath);
  if (!a) {
    const file = path.join(client, urlPath);
    if (!file.startsWith(client + path.sep) || !existsSync(file)) throw new Error(`${urlPath} is not a file of build/client`);
    const bytes = readFileSync(file);
    a = { file: urlPath, raw: bytes.length, gzip: gzipSync(bytes).length };
    sizes.set(urlPath, a);
  }
  return a;
}

/** The static imports of a built ES module (top-level `import … from`, `import "…"`, `export … from`), parsed. */
function staticImports(urlPath: string): string[] {
  const code = readFileSync(path.join(client, urlPath), "utf8");
  const source = ts.createSourceFile(urlPath, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const spec = statement.moduleSpecifier;
    if (!spec || !ts.isStringLiteral(spec)) continue;
    if (!/^(\.{1,2})?\//.test(spec.text)) throw new Error(`${urlPath} imports "${spec.text}": a bare specifier in the client build`);
    found.push(new URL(spec.text, `http://x${urlPath}`).pathname);
  }
  return found;
}

/** What the server-rendered HTML makes the browser load as JavaScript on a first visit. */
function firstVisitScripts(html: string, origin: string): { roots: string[]; inlineScriptBytes: number } {
  const urls: string[] = [];
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    if (/\brel=["']?modulepreload\b/i.test(tag)) urls.push(tag.match(/\bhref=["']([^"']+)["']/i)?.[1] ?? "");
  }
  let inlineScriptBytes = 0;
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attrs = "", body = ""] = m;
    if (/application\/ld\+json/i.test(attrs)) continue;
    const src = attrs.match(/\bsrc=["']([^"']+)["']/i)?.[1];
    if (src) {
      urls.push(src);
      continue;
    }
    inlineScriptBytes += Buffer.byteLength(body);
    if (!/\btype=["']?module\b/i.test(attrs)) continue;
    for (const i of body.matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g)) {
      urls.push((i[1] ?? i[2])!);
    }
  }
  const roots = urls.map((u) => {
    const url = new URL(u, origin);
    if (url.origin !== origin) throw new Error(`A script from another origin: ${u}`);
    return url.pathname;
  });
  return { roots: [...new Set(roots)], inlineScriptBytes };
}

function closure(roots: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const next = queue.shift()!;
    if (seen.has(next)) continue;
    seen.add(next);
    if (next.endsWith(".js")) queue.push(...staticImports(next));
  }
  return [...seen];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pad = (s: string | number, n: number) => String(s).padStart(n);

describe("bundle budget: first-visit JavaScript of every public page (gzip)", () => {
  let database: TestDatabase;
  let server: AppServer;
  let manifest: ClientManifest;
  const pages: Page[] = [];

  beforeAll(async () => {
    manifest = readClientManifest();
    const routeModules = new Set(Object.values(manifest.routes).map((r) => r.module));
    database = await createTestDatabase("sqlite");
    server = await startAppServer({ DATABASE_URL: database.url, DATA_DIR: database.dataDir });
    for (const [pagePath, status] of PAGES) {
      const res = await fetch(`${server.url}${pagePath}`);
      if (res.status !== status) throw new Error(`${pagePath} answered ${res.status}, expected ${status}`);
      const { roots, inlineScriptBytes } = firstVisitScripts(await res.text(), server.url);
      const files = closure(roots)
        .filter((f) => f.endsWith(".js"))
        .map(asset)
        .sort((a, b) => b.gzip - a.gzip);
      pages.push({
        path: pagePath,
        files,
        routeModules: files.map((f) => f.file).filter((f) => routeModules.has(f)),
        raw: files.reduce((s, f) => s + f.raw, 0),
        gzip: files.reduce((s, f) => s + f.gzip, 0),
        inlineScriptBytes,
      });
    }
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    if (pages.length) {
      mkdirSync(path.join(root, "test-results"), { recursive: true });
      writeFileSync(
        path.join(root, "test-results/bundle-budget.json"),
        JSON.stringify({ at: new Date().toISOString(), gzip: "zlib default level", budget: BUNDLE_BUDGET, pages }, null, 2),
      );
    }
  });

  it("finds the entry and the page's route modules among what each page loads", () => {
    for (const page of pages) {
      expect(page.files.map((f) => f.file), page.path).toContain(manifest.entry.module);
      expect(page.routeModules, page.path).toContain(manifest.routes.root!.module);
      expect(page.routeModules.length, page.path).toBeGreaterThanOrEqual(2);
    }
  });

  it("measures one page of every public route", () => {
    const loaded = new Set(pages.flatMap((p) => p.routeModules));
    const missing = Object.values(manifest.routes)
      .filter((r) => r.hasDefaultExport && !PRIVATE_ROUTE.test(r.id) && !loaded.has(r.module))
      .map((r) => r.id);
    expect(missing, "public routes no page of PAGES loads: add one page for each").toEqual([]);
  });

  it(`keeps each public page's first-visit JavaScript within ${kb(BUNDLE_BUDGET.firstVisitGzipBytes)} gzip`, () => {
    const lines = [
      `First-visit JavaScript per page (gzip at zlib's default level; budget ${kb(BUNDLE_BUDGET.firstVisitGzipBytes)}; ceiling of a page still over it in brackets):`,
      `${"page".padEnd(38)} ${pad("files", 5)} ${pad("raw", 10)} ${pad("gzip", 10)} ${pad("inline <script>", 16)}  largest`,
      ...pages.map(
        (p) =>
          `${(p.gzip > BUNDLE_BUDGET.firstVisitGzipBytes ? "✖ " : "  ") + `${p.path}${p.path in OVER_BUDGET_CEILINGS ? ` [${kb(OVER_BUDGET_CEILINGS[p.path]!)}]` : ""}`.padEnd(36)} ${pad(p.files.length, 5)} ${pad(kb(p.raw), 10)} ${pad(kb(p.gzip), 10)} ${pad(kb(p.inlineScriptBytes), 16)}  ${p.files
            .slice(0, 3)
            .map((f) => `${f.file.replace("/assets/", "")} ${kb(f.gzip)}`)
            .join(", ")}`,
      ),
      "",
      "Largest files loaded on first visits (gzip, pages that load them):",
      ...[...new Set(pages.flatMap((p) => p.files))]
        .sort((a, b) => b.gzip - a.gzip)
        .slice(0, 15)
        .map((f) => {
          const n = pages.filter((p) => p.files.includes(f)).length;
          return `  ${f.file.replace("/assets/", "").padEnd(40)} ${pad(kb(f.gzip), 10)} ${pad(kb(f.raw), 10)} raw  ${n === pages.length ? "every page" : `${n} of ${pages.length} pages`}`;
        }),
    ];
    console.log(lines.join("\n"));
    const ceiling = (p: Page) => OVER_BUDGET_CEILINGS[p.path] ?? BUNDLE_BUDGET.firstVisitGzipBytes;
    const over = pages.filter((p) => p.gzip > ceiling(p)).map((p) => `${p.path} ${kb(p.gzip)} > ${kb(ceiling(p))}`);
    expect(over, `pages over their budget (${kb(BUNDLE_BUDGET.firstVisitGzipBytes)}, or their ceiling in OVER_BUDGET_CEILINGS)`).toEqual([]);
    const nowWithin = pages.filter((p) => p.path in OVER_BUDGET_CEILINGS && p.gzip <= BUNDLE_BUDGET.firstVisitGzipBytes).map((p) => p.path);
    expect(nowWithin, "within the budget now: take these off OVER_BUDGET_CEILINGS").toEqual([]);
    const unknown = Object.keys(OVER_BUDGET_CEILINGS).filter((path) => !pages.some((p) => p.path === path));
    expect(unknown, "OVER_BUDGET_CEILINGS names pages this test does not measure").toEqual([]);
  });

  it(`keeps every route module within ${kb(BUNDLE_BUDGET.routeChunkGzipBytes)} gzip`, () => {
    const chunks = [...new Set(Object.values(manifest.routes).map((r) => r.module))]
      .map((m) => ({ ...asset(m), routes: Object.values(manifest.routes).filter((r) => r.module === m).map((r) => r.id) }))
      .sort((a, b) => b.gzip - a.gzip);
    console.log(
      [
        `Route modules (gzip; budget ${kb(BUNDLE_BUDGET.routeChunkGzipBytes)} each):`,
        ...chunks.map(
          (c) =>
            `${c.gzip > BUNDLE_BUDGET.routeChunkGzipBytes ? "✖ " : "  "}${c.file.replace("/assets/", "").padEnd(40)} ${pad(kb(c.gzip), 10)} ${pad(kb(c.raw), 10)} raw  ${c.routes.slice(0, 3).join(", ")}${c.routes.length > 3 ? ", …" : ""}`,
        ),
      ].join("\n"),
    );
    const over = chunks.filter((c) => c.gzip > BUNDLE_BUDGET.routeChunkGzipBytes).map((c) => `${c.file} ${kb(c.gzip)}`);
    expect(over, `route modules over ${kb(BUNDLE_BUDGET.routeChunkGzipBytes)} gzip`).toEqual([]);
  });
});
