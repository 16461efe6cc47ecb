import type { MetaDescriptor } from "react-router";
import { rootTranslate } from "./i18n/packed-messages";
import type { RootData } from "./root-data";
import { type MessageKey, type MessageParams } from "./i18n/translate";

type Match = { id: string; loaderData?: unknown } | undefined;

/**
 * A page's <title> and meta description from catalogue keys. Meta functions run outside React,
 * so they read the root loader's messages from the route matches.
 */
export function pageMeta(
  matches: readonly Match[],
  title: MessageKey,
  description: MessageKey,
  params: MessageParams = {},
): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
  if (!root) return [{ title: "GTA Connect" }];
  const t = rootTranslate(root);
  return metaTags(t(title, params), t(description, params), root.brand);
}

export function metaTags(title: string, description: string, brand: string): MetaDescriptor[] {
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:site_name", content: brand },
    { property: "og:type", content: "website" },
  ];
}
