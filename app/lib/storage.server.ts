import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { getAppEnv } from "./runtime.server";

/**
 * The one place uploaded files live: `${DATA_DIR}/uploads`, addressed by keys such as
 * `listings/<photoId>/card.webp`. Keys are checked before they touch the file system, so no
 * key can name a file outside the uploads folder. Moving to object storage later means
 * replacing this module only.
 */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export class InvalidKeyError extends Error {
  override name = "InvalidKeyError";
}

/** A key: 1–8 `/`-separated segments of letters, digits, `.`, `_`, `-`; no `..`, no leading dot. */
export function isValidKey(key: string): boolean {
  if (typeof key !== "string" || key.length === 0 || key.length > 512) return false;
  const segments = key.split("/");
  return segments.length <= 8 && segments.every((s) => SEGMENT.test(s) && !s.includes(".."));
}

/** A key prefix (a folder): a valid key, optionally ending in `/`. */
const isValidPrefix = (prefix: string) => isValidKey(prefix.replace(/\/$/, ""));

export const uploadsRoot = (dataDir = getAppEnv().DATA_DIR) => path.resolve(dataDir, "uploads");

/** The absolute path for a key, refusing anything that would leave the uploads folder. */
export function resolveKey(key: string, root = uploadsRoot()): string {
  if (!isValidKey(key)) throw new InvalidKeyError(`Invalid storage key: ${JSON.stringify(key)}`);
  const file = path.resolve(root, ...key.split("/"));
  if (!file.startsWith(root + path.sep)) throw new InvalidKeyError(`Invalid storage key: ${JSON.stringify(key)}`);
  return file;
}

/** Writes a whole object: to a temporary file first, then renamed, so readers never see half a file. */
export async function putObject(key: string, body: Uint8Array, root = uploadsRoot()): Promise<void> {
  const file = resolveKey(key, root);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFile(temp, body, { mode: 0o600 });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** The object's bytes, or null when there is none. */
export async function getObject(key: string, root = uploadsRoot()): Promise<Buffer | null> {
  const file = resolveKey(key, root);
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "EISDIR") return null;
    throw error;
  }
}

/** Deletes one object or everything under a prefix (`listings/<photoId>/`). Missing is fine. */
export async function deleteObject(prefix: string, root = uploadsRoot()): Promise<void> {
  if (!isValidPrefix(prefix)) throw new InvalidKeyError(`Invalid storage key: ${JSON.stringify(prefix)}`);
  await rm(resolveKey(prefix.replace(/\/$/, ""), root), { recursive: true, force: true });
}
