import { randomUUID } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { storageWritten, throwIfFull } from "./disk-full.server";
import { countUpload } from "./metrics.server";
import { getAppEnv } from "./runtime.server";

/**
 * The one place uploaded files live (listing photos, provider documents, review photos),
 * addressed by keys such as `listings/<photoId>/card.webp` (ADR 16). Callers only see keys and
 * bytes: put, get, delete. Today's driver is a folder, UPLOADS_DIR (default DATA_DIR/uploads);
 * with several app processes it is a volume they all mount (NFS, a shared disk), and nothing
 * about a file is kept in process memory, so any process can serve what another stored. An
 * S3-compatible driver is another `ObjectStore` chosen in `storeFor`; nothing else changes.
 */
export type ObjectStore = {
  /** Stores a whole object; readers see the old object or the new one, never half of one. */
  put: (key: string, body: Uint8Array) => Promise<void>;
  /** The object's bytes, or null when there is none. */
  get: (key: string) => Promise<Buffer | null>;
  /** Deletes one object or everything under a prefix (`listings/<photoId>/`). Missing is fine. */
  delete: (prefix: string) => Promise<void>;
  /** Every object under a prefix (a folder: `provider-documents/held/`) with when it was last written. */
  list: (prefix: string) => Promise<{ key: string; writtenAt: Date }[]>;
};

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

/** The uploads folder of the running app (UPLOADS_DIR). */
export const uploadsRoot = () => getAppEnv().UPLOADS_DIR;

/** The absolute path for a key, refusing anything that would leave the uploads folder. */
export function resolveKey(key: string, root = uploadsRoot()): string {
  if (!isValidKey(key)) throw new InvalidKeyError(`Invalid storage key: ${JSON.stringify(key)}`);
  const file = path.resolve(root, ...key.split("/"));
  if (!file.startsWith(path.resolve(root) + path.sep)) throw new InvalidKeyError(`Invalid storage key: ${JSON.stringify(key)}`);
  return file;
}

/**
 * The folder driver. Writes go to a temporary file in the same folder, are flushed to disk,
 * then renamed into place: a rename is atomic on local file systems and on NFS, so another
 * process never reads a partial file, and a power cut cannot leave a named but empty one.
 */
export function folderStore(root: string): ObjectStore {
  return {
    put: async (key, body) => {
      const file = resolveKey(key, root);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temp = `${file}.${randomUUID()}.tmp`;
      try {
        const handle = await open(temp, "wx", 0o600);
        try {
          await handle.writeFile(body);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    get: async (key) => {
      const file = resolveKey(key, root);
      try {
        return await readFile(file);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "EISDIR") return null;
        throw error;
      }
    },
    delete: async (prefix) => {
      if (!isValidPrefix(prefix)) throw new InvalidKeyError(`Invalid storage key: ${JSON.stringify(prefix)}`);
      await rm(resolveKey(prefix.replace(/\/$/, ""), root), { recursive: true, force: true });
    },
    list: async (prefix) => {
      if (!isValidPrefix(prefix)) throw new InvalidKeyError(`Invalid storage key: ${JSON.stringify(prefix)}`);
      const folder = resolveKey(prefix.replace(/\/$/, ""), root);
      let names: string[];
      try {
        names = await readdir(folder, { recursive: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
      const found: { key: string; writtenAt: Date }[] = [];
      for (const name of names) {
        const key = `${prefix.replace(/\/$/, "")}/${name.split(path.sep).join("/")}`;
        // A write in progress (its temporary file) is not an object yet.
        if (name.endsWith(".tmp") || !isValidKey(key)) continue;
        const info = await stat(path.join(folder, name)).catch(() => null);
        if (info?.isFile()) found.push({ key, writtenAt: info.mtime });
      }
      return found;
    },
  };
}

/** The store for a folder (the running app's UPLOADS_DIR unless a test names another one). */
export const storeFor = (root = uploadsRoot()): ObjectStore => folderStore(root);

/** A full disk is a StorageFullError (507, logged once: disk-full.server.ts); put leaves no partial file. */
export const putObject = async (key: string, body: Uint8Array, root?: string) => {
  await storeFor(root)
    .put(key, body)
    .catch((error: unknown) => throwIfFull(error, "files"));
  storageWritten("files");
  countUpload(key.split("/")[0] ?? "other", body.byteLength);
};
export const getObject = (key: string, root?: string) => storeFor(root).get(key);
export const deleteObject = (prefix: string, root?: string) => storeFor(root).delete(prefix);
export const listObjects = (prefix: string, root?: string) => storeFor(root).list(prefix);
