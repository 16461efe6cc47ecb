import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { HttpClient } from "../support/http-client";

/**
 * A page request reads its session in one query (docs/decisions/0034-session-read.md); these show
 * it answers exactly as better-auth would: signed in while the session lives, signed out the
 * request after it is revoked or expires, a forged or altered cookie is no one, and a session due
 * for its daily extension is still extended. Real server, real database.
 */
let seq = 0;
const uniqueEmail = (tag: string) => `${tag}.${Date.now()}.${++seq}@example.com`;
const DAY = 24 * 60 * 60 * 1000;

describe.each(DIALECTS)("reading the session on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  let db: ReturnType<typeof connect>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startAppServer({ DATABASE_URL: database.url, DATA_DIR: database.dataDir });
    db = connect(database.url);
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await database?.drop();
  });

  const signedIn = async (client: HttpClient) => (await client.get("/account")).status === 200;
  const sessionCookie = (client: HttpClient) => [...client.cookies].find(([k]) => k.endsWith("session_token"))!;
  const parts = (value: string) => {
    const [token = "", signature = ""] = decodeURIComponent(value).split(".");
    return { token, signature };
  };
  const tokenOf = (client: HttpClient) => parts(sessionCookie(client)[1]).token;

  it("is signed in while the session lives, and no one the request after it is revoked", async () => {
    const { client } = await signedInAccount(server.url, db.db, { email: uniqueEmail("live"), name: "Live Session" });
    expect(await signedIn(client)).toBe(true);
    // Twice: the second answer comes from the remembered signature, and is still checked against the store.
    expect(await signedIn(client)).toBe(true);
    await db.db.deleteFrom("session").where("token", "=", tokenOf(client)).execute();
    const after = await client.get("/account");
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toContain("/auth/login");
  });

  it("treats an altered or forged cookie as no one", async () => {
    const { client } = await signedInAccount(server.url, db.db, { email: uniqueEmail("forge"), name: "Forged Cookie" });
    const [name, value] = sessionCookie(client);
    const { token, signature } = parts(value);
    const tries = [
      `${token}.${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`, // another signature
      `${token.slice(0, -1)}${token.endsWith("x") ? "y" : "x"}.${signature}`, // another token under the same signature
      `${token}.${signature.replace(/=$/, "")}`, // unpadded: better-call refuses it
      token, // no signature
    ];
    for (const forged of tries) {
      const other = new HttpClient(server.url);
      other.cookies.set(name, encodeURIComponent(forged));
      expect(await signedIn(other), forged).toBe(false);
    }
    expect(await signedIn(client)).toBe(true);
  });

  it("leaves an expired session, and one due for its daily extension, to better-auth", async () => {
    const { client } = await signedInAccount(server.url, db.db, { email: uniqueEmail("age"), name: "Ageing Session" });
    const token = tokenOf(client);
    const expiresAt = async () => new Date((await db.db.selectFrom("session").select("expiresAt").where("token", "=", token).executeTakeFirstOrThrow()).expiresAt).getTime();
    const setExpiry = (at: number) => db.db.updateTable("session").set({ expiresAt: dialect === "postgres" ? new Date(at) : new Date(at).toISOString() }).where("token", "=", token).execute();

    // Two days into a 30-day session: due for the daily extension, which better-auth writes.
    await setExpiry(Date.now() + 28 * DAY);
    expect(await signedIn(client)).toBe(true);
    expect(await expiresAt()).toBeGreaterThan(Date.now() + 29 * DAY);

    await setExpiry(Date.now() - 1000);
    expect(await signedIn(client)).toBe(false);
  });
});
