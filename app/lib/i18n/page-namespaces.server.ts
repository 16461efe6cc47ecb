import type { ServerBuild } from "react-router";
import { matchedRoutes, pageOfPath, rememberedByPath } from "../http/route-tree.server";
import type { MessagesHandle, MessagesPart } from "./namespaces";

/**
 * The namespaces of the page a request is for (document or `.data` request): those its matched
 * route modules declare. Worked out before the loaders run, so the root loader can send only
 * those texts.
 */
export const pageNamespaces = rememberedByPath((build: ServerBuild, pathname: string): readonly MessagesPart[] =>
  matchedRoutes(build, pageOfPath(pathname)).flatMap(
    (route) => (route.module.handle as Partial<MessagesHandle> | undefined)?.messages ?? [],
  ),
);
