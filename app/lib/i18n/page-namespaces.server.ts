import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { MessagesHandle, Namespace } from "./namespaces";

type Tree = RouteObject & { namespaces: readonly Namespace[] };

const trees = new WeakMap<ServerBuild, Tree[]>();
// matchRoutes flattens and ranks the whole route tree on every call: ~10% of a page render's CPU
// (profile of /auth/login rendered on every request), for an answer that depends on the path only.
const answers = new WeakMap<ServerBuild, LRUCache<string, readonly Namespace[]>>();

/** The build's routes as the nested tree matchRoutes reads, each with its declared namespaces. */
function treeOf(build: ServerBuild): Tree[] {
  let tree = trees.get(build);
  if (tree) return tree;
  const nodes = new Map<string, Tree & { children: Tree[]; parentId?: string }>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const handle = route.module.handle as Partial<MessagesHandle> | undefined;
    nodes.set(route.id, {
      id: route.id,
      path: route.path,
      index: route.index as false | undefined,
      caseSensitive: route.caseSensitive,
      children: [],
      parentId: route.parentId,
      namespaces: handle?.messages ?? [],
    } as Tree & { children: Tree[]; parentId?: string });
  }
  tree = [];
  for (const node of nodes.values()) (node.parentId ? nodes.get(node.parentId)!.children : tree).push(node);
  trees.set(build, tree);
  return tree;
}

/**
 * The namespaces of the page a request is for (document or `.data` request): those its matched
 * route modules declare. Worked out before the loaders run, so the root loader can send only
 * those texts.
 */
export function pageNamespaces(build: ServerBuild, pathname: string): readonly Namespace[] {
  // Data requests: /homes.data, and /_root.data for the home page.
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  let known = answers.get(build);
  if (!known) answers.set(build, (known = new LRUCache({ max: 5000 })));
  let namespaces = known.get(page);
  if (!namespaces) {
    const matches = matchRoutes(treeOf(build), page) ?? [];
    namespaces = matches.flatMap((m) => (m.route as Tree).namespaces);
    known.set(page, namespaces);
  }
  return namespaces;
}
