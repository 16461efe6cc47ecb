import { href } from "react-router";
import { localeFromRequest, messagesFor } from "~/lib/i18n/catalogue.server";
import { DEFAULT_LOCALE, type Locale, localizedPath } from "~/lib/i18n/locales";
import { createTranslate } from "~/lib/i18n/translate";
import { enqueueEmail } from "~/lib/mail/outbox.server";
import type { RecipientCap } from "~/lib/mail/recipients.server";
import { SECRET_MASK, secretBox } from "~/lib/mail/secrets.server";
import { nameForEmail, renderEmail, typedText } from "~/lib/mail/template.server";
import { scopedValue } from "~/lib/request-scope.server";
import { getRuntime, mailQueued } from "~/lib/runtime.server";

type Recipient = { email: string; name: string };

/**
 * better-auth asks for an account email from inside the call that triggered it, with no
 * request: the page's language travels with that call (withReaderLocale) so the email is
 * written in the language its reader was using.
 */
const readerLocale = scopedValue<Locale>("reader-locale");

/** Runs an auth call so that the account emails it sends are in the request's language. */
export function withReaderLocale<T>(request: Request, call: () => Promise<T>): Promise<T> {
  return readerLocale.run(localeFromRequest(request), call);
}

/**
 * Whether the call that asks for a verification link was made with the account's password (a
 * log-in of an account not verified yet): such a link draws on the owner's own allowance, which
 * strangers who type the address cannot spend (ADR 36).
 */
const passwordProven = scopedValue<true>("password-proven");

/** Runs a log-in: better-auth sends a verification link from it only once the password was right. */
export function asPasswordHolder<T>(call: () => Promise<T>): Promise<T> {
  return passwordProven.run(true, call);
}

function reader() {
  const locale = readerLocale.get() ?? DEFAULT_LOCALE;
  const { messages, contentLocale } = messagesFor(locale);
  const t = createTranslate(messages, { brand: getRuntime().env.BRAND_NAME }, contentLocale);
  // Links open in the reader's language space (/fr/…, /es/…, /pt/…; English unprefixed).
  const page = (path: string) => `${getRuntime().env.PUBLIC_URL}${localizedPath(locale, path)}`;
  // The token is not written into the stored email: the worker puts it in at send time (ADR 0025).
  const link = (path: string) => `${page(path)}?token=${SECRET_MASK}`;
  return { t, page, link, format: { lang: contentLocale, line: (label: string, value: string) => t("email.field", { label, value }) } };
}

/** Every account email: its kind in the outbox, and the mailbox cap it counts against. */
export const ACCOUNT_EMAIL_KINDS = {
  verification: { kind: "account.verify", cap: "account" },
  // From a browser the account does not know; from one it knows, the owner's cap instead (ADR 36).
  passwordReset: { kind: "account.reset", cap: "reset" },
  existingAccount: { kind: "account.existing", cap: "existing" },
  emailChange: { kind: "account.email-change", cap: "account" },
  passwordChanged: { kind: "account.password-changed", cap: "notice" },
  emailChangeRequested: { kind: "account.email-changing", cap: "notice" },
} as const satisfies Record<string, { kind: string; cap: RecipientCap }>;
type AccountEmail = keyof typeof ACCOUNT_EMAIL_KINDS;

/**
 * The account emails better-auth asks for, queued in the outbox like every other email. Each
 * goes to an address someone typed, so each counts against that mailbox's cap; over it, nothing
 * is queued and the page answers as always (no sign of whether an account exists).
 */
async function send(which: AccountEmail, to: Recipient, content: Parameters<typeof renderEmail>[0], token?: string, capOverride?: RecipientCap) {
  const { db, env } = getRuntime();
  const { kind } = ACCOUNT_EMAIL_KINDS[which];
  const cap = capOverride ?? ACCOUNT_EMAIL_KINDS[which].cap;
  const sealedSecret = token === undefined ? undefined : secretBox(env.AUTH_SECRET).seal(token);
  const id = await enqueueEmail(db, { ...renderEmail(content, env.BRAND_NAME), kind, to: to.email, cap, sealedSecret });
  if (id) mailQueued();
}

