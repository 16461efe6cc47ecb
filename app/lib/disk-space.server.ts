import { statfs } from "node:fs/promises";

/** Free (for this account) and total bytes of the file system holding `folder`; nulls when it cannot be read. */
export async function diskSpace(folder: string): Promise<{ freeBytes: number | null; totalBytes: number | null }> {
  try {
    const s = await statfs(folder);
    return { freeBytes: s.bavail * s.bsize, totalBytes: s.blocks * s.bsize };
  } catch {
    return { freeBytes: null, totalBytes: null };
  }
}
