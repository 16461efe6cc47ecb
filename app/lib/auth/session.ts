/**
 * Who is signed in, as the server's session (session.server.ts) reads it and the pages'
 * components show it: a type both sides may import, so no component imports a server module.
 */
export type Role = "user" | "provider" | "admin";
export type SessionUser = { id: string; name: string; email: string; phone: string | null; role: Role; emailVerified: boolean };

/** The initials the account menu's button shows (at most two, from the name's words). */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .map((p) => p[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
