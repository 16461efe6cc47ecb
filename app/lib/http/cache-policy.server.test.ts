import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../../routes";
import { isPersonalPath } from "./cache-policy.server";

/** Every path of the URL map, parameters as written (`requests/:token`). */
function paths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : [parent, entry.path].filter(Boolean).join("/");
    return [...(entry.path === undefined ? [] : [path]), ...paths(entry.children ?? [], path)];
  });
}

const ALL = paths(routes);
const filled = (path: string) => `/${path.replace(/:\w+\??/g, "x1")}`;

/**
 * A page whose address is someone's must never be stored or cached (docs/pages.md): the rule is
 * a pattern of paths (PERSONAL_PATHS), so a new route of that kind that the pattern misses would
 * be stored for the next visitor. Decided here from the URL map itself, not from a list.
 */
describe("personal paths cover the URL map", () => {
  it("reads the URL map", () => {
    expect(ALL).toContain("requests/:token");
    expect(ALL.length).toBeGreaterThan(60);
  });

  it("counts every page reached by a secret in its address (a token) as personal", () => {
    const secret = ALL.filter((p) => /:token\b/.test(p));
    expect(secret.length).toBeGreaterThan(0);
    for (const path of secret) expect(isPersonalPath(filled(path)), path).toBe(true);
  });

  it("counts every account and back-office page as personal, in every language", () => {
    const own = ALL.filter((p) => /^(account|admin)(\/|$)/.test(p) && !p.startsWith("admin-sim"));
    expect(own.length).toBeGreaterThan(20);
    for (const path of own) for (const lang of ["", "/fr", "/es", "/pt"]) expect(isPersonalPath(`${lang}${filled(path)}`), `${lang}/${path}`).toBe(true);
  });

  it("does not count the public pages as personal", () => {
    for (const path of ["about", "services", "homes/:id", "providers/:id", "contact", "auth/login"]) {
      expect(ALL).toContain(path);
      expect(isPersonalPath(filled(path)), path).toBe(false);
    }
  });
});
