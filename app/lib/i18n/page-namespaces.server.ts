import type { ServerBuild } from "react-router";
import { matchedRoutes, rememberedByPath } from "../http/route-tree.server";
import type { MessagesHandle, Namespace } from "./namespaces";

/**
 * The namespaces of the page a request is for (document or `.data` request): those its matched
 * route modules declare. Worked out before the loaders run, so the root loader can send only
 * those texts.
 */
export const pageNamespaces = rememberedByPath((build: ServerBuild, pathname: string): readonly Namespace[] => {
  // Data requests: /homes.data, and /_root.data for the home page.
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  return matchedRoutes(build, page).flatMap(
    (route) => (route.module.handle as Partial<MessagesHandle> | undefined)?.messages ?? [],
  );
});
