import { createHash, randomBytes, randomInt, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";

type Row = { id: string; name: string; email: string; subject: string; message: string; created_at: string };
/** The tables as they are at this migration (not as app/lib/db/schema.ts may later say). */
type Tables = {
  contact_messages: Row;
  requests: Record<
    | "id"
    | "reference"
    | "token_hash"
    | "kind"
    | "status"
    | "name"
    | "service"
    | "subject"
    | "details"
    | "created_at"
    | "updated_at",
    string
  > & {
    user_id: string | null;
    email: string | null;
  };
  request_events: { id: string; request_id: string; status: string; note: string | null; created_at: string };
};

const ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
const reference = () =>
  `GTA-${Array.from({ length: 6 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("")}`;

/**
 * Contact messages become requests of kind "contact-message" (one table, one timeline, a
 * reference the visitor is given), so the old table's rows move over and the table goes:
 * one source of truth. Moved rows get a fresh status-link token nobody holds; their senders
 * were never given one.
 */
export async function up(db: Kysely<Tables>): Promise<void> {
  const rows = await db.selectFrom("contact_messages").selectAll().execute();
  for (const row of rows) {
    const details = JSON.stringify([
      { label: "Name", value: row.name },
      { label: "Email", value: row.email },
      { label: "Subject", value: row.subject },
      { label: "Message", value: row.message },
    ]);
    await db
      .insertInto("requests")
      .values({
        id: row.id,
        reference: reference(),
        token_hash: createHash("sha256").update(randomBytes(24)).digest("hex"),
        kind: "contact-message",
        status: "received",
        user_id: null,
        name: row.name,
        email: row.email,
        service: "Contact message",
        subject: `[Contact] ${row.subject} – ${row.name}`,
        details,
        created_at: row.created_at,
        updated_at: row.created_at,
      })
      .execute();
    await db
      .insertInto("request_events")
      .values({
        id: randomUUID(),
        request_id: row.id,
        status: "received",
        note: null,
        created_at: row.created_at,
      })
      .execute();
  }
  await db.schema.dropTable("contact_messages").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}
