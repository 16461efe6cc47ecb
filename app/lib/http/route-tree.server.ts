import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { withoutLocalePrefix } from "../i18n/locales";

/** One route of the build: its path, its parent and its module (loader, handle, default component). */
export type BuildRoute = NonNullable<ServerBuild["routes"][string]>;

const trees = new WeakMap<ServerBuild, RouteObject[]>();

/** The build's routes as the nested tree matchRoutes reads. */
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

/** The page a React Router data request is for (`/homes.data`, and `/_root.data` for `/`); any other path as it is. */
export const pageOfPath = (path: string) => (path === "/_root.data" ? "/" : path.replace(/\.data$/, ""));

/** The routes a path (without locale prefix or `.data`) matches, from the root route to the page's own. */
export function matchedRoutes(build: ServerBuild, path: string): BuildRoute[] {
  return (matchRoutes(treeOf(build), path) ?? []).flatMap((m) => build.routes[m.route.id!] ?? []);
}

/** The module of the route a request path (any language space, or its `.data` twin) is answered by. */
export const leafModule = (build: ServerBuild, pathname: string) =>
  matchedRoutes(build, pageOfPath(withoutLocalePrefix(pathname))).at(-1)?.module;

/**
 * `answer(build, pathname)`, remembered for the last 5,000 paths of each build. matchRoutes
 * flattens and ranks the whole route tree on every call: ~10% of a page render's CPU (profile
 * of /auth/login rendered on every request), for an answer that depends on the path only.
 */
export function rememberedByPath<T extends NonNullable<unknown>>(
  answer: (build: ServerBuild, pathname: string) => T,
): (build: ServerBuild, pathname: string) => T {
  const answers = new WeakMap<ServerBuild, LRUCache<string, T>>();
  return (build, pathname) => {
    let known = answers.get(build);
    if (!known) answers.set(build, (known = new LRUCache<string, T>({ max: 5000 })));
    let value = known.get(pathname);
    if (value === undefined) known.set(pathname, (value = answer(build, pathname)));
    return value;
  };
}
