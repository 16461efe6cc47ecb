import type { Kysely } from "kysely";

/**
 * The homes search's type filter (issue 51: "condo under 2000" keeps studios, one- and
 * two-bedrooms): `status = 'published' and property_type in (…) order by created_at desc` had
 * only (status, created_at) to walk, reading every other type's rows on the way. With the type
 * between them, each type is one index range already in date order (EXPLAIN on both engines:
 * tests/integration/homes-understanding.test.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("home_listings_status_type_created_idx")
    .on("home_listings")
    .columns(["status", "property_type", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("home_listings_status_type_created_idx").execute();
}
