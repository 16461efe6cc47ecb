import { type DB, openDatabase } from "~/lib/db/db.server";

/** A direct connection to a test database, to check what the app wrote. */
export function connect(url: string): { db: DB; close: () => Promise<void> } {
  const handle = openDatabase(url);
  return { db: handle.db, close: handle.destroy };
}

export async function count(db: DB, table: "requests" | "mail_outbox"): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}
