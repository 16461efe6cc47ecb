import { sql } from "kysely";
import type { DB } from "~/lib/db/db.server";

/** Every table of a test database, read from the database's own catalogue (never a hand-kept list). */
export async function allTables(db: DB, dialect: "sqlite" | "postgres"): Promise<string[]> {
  const rows =
    dialect === "sqlite"
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  return rows.rows.map((r) => r.name);
}

/** The rows (as JSON, cut short) of every table that contain any of the needles, case-insensitively. */
export async function rowsContaining(db: DB, dialect: "sqlite" | "postgres", needles: string[]): Promise<{ table: string; row: string }[]> {
  const lower = needles.map((n) => n.toLowerCase());
  const found: { table: string; row: string }[] = [];
  for (const table of await allTables(db, dialect)) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    for (const row of rows.rows) {
      const text = JSON.stringify(row);
      if (lower.some((n) => text.toLowerCase().includes(n))) found.push({ table, row: text.slice(0, 400) });
    }
  }
  return found;
}
