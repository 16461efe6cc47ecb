import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { getRuntime, type Runtime, startRuntime } from "~/lib/runtime.server";
import { listOutbox } from "~/modules/admin/outbox.server";
import { signedInAccount } from "../support/accounts";
import { type AppServer, postForm, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { pageHtml } from "../support/html";
import { HttpClient } from "../support/http-client";
import { SmtpSink } from "../support/smtp-sink";

/**
 * The back office's outbox (issue 13 item 8) over HTTP against the real server and a real SMTP
 * sink: a message the SMTP server refuses shows as failed with its error, reads in full (its
 * HTML only inside a sandboxed frame), and is resent and delivered; filters and pages; nothing
 * for anyone but admins.
 */
const PASSWORD = "orchard by the river";
/** The page offers the Resend button (a plain form post with intent=resend). */
const offersResend = (html: string) => /<button(?=[^>]*name="intent")(?=[^>]*value="resend")[^>]*>/.test(html);
const ADMIN = { email: "admin@example.test", password: "correct horse battery staple" };

describe.each(DIALECTS)("admin outbox on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  let runtime: Runtime;
  const sink = new SmtpSink();
  let admin: HttpClient;
  let user: HttpClient;
  const stamp = Date.now().toString(36);

  const account = async (email: string, name: string) =>
    (await signedInAccount(server.url, getRuntime().db, { email, name, password: PASSWORD })).client;

  const row = (id: string) => getRuntime().db.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  /** A stored message, written behind the server's back (its worker leaves sent and failed rows alone). */
  async function insertMessage(values: { subject: string; to?: string; status?: "sent" | "failed"; html?: string; createdAt?: string }) {
    const id = randomUUID();
    const at = values.createdAt ?? new Date().toISOString();
    await getRuntime()
      .db.insertInto("mail_outbox")
      .values({
        id,
        kind: "test",
        to_address: values.to ?? "someone@example.test",
        reply_to: null,
        subject: values.subject,
        text_body: `Text of ${values.subject}`,
        html_body: values.html ?? `<p>HTML of ${values.subject}</p>`,
        status: values.status ?? "sent",
        attempts: 1,
        next_attempt_at: at,
        locked_until: null,
        last_error: values.status === "failed" ? "550 Rejected by test sink" : null,
        message_id: null,
        created_at: at,
        sent_at: values.status === "failed" ? null : at,
      })
      .execute();
    return id;
  }

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await sink.start(0);
    server = await startAppServer({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      SMTP_URL: sink.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PAGE_CACHE_SECONDS: "0",
    });
    // A second connection to the same database: to check what the server wrote, and to write
    // rows behind its back.
    const env = parseEnv({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, OPERATOR_EMAIL: "operator@example.test" });
    runtime = await startRuntime(env, { startMailWorker: false, log: () => {} });
    admin = new HttpClient(server.url);
    expect((await admin.post("/auth/login", ADMIN)).status).toBe(302);
    user = await account(`user.${stamp}@example.com`, "Uma User");
  });
  afterAll(async () => {
    await runtime?.stop();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  it("shows a message the SMTP server refused as failed, reads it, resends it and sees it delivered", async () => {
    sink.rejectWith = 550;
    const subject = `Bounce ${stamp}`;
    expect((await postForm(`${server.url}/contact`, { name: "Ada Lovelace", email: "ada@example.com", subject, message: "Hello" })).status).toBe(302);

    // The worker meets the 550 and gives the operator notification up as failed.
    let failed: { id: string } | undefined;
    await expect
      .poll(
        async () => {
          failed = await getRuntime()
            .db.selectFrom("mail_outbox")
            .select("id")
            .where("subject", "like", `%${subject}%`)
            .where("status", "=", "failed")
            .executeTakeFirst();
          return Boolean(failed);
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(true);
    const id = failed!.id;
    sink.rejectWith = null;

    const list = await pageHtml(await admin.get(`/admin/outbox?status=failed&q=${encodeURIComponent(subject)}`));
    expect(list).toContain(`[Contact] ${subject} – Ada Lovelace`);
    expect(list).toContain("operator@example.test");
    expect(list).toContain("Failed");
    expect(list).toMatch(/550/);
    expect(list).toContain(`href="/admin/outbox/${id}"`);

    const detail = await pageHtml(await admin.get(`/admin/outbox/${id}`));
    expect(detail).toContain(`[Contact] ${subject} – Ada Lovelace`);
    expect(detail).toContain("operator@example.test");
    expect(detail).toContain("ada@example.com"); // Reply-To
    expect(detail).toContain("Message: Hello"); // the text body
    // The HTML body is only ever inside a sandboxed frame, as an escaped attribute value.
    expect(detail).toMatch(/<iframe[^>]*sandbox=""[^>]*srcdoc="[^"]*&lt;/i);
    expect(offersResend(detail)).toBe(true);

    const resent = await admin.post(`/admin/outbox/${id}`, { intent: "resend" });
    expect(resent.status).toBe(303);
    expect(resent.headers.get("location")).toBe(`/admin/outbox/${id}`);
    expect(resent.headers.get("set-cookie")).toMatch(/toast=/);

    const mail = await sink.waitFor((m) => m.subject === `[Contact] ${subject} – Ada Lovelace`);
    expect(mail.to).toEqual(["operator@example.test"]);
    await expect.poll(async () => (await row(id)).status, { timeout: 10_000 }).toBe("sent");
    expect(await row(id)).toMatchObject({ attempts: 1, last_error: null });

    const audit = await getRuntime().db.selectFrom("audit_log").selectAll().where("entity_id", "=", id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "outbox.resend", entity_type: "mail_outbox" });
    expect(JSON.parse(audit[0]!.before!)).toMatchObject({ status: "failed", attempts: 1 });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ status: "pending", attempts: 0 });
    const adminId = (await getRuntime().db.selectFrom("user").select("id").where("email", "=", ADMIN.email).executeTakeFirstOrThrow()).id;
    expect(audit[0]!.actor_user_id).toBe(adminId);

    // The detail page now reads "Sent" and offers no resend.
    const after = await pageHtml(await admin.get(`/admin/outbox/${id}`));
    expect(after).toContain("Sent");
    expect(offersResend(after)).toBe(false);
  });

  it("does not resend a message that has not failed (a replayed post changes nothing)", async () => {
    const id = await insertMessage({ subject: `Delivered ${stamp}` });
    const before = await row(id);
    const response = await admin.post(`/admin/outbox/${id}`, { intent: "resend" });
    expect(response.status).toBe(303);
    expect(await row(id)).toEqual(before);
    expect(await getRuntime().db.selectFrom("audit_log").select("id").where("entity_id", "=", id).execute()).toEqual([]);
    expect((await admin.post(`/admin/outbox/${randomUUID()}`, { intent: "resend" })).status).toBe(404);
  });

  it("keeps the message's HTML in a sandboxed frame: no script of it reaches our page", async () => {
    const id = await insertMessage({
      subject: `Hostile ${stamp}`,
      html: `<p>Hi</p><script>window.parent.document.title="pwned"</script><img src=x onerror="alert(1)">"quoted"`,
    });
    const response = await admin.get(`/admin/outbox/${id}`);
    expect(response.status).toBe(200);
    const html = await pageHtml(response);
    expect(html).not.toContain("<script>window.parent");
    expect(html).not.toContain("<img src=x");
    const frame = html.match(/<iframe[^>]*>/i)?.[0] ?? "";
    expect(frame).toContain('sandbox=""');
    expect(frame).toContain("&lt;script&gt;window.parent.document.title=&quot;pwned&quot;&lt;/script&gt;");
    // The page's own policy still holds (scripts only with the nonce).
    expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
  });

  it("filters by status and by text in recipient or subject, newest first, a page at a time", async () => {
    // Recent: the server's retention job trims emails to people once they are months old.
    const base = Date.now() - 60 * 60_000;
    for (let i = 0; i < 30; i++) {
      await insertMessage({
        subject: `Pager ${stamp} #${String(i).padStart(2, "0")}`,
        to: `pager-${i}@example.test`,
        status: i % 10 === 0 ? "failed" : "sent",
        createdAt: new Date(base + i * 60_000).toISOString(),
      });
    }
    // Directly: the module's query.
    const first = await listOutbox({ q: `PAGER ${stamp}` }, 1, 25);
    expect(first.total).toBe(30);
    expect(first.pages).toBe(2);
    expect(first.items[0]!.subject).toBe(`Pager ${stamp} #29`);
    const second = await listOutbox({ q: `pager ${stamp}` }, 2, 25);
    expect(second.items.map((i) => i.subject).at(-1)).toBe(`Pager ${stamp} #00`);
    expect((await listOutbox({ q: `pager ${stamp}`, status: "failed" })).items.map((i) => i.subject)).toEqual([
      `Pager ${stamp} #20`,
      `Pager ${stamp} #10`,
      `Pager ${stamp} #00`,
    ]);
    expect((await listOutbox({ q: "pager-7@" })).items.map((i) => i.to)).toEqual(["pager-7@example.test"]);
    // LIKE wildcards in the text are literal.
    expect((await listOutbox({ q: "pager_7" })).total).toBe(0);
    expect((await listOutbox({ q: "%" })).total).toBe(0);

    // Over HTTP: page 2 holds the 5 oldest, with a link back to page 1 that keeps the filter.
    const page2 = await pageHtml(await admin.get(`/admin/outbox?q=${encodeURIComponent(`Pager ${stamp}`)}&page=2`));
    expect(page2).toContain(`Pager ${stamp} #04`);
    expect(page2).not.toContain(`Pager ${stamp} #05`);
    expect(page2).toMatch(/href="\/admin\/outbox\?q=Pager\+[^"]*"[^>]*>[^<]*Previous/);
    const failedOnly = await pageHtml(await admin.get(`/admin/outbox?status=failed&q=${encodeURIComponent(`Pager ${stamp}`)}`));
    expect(failedOnly).toContain(`Pager ${stamp} #10`);
    expect(failedOnly).not.toContain(`Pager ${stamp} #11`);
  });

  it("gives a logged-out visitor and a regular user no outbox data, and refuses their resend", async () => {
    const id = await insertMessage({ subject: `Secret ${stamp}`, status: "failed" });
    const visitor = new HttpClient(server.url);

    const list = await visitor.get("/admin/outbox");
    expect(list.status).toBe(302);
    expect(list.headers.get("location")).toBe("/auth/login?redirectTo=%2Fadmin%2Foutbox");
    const detail = await visitor.get(`/admin/outbox/${id}`);
    expect(detail.status).toBe(302);
    expect(await detail.text()).not.toContain("Secret");

    for (const path of ["/admin/outbox", `/admin/outbox/${id}`]) {
      const response = await user.get(path);
      expect(response.status).toBe(403);
      expect(await response.text()).not.toContain(`Secret ${stamp}`);
    }
    for (const client of [visitor, user]) {
      const post = await client.post(`/admin/outbox/${id}`, { intent: "resend" });
      expect([401, 403]).toContain(post.status);
      expect(await post.text()).not.toContain(`Secret ${stamp}`);
    }
    expect(await row(id)).toMatchObject({ status: "failed" });
  });
});
