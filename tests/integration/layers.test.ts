import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The layers of docs/architecture.md § Layers hold because `npm run lint` fails on a break (ADR 35): each
 * rule is shown here failing on a small probe, so a config change that silently drops one is
 * caught. And the ADR index names every decision.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
const eslint = new ESLint({ cwd: root });
const ruleIds = async (code: string, filePath: string) =>
  (await eslint.lintText(code, { filePath: path.join(root, filePath) }))[0]!.messages.map((m) => m.ruleId);

describe("the layers npm run lint holds", () => {
  it("fails on an import circle", async () => {
    const dir = path.join(root, "app/lib", `layers-probe-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(path.join(dir, "a.ts"), 'import { b } from "./b";\nexport const a = () => b;\n');
      writeFileSync(path.join(dir, "b.ts"), 'import { a } from "./a";\nexport const b = 1;\nexport const c = a;\n');
      const results = await eslint.lintFiles([path.join(dir, "a.ts"), path.join(dir, "b.ts")]);
      for (const r of results) expect(r.messages.map((m) => m.ruleId)).toContain("import-x/no-cycle");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("fails on a server module (even a type) imported into a component", async () => {
    expect(await ruleIds('import type { Env } from "~/lib/env.server";\nexport type E = Env;\n', "app/components/layers-probe.tsx")).toContain("no-restricted-imports");
  });

  it("fails on infrastructure importing the domain, and on the domain or a route importing the seed", async () => {
    expect(await ruleIds('import { RETENTION_DAYS } from "~/modules/privacy/retention";\nexport const d = RETENTION_DAYS;\n', "app/lib/layers-probe.ts")).toContain("no-restricted-imports");
    const seed = 'import { HOME_LISTINGS } from "../../../db/seed/data";\nexport const h = HOME_LISTINGS;\n';
    expect(await ruleIds(seed, "app/modules/homes/layers-probe.ts")).toContain("no-restricted-imports");
    expect(await ruleIds(seed, "app/routes/homes/layers-probe.tsx")).toContain("no-restricted-imports");
  });

  it("fails on a page or a module reading the session other than through getSessionUser/requireUser", async () => {
    const direct = 'import { getAuth } from "~/lib/auth/auth.server";\nexport const a = getAuth;\n';
    expect(await ruleIds(direct, "app/routes/layers-probe.tsx")).toContain("no-restricted-imports");
    expect(await ruleIds(direct, "app/modules/homes/layers-probe.server.ts")).toContain("no-restricted-imports");
    const through = 'import { getSessionUser } from "~/lib/auth/session.server";\nexport const g = getSessionUser;\n';
    expect(await ruleIds(through, "app/routes/layers-probe.tsx")).toEqual([]);
  }, 240_000);

  it("fails on a component, or a route module's component, showing the clock or chance; a loader may read the clock", async () => {
    const restricted = (ids: (string | null)[]) => ids.filter((id) => id === "no-restricted-syntax");
    const shows = "export function Stamp() {\n  return Date.now();\n}\n";
    expect(restricted(await ruleIds(shows, "app/components/layers-probe.tsx"))).toHaveLength(1);
    const page = "export default function Page() {\n  return new Date().getFullYear() + Math.random();\n}\n";
    expect(restricted(await ruleIds(page, "app/routes/layers-probe.tsx"))).toHaveLength(2);
    const row = "const Row = () => Date.now();\nexport const r = Row;\n";
    expect(restricted(await ruleIds(row, "app/routes/layers-probe.tsx"))).toHaveLength(1);
    const loader = "export function loader() {\n  return { now: Date.now(), at: new Date() };\n}\n";
    expect(restricted(await ruleIds(loader, "app/routes/layers-probe.tsx"))).toEqual([]);
  });

  it("lets a module import infrastructure", async () => {
    expect(await ruleIds('import { escapeHtml } from "~/lib/html-escape";\nexport const e = escapeHtml;\n', "app/modules/site/layers-probe.ts")).toEqual([]);
  });
});

describe("docs/decisions/README.md", () => {
  it("indexes every ADR, one line each", () => {
    const dir = path.join(root, "docs/decisions");
    const index = readFileSync(path.join(dir, "README.md"), "utf8");
    const adrs = readdirSync(dir).filter((f) => /^\d{4}-.*\.md$/.test(f));
    expect(adrs.length).toBeGreaterThan(25);
    for (const file of adrs) expect(index.split("\n").filter((line) => line.startsWith("|") && line.includes(`(${file})`)), file).toHaveLength(1);
  });
});

describe("docs/decisions/README.md", () => {
  it("gives every ADR a Date and a Status line, and its index row the same status", () => {
    const dir = path.join(root, "docs/decisions");
    const index = readFileSync(path.join(dir, "README.md"), "utf8").split("\n");
    for (const file of readdirSync(dir).filter((f) => /^\d{4}-.*\.md$/.test(f))) {
      const text = readFileSync(path.join(dir, file), "utf8");
      expect(text, file).toMatch(/^Date: \d{4}-\d{2}-\d{2}\b/m);
      const status = text.match(/^Status: (Proposed|Accepted|Superseded by \d{4})\b/m)?.[1];
      expect(status, file).toBeDefined();
      const row = index.find((line) => line.startsWith("|") && line.includes(`(${file})`))!;
      expect(row.split("|").at(-2)!.trim(), file).toMatch(new RegExp(`^${status}\\b`));
    }
  });
});

describe("the repository stands on its own", () => {
  it("links nothing outside it from the README and docs/: every relative link resolves inside the repository", () => {
    const files = ["README.md", "deploy/README.md", ...readdirSync(path.join(root, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];
    files.push(...readdirSync(path.join(root, "docs/decisions")).map((f) => `docs/decisions/${f}`));
    const outside: string[] = [];
    for (const file of files) {
      for (const [, target] of readFileSync(path.join(root, file), "utf8").matchAll(/\]\(([^)\s#]+)[^)]*\)/g)) {
        if (/^[a-z]+:/i.test(target!)) continue;
        const resolved = path.resolve(root, path.dirname(file), target!);
        if (path.relative(root, resolved).startsWith("..") || !existsSync(resolved)) outside.push(`${file}: ${target}`);
      }
    }
    expect(outside).toEqual([]);
  });
});

