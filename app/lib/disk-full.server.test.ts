import { afterEach, describe, expect, it, vi } from "vitest";
import { isStorageFull, meansStorageFull, storageFull, storageWritten, throwIfFull } from "./disk-full.server";
import { recentProblems } from "./log.server";

const events = (name: string) => recentProblems().filter((line) => line.event === name);
const enospc = () => Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", syscall: "write" });
const sqliteFull = () => Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });

describe("a full disk, as the app reports it", () => {
  afterEach(() => {
    storageWritten("database");
    storageWritten("files");
    vi.useRealTimers();
  });

  it("knows a full disk from other errors", () => {
    for (const code of ["SQLITE_FULL", "ENOSPC", "EDQUOT", "53100"]) expect(meansStorageFull(Object.assign(new Error(code), { code })), code).toBe(true);
    for (const code of ["SQLITE_BUSY", "EACCES", "ECONNREFUSED", undefined]) expect(meansStorageFull(Object.assign(new Error("x"), { code })), String(code)).toBe(false);
    expect(() => throwIfFull(new Error("other"), "files")).toThrow("other");
  });

  it("logs a fault once with the real error, however many writes it refuses, and its end once", () => {
    vi.useFakeTimers({ now: new Date("2030-01-01T00:00:00Z"), toFake: ["Date"] });
    const [full, available] = [events("disk.full").length, events("disk.available").length];
    const errors = Array.from({ length: 20 }, () => storageFull(sqliteFull(), "database"));
    expect(errors.every(isStorageFull)).toBe(true);
    expect(errors[0]!.cause).toMatchObject({ code: "SQLITE_FULL" });
    expect(events("disk.full")).toHaveLength(full + 1);
    expect(events("disk.full").at(-1)!.err).toMatchObject({ message: "database or disk is full" });
    // Files on their own disk are their own fault.
    storageFull(enospc(), "files");
    expect(events("disk.full")).toHaveLength(full + 2);

    vi.setSystemTime(new Date("2030-01-01T00:00:05Z"));
    storageWritten("database");
    storageWritten("database");
    expect(events("disk.available")).toHaveLength(available + 1);

    // Full again within a minute (a write can slip through on a full disk): not logged again.
    storageFull(sqliteFull(), "database");
    storageWritten("database");
    expect(events("disk.full")).toHaveLength(full + 2);
    expect(events("disk.available")).toHaveLength(available + 1);
    // A minute later it is a new fault.
    vi.setSystemTime(new Date("2030-01-01T00:01:10Z"));
    storageFull(sqliteFull(), "database");
    expect(events("disk.full")).toHaveLength(full + 3);
  });
});
