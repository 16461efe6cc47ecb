import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * better-auth's tables (user, session, account, verification) with the column names and
 * per-dialect types its adapter expects (booleans and timestamps are native on PostgreSQL),
 * plus our own columns on "user" and the first-party click counters. Frozen here rather than
 * generated at start-up, so the schema only changes through migrations.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const bool = sql.raw(pg ? "boolean" : "integer");
  const ts = sql.raw(pg ? "timestamptz" : "date");
  const now = sql.raw(pg ? "default CURRENT_TIMESTAMP" : "");

  await sql`create table "user" (
    "id" text not null primary key,
    "name" text not null,
    "email" text not null unique,
    "emailVerified" ${bool} not null,
    "image" text,
    "createdAt" ${ts} ${now} not null,
    "updatedAt" ${ts} ${now} not null,
    "phone" text,
    "role" text,
    "adultConfirmedAt" ${ts},
    "termsAcceptedAt" ${ts}
  )`.execute(db);
  await sql`create table "session" (
    "id" text not null primary key,
    "expiresAt" ${ts} not null,
    "token" text not null unique,
    "createdAt" ${ts} ${now} not null,
    "updatedAt" ${ts} not null,
    "ipAddress" text,
    "userAgent" text,
    "userId" text not null references "user" ("id") on delete cascade
  )`.execute(db);
  await sql`create table "account" (
    "id" text not null primary key,
    "accountId" text not null,
    "providerId" text not null,
    "userId" text not null references "user" ("id") on delete cascade,
    "accessToken" text,
    "refreshToken" text,
    "idToken" text,
    "accessTokenExpiresAt" ${ts},
    "refreshTokenExpiresAt" ${ts},
    "scope" text,
    "password" text,
    "createdAt" ${ts} ${now} not null,
    "updatedAt" ${ts} not null
  )`.execute(db);
  await sql`create table "verification" (
    "id" text not null primary key,
    "identifier" text not null,
    "value" text not null,
    "expiresAt" ${ts} not null,
    "createdAt" ${ts} ${now} not null,
    "updatedAt" ${ts} ${now} not null
  )`.execute(db);
  await sql`create index "session_userId_idx" on "session" ("userId")`.execute(db);
  await sql`create index "account_userId_idx" on "account" ("userId")`.execute(db);
  await sql`create index "verification_identifier_idx" on "verification" ("identifier")`.execute(db);

  // One row per event name and day: counting clicks, never who clicked.
  await db.schema
    .createTable("analytics_daily")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("analytics_daily_pk", ["name", "day"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["analytics_daily", "verification", "account", "session", "user"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
