import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "~/lib/db/db.server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../tests/support/databases";

/**
 * Before taking its lock, Kysely's migrator reads the catalogue of every table in the database,
 * naming each schema it lists; a schema dropped during that read fails it ("schema … does not
 * exist", 3F000). Test files (and apps sharing one database) drop their schemas at any moment:
 * CI once lost a whole test file's server start to it. Here another session keeps creating and
 * dropping schemas (measured: ~8% of catalogue reads fail meanwhile) while fresh schemas are
 * migrated: every migration must succeed.
 */
describe.skipIf(!DIALECTS.includes("postgres"))("migrations while other schemas come and go (PostgreSQL)", () => {
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    for (const d of databases) await d.drop();
  });

  it("migrates every fresh schema to the latest version", async () => {
    const churn = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await churn.connect();
    let stop = false;
    let k = 0;
    const churning = (async () => {
      while (!stop) {
        const schema = `churn_${process.pid}_${k++ % 4}`;
        await churn.query(`create schema if not exists ${schema}; create table if not exists ${schema}.t${k} (a int, b text)`);
        await churn.query(`drop schema ${schema} cascade`);
      }
    })();
    const failures: string[] = [];
    try {
      for (let i = 0; i < 4; i++) {
        const database = await createTestDatabase("postgres");
        databases.push(database);
        const handle = openDatabase(database.url);
        try {
          await migrateToLatest(handle.db);
        } catch (error) {
          failures.push((error as Error).message);
        } finally {
          await handle.destroy();
        }
      }
    } finally {
      stop = true;
      await churning;
      await churn.end();
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
