import { readFileSync } from "node:fs";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { isPersonalPath } from "~/lib/http/cache-policy.server";
import { OTHER_PUBLIC_PAGES, PROVIDER_PAGES, SIGNED_IN_PAGES, SPEED_PAGES } from "../support/speed-budget";

/**
 * Two page rules that used to rest on memory (docs/pages.md 1c and 4c), checked against the one
 * URL map (app/routes.ts), so a new route must be placed by whoever adds it.
 */

type Page = { path: string; file: string };

function flatten(entries: readonly RouteConfigEntry[], parent = ""): Page[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent : [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ path: `/${path}`, file: entry.file }, ...flatten(entry.children ?? [], path)];
  });
}

const ALL = flatten(routes).filter((r) => !r.path.includes("*"));
/** A route module without a default export answers with a file or a redirect, not a page. */
const isPage = (r: Page) =>
  /^export default /m.test(readFileSync(new URL(`../../app/${r.file}`, import.meta.url), "utf8"));
const sample = (path: string) => path.replace(/:(\w+)\??/g, (_, name: string) => `sample-${name}`);

/**
 * Routes anyone may be sent from a shared cache or a stored page: each reviewed as public (no
 * secret in its URL, the same page for every anonymous visitor of it). Adding one here is a
 * decision; the alternative is a PERSONAL_PATHS entry in app/lib/http/cache-policy.server.ts.
 */
const PUBLIC_ROUTES = [
  "/",
  "/about",
  "/contact",
  "/request-success",
  "/set-locale",
  "/form-draft",
  "/events",
  "/sitemap.xml",
  "/robots.txt",
  "/signup",
  "/auth/signup",
  "/auth/login",
  "/auth/forgot",
  "/legal",
  "/services",
  "/services/:slug",
  "/book",
  "/search",
  "/request",
  "/cars",
  "/cars-rental",
  "/cars/request",
  "/homes",
  "/homes/:id",
  "/media/listings/:photoId/:variant",
  "/media/reviews/:photoId/:variant",
  "/reviews",
  "/provider-signup",
  "/become-a-provider",
  "/provider-pending",
  "/providers/:id",
  "/admin-sim",
];

describe("the URL map", () => {
  it("has every route either personal (never stored, never cached) or reviewed as public", () => {
    const unplaced = ALL.filter((r) => !isPersonalPath(sample(r.path)))
      .map((r) => r.path)
      .filter((path) => !PUBLIC_ROUTES.includes(path) && !path.startsWith("/legal/"));
    expect(
      unplaced,
      "add each to PERSONAL_PATHS (cache-policy.server.ts) or, if anyone may see it, to PUBLIC_ROUTES here",
    ).toEqual([]);
  });

  it("keeps every URL that carries a secret (a :token) personal", () => {
    const secret = ALL.filter((r) => /:token\b/.test(r.path));
    expect(secret.map((r) => r.path)).toContain("/requests/:token");
    for (const r of secret) expect(isPersonalPath(sample(r.path)), r.path).toBe(true);
  });

  it("lists every account and back-office page the loading race must load signed in", () => {
    const raced = new Set([...SIGNED_IN_PAGES, ...PROVIDER_PAGES]);
    const signedInPages = ALL.filter(
      (r) => /^\/(account|admin)(\/|$)/.test(r.path) && !r.path.includes(":") && isPage(r),
    );
    // The consent page is where the account layout sends a person who must accept a new policy
    // version first; an account that has accepted is sent on from it (no controls to race).
    const missing = signedInPages
      .map((r) => r.path)
      .filter((path) => !raced.has(path) && path !== "/account/consent");
    expect(missing, "add each to SIGNED_IN_PAGES or PROVIDER_PAGES in tests/support/speed-budget.ts").toEqual(
      [],
    );
  });

  it("lists one page of every other page route for the bundle budget and the race (a provider's set-up with the provider pages)", () => {
    const listed = new Set(
      [...SPEED_PAGES, ...OTHER_PUBLIC_PAGES, ...PROVIDER_PAGES].map((p) => p.split("?")[0]),
    );
    const publicPages = ALL.filter(
      (r) => !/^\/(account|admin)(\/|$)/.test(r.path) && !r.path.includes(":") && isPage(r),
    );
    expect(publicPages.length).toBeGreaterThan(20);
    expect(
      publicPages.map((r) => r.path).filter((path) => !listed.has(path) && !path.startsWith("/legal/")),
    ).toEqual([]);
  });
});
