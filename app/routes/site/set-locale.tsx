import { localeCookie, messagesFor } from "~/lib/i18n/catalogue.server";
import { isLocale, LOCALES } from "~/lib/i18n/locales";
import { createTranslate } from "~/lib/i18n/translate";
import { getAppEnv } from "~/lib/runtime.server";
import { toastCookie } from "~/lib/toast/toast.server";
import { redirectWith } from "~/lib/flash/flash.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/set-locale";
import { readForm } from "~/lib/http/form.server";

/** Remembers the language choice in a cookie and returns to the page the picker was on. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const locale = form.get("locale");
  const returnTo = safeRedirectPath(form.get("returnTo"));
  if (!isLocale(locale)) return new Response("Unknown language", { status: 400 });

  const env = getAppEnv();
  const { messages, contentLocale } = messagesFor(locale);
  const t = createTranslate(messages, { brand: env.BRAND_NAME }, contentLocale);
  const language = LOCALES.find((l) => l.code === locale)?.name ?? locale;
  const toast = await toastCookie({
    title: t("language.changedTitle", { language }),
    description: contentLocale === locale ? t("language.changedDone", { language }) : t("language.changedPending"),
  });
  return redirectWith(returnTo, [localeCookie(locale, env.PUBLIC_URL.startsWith("https://")), toast], { status: 303 });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
