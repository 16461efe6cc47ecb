import type { Translate } from "~/lib/i18n/translate";

/**
 * What an erased person's requests keep as their name (erase.server.ts). Stored as this marker,
 * in no one's language; shown in the reader's with `shownName`.
 */
export const DELETED_NAME = "Deleted user";

/** A request's name as a reader sees it: an erased person's marker in their language. */
export const shownName = (name: string, t: Translate): string => (name === DELETED_NAME ? t("deleteAccount.deletedUser") : name);
