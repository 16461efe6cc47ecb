import { createHash, randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { href } from "react-router";
import type { Database } from "../db/schema";
import { type Locale, localizedPath } from "../i18n/locales";
import { SECRET_MASK, secretBox } from "./secrets.server";

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Mail a person may stop: review invitations and expiry reminders (issue 51 item 1). Each such
 * email carries a link to the address's preferences page; its token is stored only as a hash
 * (like a request's status link), and reaches the message sealed, as reset links do (ADR 25):
 * the stored email holds SECRET_MASK in its place. The same address answers the page (GET,
 * to look and choose) and the one-click unsubscribe (POST `List-Unsubscribe=One-Click`,
 * RFC 8058), which needs no session. Transactional mail has neither the link nor the headers.
 */
export const hashPreferenceToken = (token: string) => createHash("sha256").update(token).digest("hex");

const addressKey = (address: string) => address.trim().toLowerCase();

/** Whether an address asked to stop optional mail. */
export async function optedOut(db: Executor, address: string): Promise<boolean> {
  const row = await db.selectFrom("mail_opt_outs").select("address").where("address", "=", addressKey(address)).executeTakeFirst();
  return row !== undefined;
}

/**
 * A new preferences link for an optional email to `address`, stored (hashed) in the caller's
 * transaction with the email: the URL as the stored email shows it (token masked) and the token
 * to seal beside it (OutgoingEmail.sealedSecret).
 */
export async function preferenceLink(
  db: Executor,
  options: { address: string; locale: Locale; publicUrl: string },
): Promise<{ maskedUrl: string; token: string }> {
  const token = randomBytes(24).toString("base64url");
  await db
    .insertInto("mail_preference_links")
    .values({ token_hash: hashPreferenceToken(token), address: addressKey(options.address), locale: options.locale, created_at: new Date().toISOString() })
    .execute();
  return { maskedUrl: preferencesUrl(options.publicUrl, options.locale, SECRET_MASK), token };
}

/**
 * What an optional email needs, made in the caller's transaction: the content's `unsubscribe`
 * (footer link and List-Unsubscribe headers, token masked) and the sealed token for the outbox.
 */
export async function unsubscribeParts(
  db: Executor,
  options: { address: string; locale: Locale; publicUrl: string; authSecret: string; label: string },
): Promise<{ unsubscribe: { label: string; preferencesUrl: string; oneClickUrl: string }; sealedSecret: string }> {
  const { maskedUrl, token } = await preferenceLink(db, options);
  return { unsubscribe: { label: options.label, preferencesUrl: maskedUrl, oneClickUrl: maskedUrl }, sealedSecret: secretBox(options.authSecret).seal(token) };
}

export const preferencesUrl = (publicUrl: string, locale: Locale, token: string) =>
  `${publicUrl}${localizedPath(locale, href("/email-preferences/:token", { token }))}`;

export type MailPreferences = { address: string; locale: string; stopped: boolean };

/** The preferences a link opens, or null for an unknown token. */
export async function preferencesOf(db: Executor, token: string): Promise<MailPreferences | null> {
  const link = await db
    .selectFrom("mail_preference_links")
    .select(["address", "locale"])
    .where("token_hash", "=", hashPreferenceToken(token))
    .executeTakeFirst();
  if (!link) return null;
  return { ...link, stopped: await optedOut(db, link.address) };
}

/** Stops (or resumes) optional mail to the link's address; false for an unknown token. */
export async function setStopped(db: Kysely<Database>, token: string, stopped: boolean): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const prefs = await preferencesOf(trx, token);
    if (!prefs) return false;
    if (!stopped) await trx.deleteFrom("mail_opt_outs").where("address", "=", prefs.address).execute();
    else {
      await trx
        .insertInto("mail_opt_outs")
        .values({ address: prefs.address, created_at: new Date().toISOString() })
        .onConflict((oc) => oc.column("address").doNothing())
        .execute();
    }
    return true;
  });
}
