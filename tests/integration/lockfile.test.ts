import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * Issue 30: a fresh clone's `npm install` must not rewrite package-lock.json. npm rewrites the
 * lock's own record of package.json's ranges when they differ (a `~` in package.json against a
 * `^` in the lock was the one line it changed), and adds any optional platform package the lock
 * lacks. .ci/run also fails when the install changed the file (`git diff --exit-code`).
 */
const read = (file: string) => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), "utf8"));

describe("package-lock.json", () => {
  const pkg = read("package.json");
  const lock = read("package-lock.json");
  const root = lock.packages[""];

  it("records exactly package.json's dependency ranges", () => {
    for (const kind of ["dependencies", "devDependencies", "optionalDependencies", "peerDependencies"] as const) {
      expect(root[kind] ?? {}, kind).toEqual(pkg[kind] ?? {});
    }
    expect(root.name).toBe(pkg.name);
    expect(root.version).toBe(pkg.version);
  });

  it("holds every optional (platform) package any locked package asks for", () => {
    const missing: string[] = [];
    for (const [at, entry] of Object.entries(lock.packages as Record<string, { optionalDependencies?: Record<string, string> }>)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        // npm puts a dependency beside its parent or in a node_modules above it.
        const places: string[] = [];
        let dir = at;
        for (;;) {
          places.push(`${dir ? `${dir}/` : ""}node_modules/${name}`);
          const up = dir.lastIndexOf("/node_modules/");
          if (dir === "") break;
          dir = up < 0 ? "" : dir.slice(0, up);
        }
        if (!places.some((p) => p in lock.packages)) missing.push(`${at || "(root)"} → ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
