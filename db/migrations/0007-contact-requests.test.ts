import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMigrator, type DatabaseHandle, migrateToLatest, openDatabase } from "~/lib/db/db.server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../tests/support/databases";

/** Contact messages written before 0007 become contact-message requests, and the old table goes. */
describe.each(DIALECTS)("migration 0007 (contact messages → requests) on %s", (dialect) => {
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

  it("moves every stored message with its fields, date and a received event", async () => {
    const migrator = await createMigrator(handle.db as never);
    expect((await migrator.migrateTo("0006-rate-limits")).error).toBeUndefined();
    const old = {
      id: "c-1",
      name: "Ada",
      email: "ada@example.com",
      subject: "Deck",
      message: "Etobicoke?",
      created_at: "2026-01-02T03:04:05.000Z",
    };
    await (handle.db as never as Kysely<{ contact_messages: typeof old }>)
      .insertInto("contact_messages")
      .values(old)
      .execute();

    await migrateToLatest(handle.db);

    const row = await handle.db
      .selectFrom("requests")
      .selectAll()
      .where("id", "=", "c-1")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: "contact-message",
      status: "received",
      name: "Ada",
      email: "ada@example.com",
      subject: "[Contact] Deck – Ada",
      created_at: old.created_at,
    });
    expect(row.reference).toMatch(/^GTA-[2-9A-Z]{6}$/);
    expect(JSON.parse(row.details)).toEqual([
      { label: "Name", value: "Ada" },
      { label: "Email", value: "ada@example.com" },
      { label: "Subject", value: "Deck" },
      { label: "Message", value: "Etobicoke?" },
    ]);
    const events = await handle.db
      .selectFrom("request_events")
      .select("status")
      .where("request_id", "=", "c-1")
      .execute();
    expect(events).toEqual([{ status: "received" }]);
    const tables = (await handle.db.introspection.getTables()).map((t) => t.name);
    expect(tables).not.toContain("contact_messages");
  });
});
