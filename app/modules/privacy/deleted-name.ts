import type { Translate } from "~/lib/i18n/translate";

/**
 * What an erased person's requests keep as their name (erase.server.ts). Stored as this marker,
 * in no one's language; shown in the reader's with `shownName`.
 */
export const DELETED_NAME = "Deleted user";

/** A request's name as a reader sees it: an erased person's marker in their language. */
export const shownName = (name: string, t: Translate): string => (name === DELETED_NAME ? t("deleteAccount.deletedUser") : name);

/**
 * A name in a data export (the back office's CSVs): an erased person's is an empty cell. An
 * export is data, not a screen: the marker is a UI text (in no one's language as stored, in the
 * reader's when shown) that a sheet would count as a name; empty is what the erasure left of
 * their email, phone and every typed field too, so each export kind writes them the same way.
 */
export const exportedName = <V>(name: V): V | null => (name === DELETED_NAME ? null : name);
