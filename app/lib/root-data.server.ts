import { getSessionUser } from "./auth/session.server";
import { messagesFor, localeFromRequest } from "./i18n/catalogue.server";
import { pageHead } from "./i18n/page-head.server";
import { type MessagesPart, pickMessages } from "./i18n/namespaces";
import { packMessages } from "./i18n/packed-messages";
import type { RootData, SessionUser } from "./root-data";
import { getAppEnv } from "./runtime.server";
import { staticUrl } from "./static-files.server";
import { readToast } from "./toast/toast.server";

/** The root loader's data (its type, shared with the components: ./root-data.ts). */
export type { RootData, SessionUser };

/** `standInUser`: a signed-in page made for anyone (signed-in-pages.server.ts) shows it instead of the session's. */
export async function loadRootData(
  request: Request,
  namespaces: Iterable<MessagesPart>,
  standInUser?: SessionUser,
): Promise<{ rootData: RootData; headers: Headers }> {
  const env = getAppEnv();
  const locale = localeFromRequest(request);
  const { messages, contentLocale } = messagesFor(locale);
  const [{ toast, headers }, user] = await Promise.all([readToast(request), standInUser ?? getSessionUser(request)]);
  return {
    rootData: {
      brand: env.BRAND_NAME,
      origin: env.PUBLIC_URL,
      supportEmail: env.OPERATOR_EMAIL,
      locale,
      contentLocale,
      head: pageHead(request.url, env.PUBLIC_URL, contentLocale),
      messages: packMessages(pickMessages(messages, namespaces)),
      user,
      toast,
      heldForms: [],
      year: new Date().getFullYear(),
      logo: staticUrl("/images/logo.svg"),
      favicon: staticUrl("/favicon.svg"),
    },
    headers,
  };
}
