import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, migrateTo, migrateToLatest, openDatabase } from "~/lib/db/db.server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../tests/support/databases";
import { migrations } from "./index";

/**
 * 0032-text-languages (issue 51 item 5): the sample data, whose words are English, is marked
 * English (a listing without an owner account, a review without an author); what people wrote
 * before stays unknown, and a review that kept its author's language keeps it.
 */
describe.each(DIALECTS)("text languages migration on %s", (dialect) => {
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

  it("marks the sample listings and reviews English and leaves people's older text unknown", async () => {
    const names = Object.keys(migrations);
    expect((await migrateTo(handle.db as never, names[names.indexOf("0032-text-languages") - 1]!)).error).toBeUndefined();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema of before the migration
    const old = handle.db as unknown as Kysely<any>;
    const at = "2026-03-02T03:04:05.000Z";
    const listing = (id: string, owner: string | null) => ({
      id, title: "Sunny 1BR", property_type: "1BR", price: 2000, price_unit: "month", city: "Toronto", neighborhood: "Annex", address: "1 Bloor St",
      bedrooms: 1, bathrooms: 1, furnished: 0, pet_friendly: 0, parking: 0, amenities: "[]", available_from: "2026-04-01", images: "[]",
      description: "Bright.", landlord_name: "Sam", landlord_avatar: "", landlord_verified: 0, status: "published", created_at: at, owner_user_id: owner,
    });
    await old.insertInto("home_listings").values([listing("h-sample", null), listing("l-owned", "someone")]).execute();
    const review = (id: string, author: string | null, locale: string | null) => ({
      id, username: "Sam S.", review_date: "2026-03-01", rating: 5, comment: "Great.", service: "Plumbing", status: "published", created_at: at, author_user_id: author, locale,
    });
    await old.insertInto("community_reviews").values([review("r-sample", null, null), review("r-french", "someone", "fr-CA")]).execute();

    await migrateToLatest(handle.db);

    const listings = await handle.db.selectFrom("home_listings").select(["id", "locale"]).orderBy("id").execute();
    expect(listings).toEqual([
      { id: "h-sample", locale: "en-US" },
      { id: "l-owned", locale: null },
    ]);
    const reviews = await handle.db.selectFrom("community_reviews").select(["id", "locale"]).orderBy("id").execute();
    expect(reviews).toEqual([
      { id: "r-french", locale: "fr-CA" },
      { id: "r-sample", locale: "en-US" },
    ]);
  });
});
