import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { redirectWith } from "~/lib/flash/flash.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { getAppEnv } from "~/lib/runtime.server";
import { toastCookie } from "~/lib/toast/toast.server";
import { logOut } from "~/modules/accounts/accounts.server";
import type { Route } from "./+types/logout";

export const handle = { messages: ["logout"] } satisfies MessagesHandle;

/** Ends the server session (a POST, so no link or image can log anyone out). */
export async function action({ request }: Route.ActionArgs) {
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const cookies = await logOut(request);
  const toast = await toastCookie({ title: t("logout.title"), description: t("logout.text") });
  return redirectWith("/", [...cookies, toast], { status: 303 });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
