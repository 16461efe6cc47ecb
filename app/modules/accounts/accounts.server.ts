import { APIError } from "better-auth/api";
import { revokeAccountLinks, linkWasRevoked } from "~/lib/auth/account-links.server";
import { getAuth } from "~/lib/auth/auth.server";
import { verificationClaims } from "~/lib/auth/link-claims";
import { isCommonPassword } from "~/lib/auth/common-passwords.server";
import { hashPassword, verifyPassword } from "~/lib/auth/password.server";
import type { SessionUser } from "~/lib/auth/session.server";
import { getRuntime } from "~/lib/runtime.server";
import { recordConsents } from "~/modules/legal/consents.server";
import { ACCOUNT_DOCUMENTS, CONSENT_DOCUMENTS, CURRENT_VERSIONS } from "~/modules/legal/versions";
import { accountEmails, asPasswordHolder, withReaderLocale } from "./emails.server";
import { currentResetToken, type ResetAllowance } from "./reset-links.server";
import type { ProfileInput, SignUpInput } from "./schema";
import { type DeviceSummary, summariseUserAgent } from "./user-agent";

/**
 * Account use cases on top of better-auth. Each returns a plain outcome for the route to turn
 * into a page; better-auth's error codes never reach the browser.
 */
export type Outcome<T = object> = ({ ok: true } & T) | { ok: false; reason: string; field?: string };

/** Responses from auth.api calls carry Set-Cookie headers that we pass on. */
export const setCookies = (response: Response) => response.headers.getSetCookie();

const codeOf = async (response: Response) => {
  try {
    return ((await response.clone().json()) as { code?: string }).code ?? "";
  } catch {
    return "";
  }
};

/**
 * Creates an unverified account and queues the verification email. An address that already
 * has an account gets the same answer (and an email telling its owner), so sign-up cannot be
 * used to discover who is registered.
 */
export async function signUp(input: SignUpInput, request: Request): Promise<Outcome> {
  if (isCommonPassword(input.password)) return { ok: false, reason: "common-password", field: "password" };
  try {
    await withReaderLocale(request, () =>
      getAuth().api.signUpEmail({
        body: { name: input.name, email: input.email, password: input.password, phone: input.phone ?? null },
        headers: request.headers,
      }),
    );
    // Record the 18+ and terms confirmations the form required, once, on the new account, with
    // the versions of the Terms and the Privacy Policy accepted (consent records). better-auth
    // creates the user in its own write, so this is a second transaction in the same request: a
    // crash in between leaves an account without consents, whose owner is asked to accept the
    // documents at their first log-in (/account/consent) — nothing is used unaccepted.
    const now = new Date().toISOString();
    await getRuntime()
      .db.transaction()
      .execute(async (trx) => {
        const created = await trx
          .updateTable("user")
          .set({ adultConfirmedAt: now, termsAcceptedAt: now })
          .where("email", "=", input.email)
          .where("adultConfirmedAt", "is", null)
          .where("role", "=", "user")
          .returning("id")
          .executeTakeFirst();
        if (created) await recordConsents(created.id, ACCOUNT_DOCUMENTS, "signup", trx, now);
      });
    return { ok: true };
  } catch (error) {
    if (error instanceof APIError) return { ok: false, reason: String(error.body?.code ?? "sign-up-failed") };
    throw error;
  }
}

export type LogInResult =
  | { ok: true; cookies: string[]; user: { id: string; name: string } }
  | { ok: false; reason: "invalid" | "unverified" };

export async function logIn(email: string, password: string, request: Request): Promise<LogInResult> {
  // An unverified account gets a new verification email, in the page's language.
  const response = await withReaderLocale(request, () =>
    asPasswordHolder(() => getAuth().api.signInEmail({ body: { email, password, rememberMe: true }, headers: request.headers, asResponse: true })),
  );
  if (response.ok) {
    const body = (await response.json()) as { user: { id: string; name: string } };
    return { ok: true, cookies: setCookies(response), user: body.user };
  }
  // EMAIL_NOT_VERIFIED only follows a correct password, so it reveals nothing to a guesser.
  return { ok: false, reason: (await codeOf(response)) === "EMAIL_NOT_VERIFIED" ? "unverified" : "invalid" };
}

export async function logOut(request: Request): Promise<string[]> {
  const response = await getAuth().api.signOut({ headers: request.headers, asResponse: true });
  return setCookies(response);
}

export async function resendVerification(email: string, request: Request): Promise<void> {
  try {
    await withReaderLocale(request, () => getAuth().api.sendVerificationEmail({ body: { email }, headers: request.headers }));
  } catch (error) {
    // Unknown or already verified addresses get the same answer as everyone else.
    if (!(error instanceof APIError)) throw error;
  }
}

