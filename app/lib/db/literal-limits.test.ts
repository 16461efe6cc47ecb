import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./db.server";

type Numbers = { numbers: { n: number } };

/**
 * SQLite re-plans a statement each time a bound LIMIT or OFFSET is bound again (literal-limits.ts):
 * our queries carry them as numbers in the SQL, and still page correctly through reused statements.
 */
describe("LIMIT and OFFSET on SQLite", () => {
  let handle: DatabaseHandle;
  let db: Kysely<Numbers>;
  beforeAll(async () => {
    handle = openDatabase(`file:${path.join(mkdtempSync(path.join(tmpdir(), "gta-limits-")), "app.db")}`);
    db = handle.db as unknown as Kysely<Numbers>;
    await db.schema.createTable("numbers").addColumn("n", "integer", (c) => c.primaryKey()).execute();
    await db.insertInto("numbers").values(Array.from({ length: 30 }, (_, i) => ({ n: i + 1 }))).execute();
  });
  afterAll(() => handle.destroy());

  const page = (size: number, index: number) => db.selectFrom("numbers").select("n").orderBy("n").limit(size).offset(index * size);

  it("writes whole numbers into the SQL instead of binding them", () => {
    const query = page(25, 2).where("n", ">", 3).compile();
    expect(query.sql).toMatch(/ limit 25 offset 50$/);
    expect(query.parameters).toEqual([3]);
  });

  it("pages correctly, the same texts run again and again", async () => {
    for (let round = 0; round < 3; round++) {
      expect((await page(7, 0).execute()).map((r) => r.n)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect((await page(7, 3).execute()).map((r) => r.n)).toEqual([22, 23, 24, 25, 26, 27, 28]);
      expect((await page(7, 4).execute()).map((r) => r.n)).toEqual([29, 30]);
    }
    expect(await db.selectFrom("numbers").select("n").where("n", ">", 10).orderBy("n").limit(1).executeTakeFirst()).toEqual({ n: 11 });
  });

  it("binds anything that is not a whole number: no value becomes SQL", () => {
    const hostile = "1; drop table numbers" as unknown as number;
    const query = db.selectFrom("numbers").select("n").limit(hostile).offset(2.5).compile();
    expect(query.sql).toMatch(/ limit \? offset \?$/);
    expect(query.parameters).toEqual([hostile, 2.5]);
  });

  it("leaves PostgreSQL's queries as they were", async () => {
    const pg = openDatabase("postgres://postgres@127.0.0.1:5432/not-connected");
    try {
      const query = (pg.db as unknown as Kysely<Numbers>).selectFrom("numbers").select("n").limit(25).offset(50).compile();
      expect(query.sql).toMatch(/ limit \$1 offset \$2$/);
      expect(query.parameters).toEqual([25, 50]);
    } finally {
      await pg.destroy();
    }
  });
});
