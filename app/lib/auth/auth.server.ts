import { betterAuth } from "better-auth";
import { getRuntime } from "../runtime.server";
import { revokeAccountLinks } from "./account-links.server";
import { verificationClaims } from "./link-claims";
import { PASSWORD_MAX, PASSWORD_MIN } from "./password-policy";
import { hashPassword, verifyPassword } from "./password.server";

/**
 * better-auth on our own database (the same Kysely instance), email + password only.
 * Route actions call `auth.api.*` on the server; no auth HTTP endpoint is exposed, so every
 * form goes through our schemas, rate limits and messages. The emails it asks for are queued
 * in our outbox (see app/modules/accounts/emails.server.ts, wired in by configureAuthEmails).
 */
export const SESSION_DAYS = 30;
export const VERIFY_EMAIL_TTL_SECONDS = 24 * 60 * 60;
export const RESET_PASSWORD_TTL_SECONDS = 60 * 60;

export type AuthMailer = {
  verification: (user: { id: string; email: string; name: string }, token: string) => Promise<void>;
  passwordReset: (user: { id: string; email: string; name: string }, token: string) => Promise<void>;
  existingAccount: (user: { id: string; email: string; name: string }) => Promise<void>;
  /** The link that confirms a new address for an existing account (My Profile → email). */
  emailChange: (user: { id: string; email: string; name: string }, token: string) => Promise<void>;
};

/**
 * better-auth asks for the link to a new address of an existing account through the same
 * sendVerificationEmail as for a new account; the token tells them apart by its `updateTo`, and
 * the email must not welcome someone who already has an account.
 */
const isEmailChangeToken = (token: string) => verificationClaims(token).updateTo !== undefined;

let mailer: AuthMailer | undefined;
export function configureAuthEmails(m: AuthMailer) {
  mailer = m;
}
const mail = () => {
  if (!mailer) throw new Error("Auth emails are not configured");
  return mailer;
};

function createAuth() {
  const { db, dialect, env } = getRuntime();
  return betterAuth({
    appName: env.BRAND_NAME,
    baseURL: env.PUBLIC_URL,
    basePath: "/api/auth",
    secret: env.AUTH_SECRET,
    database: { db, type: dialect === "postgres" ? "postgres" : "sqlite" },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // The link just used is consumed by better-auth; every other one mailed before dies too.
      onPasswordReset: async ({ user }) => revokeAccountLinks(user.id),
      sendResetPassword: async ({ user, token }) => mail().passwordReset(user, token),
      onExistingUserSignUp: async ({ user }) => mail().existingAccount(user),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_EMAIL_TTL_SECONDS,
      sendVerificationEmail: async ({ user, token }) =>
        isEmailChangeToken(token) ? mail().emailChange(user, token) : mail().verification(user, token),
    },
    user: {
      additionalFields: {
        phone: { type: "string", required: false, input: true },
        role: { type: "string", required: false, defaultValue: "user", input: false },
        adultConfirmedAt: { type: "date", required: false, input: false },
        termsAcceptedAt: { type: "date", required: false, input: false },
      },
      changeEmail: { enabled: true },
    },
    session: { expiresIn: SESSION_DAYS * 24 * 60 * 60, updateAge: 24 * 60 * 60 },
    // Reset tokens are kept as their SHA-256 only: a copy of the database holds no usable link.
    verification: { storeIdentifier: "hashed" },
    // Our Express layer rate-limits; auth.api calls made on the server skip better-auth's.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: "gta",
      useSecureCookies: env.PUBLIC_URL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
    },
    // Its warnings (e.g. every failed log-in) are expected traffic here; keep errors only.
    logger: { level: "error" },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const holder = globalThis as typeof globalThis & { __appAuth?: Auth };

export function getAuth(): Auth {
  holder.__appAuth ??= createAuth();
  return holder.__appAuth;
}
