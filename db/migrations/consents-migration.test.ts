import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, migrateTo, migrateToLatest, openDatabase } from "~/lib/db/db.server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../tests/support/databases";
import { migrations } from "./index";

/**
 * 0014-consents: accounts that existed before consent records accepted the Terms and the
 * Privacy Policy at sign-up (termsAcceptedAt), when 2025-09-25 was the only version; the
 * migration writes that down for them, and nothing for accounts that never accepted.
 */
describe.each(DIALECTS)("consents migration on %s", (dialect) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = openDatabase(database.url);
  });
  afterAll(async () => {
    await handle.destroy();
    await database.drop();
  });

  it("backfills sign-up consents from termsAcceptedAt", async () => {
    const names = Object.keys(migrations);
    const before = names[names.indexOf("0014-consents") - 1]!;
    expect((await migrateTo(handle.db as never, before)).error).toBeUndefined();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema of before the migration
    const old = handle.db as unknown as Kysely<any>;
    const at = "2026-01-02T03:04:05.000Z";
    const user = (id: string, termsAcceptedAt: string | null) => ({
      id,
      name: id,
      email: `${id}@example.com`,
      emailVerified: dialect === "postgres" ? true : 1,
      image: null,
      createdAt: at,
      updatedAt: at,
      phone: null,
      role: "user",
      adultConfirmedAt: termsAcceptedAt,
      termsAcceptedAt,
    });
    await old.insertInto("user").values([user("accepted", at), user("never", null)]).execute();

    await migrateToLatest(handle.db);

    const rows = await handle.db.selectFrom("consents").select(["user_id", "document", "version", "accepted_at", "method"]).orderBy("document").execute();
    expect(rows).toEqual([
      { user_id: "accepted", document: "privacy", version: "2025-09-25", accepted_at: at, method: "signup" },
      { user_id: "accepted", document: "terms", version: "2025-09-25", accepted_at: at, method: "signup" },
    ]);
  });
});
