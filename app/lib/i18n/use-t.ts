import { useMemo } from "react";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "../root-data";
import { rootTranslate } from "./packed-messages";
import type { Translate } from "./translate";

/** The root loader's shared data: brand, locale, messages, support email, signed-in user. */
export function useRootData() {
  const data = useRouteLoaderData<RootData>("root");
  if (!data) throw new Error("useRootData must be used below the root route");
  return data;
}

/** Translate with the active locale's catalogue (and its plural rules); `{brand}` is always available. */
export function useT(): Translate {
  const { messages, brand, contentLocale } = useRootData();
  return useMemo(() => rootTranslate({ messages, brand, contentLocale }), [messages, brand, contentLocale]);
}
