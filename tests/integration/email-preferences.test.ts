import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, postForm, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";

/**
 * The link in review invitations and expiry reminders (issue 51 item 1): its address is both the
 * List-Unsubscribe one-click target (RFC 8058: a POST of `List-Unsubscribe=One-Click`, from a
 * mail provider's server: no session, no Origin, no cookie) and a small preferences page (GET
 * shows the choice, a plain form changes it, in the reader's language). Only the token's hash is
 * stored; an unknown token is a 404 either way.
 */
describe.each(DIALECTS)("email preferences on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  let db: ReturnType<typeof connect>;
  const token = `prefs-${Date.now().toString(36)}-${dialect}`;
  const address = `provider.${dialect}@example.com`;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startAppServer({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, PAGE_CACHE_SECONDS: "0" });
    db = connect(database.url);
    await db.db
      .insertInto("mail_preference_links")
      .values({ token_hash: createHash("sha256").update(token).digest("hex"), address, locale: "fr-CA", created_at: new Date().toISOString() })
      .execute();
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await database?.drop();
  });

  const optedOut = async () => (await db.db.selectFrom("mail_opt_outs").select("address").where("address", "=", address).execute()).length === 1;
  const page = async (path: string) => {
    const res = await fetch(`${server.url}${path}`);
    return { status: res.status, html: await res.text(), headers: res.headers };
  };

  it("shows the choice without a session, in the reader's language, private and not indexed", async () => {
    const en = await page(`/email-preferences/${token}`);
    expect(en.status).toBe(200);
    expect(en.html).toContain("This address receives review invitations and reminders from GTA Connect.");
    expect(en.html).toContain("Stop these emails");
    expect(en.html).toMatch(/<form[^>]*method="post"/);
    expect(en.headers.get("cache-control")).toContain("no-store");
    expect(en.html).toContain('content="noindex"');
    const fr = await page(`/fr/email-preferences/${token}`);
    expect(fr.html).toContain("Ne plus recevoir ces courriels");
    expect((await page("/email-preferences/not-a-token")).status).toBe(404);
  });

  it("unsubscribes in one click (RFC 8058) from a mail provider's server: no session, no Origin", async () => {
    const res = await fetch(`${server.url}/email-preferences/${token}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(res.status).toBe(200);
    expect(await optedOut()).toBe(true);
    // Twice is the same: still stopped, no error.
    expect((await postForm(`${server.url}/email-preferences/${token}`, { "List-Unsubscribe": "One-Click" })).status).toBe(200);
    expect(await optedOut()).toBe(true);
    expect((await page(`/email-preferences/${token}`)).html).toContain("This address no longer receives review invitations and reminders");
    const unknown = await fetch(`${server.url}/email-preferences/not-a-token`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(unknown.status).toBe(404);
  });

  it("changes the choice back with the page's plain form (no JavaScript)", async () => {
    const resumed = await postForm(`${server.url}/email-preferences/${token}`, { intent: "resume" });
    expect(resumed.status).toBeLessThan(400);
    expect(await optedOut()).toBe(false);
    expect((await page(`/email-preferences/${token}`)).html).toContain("Stop these emails");
    expect((await postForm(`${server.url}/email-preferences/${token}`, { intent: "stop" })).status).toBeLessThan(400);
    expect(await optedOut()).toBe(true);
  });
});
