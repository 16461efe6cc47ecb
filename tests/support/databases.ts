import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

/**
 * The databases every integration suite runs against: a fresh SQLite file always, and a fresh
 * PostgreSQL schema when TEST_DATABASE_URL is set (CI sets it). Each call gives an isolated one.
 */
export type TestDatabase = { dialect: "sqlite" | "postgres"; url: string; dataDir: string; drop: () => Promise<void> };

export const DIALECTS: ("sqlite" | "postgres")[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export async function createTestDatabase(dialect: "sqlite" | "postgres"): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gta-test-"));
  if (dialect === "sqlite") {
    return { dialect, url: `file:${path.join(dataDir, "app.db")}`, dataDir, drop: async () => {} };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  // pg_trgm (migration 0004) lives in public, made once: a migration that creates it finds it
  // there. Created by the first test's migration, it would sit in that test's schema and go with
  // that schema's DROP ... CASCADE while another test builds an index on its operator class
  // ("referenced operator class was concurrently dropped", CI 2026-12-06).
  await admin.query("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public").catch((error: { code?: string }) => {
    // Two files creating it at the same moment: one wins, the other sees it exists.
    if (error.code !== "23505" && error.code !== "42710") throw error;
  });
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    dialect,
    url: url.toString(),
    dataDir,
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        // Test files drop their schemas concurrently, and PostgreSQL may pick one DROP ... CASCADE
        // as a deadlock victim (40P01) while another takes its catalogue locks: try again.
        // The session that notices a deadlock first is the one aborted: with a short
        // deadlock_timeout that is this DROP (retried here), never another test's query (CI once
        // lost a `select count(*)` to a concurrent DROP SCHEMA this way).
        await c.query("SET deadlock_timeout = '20ms'").catch(() => undefined);
        for (let attempt = 1; ; attempt++) {
          try {
            await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== "40P01" || attempt >= 10) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}
