import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { HttpClient, linkIn } from "../support/http-client";
import { SmtpSink } from "../support/smtp-sink";
import { pageHtml } from "../support/html";

/**
 * My Account → Security (issue 28 item 1): change password, signed-in sessions, and the email
 * change with its notice to the old address. Real server, real database, real SMTP sink.
 */
const SECRET = "integration-test-secret-0123456789abcdef";
const PASSWORD = "plum tree by the lake";
const NEW_PASSWORD = "walnut boat at noon";
const CHROME_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const SECURITY = "/account/security";
let seq = 0;
const uniqueEmail = (tag: string) => `${tag}.${Date.now()}.${++seq}@example.com`;

describe.each(DIALECTS)("account security on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await sink.start(0);
    server = await startAppServer({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      SMTP_URL: sink.url,
      AUTH_SECRET: SECRET,
    });
    db = connect(database.url);
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  /** A verified account, signed in (by its verification link) on a client with this User-Agent. */
  async function signUpAndVerify(email: string, userAgent = SAFARI_IPHONE, lang?: string) {
    const options = { email, name: "Ada Lovelace", password: PASSWORD, headers: { "User-Agent": userAgent }, lang, verifyBy: sink };
    return (await signedInAccount(server.url, db.db, options)).client;
  }

  async function logIn(email: string, password: string, userAgent: string) {
    const client = new HttpClient(server.url, { "User-Agent": userAgent });
    const res = await client.post("/auth/login", { email, password });
    return { client, status: res.status };
  }

  const signedIn = async (client: HttpClient) => (await client.get("/account")).status === 200;
  const userId = async (email: string) => (await db.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
  const sessionsOf = async (id: string) => db.db.selectFrom("session").select(["id", "token", "userAgent"]).where("userId", "=", id).orderBy("id").execute();
  const passwordHash = async (id: string) =>
    (await db.db.selectFrom("account").select("password").where("userId", "=", id).where("providerId", "=", "credential").executeTakeFirstOrThrow()).password;
  const change = (client: HttpClient, currentPassword: string, newPassword: string, confirm = newPassword) =>
    client.post(SECURITY, { intent: "change-password", currentPassword, newPassword, confirm });

  it("changes the password only with the right current one; other sessions end, this one stays, the owner is emailed", async () => {
    const email = uniqueEmail("pw");
    const here = await signUpAndVerify(email);
    const other = await logIn(email, PASSWORD, CHROME_WINDOWS);
    expect(other.status).toBe(302);
    const id = await userId(email);
    const hashBefore = await passwordHash(id);

    const page = await here.get(SECURITY);
    expect(page.status).toBe(200);
    const html = await pageHtml(page);
    expect(html).toContain("Change password");
    expect(html).toMatch(/<input[^>]*autocomplete="current-password"[^>]*name="currentPassword"/i);

    // A wrong current password: its own message on that field, nothing changed anywhere.
    const wrong = await change(here, "not my password at all", NEW_PASSWORD);
    expect(wrong.status).toBe(400);
    const wrongHtml = await pageHtml(wrong);
    expect(wrongHtml).toContain("Your current password is incorrect.");
    expect(wrongHtml).toMatch(/id="[^"]*currentPassword[^"]*"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="[^"]*currentPassword/);
    expect(wrongHtml).not.toContain("not my password at all");
    expect(await passwordHash(id)).toBe(hashBefore);
    expect(await signedIn(other.client)).toBe(true);

    // The sign-up rules hold for the new one.
    const mismatch = await change(here, PASSWORD, NEW_PASSWORD, "something else entirely");
    expect(mismatch.status).toBe(400);
    expect(await pageHtml(mismatch)).toContain("The passwords do not match.");
    const common = await change(here, PASSWORD, "password123");
    expect(common.status).toBe(400);
    expect(await pageHtml(common)).toContain("This password is too common.");
    const short = await change(here, PASSWORD, "short");
    expect(short.status).toBe(400);
    expect(await pageHtml(short)).toContain("Password must be at least 8 characters.");
    expect(await passwordHash(id)).toBe(hashBefore);

    const tokenBefore = here.sessionToken;
    const done = await change(here, PASSWORD, NEW_PASSWORD);
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(SECURITY);
    // better-auth replaced every session, this one included: the new cookie came with the answer.
    expect(done.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(true);
    expect(here.sessionToken).not.toBe(tokenBefore);
    expect(await passwordHash(id)).not.toBe(hashBefore);

    const after = await here.get(SECURITY);
    expect(after.status).toBe(200);
    expect(await pageHtml(after)).toContain("Password changed");
    expect(await signedIn(other.client)).toBe(false);
    expect((await sessionsOf(id)).length).toBe(1);

    expect((await logIn(email, PASSWORD, FIREFOX_LINUX)).status).toBe(401);
    expect((await logIn(email, NEW_PASSWORD, FIREFOX_LINUX)).status).toBe(302);

    const notice = await sink.waitFor((m) => m.to.includes(email) && m.subject === "Your GTA Connect password was changed");
    expect(notice.text).toContain("Hi Ada Lovelace, the password of your GTA Connect account was just changed");
    expect(notice.text).toContain("/auth/forgot");
  });

  it("lists this account's sessions with this device marked, and never shows a session token", async () => {
    const email = uniqueEmail("list");
    const here = await signUpAndVerify(email, SAFARI_IPHONE);
    expect((await logIn(email, PASSWORD, CHROME_WINDOWS)).status).toBe(302);
    const id = await userId(email);
    const rows = await sessionsOf(id);
    expect(rows.length).toBe(2);

    for (const path of [SECURITY, `${SECURITY}.data`]) {
      const res = await here.get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      const body = await res.text();
      for (const row of rows) {
        expect(body).toContain(row.id);
        expect(body, `${path} must not carry a session token`).not.toContain(row.token);
      }
    }
    const html = await pageHtml(await here.get(SECURITY));
    expect(html).toContain("Safari on iPhone");
    expect(html).toContain("Chrome on Windows");
    expect(html.match(/This device/g)?.length).toBe(1);
    // The marker sits with this browser's entry, and only the other one has a Sign out button.
    expect(html).toMatch(/Safari on iPhone<span[^>]*>This device<\/span>/);
    expect(html.match(/name="intent" value="revoke"/g)?.length).toBe(1);
    expect(html).toContain("Sign out everywhere else");
  });

  it("signs out one session by its id, refuses anyone else's id, and signs out everywhere else", async () => {
    const email = uniqueEmail("owner");
    const here = await signUpAndVerify(email);
    const chrome = await logIn(email, PASSWORD, CHROME_WINDOWS);
    const firefox = await logIn(email, PASSWORD, FIREFOX_LINUX);
    const id = await userId(email);
    const rows = await sessionsOf(id);
    const idOf = (ua: string) => rows.find((r) => r.userAgent === ua)!.id;
    expect(rows.length).toBe(3);

    const revoked = await here.post(SECURITY, { intent: "revoke", sessionId: idOf(CHROME_WINDOWS) });
    expect(revoked.status).toBe(303);
    expect(revoked.headers.get("location")).toBe(SECURITY);
    // (The toast first: the next page this browser loads shows it once.)
    expect(await pageHtml(await here.get(SECURITY))).toContain("Device signed out");
    expect(await signedIn(chrome.client)).toBe(false);
    expect(await signedIn(firefox.client)).toBe(true);
    expect(await signedIn(here)).toBe(true);

    // Another account replaying this account's session id: refused, nothing ended.
    const mallory = await signUpAndVerify(uniqueEmail("mallory"), CHROME_WINDOWS);
    const before = await sessionsOf(id);
    const replay = await mallory.post(SECURITY, { intent: "revoke", sessionId: idOf(FIREFOX_LINUX) });
    expect(replay.status).toBe(404);
    expect(await pageHtml(replay)).toContain("That session has already ended or isn&#x27;t one of yours.");
    expect(await sessionsOf(id)).toEqual(before);
    expect(await signedIn(firefox.client)).toBe(true);
    // Nor does a made-up id, an already ended one, or this session's own (Log Out does that).
    const ownRow = before.find((r) => r.userAgent === SAFARI_IPHONE)!;
    for (const sessionId of ["", "no-such-session", idOf(CHROME_WINDOWS), ownRow.id]) {
      expect((await here.post(SECURITY, { intent: "revoke", sessionId })).status).toBe(404);
    }
    expect(await sessionsOf(id)).toEqual(before);
    expect(await signedIn(here)).toBe(true);
    // A session token in place of an id does nothing either.
    expect((await here.post(SECURITY, { intent: "revoke", sessionId: before.find((r) => r.userAgent === FIREFOX_LINUX)!.token })).status).toBe(404);
    expect(await signedIn(firefox.client)).toBe(true);

    const third = await logIn(email, PASSWORD, CHROME_WINDOWS);
    expect(await signedIn(third.client)).toBe(true);
    const everywhere = await here.post(SECURITY, { intent: "revoke-others" });
    expect(everywhere.status).toBe(303);
    const html = await pageHtml(await here.get(SECURITY));
    expect(html).toContain("Signed out everywhere else");
    expect(html).toContain("No other device is signed in.");
    expect(await signedIn(firefox.client)).toBe(false);
    expect(await signedIn(third.client)).toBe(false);
    expect(await signedIn(here)).toBe(true);
    expect((await sessionsOf(id)).map((r) => r.userAgent)).toEqual([SAFARI_IPHONE]);
    // Mallory's own session was never touched.
    expect(await signedIn(mallory)).toBe(true);

    expect((await here.post(SECURITY, { intent: "something-else" })).status).toBe(400);
    expect((await new HttpClient(server.url).post(SECURITY, { intent: "revoke-others" })).status).toBe(401);
    const guest = await new HttpClient(server.url).get(SECURITY);
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toBe("/auth/login?redirectTo=%2Faccount%2Fsecurity");
  });

  it("answers 429 after repeated wrong current passwords, changing nothing", async () => {
    const email = uniqueEmail("guess");
    const here = await signUpAndVerify(email);
    const id = await userId(email);
    const hashBefore = await passwordHash(id);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await change(here, `wrong guess ${i}`, NEW_PASSWORD)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
    // Even the right one waits now.
    const right = await change(here, PASSWORD, NEW_PASSWORD);
    expect(right.status).toBe(429);
    expect(right.headers.get("retry-after")).toBeTruthy();
    expect(await pageHtml(right)).toContain("Too many attempts.");
    expect(await passwordHash(id)).toBe(hashBefore);
  }, 120_000);

  it("changes the email once the new address is verified, after telling the old one, in the reader's language", async () => {
    const email = uniqueEmail("old");
    const newEmail = uniqueEmail("new");
    const here = await signUpAndVerify(email, SAFARI_IPHONE, "fr-CA");
    const res = await here.post("/account?index", { name: "Ada Lovelace", email: newEmail, phone: "" });
    expect(res.status).toBe(303);
    expect((await db.db.selectFrom("user").select("email").where("id", "=", await userId(email)).executeTakeFirstOrThrow()).email).toBe(email);

    const notice = await sink.waitFor((m) => m.to.includes(email) && m.subject === "Changement du courriel de votre compte GTA Connect");
    expect(notice.text).toContain(newEmail);
    expect(notice.to).toEqual([email]);
    const confirm = await sink.waitFor((m) => m.to.includes(newEmail));
    expect(confirm.subject).toBe("Confirmez votre nouveau courriel pour GTA Connect");
    expect(confirm.text).not.toContain("Bienvenue");

    // Opened in another browser, not signed in: the email changes and the old one stops working.
    const link = new URL(linkIn(confirm.text, "/auth/verify?token="));
    const elsewhere = new HttpClient(server.url);
    const opened = await elsewhere.get(link.pathname + link.search);
    expect(opened.status).toBe(302);
    let next = opened.headers.get("location")!;
    let landed = await elsewhere.get(next);
    for (let hops = 0; landed.status === 302 && hops < 3; hops++) landed = await elsewhere.get((next = landed.headers.get("location")!));
    // The link was written for a French reader: it opens in the French space (issue 30).
    expect(link.pathname).toBe("/fr/auth/verify");
    expect(next).toMatch(/^\/fr\/auth\/login/);
    const toast = await pageHtml(landed);
    expect(toast).toContain("Courriel changé");
    expect(toast).toContain(`Votre compte utilise maintenant ${newEmail}.`);
    const row = await db.db.selectFrom("user").select(["email", "emailVerified"]).where("email", "=", newEmail).executeTakeFirstOrThrow();
    expect(Boolean(row.emailVerified)).toBe(true);
    expect((await logIn(newEmail, PASSWORD, FIREFOX_LINUX)).status).toBe(302);
    expect((await logIn(email, PASSWORD, FIREFOX_LINUX)).status).toBe(401);
    // The link works once.
    const again = await new HttpClient(server.url).get(link.pathname + link.search);
    expect(again.status).toBe(200);
    expect(await pageHtml(again)).toContain("Ce lien ne peut pas être utilisé");
    // The browser that asked is still signed in, now with the new address.
    const profile = await pageHtml(await here.get("/account"));
    expect(profile).toContain(newEmail);
  });
});
