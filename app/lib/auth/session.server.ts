import { href, redirect } from "react-router";
import { withoutLocalePrefix } from "../i18n/locales";
import { noteUser } from "../log.server";
import { getAuth } from "./auth.server";

export type Role = "user" | "provider" | "admin";
export type SessionUser = { id: string; name: string; email: string; phone: string | null; role: Role; emailVerified: boolean };

const ROLES: Role[] = ["user", "provider", "admin"];

/**
 * The signed-in user for this request, or null. Looked up once per request: the root loader and
 * the page's own loaders (which run in parallel) all ask, and each lookup is a signed-cookie
 * check and a database read (issue #26).
 */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  // Not for a form post: its action may sign in or out, or change the name the header shows,
  // before the page's loaders run in the same request.
  if (!isPageRequest(request)) return lookUpSessionUser(request);
  let user = sessionUsers.get(request);
  if (!user) {
    user = lookUpSessionUser(request);
    sessionUsers.set(request, user);
  }
  return user;
}

const sessionUsers = new WeakMap<Request, Promise<SessionUser | null>>();

async function lookUpSessionUser(request: Request): Promise<SessionUser | null> {
  const session = await getAuth().api.getSession({ headers: request.headers });
  if (!session) return null;
  const u = session.user as typeof session.user & { phone?: string | null; role?: string | null };
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
 */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (user) return user;
  if (isPageRequest(request)) throw redirect(loginUrl(request));
  throw new Response("Log in to continue.", { status: 401 });
}

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
