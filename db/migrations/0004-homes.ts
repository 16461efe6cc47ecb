import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Homes: owner listings (owner contact, the wizard's extra fields, a monthly-equivalent price
 * for sorting), server-side wizard drafts, and listing photos. Text search over title, city,
 * neighbourhood and description uses each engine's substring index: an FTS5 trigram table on
 * SQLite, a pg_trgm GIN index on PostgreSQL (see docs/decisions/0005-requests-and-search.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const add = (column: string, type: "text" | "integer" | "real", notNullDefault?: string | number) =>
    db.schema
      .alterTable("home_listings")
      .addColumn(column, type, (c) => (notNullDefault === undefined ? c : c.notNull().defaultTo(notNullDefault)))
      .execute();

  await add("owner_user_id", "text");
  await add("owner_name", "text");
  await add("owner_email", "text");
  await add("owner_phone", "text");
  await add("province", "text");
  await add("postal", "text");
  await add("utilities_included", "integer", 0);
  await add("deposit", "integer");
  await add("min_stay", "text");
  await add("lease_term", "text");
  // Price per month (nightly prices × 30): the sort compares like with like.
  await add("price_monthly", "integer", 0);
  // Lower-cased title, city, neighbourhood and description: what the search box matches.
  await add("search_text", "text", "");

  await sql`update home_listings set price_monthly = case when price_unit = 'night' then price * 30 else price end`.execute(db);
  await sql`update home_listings set search_text = lower(title || ' ' || city || ' ' || neighborhood || ' ' || description)`.execute(db);

  await db.schema.createIndex("home_listings_status_price_idx").on("home_listings").columns(["status", "price_monthly"]).execute();
  await db.schema.createIndex("home_listings_owner_idx").on("home_listings").columns(["owner_user_id", "created_at"]).execute();

  if (pg) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    // The operator class lives in the extension's schema, which may not be on the search path.
    const { rows } = await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
    const ops = sql.raw(`${rows[0]?.schema ?? "public"}.gin_trgm_ops`);
    await sql`create index home_listings_search_trgm_idx on home_listings using gin (search_text ${ops})`.execute(db);
  } else {
    await sql`create virtual table home_listings_fts using fts5(search_text, content='home_listings', content_rowid='rowid', tokenize='trigram')`.execute(db);
    await sql`insert into home_listings_fts(rowid, search_text) select rowid, search_text from home_listings`.execute(db);
    await sql`create trigger home_listings_fts_ai after insert on home_listings begin
      insert into home_listings_fts(rowid, search_text) values (new.rowid, new.search_text); end`.execute(db);
    await sql`create trigger home_listings_fts_ad after delete on home_listings begin
      insert into home_listings_fts(home_listings_fts, rowid, search_text) values ('delete', old.rowid, old.search_text); end`.execute(db);
    await sql`create trigger home_listings_fts_au after update of search_text on home_listings begin
      insert into home_listings_fts(home_listings_fts, rowid, search_text) values ('delete', old.rowid, old.search_text);
      insert into home_listings_fts(rowid, search_text) values (new.rowid, new.search_text); end`.execute(db);
  }

  await db.schema
    .createTable("listing_drafts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("step", "integer", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull()) // JSON of the wizard's values so far
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("listing_drafts_user_idx").on("listing_drafts").column("user_id").execute();

  await db.schema
    .createTable("listing_photos")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("draft_id", "text", (c) => c.references("listing_drafts.id").onDelete("set null"))
    .addColumn("listing_id", "text", (c) => c.references("home_listings.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("listing_photos_draft_idx").on("listing_photos").columns(["draft_id", "position"]).execute();
  await db.schema.createIndex("listing_photos_listing_idx").on("listing_photos").columns(["listing_id", "position"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("listing_photos").ifExists().execute();
  await db.schema.dropTable("listing_drafts").ifExists().execute();
}
