import type { SessionUser } from "./auth/session";
import type { Locale } from "./i18n/locales";
import type { PageHead } from "./i18n/page-head";
import type { PackedMessages } from "./i18n/packed-messages";
import type { Toast } from "./toast/toast";

export type { SessionUser };

/** What a form posted when it was refused for an ended session: which form, on which page, and its values. */
export type HeldForm = { form: string; returnTo: string; values: Partial<Record<string, string>> };

/**
 * What every page needs: brand, language, the signed-in user, a pending flash toast, and the
 * texts of the page's namespaces (not the whole catalogue: see i18n/namespaces.ts). Loaded by
 * root-data.server.ts; a type both sides may import, so no component imports a server module.
 */
export type RootData = {
  brand: string;
  /** The site's public address (links to the same page in each language). */
  origin: string;
  supportEmail: string;
  locale: Locale;
  contentLocale: Locale;
  /** The page's canonical URL, its languages' URLs and Open Graph locales (page-head.server.ts). */
  head: PageHead;
  /** Read with unpackMessages (packed-messages.ts). */
  messages: PackedMessages;
  user: SessionUser | null;
  toast: Toast | null;
  /** A form refused because its session had ended, for the same form to show again after log-in (root.tsx). */
  heldForm: HeldForm | null;
  year: number;
};
