import { jsonArrayFrom as postgresArray, jsonObjectFrom as postgresObject } from "kysely/helpers/postgres";
import { jsonArrayFrom as sqliteArray, jsonObjectFrom as sqliteObject } from "kysely/helpers/sqlite";
import type { DatabaseHandle } from "./db.server";

/**
 * Child rows (a review's photos, a provider's documents) as a JSON column of the parent's own
 * query, so a page's reads are one round trip each instead of a parent query followed by one per
 * kind of child (issue 52 item 4: a page's reads in ≤ 3 round trips). Kysely's helpers write the
 * dialect's JSON aggregation; SQLite hands the result back as text, PostgreSQL as parsed JSON —
 * `parsedRows`/`parsedRow` read either.
 */
export function nestedRows(dialect: DatabaseHandle["dialect"]) {
  return dialect === "postgres" ? { array: postgresArray, object: postgresObject } : { array: sqliteArray, object: sqliteObject };
}

export function parsedRows<T>(value: T[] | string | null | undefined): T[] {
  if (value == null) return [];
  return typeof value === "string" ? (JSON.parse(value) as T[]) : value;
}

export function parsedRow<T>(value: T | string | null | undefined): T | null {
  if (value == null) return null;
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}

