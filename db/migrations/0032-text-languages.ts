import { type Kysely, sql } from "kysely";

/**
 * The language people wrote their own text in (issue 51 item 5), so a page in another language
 * marks that text with it (`lang`) and a validator does not read an English description on a
 * French page as French: a listing's title and description (`home_listings.locale`) and a
 * provider's bio (`providers.bio_locale`), each from the language of the page the text was sent
 * from. Reviews and replies have kept their author's since 0011. Rows written before stay
 * unknown (null), but for the sample data, whose text is English: the seeded listings (no owner
 * account), reviews (no author) and sample providers (ids `00000000-0000-4000-8000-…`,
 * db/seed/sample-providers.server.ts; a random v4 id never starts so).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("home_listings").addColumn("locale", "text").execute();
  await db.schema.alterTable("providers").addColumn("bio_locale", "text").execute();
  await sql`update home_listings set locale = 'en-US' where owner_user_id is null`.execute(db);
  await sql`update community_reviews set locale = 'en-US' where locale is null and author_user_id is null`.execute(db);
  await sql`update providers set bio_locale = 'en-US' where id like '00000000-0000-4000-8000-%' and bio is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("providers").dropColumn("bio_locale").execute();
  await db.schema.alterTable("home_listings").dropColumn("locale").execute();
}
