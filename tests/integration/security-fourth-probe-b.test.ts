import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { pageHtml } from "../support/html";
import { HttpClient, linkIn } from "../support/http-client";
import { SmtpSink } from "../support/smtp-sink";

/**
 * Issue 47 ("Security, fourth probe"), items 6, 2, 5, 4 and 8, against the running production
 * server on every database. Each test failed before its fix.
 */
const SECRET = "integration-test-secret-0123456789abcdef";
const PASSWORD = "orchard by the river";
const ADMIN = { email: "admin@example.test", password: "correct horse battery staple" };
let seq = 0;
const uniqueEmail = (tag: string) => `${tag}.${Date.now()}.${++seq}@example.com`;
const RESET = "/auth/reset-password?token=";
const VERIFY = "/auth/verify?token=";

describe.each(DIALECTS)("security, fourth probe (b), on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>;
  let admin: HttpClient;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await sink.start(0);
    server = await startAppServer({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      SMTP_URL: sink.url,
      AUTH_SECRET: SECRET,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Per-client limits out of the way: what is under test is per account and per mailbox.
      RATE_LIMITS: "signUp=1000,forgotPassword=1000,confirmationsPerClient=1000,resendVerification=1000,writes=100000",
    });
    db = connect(database.url);
    admin = new HttpClient(server.url);
    expect((await admin.post("/auth/login", ADMIN)).status).toBe(302);
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  const account = async (email: string, name = "Ada Lovelace") => ({
    ...(await signedInAccount(server.url, db.db, { email, name, password: PASSWORD })),
    email,
  });
  const mailsTo = (email: string, marker: string) => sink.messages.filter((m) => m.to.includes(email) && m.text.includes(marker));
  /** Waits for the n-th email to this address that carries a link with this marker; its link. */
  async function nthLink(email: string, marker: string, n: number): Promise<URL> {
    for (let i = 0; i < 100 && mailsTo(email, marker).length < n; i++) await new Promise((r) => setTimeout(r, 100));
    const mail = mailsTo(email, marker)[n - 1];
    if (!mail) throw new Error(`no email #${n} with ${marker} to ${email}`);
    return new URL(linkIn(mail.text, marker));
  }
  const resetWith = (link: URL, password: string) =>
    new HttpClient(server.url).post(link.pathname + link.search, { token: link.searchParams.get("token")!, password, confirm: password });
  const logsIn = async (email: string, password: string) => (await new HttpClient(server.url).post("/auth/login", { email, password })).status === 302;
  const waitSecond = () => new Promise((r) => setTimeout(r, 1100));

  describe("item 6: links end with the password, and none is stored live", () => {
    it("two resets requested, the first link used: the second is dead; the stored tokens are not the ones emailed", async () => {
      const { client: owner, email, id } = await account(uniqueEmail("two-resets"));
      // Once from a stranger's browser, once from the owner's (the second is not "too soon": ADR 36).
      expect((await new HttpClient(server.url).post("/auth/forgot", { email })).status).toBe(303);
      const first = await nthLink(email, RESET, 1);
      expect((await owner.post("/auth/forgot", { email })).status).toBe(303);
      const second = await nthLink(email, RESET, 2);
      const emailed = [first, second].map((l) => l.searchParams.get("token")!);
      const stored = (await db.db.selectFrom("verification").select(["identifier"]).where("value", "=", id).execute()).map((r) => r.identifier);
      expect(stored.length).toBeGreaterThan(0);
      for (const token of emailed) {
        expect(stored.some((s) => s.includes(token))).toBe(false);
        expect(stored).not.toContain(`reset-password:${token}`);
      }
      const sealed = JSON.stringify(await db.db.selectFrom("reset_links").selectAll().execute());
      for (const token of emailed) expect(sealed).not.toContain(token);

      expect((await resetWith(first, "first new password here")).status).toBe(303);
      const dead = await pageHtml(await new HttpClient(server.url).get(second.pathname + second.search));
      expect(dead).toContain("This reset link is invalid, has expired or has already been used.");
      expect((await resetWith(second, "second new password here")).status).toBe(400);
      expect(await logsIn(email, "first new password here")).toBe(true);
      expect(await db.db.selectFrom("verification").select("id").where("value", "=", id).execute()).toEqual([]);
      expect(await db.db.selectFrom("reset_links").select("user_id").where("user_id", "=", id).execute()).toEqual([]);
    }, 90_000);

    it("a password change ends an outstanding reset link and a pending change of address", async () => {
      const { client, email } = await account(uniqueEmail("change"));
      const moved = uniqueEmail("moved");
      expect((await client.post("/account?index", { name: "Ada Lovelace", email: moved, phone: "" })).status).toBeLessThan(400);
      const emailChange = await nthLink(moved, VERIFY, 1);
      expect((await new HttpClient(server.url).post("/auth/forgot", { email })).status).toBe(303);
      const reset = await nthLink(email, RESET, 1);
      await waitSecond(); // links carry their issue time in whole seconds
      const changed = await client.post("/account/security", { intent: "change-password", currentPassword: PASSWORD, newPassword: "walnut boat at noon", confirm: "walnut boat at noon" });
      expect(changed.status).toBeLessThan(400);

      expect((await resetWith(reset, "someone else's password")).status).toBe(400);
      await new HttpClient(server.url).get(emailChange.pathname + emailChange.search);
      const row = await db.db.selectFrom("user").select("email").where("email", "in", [email, moved]).executeTakeFirstOrThrow();
      expect(row.email).toBe(email);
      expect(await logsIn(email, "walnut boat at noon")).toBe(true);
    }, 90_000);

    it("a reset ends the verification link of an account not verified yet (it would sign in)", async () => {
      const email = uniqueEmail("unverified");
      const visitor = new HttpClient(server.url);
      expect((await visitor.post("/signup", { name: "Ada", email, password: PASSWORD, adult: "on", terms: "on" })).status).toBe(302);
      const verify = await nthLink(email, VERIFY, 1);
      await waitSecond();
      expect((await new HttpClient(server.url).post("/auth/forgot", { email })).status).toBe(303);
      expect((await resetWith(await nthLink(email, RESET, 1), "a fresh password now")).status).toBe(303);
      const opener = new HttpClient(server.url);
      await opener.get(verify.pathname + verify.search);
      expect(opener.sessionToken).toBeUndefined();
    }, 90_000);

    it("a request's confirmation is stored without its live status link; the sent one opens the status page", async () => {
      const email = uniqueEmail("status");
      const res = await new HttpClient(server.url).post("/contact", { name: "Ada", email, subject: "Deck", message: "Do you cover Etobicoke?" });
      expect(res.status).toBeLessThan(400);
      const link = await nthLink(email, "/requests/", 1);
      const token = link.pathname.split("/").pop()!;
      expect(token.length).toBeGreaterThan(20);
      // The sink has the message before the worker records it as sent: wait for that record.
      const rowsNow = () => db.db.selectFrom("mail_outbox").select(["text_body", "html_body", "sealed_secret", "status"]).where("to_address", "=", email).execute();
      let rows = await rowsNow();
      for (let i = 0; i < 50 && rows[0]?.status !== "sent"; i++) rows = await new Promise((r) => setTimeout(r, 100)).then(rowsNow);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.status).toBe("sent");
      expect(rows[0]!.text_body).not.toContain(token);
      expect(rows[0]!.html_body).not.toContain(token);
      expect(rows[0]!.text_body).toContain("/requests/hidden-until-sent");
      expect(rows[0]!.sealed_secret).toBeNull(); // opened and cleared once sent
      expect((await new HttpClient(server.url).get(link.pathname)).status).toBe(200);
    }, 90_000);
  });

  describe("item 5: strangers cannot spend the owner's reset emails", () => {
    /** Posts the form as this client and reads the page it is sent to: the title and text shown. */
    async function ask(client: HttpClient, email: string) {
      const posted = await client.post("/auth/forgot", { email });
      expect(posted.status).toBe(303);
      const html = await pageHtml(await client.get(posted.headers.get("location")!));
      return /<h1[^>]*>([^<]*)<\/h1>\s*<p[^>]*>([^<]*)<\/p>/.exec(html)!.slice(1).join(" | ");
    }
    const settle = () => new Promise((r) => setTimeout(r, 1500));

    it("five anonymous /auth/forgot posts, then the owner still gets a working reset link", async () => {
      const { client: owner, email } = await account(uniqueEmail("locked-out"));
      const said = [];
      for (let i = 0; i < 5; i++) said.push(await ask(new HttpClient(server.url), email));
      await settle();
      // One email: the others said that none was sent, and why, without a word on the account.
      expect(mailsTo(email, RESET)).toHaveLength(1);
      expect(said[0]).toContain("Check Your Email");
      for (const answer of said.slice(1)) {
        expect(answer).toContain("No Email Sent");
        expect(answer).toContain("no new email was sent");
      }
      // The browser learnt the account at log-in, in a cookie only the auth pages get (in every
      // language's URL space): sent with every page, it would keep a page store from serving them.
      expect(owner.cookies.has("gta_known")).toBe(false);
      expect([...owner.scoped.values()].map((c) => `${c.name} ${c.path}`).sort()).toEqual(
        ["gta_known /auth", "gta_known /es/auth", "gta_known /fr/auth", "gta_known /pt/auth"],
      );
      // The owner, in a browser where they logged in: an email, with the one outstanding link, which works.
      expect(await ask(owner, email)).toContain("Check Your Email");
      const link = await nthLink(email, RESET, 2);
      expect(link.searchParams.get("token")).toBe((await nthLink(email, RESET, 1)).searchParams.get("token"));
      expect((await resetWith(link, "owner's own new password")).status).toBe(303);
      expect(await logsIn(email, "owner's own new password")).toBe(true);
    }, 90_000);

    it("strangers signing up with an unverified owner's address cannot keep the owner from verifying", async () => {
      const email = uniqueEmail("verify-owner");
      const signUp = (password: string) => new HttpClient(server.url).post("/signup", { name: "Ada", email, password, adult: "on", terms: "on" });
      expect((await signUp(PASSWORD)).status).toBe(302);
      await nthLink(email, VERIFY, 1);
      // Five strangers sign up with the address: its owner hears of it, a couple of times a day at most.
      for (let i = 0; i < 5; i++) expect((await signUp(`stranger password ${i} here`)).status).toBe(302);
      await settle();
      const notices = sink.messages.filter((m) => m.to.includes(email) && !m.text.includes(VERIFY));
      expect(notices.length).toBeGreaterThanOrEqual(1);
      expect(notices.length).toBeLessThanOrEqual(2);
      // The owner logs in with the password: a fresh verification link, on the owner's own allowance; it works.
      expect((await new HttpClient(server.url).post("/auth/login", { email, password: PASSWORD })).status).toBe(401);
      const fresh = await nthLink(email, VERIFY, 2);
      const opener = new HttpClient(server.url);
      await opener.get(fresh.pathname + fresh.search);
      expect(opener.sessionToken).toBeDefined();
    }, 90_000);

    it("answers an address without an account exactly like one with an account", async () => {
      const { email } = await account(uniqueEmail("has-account"));
      const nobody = uniqueEmail("no-account");
      const answers = async (address: string) => {
        const out = [];
        for (let i = 0; i < 3; i++) out.push((await ask(new HttpClient(server.url), address)).replaceAll(address, "<address>"));
        return out;
      };
      expect(await answers(nobody)).toEqual(await answers(email));
      await settle();
      expect(mailsTo(nobody, RESET)).toHaveLength(0);
    }, 90_000);
  });

  describe("item 4: Download my data cannot fill the disk or the mailbox", () => {
    it("ten presses make one file and one email", async () => {
      const { client, email, id } = await account(uniqueEmail("exporter"));
      const exportsOf = () => db.db.selectFrom("data_exports").select(["status", "file_key"]).where("user_id", "=", id).execute();
      expect((await client.post("/account/data", { intent: "export" })).status).toBe(303);
      for (let i = 0; i < 300 && !(await exportsOf()).some((e) => e.status === "ready"); i++) await new Promise((r) => setTimeout(r, 100));
      const answers = [];
      for (let i = 0; i < 9; i++) answers.push(await client.post("/account/data", { intent: "export" }));
      await new Promise((r) => setTimeout(r, 6000)); // past the export worker's poll
      expect(await exportsOf()).toHaveLength(1);
      expect((await exportsOf()).filter((e) => e.file_key !== null)).toHaveLength(1);
      const mails = await db.db.selectFrom("mail_outbox").select("id").where("kind", "=", "account.data-export").where("to_address", "=", email).execute();
      expect(mails).toHaveLength(1);
      for (const answer of answers) expect(answer.status).toBe(429);
      expect(await pageHtml(answers[0]!)).toContain("You can ask for one export a day.");
    }, 90_000);
  });

  describe("item 8: what we send to a typed address carries none of the visitor's words", () => {
    const NAME = 'Ada” now visit http://evil.example/x and "www.evil.example" ok';

    it("a confirmation repeats only the reference, the kind and the date", async () => {
      const email = uniqueEmail("typed");
      const posted = await new HttpClient(server.url).post("/contact", { name: NAME, email, subject: "See evil.example/y", message: "Click http://evil.example/z" });
      expect(posted.status).toBeLessThan(400);
      await nthLink(email, "/requests/", 1);
      const mail = mailsTo(email, "/requests/")[0]!;
      const { reference } = await db.db.selectFrom("requests").select("reference").where("email", "=", email).executeTakeFirstOrThrow();
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toMatch(/evil|Ada|Click/);
        expect(part).toContain(reference);
      }
      expect(mail.text).toContain("Contact message");
    }, 90_000);

    it("a greeting shows the name trimmed, without link-like words or quotation marks (issue 51: not quoted either)", async () => {
      const email = uniqueEmail("greeted");
      expect((await new HttpClient(server.url).post("/signup", { name: NAME, email, password: PASSWORD, adult: "on", terms: "on" })).status).toBe(302);
      expect((await new HttpClient(server.url).post("/auth/forgot", { email })).status).toBe(303);
      await nthLink(email, RESET, 1);
      const mail = mailsTo(email, RESET)[0]!;
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toContain("evil");
      expect(mail.text).toContain("Hi Ada now visit and ok,");
      expect(mail.text).not.toMatch(/[“”"]/);
    }, 90_000);
  });
});