/** The account's name as an email may show it: short, without links (anyone chooses it at sign-up). */
const nameOf = (user: Recipient) => nameForEmail(user.name);

export const accountEmails = {
  verification: (user: Recipient, token: string) => {
    const { t, link, format } = reader();
    return send(
      "verification",
      user,
      {
        subject: t("email.verify.subject"),
        heading: t("email.verify.heading"),
        paragraphs: [t("email.verify.text")],
        action: { label: t("email.verify.action"), url: link(href("/auth/verify")) },
        footer: t("email.verify.footer"),
        ...format,
      },
      token,
      passwordProven.get() ? "owner" : undefined,
    );
  },
  passwordReset: (user: Recipient, token: string, allowance: RecipientCap = ACCOUNT_EMAIL_KINDS.passwordReset.cap) => {
    const { t, link, format } = reader();
    return send(
      "passwordReset",
      user,
      {
        subject: t("email.reset.subject"),
        heading: t("email.reset.heading"),
        paragraphs: [t("email.reset.greeting", { name: nameOf(user) }), t("email.reset.text")],
        action: { label: t("email.reset.action"), url: link(href("/auth/reset-password")) },
        footer: t("email.reset.footer"),
        ...format,
      },
      token,
      allowance,
    );
  },
  existingAccount: (user: Recipient) => {
    const { t, page, format } = reader();
    return send("existingAccount", user, {
      subject: t("email.existing.subject"),
      heading: t("email.existing.heading"),
      paragraphs: [t("email.existing.greeting", { name: nameOf(user) }), t("email.existing.text")],
      action: { label: t("email.existing.action"), url: page(href("/auth/forgot")) },
      footer: t("email.existing.footer"),
      ...format,
    });
  },
  /** To a new address of an existing account: opening the link makes it the account's email. */
  emailChange: (user: Recipient, token: string) => {
    const { t, link, format } = reader();
    return send(
      "emailChange",
      user,
      {
        subject: t("email.emailChange.subject"),
        heading: t("email.emailChange.heading"),
        paragraphs: [t("email.emailChange.greeting", { name: nameOf(user) }), t("email.emailChange.text")],
        action: { label: t("email.emailChange.action"), url: link(href("/auth/verify")) },
        footer: t("email.emailChange.footer"),
        ...format,
      },
      token,
    );
  },
  /** After a password change made while signed in (My Account → Security). */
  passwordChanged: (user: Recipient) => {
    const { t, page, format } = reader();
    return send("passwordChanged", user, {
      subject: t("email.passwordChanged.subject"),
      heading: t("email.passwordChanged.heading"),
      paragraphs: [t("email.passwordChanged.greeting", { name: nameOf(user) }), t("email.passwordChanged.text")],
      action: { label: t("email.passwordChanged.action"), url: page(href("/auth/forgot")) },
      footer: t("email.passwordChanged.footer"),
      ...format,
    });
  },
  /** To the address in use when a change to another one is requested (it changes once verified). */
  emailChangeRequested: (user: Recipient, newEmail: string) => {
    const { t, page, format } = reader();
    return send("emailChangeRequested", user, {
      subject: t("email.emailChanging.subject"),
      heading: t("email.emailChanging.heading"),
      paragraphs: [t("email.emailChanging.greeting", { name: nameOf(user), email: typedText(newEmail, 254) }),
        // "…then contact us": the sentence leads to the Contact page (issue 51).
        { text: t("email.emailChanging.text"), url: page(href("/contact")) },
      ],
      action: { label: t("email.emailChanging.action"), url: page(href("/auth/forgot")) },
      footer: t("email.emailChanging.footer"),
      ...format,
    });
  },
};
