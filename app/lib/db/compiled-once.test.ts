import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledOnce, compiledPerKey, filled, slot } from "./compiled-once";
import { type DatabaseHandle, openDatabase } from "./db.server";

type People = { people: { id: number; name: string; city: string } };

describe("queries compiled once", () => {
  let handle: DatabaseHandle;
  let db: Kysely<People>;
  beforeAll(async () => {
    handle = openDatabase(`file:${path.join(mkdtempSync(path.join(tmpdir(), "gta-compiled-")), "app.db")}`);
    db = handle.db as unknown as Kysely<People>;
    await db.schema.createTable("people").addColumn("id", "integer", (c) => c.primaryKey()).addColumn("name", "text").addColumn("city", "text").execute();
    await db
      .insertInto("people")
      .values([
        { id: 1, name: "Ana", city: "Toronto" },
        { id: 2, name: "Ben", city: "Mississauga" },
        { id: 3, name: "Chloé", city: "Toronto" },
      ])
      .execute();
  });
  afterAll(() => handle.destroy());

  it("builds once per database and runs with each call's values, never the first one's", async () => {
    let builds = 0;
    const inCity = compiledOnce((d: Kysely<People>) => {
      builds++;
      return d.selectFrom("people").select("name").where("city", "=", slot("city")).orderBy("id").compile();
    });
    const names = async (city: string) => (await db.executeQuery(filled(inCity(db), { city }))).rows.map((r) => r.name);
    expect(await names("Toronto")).toEqual(["Ana", "Chloé"]);
    expect(await names("Mississauga")).toEqual(["Ben"]);
    expect(await names("'; drop table people; --")).toEqual([]);
    expect(await names("Toronto")).toEqual(["Ana", "Chloé"]);
    expect(builds).toBe(1);
    expect(inCity(db).sql).not.toContain("Toronto");
  });

  it("refuses to run a slot left without a value", () => {
    const byName = compiledOnce((d: Kysely<People>) => d.selectFrom("people").select("id").where("name", "=", slot("name")).compile());
    expect(() => filled(byName(db), { city: "Toronto" })).toThrow(/slot "name"/);
  });

  it("keeps a query per key, and only the last ones", async () => {
    const built: string[] = [];
    const page = compiledPerKey(
      (d: Kysely<People>, p: { city: string; size: number }) => {
        built.push(p.city);
        return d.selectFrom("people").select("name").where("city", "=", p.city).orderBy("id").limit(p.size).compile();
      },
      (p) => JSON.stringify(p),
      2,
    );
    const run = async (city: string, size = 10) => (await db.executeQuery(page(db, { city, size }))).rows.map((r) => r.name);
    expect(await run("Toronto", 1)).toEqual(["Ana"]);
    expect(await run("Toronto", 1)).toEqual(["Ana"]);
    expect(await run("Toronto")).toEqual(["Ana", "Chloé"]);
    expect(await run("Mississauga")).toEqual(["Ben"]);
    expect(await run("Toronto", 1)).toEqual(["Ana"]); // pushed out by the two after it: built again
    expect(built).toEqual(["Toronto", "Toronto", "Mississauga", "Toronto"]);
  });
});
