import { log } from "./log.server";

/**
 * A write refused because the disk (or the database's) is full: SQLite's SQLITE_FULL, a file's
 * ENOSPC or EDQUOT, PostgreSQL's 53100. Reads still work, so this is not the database being away
 * (availability.server.ts): the page answers 507 with "nothing was kept — try again in a minute"
 * (entry.server.tsx). The fault is logged once, with the real error, when it starts, and once
 * with its duration when a write succeeds again; never once per request (issue 52: one full
 * disk logged SQLite's "cannot rollback" 102 times, in place of the real error).
 */
export class StorageFullError extends Error {
  override name = "StorageFullError";
}

/** By name: the server entry and the app bundle each load their own copy of this module. */
export const isStorageFull = (error: unknown): error is StorageFullError => error instanceof Error && error.name === "StorageFullError";

const FULL_CODES = new Set(["SQLITE_FULL", "ENOSPC", "EDQUOT", "53100"]);

/** A driver or file-system error that means "no space left to write this". */
export function meansStorageFull(error: unknown): boolean {
  if (isStorageFull(error)) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && FULL_CODES.has(code);
}

type Where = "database" | "files";
/**
 * The fault as this process knows it, for the database and for files (uploads, their
 * temporary copies) apart: they may be two disks. On globalThis: one fault, however many copies
 * of this module are loaded. `logged`: whether its start was logged; a write can succeed on a disk that is still full
 * (SQLite's write-ahead log reuses its space), so a fault that starts again within
 * REPEAT_LOG_MS of its last line is not logged again, nor its end.
 */
type Fault = { since: number; logged: boolean };
type Faults = Partial<Record<Where, Fault>> & { loggedAt: Partial<Record<Where, number>> };
const faults = ((globalThis as typeof globalThis & { __storageFull?: Faults }).__storageFull ??= { loggedAt: {} });
const REPEAT_LOG_MS = 60_000;

/** The error to throw for a write the disk refused, logging the fault if it is new. */
export function storageFull(error: unknown, where: Where): StorageFullError {
  if (isStorageFull(error)) return error;
  if (!faults[where]) {
    const now = Date.now();
    const logged = now - (faults.loggedAt[where] ?? 0) >= REPEAT_LOG_MS;
    faults[where] = { since: now, logged };
    if (logged) {
      faults.loggedAt[where] = now;
      log().error({ event: "disk.full", where, err: error }, "the disk is full: writes answer 507 until there is space again");
    }
  }
  return new StorageFullError(`no room to write (${where}); the first such error is logged as disk.full`, { cause: error });
}

/** Rethrows `error` as a StorageFullError when it is one, as it is otherwise. */
export function throwIfFull(error: unknown, where: Where): never {
  throw meansStorageFull(error) ? storageFull(error, where) : error;
}

/** A write succeeded: a disk-full fault there, if there was one, is over. */
export function storageWritten(where: Where) {
  const fault = faults[where];
  if (!fault) return;
  faults[where] = undefined;
  if (!fault.logged) return;
  const fullMs = Date.now() - fault.since;
  log().warn({ event: "disk.available", where, fullMs }, `writes succeed again (the disk was full for ${(fullMs / 1000).toFixed(1)} s)`);
}