/** Follows a verification link. Signs the user in the first time; a used link does nothing. */
/**
 * Whether a verification link belongs to another account than the one signed in here.
 * Used as it is, better-auth would sign this browser into the link's account, silently
 * replacing the session: someone could send a link to their own account and have the victim
 * work in it (log-in CSRF). So such a link is not used; the page asks to log out first. A link
 * that confirms a new address is bound to its account by better-auth, which refuses it to
 * anyone else's session, so it is not concerned.
 */
export function isForAnotherAccount(token: string, signedIn: { email: string } | null): boolean {
  if (!signedIn) return false;
  const { email, updateTo } = verificationClaims(token);
  if (updateTo !== undefined) return false;
  return email?.toLowerCase() !== signedIn.email.toLowerCase();
}

export async function verifyEmail(
  token: string,
  request: Request,
): Promise<Outcome<{ cookies: string[]; changedTo: string | null }>> {
  // A link mailed before a password reset or change is dead, like every other link of then.
  if (await linkWasRevoked(token)) return { ok: false, reason: "INVALID_TOKEN" };
  const response = await getAuth().api.verifyEmail({ query: { token }, headers: request.headers, asResponse: true });
  const cookies = setCookies(response);
  if (!response.ok) return { ok: false, reason: await codeOf(response) };
  const body = (await response.json()) as { user: { email?: string } | null };
  // better-auth answers a second use of the link with neither a session nor a user.
  if (cookies.length === 0 && !body.user) return { ok: false, reason: "ALREADY_USED" };
  // Only the link to a new address of an existing account answers with the user (its new email).
  return { ok: true, cookies, changedTo: body.user?.email ?? null };
}

/**
 * Sends the account's reset link (the one still working, else a new one: reset-links.server.ts)
 * from the allowance decideReset chose; nothing for an address without an account. Called after
 * the page answered, so its timing says nothing either.
 */
export async function requestPasswordReset(email: string, request: Request, allowance: ResetAllowance): Promise<void> {
  const context = await getAuth().$context;
  const found = await context.internalAdapter.findUserByEmail(email.toLowerCase());
  if (!found) return;
  const token = await currentResetToken(found.user.id);
  await withReaderLocale(request, () => accountEmails.passwordReset(found.user, token, allowance));
}

export async function resetPassword(token: string, newPassword: string): Promise<Outcome> {
  if (isCommonPassword(newPassword)) return { ok: false, reason: "common-password", field: "password" };
  try {
    await getAuth().api.resetPassword({ body: { token, newPassword } });
    return { ok: true };
  } catch (error) {
    if (error instanceof APIError) return { ok: false, reason: "invalid-token" };
    throw error;
  }
}

/**
 * Whether a password-reset link can still be used: its token is stored (not used yet) and has
 * not expired — the same test better-auth makes when the new password is posted (which stays).
 * Asked when the page opens, so a used or expired link says so before anything is typed, not
 * after the new password was typed twice. Reads only: the token is consumed by resetPassword alone.
 */
export async function resetLinkIsLive(token: string): Promise<boolean> {
  if (!token) return false;
  const context = await getAuth().$context;
  const found = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(found && new Date(found.expiresAt) > new Date());
}

/** Name and phone change at once; a new email address is only used once it is verified. */
export async function updateProfile(
  user: SessionUser,
  input: ProfileInput,
  request: Request,
): Promise<Outcome<{ emailChangePending: boolean }>> {
  const auth = getAuth();
  await auth.api.updateUser({ body: { name: input.name, phone: input.phone ?? null }, headers: request.headers });
  if (input.email === user.email) return { ok: true, emailChangePending: false };
  try {
    await withReaderLocale(request, () => auth.api.changeEmail({ body: { newEmail: input.email }, headers: request.headers }));
    // The address in use hears of it too, so a change made from someone else's hands is noticed
    // before it takes effect. (better-auth answers an address that belongs to another account
    // like any other, without writing to it; the notice says "requested", which stays true.)
    await withReaderLocale(request, () => accountEmails.emailChangeRequested(user, input.email));
    return { ok: true, emailChangePending: true };
  } catch (error) {
    if (error instanceof APIError) return { ok: false, reason: "email-taken", field: "email" };
    throw error;
  }
}

/**
 * Change password (My Account → Security): the current password is checked by better-auth,
 * which then ends every session of the account and opens a new one for this browser — its
 * Set-Cookie is passed on, or this device would be signed out too. The owner is emailed.
 */
export async function changePassword(
  user: SessionUser,
  input: { currentPassword: string; newPassword: string },
  request: Request,
): Promise<Outcome<{ cookies: string[] }>> {
  if (isCommonPassword(input.newPassword)) return { ok: false, reason: "common-password", field: "newPassword" };
  const response = await getAuth().api.changePassword({
    body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
    headers: request.headers,
    asResponse: true,
  });
  if (!response.ok) {
    const code = await codeOf(response);
    if (code === "INVALID_PASSWORD") return { ok: false, reason: "wrong-password", field: "currentPassword" };
    if (response.status === 401) return { ok: false, reason: "signed-out" };
    return { ok: false, reason: code || "change-failed" };
  }
  // Links mailed before (a reset, a pending change of address) must not outlive the old password.
  await revokeAccountLinks(user.id);
  await withReaderLocale(request, () => accountEmails.passwordChanged(user));
  return { ok: true, cookies: setCookies(response) };
}

