import type { SessionUser } from "./auth/session";
import type { Locale } from "./i18n/locales";
import type { PageHead } from "./i18n/page-head";
import type { PackedMessages } from "./i18n/packed-messages";
import type { Toast } from "./toast/toast";

export type { SessionUser };

/** What a form held when it was closed, left, or refused for an ended session: which form, on which page, and its values (form-draft.server.ts). */
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
  /** Forms typed in and not sent (closed, left, refused for an ended session), to show again with what was typed (root.tsx). */
  heldForms: HeldForm[];
  year: number;
  /** The logo and favicon at this build's versioned address (static-files.server.ts), made by the server: no script computes it. */
  logo: string;
  favicon: string;
};
