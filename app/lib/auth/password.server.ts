import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { getAppEnv } from "../runtime.server";

/**
 * Password hashing at OWASP's recommended minimum for scrypt (N = 2^17, r = 8, p = 1; N from
 * PASSWORD_HASH_COST, which only the test servers lower). Node's async scrypt runs on the libuv
 * thread pool, so hashing never blocks the event loop. Stored as `scrypt$N$r$p$salt$hash`
 * (base64url) so parameters can be raised later: a hash is checked with its own.
 */
export const SCRYPT = { r: 8, p: 1, keyLength: 64 } as const;

function derive(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number) {
  return new Promise<Buffer>((resolve, reject) => {
    // scrypt needs 128 * N * r bytes; leave head-room above that.
    scrypt(password.normalize("NFKC"), salt, keyLength, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** getAppEnv().PASSWORD_HASH_COST;
  const key = await derive(password, salt, N, SCRYPT.r, SCRYPT.p, SCRYPT.keyLength);
  return ["scrypt", N, SCRYPT.r, SCRYPT.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = hash.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), Number(n), Number(r), Number(p), expected.length);
  return timingSafeEqual(actual, expected);
}
