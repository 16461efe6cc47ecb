import { createHmac } from "node:crypto";
import { createCookie } from "react-router";
import { LOCALES } from "~/lib/i18n/locales";
import { mailboxOf } from "~/lib/mail/recipients.server";
import { getAppEnv } from "~/lib/runtime.server";

/**
 * Browsers known to an account (ADR 36): a successful log-in leaves a signed, long-lived cookie
 * holding a keyed digest of the account's mailbox (never the address). A reset asked for from
 * such a browser draws on the owner's own allowance, which strangers cannot spend: they have
 * never logged in to the account from their browser. The digest is keyed with AUTH_SECRET, so
 * the cookie does not tell which address it is for; the check needs no database read, so asking
 * from a known browser takes the same time whether or not the account exists.
 */
const MAX_ACCOUNTS = 5;
const YEAR = 365 * 24 * 60 * 60;

const AUTH_PATHS = LOCALES.map((l) => `${l.prefix}/auth`);

const cookie = (path = "/auth") => {
  const env = getAppEnv();
  return createCookie("gta_known", {
    path,
    httpOnly: true,
    sameSite: "lax",
    secure: env.PUBLIC_URL.startsWith("https://"),
    secrets: [env.AUTH_SECRET],
    maxAge: YEAR,
  });
};

const tagOf = (email: string) => createHmac("sha256", getAppEnv().AUTH_SECRET).update(`known-browser\0${mailboxOf(email)}`).digest("base64url").slice(0, 22);

async function knownTags(request: Request): Promise<string[]> {
  const raw: unknown = await cookie().parse(request.headers.get("Cookie"));
  return Array.isArray(raw) ? raw.filter((t): t is string => typeof t === "string").slice(0, MAX_ACCOUNTS) : [];
}

/** The Set-Cookies that add this account's mailbox to the browser's known accounts (newest first), one per auth path. */
export async function rememberBrowser(request: Request, email: string): Promise<string[]> {
  const tag = tagOf(email);
  const tags = [tag, ...(await knownTags(request)).filter((t) => t !== tag)].slice(0, MAX_ACCOUNTS);
  return Promise.all(AUTH_PATHS.map((path) => cookie(path).serialize(tags)));
}

/** Whether an account using this address was logged in from this browser. */
export async function isKnownBrowser(request: Request, email: string): Promise<boolean> {
  return (await knownTags(request)).includes(tagOf(email));
}
