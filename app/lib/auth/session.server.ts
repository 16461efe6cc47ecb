import { href, redirect } from "react-router";
import { withoutLocalePrefix } from "../i18n/locales";
import { noteUser, rememberedForRequest } from "../request-scope.server";
import { safeRedirectPath } from "../safe-redirect";
import { getAuth } from "./auth.server";
import type { Role, SessionUser } from "./session";
import { readStoredSession } from "./session-read.server";
import { sessionAskedInSharedRender } from "./shared-render.server";

export type { Role, SessionUser };

const ROLES: Role[] = ["user", "provider", "admin"];

/**
 * The signed-in user for this request, or null. Looked up once per request: the root loader and
 * the page's own loaders (which run in parallel) all ask, and each lookup is a signed-cookie
 * check and a database read, paid once rather than by each loader.
 */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  if (sessionAskedInSharedRender()) return Promise.resolve(null);
  // Not for a form post: its action may sign in or out, or change the name the header shows,
  // before the page's loaders run in the same request.
  if (!isPageRequest(request)) return lookUpSessionUser(request);
  return rememberedForRequest(`session\n${request.headers.get("cookie") ?? ""}`, () => lookUpSessionUser(request));
}

async function lookUpSessionUser(request: Request): Promise<SessionUser | null> {
  const stored = await readStoredSession(request.headers);
  const u = stored === undefined ? await sessionFromBetterAuth(request) : stored;
  if (!u) return null;
  noteUser(u.id);
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone ?? null,
    role: ROLES.includes(u.role as Role) ? (u.role as Role) : "user",
    emailVerified: Boolean(u.emailVerified),
  };
}

async function sessionFromBetterAuth(request: Request) {
  const session = await getAuth().api.getSession({ headers: request.headers });
  return session ? (session.user as typeof session.user & { phone?: string | null; role?: string | null }) : null;
}

const isPageRequest = (request: Request) => request.method === "GET" || request.method === "HEAD";

/** Log-in URL that brings the user back to where they were. */
export function loginUrl(request: Request, resume?: string) {
  const url = new URL(request.url);
  // In-app paths carry no language prefix: React Router adds the page's own when redirecting.
  const params = new URLSearchParams({ redirectTo: withoutLocalePrefix(url.pathname) + url.search });
  if (resume) params.set("resume", resume);
  return `${href("/auth/login")}?${params}`;
}

/**
 * Guards throw responses. Pages redirect to log-in (and come back afterwards); actions answer
 * 401, since a form post cannot be replayed after a redirect.
 *
 * A signed-in person who has not accepted the current Terms of Use and Privacy Policy is sent to
 * /account/consent first (a page comes back to itself afterwards; a form post, which writes
 * nothing, comes back to the page it was posted to). `{ consent: false }` is for that page itself.
 */
export async function requireUser(request: Request, options: { consent?: boolean } = {}): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) {
    if (isPageRequest(request)) throw redirect(loginUrl(request));
    throw new Response("Log in to continue.", { status: 401 });
  }
  if (options.consent !== false) await requireConsent(request, user);
  return user;
}

/**
 * Sends `user` to /account/consent unless they have accepted the current version of every
 * account document. `returnTo` is where accepting leads (default: this request's page).
 * Looked up once per page request, like the user (a layout and its page both ask).
 */
export async function requireConsent(request: Request, user: SessionUser, returnTo?: string): Promise<void> {
  const outdated = isPageRequest(request) ? rememberedForRequest(`consent\n${user.id}`, () => outdatedConsents(user.id)) : outdatedConsents(user.id);
  if ((await outdated).length) throw redirect(consentUrl(returnTo ?? pathOf(request)), { status: 303 });
}

/**
 * Which account documents a user has yet to accept: the legal module's rule, handed in by the
 * server entry at start-up (infrastructure does not know the documents). Unset, every guarded
 * page fails loudly rather than let a person past the consent page.
 */
let outdatedConsents: (userId: string) => Promise<unknown[]> = () => {
  throw new Error("setConsentCheck was not called at start-up");
};
export function setConsentCheck(check: (userId: string) => Promise<unknown[]>) {
  outdatedConsents = check;
}

/** This request's page without its language prefix (React Router adds the page's own). */
const pathOf = (request: Request) => {
  const url = new URL(request.url);
  return withoutLocalePrefix(url.pathname) + url.search;
};

/** The consent page, coming back to `returnTo` (a same-site path) once accepted. */
export function consentUrl(returnTo: string) {
  const back = safeRedirectPath(returnTo, "");
  return back && back !== CONSENT_PATH ? `${CONSENT_PATH}?${new URLSearchParams({ returnTo: back })}` : CONSENT_PATH;
}

const CONSENT_PATH = href("/account/consent");

/**
 * Every back-office loader and action calls this first (a layout's check does not cover its
 * children, which load in parallel). A logged-out visitor asking for a page logs in and comes
 * back; everything else — any other role, any form post, a file (`{ file: true }`: documents,
 * exports) — gets 403 with no admin data.
 */
export async function requireAdmin(request: Request, options: { file?: boolean } = {}): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (user?.role === "admin") return user;
  if (!user && isPageRequest(request) && !options.file) throw redirect(loginUrl(request));
  throw new Response("Forbidden", { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
