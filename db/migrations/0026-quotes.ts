import type { Kysely } from "kysely";

/**
 * Quotes (issue 50; docs/decisions/0042-quotes.md): a priced offer on a request that the customer
 * accepts or declines. Money is integer cents with its currency (a 32-bit integer holds the
 * largest quote allowed, CA$1,000,000 tax included: schema.ts MAX_TOTAL_CENTS).
 * - quotes: one row per version of a request's quote (`version` 1, 2, …). `status`: draft →
 *   sent → accepted | declined | expired; a sent quote is `replaced` by its revision or
 *   `withdrawn` by the operator. `valid_until` is a calendar day (Toronto): valid through its
 *   end. `accepted_by`: the account, or "status-link". `reminded_at`: the one reminder before expiry.
 * - quote_lines: its line items in order: quantity in hundredths (2.5 hours = 250), the unit
 *   price and the line's amount in cents (rounded once per line: money.ts).
 * - requests.quote_flag: what the customer last did with a quote (accepted, declined, renew),
 *   flagged in the back office's inbox until the operator acts on the request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("quotes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("request_id", "text", (c) => c.notNull().references("requests.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("subtotal_cents", "integer", (c) => c.notNull())
    .addColumn("tax_cents", "integer", (c) => c.notNull())
    .addColumn("total_cents", "integer", (c) => c.notNull())
    .addColumn("included", "text")
    .addColumn("excluded", "text")
    .addColumn("note", "text")
    .addColumn("valid_until", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addColumn("answered_at", "text")
    .addColumn("accepted_by", "text")
    .addColumn("decline_reason", "text")
    .addColumn("reminded_at", "text")
    .execute();
  await db.schema.createIndex("quotes_request_version_idx").on("quotes").columns(["request_id", "version"]).unique().execute();
  await db.schema.createIndex("quotes_status_valid_idx").on("quotes").columns(["status", "valid_until"]).execute();
  await db.schema
    .createTable("quote_lines")
    .addColumn("quote_id", "text", (c) => c.notNull().references("quotes.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("quantity_hundredths", "integer", (c) => c.notNull())
    .addColumn("unit_cents", "integer", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("quote_lines_pk", ["quote_id", "position"])
    .execute();
  await db.schema.alterTable("requests").addColumn("quote_flag", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("requests").dropColumn("quote_flag").execute();
  await db.schema.dropTable("quote_lines").execute();
  await db.schema.dropTable("quotes").execute();
}
