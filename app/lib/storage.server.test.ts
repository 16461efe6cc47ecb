import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { deleteObject, getObject, InvalidKeyError, isValidKey, putObject, resolveKey } from "./storage.server";

const root = () => path.join(mkdtempSync(path.join(tmpdir(), "gta-storage-")), "uploads");

describe("storage keys", () => {
  it.each(["listings/abc/card.webp", "listings/1f0e-22/gallery.webp", "a", "a/b/c.d"])("accepts %s", (key) => {
    expect(isValidKey(key)).toBe(true);
  });

  it.each([
    "",
    "../secret",
    "listings/../../etc/passwd",
    "listings/..",
    "/etc/passwd",
    "listings//card.webp",
    "listings/./card.webp",
    ".hidden",
    "listings\\..\\x",
    "listings/a b",
    "listings/%2e%2e/x",
    "listings/x\u0000.webp",
    "C:/Windows",
    "a/b/c/d/e/f/g/h/i",
  ])("refuses %j", (key) => {
    expect(isValidKey(key)).toBe(false);
    expect(() => resolveKey(key, root())).toThrow(InvalidKeyError);
  });
});

describe("objects", () => {
  it("stores, reads and deletes by prefix", async () => {
    const dir = root();
    await putObject("listings/p1/card.webp", Buffer.from("card"), dir);
    await putObject("listings/p1/gallery.webp", Buffer.from("gallery"), dir);
    await putObject("listings/p2/card.webp", Buffer.from("other"), dir);
    expect((await getObject("listings/p1/card.webp", dir))?.toString()).toBe("card");
    await deleteObject("listings/p1/", dir);
    expect(await getObject("listings/p1/card.webp", dir)).toBeNull();
    expect(await getObject("listings/p1/gallery.webp", dir)).toBeNull();
    expect((await getObject("listings/p2/card.webp", dir))?.toString()).toBe("other");
    await deleteObject("listings/nothing-here", dir);
  });

  it("never reads, writes or deletes outside the uploads folder", async () => {
    const dir = root();
    const outside = path.join(path.dirname(dir), "secret.txt");
    writeFileSync(outside, "secret");
    await expect(getObject("../secret.txt", dir)).rejects.toThrow(InvalidKeyError);
    await expect(putObject("../secret.txt", Buffer.from("x"), dir)).rejects.toThrow(InvalidKeyError);
    await expect(deleteObject("..", dir)).rejects.toThrow(InvalidKeyError);
    await expect(deleteObject("../", dir)).rejects.toThrow(InvalidKeyError);
    expect(existsSync(outside)).toBe(true);
  });
});
