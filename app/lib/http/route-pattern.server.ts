import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { localeOfPath, withoutLocalePrefix } from "../i18n/locales";

/**
 * The route pattern a path belongs to (`/homes/:id`, `/fr/homes/:id`, `/homes/:id.data`), for
 * logs and metrics: a raw path can carry a token (`/requests/<token>`) or text someone typed,
 * and every distinct path would be a new metric series. Unknown paths are all `/*`.
 */
const trees = new WeakMap<ServerBuild, RouteObject[]>();
const answers = new WeakMap<ServerBuild, LRUCache<string, string>>();

function treeOf(build: ServerBuild): RouteObject[] {
  let tree = trees.get(build);
  if (tree) return tree;
  const nodes = new Map<string, RouteObject & { children: RouteObject[]; parentId?: string }>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    nodes.set(route.id, {
      id: route.id,
      path: route.path,
      index: route.index as false | undefined,
      caseSensitive: route.caseSensitive,
      children: [],
      parentId: route.parentId,
    } as RouteObject & { children: RouteObject[]; parentId?: string });
  }
  tree = [];
  for (const node of nodes.values()) (node.parentId ? nodes.get(node.parentId)!.children : tree).push(node);
  trees.set(build, tree);
  return tree;
}

export function routePattern(build: ServerBuild, pathname: string): string {
  let known = answers.get(build);
  if (!known) answers.set(build, (known = new LRUCache({ max: 5000 })));
  let pattern = known.get(pathname);
  if (pattern !== undefined) return pattern;
  // A path no route can match (bad escapes: refused by the request guard) is not given to
  // matchRoutes, which would log a warning for it.
  try {
    // The result is used: the bundler drops a call it takes to be side-effect free.
    if (pathname.split("/").some((segment) => decodeURIComponent(segment).length < 0)) return "/*";
  } catch {
    return "/*";
  }
  const prefix = localeOfPath(pathname)?.prefix ?? "";
  let path = withoutLocalePrefix(pathname);
  // React Router's route discovery (the browser asks which routes a link leads to).
  if (path === "/__manifest") {
    known.set(pathname, "/__manifest");
    return "/__manifest";
  }
  const data = path.endsWith(".data");
  if (data) path = path === "/_root.data" ? "/" : path.slice(0, -".data".length);
  const matches = matchRoutes(treeOf(build), path) ?? [];
  const parts = matches.map((m) => m.route.path).filter((p): p is string => !!p && p !== "/");
  const joined = `/${parts.join("/")}`.replace(/\/+/g, "/");
  pattern = `${prefix}${joined === "/" && prefix ? "" : joined}${data ? ".data" : ""}` || "/";
  known.set(pathname, pattern);
  return pattern;
}

/**
 * Whether a path is React Router's data twin (`/x.data`) of a resource route (a loader without
 * a page: files, downloads, feeds). React Router answers such a request with the loader's body
 * but not its headers (a provider document came out without its sandbox, attachment and
 * nosniff headers). No page of ours fetches one, so files have one way out: the
 * route's own URL.
 */
export function isResourceRouteData(build: ServerBuild, pathname: string): boolean {
  let path = withoutLocalePrefix(pathname);
  if (!path.endsWith(".data")) return false;
  path = path === "/_root.data" ? "/" : path.slice(0, -".data".length);
  const leaf = matchRoutes(treeOf(build), path)?.at(-1)?.route;
  const module = leaf?.id ? build.routes[leaf.id]?.module : undefined;
  return module !== undefined && module.default == null && module.ErrorBoundary == null;
}
