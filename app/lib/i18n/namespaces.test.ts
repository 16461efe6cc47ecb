import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { en } from "./messages/en";
import { inPart, namespaceOf, pickMessages, SHELL_NAMESPACES } from "./namespaces";

/**
 * Pages get only the texts of the namespaces their route modules declare (`handle.messages`).
 * This reads each route module and everything it imports (statically or lazily, but not
 * `.server` modules, which never reach the browser) for catalogue keys, and checks the route
 * declares every namespace they belong to — so a page can never show a bare key.
 */
const app = fileURLToPath(new URL("../..", import.meta.url));
const NAMESPACES = new Set(Object.keys(en).map(namespaceOf));

function resolve(from: string, spec: string): string | undefined {
  const base = spec.startsWith("~/") ? path.join(app, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(from), spec) : undefined;
  if (!base) return undefined;
  return ["", ".ts", ".tsx", "/index.ts", "/index.tsx"].map((ext) => base + ext).find((p) => /\.tsx?$/.test(p) && existsSync(p));
}

/** The catalogue keys a module and what it imports read: literal, or up to a `${…}` where built. */
function keysUsedBy(file: string, seen = new Set<string>()): Set<string> {
  const used = new Set<string>();
  if (seen.has(file)) return used;
  seen.add(file);
  const source = readFileSync(file, "utf8");
  for (const [, key] of source.matchAll(/["'`]([a-zA-Z]+\.[\w.${}#]+)/g)) if (NAMESPACES.has(namespaceOf(key!))) used.add(key!);
  const imports = [
    ...source.matchAll(/^(?:import|export)(?!\s+type\b)[^;]*?from\s+["']([^"']+)["']/gm),
    ...source.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g),
  ];
  for (const [, spec] of imports) {
    const target = resolve(file, spec!);
    if (!target || /\.server\.tsx?$/.test(target) || target.includes(`${path.sep}messages${path.sep}`)) continue;
    for (const key of keysUsedBy(target, seen)) used.add(key);
  }
  return used;
}

const namespacesUsedBy = (file: string) => new Set([...keysUsedBy(file)].map(namespaceOf));

/**
 * Whether a key read by a page is among those its route declares: its whole namespace, or a part
 * holding it (a key built with `${…}` only if the part holds everything it can be).
 */
function declares(declared: Set<string>, key: string): boolean {
  if (declared.has(namespaceOf(key))) return true;
  const dynamic = key.indexOf("${");
  return [...declared].some((part) =>
    part.includes(".") && (dynamic < 0 ? inPart(key, part) : key.slice(0, dynamic).startsWith(`${part}.`)),
  );
}

function declaredBy(file: string): Set<string> {
  const handle = readFileSync(file, "utf8").match(/export const handle\s*=\s*\{\s*messages:\s*\[([^\]]*)\]/);
  return new Set([...(handle?.[1] ?? "").matchAll(/"([^"]+)"/g)].map((m) => m[1]!));
}

const routeFiles = [...new Set([...readFileSync(path.join(app, "routes.ts"), "utf8").matchAll(/"(routes\/[^"]+\.tsx)"/g)].map((m) => m[1]!))];

describe("catalogue namespaces per page", () => {
  it("the shell (root.tsx and what it imports) reads only the namespaces every page gets", () => {
    const shell = new Set<string>(SHELL_NAMESPACES);
    expect([...namespacesUsedBy(path.join(app, "root.tsx"))].filter((ns) => !shell.has(ns))).toEqual([]);
  });

  it.each(routeFiles)("%s declares every namespace it reads in handle.messages", (file) => {
    const full = path.join(app, file);
    const declared = new Set([...SHELL_NAMESPACES, ...declaredBy(full)]);
    const missing = [...keysUsedBy(full)].filter((key) => !declares(declared, key)).sort();
    const namespaces = [...new Set(missing.map(namespaceOf))];
    expect(missing, `add to ${file}: export const handle = { messages: [${namespaces.map((m) => `"${m}"`).join(", ")}] } (or parts of them)`).toEqual([]);
  });

  it("picks a part of a namespace: its keys and their plural forms, not its neighbours'", () => {
    const picked = Object.keys(pickMessages(en, ["homes.resultCount", "provider.account"]));
    expect(picked).toContain("homes.resultCount#one");
    expect(picked).toContain("homes.resultCount#other");
    expect(picked).not.toContain("homes.resultCountTerm#one");
    expect(picked.filter((key) => namespaceOf(key) === "provider").every((key) => key.startsWith("provider.account."))).toBe(true);
    expect(picked.some((key) => key.startsWith("provider.account."))).toBe(true);
    expect(declares(new Set(["provider.account"]), "provider.account.setup")).toBe(true);
    expect(declares(new Set(["provider.account"]), "provider.accountant")).toBe(false);
    expect(declares(new Set(["provider.account"]), "provider.${kind}")).toBe(false);
    expect(declares(new Set(["provider.account"]), "provider.account.${kind}")).toBe(true);
  });

  it("picks whole namespaces plus the shell's, and nothing else", () => {
    const picked = pickMessages(en, ["homes"]);
    const namespaces = new Set(Object.keys(picked).map(namespaceOf));
    expect([...namespaces].sort()).toEqual([...SHELL_NAMESPACES, "homes"].sort());
    for (const [key, value] of Object.entries(en)) {
      if (namespaces.has(namespaceOf(key))) expect((picked as Record<string, string>)[key]).toBe(value);
    }
    expect(pickMessages(en, ["homes"])).toBe(picked);
  });
});
