import { AsyncLocalStorage } from "node:async_hooks";
import { href } from "react-router";
import { localeFromRequest, messagesFor } from "~/lib/i18n/catalogue.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/i18n/locales";
import { createTranslate } from "~/lib/i18n/translate";
import { enqueueEmail } from "~/lib/mail/outbox.server";
import { renderEmail } from "~/lib/mail/template.server";
import { getRuntime, mailQueued } from "~/lib/runtime.server";

type Recipient = { email: string; name: string };

/**
 * better-auth asks for an account email from inside the call that triggered it, with no
 * request: the page's language travels with that call (withReaderLocale) so the email is
 * written in the language its reader was using.
 */
const readerLocale = new AsyncLocalStorage<Locale>();

/** Runs an auth call so that the account emails it sends are in the request's language. */
export function withReaderLocale<T>(request: Request, call: () => Promise<T>): Promise<T> {
  return readerLocale.run(localeFromRequest(request), call);
}

function reader() {
  const { messages, contentLocale } = messagesFor(readerLocale.getStore() ?? DEFAULT_LOCALE);
  const t = createTranslate(messages, { brand: getRuntime().env.BRAND_NAME }, contentLocale);
  return { t, format: { lang: contentLocale, line: (label: string, value: string) => t("email.field", { label, value }) } };
}

/** The account emails better-auth asks for, queued in the outbox like every other email. */
async function send(kind: string, to: Recipient, content: Parameters<typeof renderEmail>[0]) {
  const { db, env } = getRuntime();
  await enqueueEmail(db, { ...renderEmail(content, env.BRAND_NAME), kind, to: to.email });
  mailQueued();
}

const link = (path: string, token: string) => `${getRuntime().env.PUBLIC_URL}${path}?token=${encodeURIComponent(token)}`;

const page = (path: string) => `${getRuntime().env.PUBLIC_URL}${path}`;

export const accountEmails = {
  verification: (user: Recipient, token: string) => {
    const { t, format } = reader();
    return send("account.verify", user, {
      subject: t("email.verify.subject"),
      heading: t("email.verify.heading", { name: user.name }),
      paragraphs: [t("email.verify.text")],
      action: { label: t("email.verify.action"), url: link(href("/auth/verify"), token) },
      footer: t("email.verify.footer"),
      ...format,
    });
  },
  passwordReset: (user: Recipient, token: string) => {
    const { t, format } = reader();
    return send("account.reset", user, {
      subject: t("email.reset.subject"),
      heading: t("email.reset.heading"),
      paragraphs: [t("email.reset.greeting", { name: user.name }), t("email.reset.text")],
      action: { label: t("email.reset.action"), url: link(href("/auth/reset-password"), token) },
      footer: t("email.reset.footer"),
      ...format,
    });
  },
  existingAccount: (user: Recipient) => {
    const { t, format } = reader();
    return send("account.existing", user, {
      subject: t("email.existing.subject"),
      heading: t("email.existing.heading"),
      paragraphs: [t("email.existing.greeting", { name: user.name }), t("email.existing.text")],
      action: { label: t("email.existing.action"), url: `${getRuntime().env.PUBLIC_URL}${href("/auth/forgot")}` },
      footer: t("email.existing.footer"),
      ...format,
    });
  },
  /** To a new address of an existing account: opening the link makes it the account's email. */
  emailChange: (user: Recipient, token: string) => {
    const { t, format } = reader();
    return send("account.email-change", user, {
      subject: t("email.emailChange.subject"),
      heading: t("email.emailChange.heading"),
      paragraphs: [t("email.emailChange.greeting", { name: user.name }), t("email.emailChange.text")],
      action: { label: t("email.emailChange.action"), url: link(href("/auth/verify"), token) },
      footer: t("email.emailChange.footer"),
      ...format,
    });
  },
  /** After a password change made while signed in (My Account → Security). */
  passwordChanged: (user: Recipient) => {
    const { t, format } = reader();
    return send("account.password-changed", user, {
      subject: t("email.passwordChanged.subject"),
      heading: t("email.passwordChanged.heading"),
      paragraphs: [t("email.passwordChanged.greeting", { name: user.name }), t("email.passwordChanged.text")],
      action: { label: t("email.passwordChanged.action"), url: page(href("/auth/forgot")) },
      footer: t("email.passwordChanged.footer"),
      ...format,
    });
  },
  /** To the address in use when a change to another one is requested (it changes once verified). */
  emailChangeRequested: (user: Recipient, newEmail: string) => {
    const { t, format } = reader();
    return send("account.email-changing", user, {
      subject: t("email.emailChanging.subject"),
      heading: t("email.emailChanging.heading"),
      paragraphs: [t("email.emailChanging.greeting", { name: user.name, email: newEmail }), t("email.emailChanging.text")],
      action: { label: t("email.emailChanging.action"), url: page(href("/auth/forgot")) },
      footer: t("email.emailChanging.footer"),
      ...format,
    });
  },
};
