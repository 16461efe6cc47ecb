import { type Kysely, sql } from "kysely";

/**
 * Community reviews written by customers (ADR 15).
 * community_reviews already holds the six seeded reviews (static, published, no author); real
 * ones add who wrote them, for which request (one review per request: a unique index, NULLs
 * allowed for the seeded rows), the provider and service page they concern, the author's
 * language (moderation emails), and the moderation outcome (status pending | published |
 * rejected, with the reason given to the author).
 * - review_photos: up to 3 photos per review, re-encoded like listing photos.
 * - review_replies: the provider's one public reply per review, moderated the same way.
 * The seeded rows get their service page's slug (from the category title they name), so they
 * show on the service pages too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns: [string, string][] = [
    ["author_user_id", "text"],
    ["request_id", "text"],
    ["provider_id", "text"],
    ["service_slug", "text"],
    ["locale", "text"],
    ["reject_reason", "text"],
    ["decided_at", "text"],
    ["updated_at", "text"],
  ];
  for (const [name, type] of columns) {
    await db.schema.alterTable("community_reviews").addColumn(name, type as "text").execute();
  }
  await db.schema.createIndex("community_reviews_request_uq").on("community_reviews").column("request_id").unique().execute();
  // /reviews: published, newest first; the provider's profile and the service page; My Reviews; the queue.
  await db.schema.createIndex("community_reviews_status_date_idx").on("community_reviews").columns(["status", "review_date", "created_at"]).execute();
  await db.schema.createIndex("community_reviews_provider_idx").on("community_reviews").columns(["provider_id", "status"]).execute();
  await db.schema.createIndex("community_reviews_service_idx").on("community_reviews").columns(["service_slug", "status"]).execute();
  await db.schema.createIndex("community_reviews_author_idx").on("community_reviews").column("author_user_id").execute();

  await sql`UPDATE community_reviews SET service_slug = (SELECT c.slug FROM service_categories c WHERE c.title = community_reviews.service) WHERE author_user_id IS NULL`.execute(db);

  await db.schema
    .createTable("review_photos")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("review_id", "text", (c) => c.notNull().references("community_reviews.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("review_photos_review_idx").on("review_photos").columns(["review_id", "position"]).execute();

  await db.schema
    .createTable("review_replies")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("review_id", "text", (c) => c.notNull().unique().references("community_reviews.id").onDelete("cascade"))
    .addColumn("provider_id", "text", (c) => c.notNull())
    .addColumn("author_user_id", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull()) // pending | published | rejected
    .addColumn("reject_reason", "text")
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("decided_at", "text")
    .execute();
  await db.schema.createIndex("review_replies_status_idx").on("review_replies").columns(["status", "updated_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("review_replies").ifExists().execute();
  await db.schema.dropTable("review_photos").ifExists().execute();
  for (const name of [
    "community_reviews_author_idx",
    "community_reviews_service_idx",
    "community_reviews_provider_idx",
    "community_reviews_status_date_idx",
    "community_reviews_request_uq",
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  for (const name of ["updated_at", "decided_at", "reject_reason", "locale", "service_slug", "provider_id", "request_id", "author_user_id"]) {
    await db.schema.alterTable("community_reviews").dropColumn(name).execute();
  }
}
