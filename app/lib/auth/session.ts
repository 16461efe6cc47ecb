/**
 * Who is signed in, as the server's session (session.server.ts) reads it and the pages'
 * components show it: a type both sides may import, so no component imports a server module.
 */
export type Role = "user" | "provider" | "admin";
export type SessionUser = { id: string; name: string; email: string; phone: string | null; role: Role; emailVerified: boolean };
