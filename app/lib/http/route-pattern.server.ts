import type { ServerBuild } from "react-router";
import { localeOfPath, withoutLocalePrefix } from "../i18n/locales";
import { leafModule, matchedRoutes, pageOfPath, rememberedByPath } from "./route-tree.server";

/**
 * The route pattern a path belongs to (`/homes/:id`, `/fr/homes/:id`, `/homes/:id.data`), for
 * logs and metrics: a raw path can carry a token (`/requests/<token>`) or text someone typed,
 * and every distinct path would be a new metric series. Unknown paths are all `/*`.
 */
export const routePattern = rememberedByPath((build: ServerBuild, pathname: string): string => {
  // A path no route can match (bad escapes: refused by the request guard) is not given to
  // matchRoutes, which would log a warning for it.
  try {
    // The result is used: the bundler drops a call it takes to be side-effect free.
    if (pathname.split("/").some((segment) => decodeURIComponent(segment).length < 0)) return "/*";
  } catch {
    return "/*";
  }
  const prefix = localeOfPath(pathname)?.prefix ?? "";
  const path = withoutLocalePrefix(pathname);
  // React Router's route discovery (the browser asks which routes a link leads to).
  if (path === "/__manifest") return "/__manifest";
  const data = path.endsWith(".data");
  const parts = matchedRoutes(build, pageOfPath(path))
    .map((route) => route.path)
    .filter((p): p is string => !!p && p !== "/");
  const joined = `/${parts.join("/")}`.replace(/\/+/g, "/");
  return `${prefix}${joined === "/" && prefix ? "" : joined}${data ? ".data" : ""}` || "/";
});

/**
 * Whether a path is React Router's data twin (`/x.data`) of a resource route (a loader without
 * a page: files, downloads, feeds). React Router answers such a request with the loader's body
 * but not its headers (a provider document came out without its sandbox, attachment and
 * nosniff headers). No page of ours fetches one, so files have one way out: the
 * route's own URL.
 */
export function isResourceRouteData(build: ServerBuild, pathname: string): boolean {
  if (!pathname.endsWith(".data")) return false;
  const module = leafModule(build, pathname);
  return module !== undefined && module.default == null && module.ErrorBoundary == null;
}
