import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, migrateTo, migrateToLatest, openDatabase } from "~/lib/db/db.server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../tests/support/databases";
import { migrations } from "./index";

/**
 * 0023-provider-service-catalogue (ADR 40): the six profile category ids become catalogue
 * service slugs (salon → salon-beauty, events → dj-events, the others by name), an approved
 * service outside the six is turned on (the profile listed it already), one of the six left off
 * stays off; approved documents get the check date the Verified badge shows.
 */
describe.each(DIALECTS)("provider catalogue migration on %s", (dialect) => {
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

  it("maps the six category ids to service slugs and dates the approved documents", async () => {
    const names = Object.keys(migrations);
    const before = names[names.indexOf("0023-provider-service-catalogue") - 1]!;
    expect((await migrateTo(handle.db as never, before)).error).toBeUndefined();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema of before the migration
    const old = handle.db as unknown as Kysely<any>;
    const at = "2026-03-02T03:04:05.000Z";
    const renewedAt = "2026-11-20T10:00:00.000Z";
    const providers: [string, string[], string[]][] = [
      ["all-six", ["handyman", "cleaning", "moving", "salon-beauty", "tutoring", "dj-events"], ["handyman", "cleaning", "moving", "salon", "tutoring", "events"]],
      ["plumber", ["plumbing", "handyman", "cleaning"], ["handyman"]],
      ["events", ["dj-events", "photography"], ["events", "salon", "bogus"]],
      ["none-chosen", ["salon-beauty", "gardening"], []],
    ];
    for (const [id, services, categories] of providers) {
      await old
        .insertInto("user")
        .values({ id, name: id, email: `${id}@example.com`, emailVerified: dialect === "postgres" ? true : 1, image: null, createdAt: at, updatedAt: at, phone: null, role: "provider", adultConfirmedAt: at, termsAcceptedAt: at })
        .execute();
      await old
        .insertInto("providers")
        .values({ id: `p-${id}`, user_id: id, application_id: `a-${id}`, name: id, bio: null, services: JSON.stringify(services), categories: JSON.stringify(categories), service_areas: "[]", search_text: "", status: "live", id_checked_at: at, created_at: at, updated_at: at })
        .execute();
    }
    await old
      .insertInto("document_renewals")
      .values({ id: "renewal", user_id: "plumber", provider_id: "p-plumber", document: "licence", expires_on: "2029-01-31", status: "approved", note: null, decided_by: "admin", decided_at: renewedAt, created_at: at })
      .execute();
    const doc = (id: string, status: string, renewal: string | null) => ({
      id, application_id: "a-plumber", user_id: "plumber", kind: "licence", original_name: "l.pdf", storage_key: `documents/${id}.pdf`, content_type: "application/pdf", size: 1,
      expires_on: "2029-01-31", status, reminded_days: null, delete_after: null, deleted_at: null, created_at: at, renewal_id: renewal,
    });
    await old.insertInto("provider_documents").values([doc("first", "superseded", null), doc("renewed", "approved", "renewal"), doc("refused", "rejected", null)]).execute();

    await migrateToLatest(handle.db);

    const rows = await handle.db.selectFrom("providers").select(["id", "categories"]).orderBy("id").execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, JSON.parse(r.categories) as string[]]))).toEqual({
      "p-all-six": ["handyman", "cleaning", "moving", "salon-beauty", "tutoring", "dj-events"],
      // Plumbing was never one of the six: now it is shown; Cleaning was left off and stays off.
      "p-plumber": ["plumbing", "handyman"],
      // An id the approval does not cover (salon) or that never existed is dropped.
      "p-events": ["dj-events", "photography"],
      "p-none-chosen": ["gardening"],
    });
    const docs = await handle.db.selectFrom("provider_documents").select(["id", "checked_at"]).orderBy("id").execute();
    expect(docs).toEqual([
      { id: "first", checked_at: at },
      { id: "refused", checked_at: null },
      { id: "renewed", checked_at: renewedAt },
    ]);
  });
});
