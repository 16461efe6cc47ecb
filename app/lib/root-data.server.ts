import { getSessionUser, type SessionUser } from "./auth/session.server";
import { messagesFor, localeFromRequest } from "./i18n/catalogue.server";
import type { Locale } from "./i18n/locales";
import type { PageHead } from "./i18n/page-head";
import { pageHead } from "./i18n/page-head.server";
import { type Namespace, pickMessages } from "./i18n/namespaces";
import type { Messages } from "./i18n/translate";
import { getAppEnv } from "./runtime.server";
import type { Toast } from "./toast/toast";
import { readToast } from "./toast/toast.server";
import type { BookingDraftValues } from "~/modules/services/booking-draft.server";


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
  /** The page's canonical URL, its languages' URLs and Open Graph locales (page-head.server.ts). */
  head: PageHead;
  messages: Messages;
  user: SessionUser | null;
  toast: Toast | null;
  /** A booking refused because its session had ended, for this user's booking form to show again (root.tsx). */
  bookingDraft: BookingDraftValues | null;
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
      head: pageHead(request.url, env.PUBLIC_URL, contentLocale),
      messages: pickMessages(messages, namespaces),
      user,
      toast,
      bookingDraft: null,
      year: new Date().getFullYear(),
    },
    headers,
  };
}
