import { createHmac, timingSafeEqual } from "node:crypto";
import type { InferResult } from "kysely";
import { compiledOnce, filled, slot } from "../db/compiled-once";
import type { DB } from "../db/db.server";
import { getRuntime } from "../runtime.server";
import { getAuth } from "./auth.server";

/**
 * The session of a page request read in one indexed query, for the common case only
 * (docs/decisions/0034-session-read.md). better-auth's getSession verifies the cookie's HMAC with
 * WebCrypto (a key import and a thread-pool round trip per request) and goes through its endpoint
 * machinery: about a tenth of a signed-in page's CPU. Here the same check is made synchronously,
 * and remembered per cookie value, since a signature is a pure function of the value and the
 * secret.
 *
 * It only ever answers for a session that better-auth would answer for the same way without
 * writing anything: a cookie signed with our secret, a stored session not expired and not due for
 * its daily refresh, no "don't remember me" cookie. Anything else returns `undefined`, and the
 * caller asks better-auth (which refreshes, clears, or refuses as it always has). So a session
 * revoked anywhere (sign-out, "sign out other devices", a password reset, an erasure) is gone on
 * the next request: nothing about the session itself is cached.
 */
export type StoredSessionUser = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: string | null;
  emailVerified: boolean;
};

type CookieNames = { session: string; dontRemember: string; secret: string; expiresIn: number; updateAge: number };
let names: Promise<CookieNames> | undefined;

function cookieNames(): Promise<CookieNames> {
  names ??= getAuth().$context.then((ctx) => ({
    session: ctx.authCookies.sessionToken.name,
    dontRemember: ctx.authCookies.dontRememberToken.name,
    secret: ctx.secret,
    expiresIn: ctx.sessionConfig.expiresIn,
    updateAge: ctx.sessionConfig.updateAge,
  }));
  return names;
}

/** Signed cookie value → its token, for values whose signature was found good. */
const verified = new Map<string, string>();
const VERIFIED_MAX = 10_000;

function tokenOf(signedValue: string, secret: string): string | null {
  const known = verified.get(signedValue);
  if (known !== undefined) return known;
  const dot = signedValue.lastIndexOf(".");
  if (dot < 1) return null;
  const token = signedValue.slice(0, dot);
  // Exactly the base64 better-call writes (44 characters, padded): nothing it would refuse.
  const signature = Buffer.from(signedValue.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  if (verified.size >= VERIFIED_MAX) verified.clear();
  verified.set(signedValue, token);
  return token;
}

/** The value of cookie `name` in a Cookie header, decoded, or null. */
function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** Built once per database: only the token changes. */
const sessionQuery = compiledOnce((db: DB) =>
  db
    .selectFrom("session")
    .innerJoin("user", "user.id", "session.userId")
    .select(["session.expiresAt", "user.id", "user.name", "user.email", "user.phone", "user.role", "user.emailVerified"])
    .where("session.token", "=", slot("token"))
    .compile(),
);

/** `null`: no session cookie at all; `undefined`: ask better-auth. */
export async function readStoredSession(headers: Headers): Promise<StoredSessionUser | null | undefined> {
  const header = headers.get("cookie");
  if (!header) return null;
  const config = await cookieNames();
  const signed = cookieValue(header, config.session);
  if (signed === null) return header.includes(config.session) ? undefined : null;
  if (cookieValue(header, config.dontRemember) !== null) return undefined;
  const token = tokenOf(signed, config.secret);
  if (!token) return undefined;
  const { db } = getRuntime();
  const query = sessionQuery(db);
  const [row] = (await db.executeQuery<InferResult<typeof query>[number]>(filled(query, { token }))).rows;
  if (!row) return undefined;
  const expiresAt = new Date(row.expiresAt).getTime();
  const now = Date.now();
  // Expired, or due for better-auth's daily extension of its expiry: better-auth decides.
  if (!(expiresAt > now) || expiresAt - config.expiresIn * 1000 + config.updateAge * 1000 <= now) return undefined;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone ?? null,
    role: row.role,
    emailVerified: Boolean(row.emailVerified),
  };
}