/** One signed-in session as My Account shows it: never its token, only the row's id. */
export type SessionSummary = DeviceSummary & { id: string; current: boolean; signedInAt: string; lastActiveAt: string };

type SessionRow = { id: string; token: string; userId: string; userAgent?: string | null; createdAt: Date; updatedAt: Date; expiresAt: Date };

/**
 * The signed-in user's sessions that have not expired. Read through better-auth's adapter
 * rather than `auth.api.listSessions`, which refuses once the session is a day old (its
 * "fresh session" rule) while ours last 30 days.
 */
async function ownSessions(request: Request): Promise<{ currentId: string; rows: SessionRow[] } | null> {
  const auth = getAuth();
  const current = await auth.api.getSession({ headers: request.headers, query: { disableCookieCache: true } });
  if (!current) return null;
  const ctx = await auth.$context;
  const now = Date.now();
  const rows = ((await ctx.internalAdapter.listSessions(current.user.id)) as SessionRow[]).filter(
    (s) => s.userId === current.user.id && new Date(s.expiresAt).getTime() > now,
  );
  return { currentId: current.session.id, rows };
}

export async function listSessions(request: Request): Promise<SessionSummary[]> {
  const own = await ownSessions(request);
  if (!own) return [];
  const iso = (d: Date | string) => new Date(d).toISOString();
  return own.rows
    .map((s) => ({
      id: s.id,
      current: s.id === own.currentId,
      ...summariseUserAgent(s.userAgent),
      signedInAt: iso(s.createdAt),
      // better-auth touches a session at most once a day (updateAge), so this is approximate.
      lastActiveAt: iso(new Date(s.updatedAt) > new Date(s.createdAt) ? s.updatedAt : s.createdAt),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt));
}

/**
 * Signs out one other session of the signed-in user, named by its row id. The token is looked
 * up among this user's own sessions only: anyone else's id (or this session's, which the Log Out
 * button ends) is "not found" and changes nothing.
 */
export async function revokeSession(sessionId: string, request: Request): Promise<Outcome> {
  const own = await ownSessions(request);
  const target = own?.rows.find((s) => s.id === sessionId && s.id !== own.currentId);
  if (!target) return { ok: false, reason: "not-found" };
  await getAuth().api.revokeSession({ body: { token: target.token }, headers: request.headers });
  return { ok: true };
}

/** Signs out every session of the signed-in user except this one. */
export async function revokeOtherSessions(request: Request): Promise<void> {
  await getAuth().api.revokeOtherSessions({ headers: request.headers });
}

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD: create or update that account as a verified admin at start-up.
 */
export async function ensureAdmin(email: string, password: string): Promise<"created" | "updated"> {
  const ctx = await getAuth().$context;
  const hash = await hashPassword(password);
  const existing = await ctx.internalAdapter.findUserByEmail(email.toLowerCase(), { includeAccounts: true });
  if (existing) {
    await ctx.internalAdapter.updateUser(existing.user.id, { role: "admin", emailVerified: true });
    if (existing.accounts.some((a) => a.providerId === "credential")) {
      await ctx.internalAdapter.updatePassword(existing.user.id, hash);
    } else {
      await ctx.internalAdapter.linkAccount({ userId: existing.user.id, providerId: "credential", accountId: existing.user.id, password: hash });
    }
    await recordAdminConsents(existing.user.id);
    return "updated";
  }
  const user = await ctx.internalAdapter.createUser(
    { email: email.toLowerCase(), name: "Administrator", emailVerified: true, role: "admin" },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: hash });
  await recordAdminConsents(user.id);
  return "created";
}

/**
 * The operator who sets ADMIN_EMAIL runs the site and publishes its documents: their account is
 * recorded as accepting each current version at start-up ("admin-setup"), so a new version never
 * locks the back office's own account out of My Account. Only versions not yet recorded are added.
 */
async function recordAdminConsents(userId: string): Promise<void> {
  const { db } = getRuntime();
  await db.transaction().execute(async (trx) => {
    const have = await trx.selectFrom("consents").select(["document", "version"]).where("user_id", "=", userId).execute();
    const missing = CONSENT_DOCUMENTS.filter((d) => !have.some((r) => r.document === d && r.version >= CURRENT_VERSIONS[d]));
    await recordConsents(userId, missing, "admin-setup", trx);
  });
}

/**
 * Checks the signed-in person's own password without changing anything (before deleting the
 * account): the stored hash of their credential account is the judge.
 */
export async function passwordMatches(userId: string, password: string): Promise<boolean> {
  const row = await getRuntime()
    .db.selectFrom("account")
    .select("password")
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  return !!row?.password && (await verifyPassword({ hash: row.password, password }));
}
