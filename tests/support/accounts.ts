import { sql } from "kysely";
import type { DB } from "~/lib/db/db.server";
import { HttpClient } from "./http-client";

export const TEST_PASSWORD = "orchard by the river";

/**
 * A signed-up account, its address marked verified in the database (the verification link itself
 * is tested in accounts.test.ts), signed in: a cookie-keeping client and the user's id.
 */
export async function signedInAccount(
  site: string,
  db: DB,
  { email, name, password = TEST_PASSWORD }: { email: string; name: string; password?: string },
): Promise<{ client: HttpClient; id: string }> {
  const client = new HttpClient(site);
  await client.post("/signup", { name, email, password, adult: "on", terms: "on" });
  // `true` as SQL: a boolean column on PostgreSQL, 1 on SQLite.
  await db
    .updateTable("user")
    .set({ emailVerified: sql<boolean>`true` })
    .where("email", "=", email)
    .execute();
  const login = await client.post("/auth/login", { email, password });
  if (login.status !== 302) throw new Error(`log-in as ${email} answered ${login.status}`);
  const { id } = await db
    .selectFrom("user")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return { client, id };
}
