import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isStorageFull } from "../disk-full.server";
import { type DatabaseHandle, openDatabase } from "./db.server";

type Notes = { notes: { id: number; body: Buffer } };

/**
 * Issue 52, item 6: SQLite rolls a transaction back by itself on SQLITE_FULL, and Kysely's
 * ROLLBACK after it failed with "cannot rollback - no transaction is active", which replaced the
 * real error (the page said 500, the log said "cannot rollback"). A full database here is one
 * held at its page count (`max_page_count`): SQLite answers SQLITE_FULL as on a full disk.
 */
describe("a write transaction on a full SQLite database", () => {
  let handle: DatabaseHandle;
  let db: Kysely<Notes>;
  beforeAll(async () => {
    handle = openDatabase(`file:${path.join(mkdtempSync(path.join(tmpdir(), "gta-full-")), "app.db")}`);
    db = handle.db as unknown as Kysely<Notes>;
    await db.schema.createTable("notes").addColumn("id", "integer", (c) => c.primaryKey()).addColumn("body", "blob").execute();
    await db.insertInto("notes").values({ id: 1, body: Buffer.from("kept") }).execute();
  });
  afterAll(() => handle.destroy());

  const pin = async (extraPages: number) => {
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db);
    await sql.raw(`pragma max_page_count = ${rows[0]!.page_count + extraPages}`).execute(db);
  };

  it("throws the real error (storage full, SQLITE_FULL), not 'cannot rollback', and keeps nothing of it", async () => {
    await pin(2);
    const error = await db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto("notes").values({ id: 2, body: Buffer.from("small") }).execute();
        await trx.insertInto("notes").values({ id: 3, body: Buffer.alloc(200_000) }).execute();
      })
      .catch((e: unknown) => e);
    expect(String(error)).not.toContain("cannot rollback");
    expect(isStorageFull(error)).toBe(true);
    expect((error as Error).cause).toMatchObject({ code: "SQLITE_FULL" });
    expect((await db.selectFrom("notes").select("id").execute()).map((r) => r.id)).toEqual([1]);

    // Room again: the next transaction goes through.
    await pin(1_000);
    await db.transaction().execute((trx) => trx.insertInto("notes").values({ id: 2, body: Buffer.alloc(200_000) }).execute());
    expect((await db.selectFrom("notes").select("id").execute()).map((r) => r.id)).toEqual([1, 2]);
  });
});
