import { localeCookie, messagesFor } from "~/lib/i18n/catalogue.server";
import { isLocale, localeOfPath, LOCALES, localizedPath } from "~/lib/i18n/locales";
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
  // From a page in a language's URL space (/fr/…), the same page in the chosen one (/es/…, or
  // unprefixed English), as a full URL: React Router would put a relative path back under /fr.
  const target = localeOfPath(new URL(request.url).pathname) ? `${env.PUBLIC_URL}${localizedPath(locale, returnTo)}` : returnTo;
  return redirectWith(target, [localeCookie(locale, env.PUBLIC_URL.startsWith("https://")), toast], { status: 303 });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
