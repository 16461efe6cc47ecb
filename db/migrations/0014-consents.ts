import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";

/**
 * Consent records: which version of which legal document a person accepted,
 * when, and how — at sign-up (Terms of Use, Privacy Policy), with a provider application
 * (Provider Guidelines, Terms, Privacy), by accepting a new version after it changed
 * (re-accept), or for the ADMIN_EMAIL account the operator sets up at start-up (admin-setup).
 * Rows are only added, never updated: the history is the record. They go with the account
 * (ON DELETE CASCADE).
 *
 * Accounts that already exist accepted the Terms and the Privacy Policy at sign-up
 * (user.termsAcceptedAt) when the only version there has been was in effect: "2025-09-25",
 * written here as a literal because a migration never changes with the code.
 */
const FIRST_VERSION = "2025-09-25";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("consents")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("document", "text", (c) => c.notNull()) // terms | privacy | provider-guidelines
    .addColumn("version", "text", (c) => c.notNull()) // the document's effective date, YYYY-MM-DD
    .addColumn("accepted_at", "text", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull()) // signup | provider-application | re-accept | admin-setup
    .execute();
  await db.schema.createIndex("consents_user_document_idx").on("consents").columns(["user_id", "document", "version"]).execute();

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema of its time, not today's types
  const any = db as Kysely<any>;
  const users = (await any.selectFrom("user").select(["id", "termsAcceptedAt"]).where("termsAcceptedAt", "is not", null).execute()) as {
    id: string;
    termsAcceptedAt: string | Date;
  }[];
  for (let i = 0; i < users.length; i += 200) {
    const rows = users.slice(i, i + 200).flatMap((u) =>
      ["terms", "privacy"].map((document) => ({
        id: randomUUID(),
        user_id: u.id,
        document,
        version: FIRST_VERSION,
        accepted_at: new Date(u.termsAcceptedAt).toISOString(),
        method: "signup",
      })),
    );
    await any.insertInto("consents").values(rows).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("consents").ifExists().execute();
}
