import { getSessionUser, type SessionUser } from "./auth/session.server";
import { messagesFor, localeFromRequest } from "./i18n/catalogue.server";
import { type Locale, localeOfPath } from "./i18n/locales";
import { type Namespace, pickMessages } from "./i18n/namespaces";
import type { Messages } from "./i18n/translate";
import { getAppEnv } from "./runtime.server";
import type { Toast } from "./toast/toast";
import { readToast } from "./toast/toast.server";


/**
 * What every page needs: brand, language, the signed-in user, a pending flash toast, and the
 * texts of the page's namespaces (not the whole catalogue: see i18n/namespaces.ts).
 */
export type { SessionUser };

export type RootData = {
  brand: string;
  /** The site's public address (links to the same page in each language). */
  origin: string;
  supportEmail: string;
  locale: Locale;
  contentLocale: Locale;
  /** The language of the URL's space (`/fr/…` → fr-CA), null for unprefixed URLs, which follow the visitor. */
  space: Locale | null;
  messages: Messages;
  user: SessionUser | null;
  toast: Toast | null;
  year: number;
};

export async function loadRootData(request: Request, namespaces: Iterable<Namespace>): Promise<{ rootData: RootData; headers: Headers }> {
  const env = getAppEnv();
  const locale = localeFromRequest(request);
  const { messages, contentLocale } = messagesFor(locale);
  const [{ toast, headers }, user] = await Promise.all([readToast(request), getSessionUser(request)]);
  return {
    rootData: {
      brand: env.BRAND_NAME,
      origin: env.PUBLIC_URL,
      supportEmail: env.OPERATOR_EMAIL,
      locale,
      contentLocale,
      space: localeOfPath(new URL(request.url).pathname)?.locale ?? null,
      messages: pickMessages(messages, namespaces),
      user,
      toast,
      year: new Date().getFullYear(),
    },
    headers,
  };
}
