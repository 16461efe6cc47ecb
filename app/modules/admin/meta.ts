import type { MetaDescriptor } from "react-router";
import { rootTranslate } from "~/lib/i18n/packed-messages";
import type { RootData } from "~/lib/root-data";
import { type MessageKey, type MessageParams } from "~/lib/i18n/translate";

type Match = { id: string; loaderData?: unknown } | undefined;

/** A back-office page's <title> (with the back office's name) — never indexed. */
export function adminMeta(matches: readonly Match[], title: MessageKey, params: MessageParams = {}): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
  const t = root ? rootTranslate(root) : null;
  return [{ title: t ? `${t(title, params)} — ${t("admin.title")}` : "GTA Connect" }, { name: "robots", content: "noindex, nofollow" }];
}
