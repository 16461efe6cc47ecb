import type { Kysely } from "kysely";

/**
 * Listings moderation (ADR 14):
 * - home_listings.str_registration: the City of Toronto short-term rental registration number
 *   a per-night listing carries (STR-0000-XXXXXX, upper-case; null for other listings).
 * - owner_verifications: owners an operator has verified, one row per account (not per
 *   listing), which drives the 'Verified Owner' badge on every listing of that account. The
 *   seeded listings have no owner account and keep their own home_listings.landlord_verified.
 *   Who changed it and when is in the audit log; the row says who verified the owner last.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("home_listings").addColumn("str_registration", "text").execute();
  await db.schema
    .createTable("owner_verifications")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("verified_by", "text", (c) => c.notNull())
    .addColumn("verified_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("owner_verifications").ifExists().execute();
  await db.schema.alterTable("home_listings").dropColumn("str_registration").execute();
}
