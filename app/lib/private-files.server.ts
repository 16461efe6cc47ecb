import { chmodSync, mkdirSync } from "node:fs";

/**
 * The data folder holds the SQLite file, the auth secret, dev mail and uploads: readable by the
 * service's own account only. The process umask makes every file it creates 0600 and every
 * folder 0700 (server/main.ts sets it first thing); the data folder is also tightened when it
 * already existed with looser modes, which protects files left from older versions.
 */
export const PRIVATE_UMASK = 0o077;

export function ensurePrivateFolder(dir: string) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}
