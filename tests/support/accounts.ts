import { sql } from "kysely";
import type { DB } from "~/lib/db/db.server";
import { HttpClient, linkIn } from "./http-client";
import type { SmtpSink } from "./smtp-sink";

export const TEST_PASSWORD = "orchard by the river";

export type AccountOptions = {
  email: string;
  name: string;
  password?: string;
  /** Sent with every request of the client (a User-Agent, say). */
  headers?: Record<string, string>;
  /** The language cookie the client carries from the start (`fr-CA`). */
  lang?: string;
  /**
   * Verify the address by the link emailed to it, as a person does (the link signs in), instead
   * of marking it verified in the database and logging in: for tests of what that email and its
   * session do.
   */
  verifyBy?: SmtpSink;
};

/**
 * A signed-up account, its address verified, signed in: a cookie-keeping client, the user's id,
 * and the answer of the step that signed it in (the log-in, or the verification link). By
 * default the address is marked verified in the database (the verification link itself is
 * tested in accounts.test.ts) and the account logs in.
 */
export async function signedInAccount(
  site: string,
  db: DB,
  { email, name, password = TEST_PASSWORD, headers, lang, verifyBy }: AccountOptions,
): Promise<{ client: HttpClient; id: string; signedIn: Response }> {
  const client = new HttpClient(site, headers);
  if (lang) client.cookies.set("lang", lang);
  const signup = await client.post("/signup", { name, email, password, adult: "on", terms: "on" });
  if (signup.status !== 302) throw new Error(`sign-up as ${email} answered ${signup.status}`);
  let signedIn: Response;
  if (verifyBy) {
    const mail = await verifyBy.waitFor((m) => m.to.includes(email) && m.text.includes("/auth/verify?token="));
    const link = new URL(linkIn(mail.text, "/auth/verify?token="));
    signedIn = await client.get(link.pathname + link.search);
    if (signedIn.status !== 302 || !client.sessionToken) throw new Error(`verifying ${email} answered ${signedIn.status}`);
  } else {
    // `true` as SQL: a boolean column on PostgreSQL, 1 on SQLite.
    await db
      .updateTable("user")
      .set({ emailVerified: sql<boolean>`true` })
      .where("email", "=", email)
      .execute();
    signedIn = await client.post("/auth/login", { email, password });
    if (signedIn.status !== 302) throw new Error(`log-in as ${email} answered ${signedIn.status}`);
  }
  const { id } = await db
    .selectFrom("user")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return { client, id, signedIn };
}
