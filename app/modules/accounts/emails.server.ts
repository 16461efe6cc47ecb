import { href } from "react-router";
import { enqueueEmail } from "~/lib/mail/outbox.server";
import { renderEmail } from "~/lib/mail/template.server";
import { getRuntime, mailQueued } from "~/lib/runtime.server";

type Recipient = { email: string; name: string };

/** The account emails better-auth asks for, queued in the outbox like every other email. */
async function send(kind: string, to: Recipient, content: Parameters<typeof renderEmail>[0]) {
  const { db, env } = getRuntime();
  await enqueueEmail(db, { ...renderEmail(content, env.BRAND_NAME), kind, to: to.email });
  mailQueued();
}

const link = (path: string, token: string) => `${getRuntime().env.PUBLIC_URL}${path}?token=${encodeURIComponent(token)}`;

export const accountEmails = {
  verification: (user: Recipient, token: string) => {
    const brand = getRuntime().env.BRAND_NAME;
    return send("account.verify", user, {
      subject: `Verify your email for ${brand}`,
      heading: `Welcome to ${brand}, ${user.name}!`,
      paragraphs: ["Confirm your email address to activate your account. The link works once and expires in 24 hours."],
      action: { label: "Verify my email", url: link(href("/auth/verify"), token) },
      footer: "If you didn't create an account, you can ignore this email.",
    });
  },
  passwordReset: (user: Recipient, token: string) => {
    const brand = getRuntime().env.BRAND_NAME;
    return send("account.reset", user, {
      subject: `Reset your ${brand} password`,
      heading: "Reset your password",
      paragraphs: [
        `Hi ${user.name}, we received a request to reset your password.`,
        "The link works once and expires in 1 hour. Resetting signs you out on every device.",
      ],
      action: { label: "Choose a new password", url: link(href("/auth/reset-password"), token) },
      footer: "If you didn't ask for this, you can ignore this email: your password stays the same.",
    });
  },
  existingAccount: (user: Recipient) => {
    const { env } = getRuntime();
    return send("account.existing", user, {
      subject: `You already have a ${env.BRAND_NAME} account`,
      heading: "Someone tried to sign up with your email",
      paragraphs: [
        `Hi ${user.name}, a sign-up was just attempted with this address, which already has an account.`,
        "If it was you, log in instead, or reset your password if you've forgotten it.",
      ],
      action: { label: "Reset my password", url: `${env.PUBLIC_URL}${href("/auth/forgot")}` },
      footer: "If it wasn't you, no action is needed: your account is unchanged.",
    });
  },
};
