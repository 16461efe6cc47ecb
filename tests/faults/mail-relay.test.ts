import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/lib/db/db.server";
import { torontoWallClock } from "~/modules/admin/export-dates";
import { signedInAccount } from "../support/accounts";
import { type AppServer, postForm, startAppServer } from "../support/app-server";
import { connect } from "../support/db";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { contactPost, until } from "../support/faults";
import { pageHtml } from "../support/html";
import { HttpClient } from "../support/http-client";
import { type Refusal, SmtpSink, type SmtpStage } from "../support/smtp-sink";

/**
 * Issue 52, item 5: a relay answering 550 for five seconds failed every message that came due
 * (88 of 280, backlog included), and the only way out was one resend at a time. Now a 5xx on
 * connecting, the greeting, MAIL FROM, DATA, or to RCPT TO without an address status is the
 * relay's trouble: retried, delivered once the relay recovers. Only a recipient refused for good
 * (5.1.1 and the like) fails a message; the outbox page resends every message failed since a
 * time (admins only, audited).
 */
const ADMIN = { email: "admin@example.test", password: "correct horse battery staple" };

/** What a relay in trouble answers at each stage, to every message. */
const RELAY_TROUBLE: Record<SmtpStage, Refusal> = {
  greeting: { stage: "greeting", code: 554, text: "Service unavailable" },
  mail: { stage: "mail", code: 550, text: "5.7.1 Sender rejected: relay misconfigured" },
  rcpt: { stage: "rcpt", code: 550, text: "5.7.1 Relaying denied" },
  data: { stage: "data", code: 550, text: "5.7.1 Message refused" },
};

describe.each(DIALECTS)("the mail relay in trouble, on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  let db: DB;
  let closeDb: () => Promise<void>;
  const sink = new SmtpSink();
  let admin: HttpClient;
  const stamp = Date.now().toString(36);

  /** The operator's copy of a contact post (what every post queues). */
  const operatorCopy = (subject: string) => `[Contact] ${subject} – Ada Lovelace`;
  const rowsOf = (subject: string) =>
    db.selectFrom("mail_outbox").select(["id", "status", "attempts", "last_error", "to_address"]).where("subject", "=", operatorCopy(subject)).execute();

  const failedCount = async () => (await db.selectFrom("mail_outbox").select("id").where("status", "=", "failed").execute()).length;

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
      RATE_LIMITS: "writes=100000,confirmationsPerClient=100000",
      // A retry a second after the refusal, not five: the same path, a fifth of the wait.
      MAIL_RETRY_MS: "1000",
    });
    ({ db, close: closeDb } = connect(database.url));
    admin = new HttpClient(server.url);
    expect((await admin.post("/auth/login", ADMIN)).status).toBe(302);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    sink.refusals = [];
    await sink.stop();
    await closeDb?.();
    await database?.drop();
  });

  it.each(["greeting", "mail", "rcpt", "data"] as const)(
    "retries a relay-wide refusal at %s and delivers the message once the relay recovers",
    async (stage) => {
      const before = sink.refused[stage];
      sink.refusals = [RELAY_TROUBLE[stage]];
      const post = await contactPost(server.url);
      expect(post.status).toBe(302);
      try {
        await until(() => sink.refused[stage] > before, 15_000, 50);
        // The message that met the refusal is retried, not failed; the rest waits with it (untried
        // or retried: the post queues the operator's copy and the visitor's confirmation).
        await until(async () => {
          const rows = await db.selectFrom("mail_outbox").select(["status", "last_error"]).where("last_error", "like", `%${RELAY_TROUBLE[stage].text}%`).execute();
          return rows.length > 0 && rows.every((r) => r.status === "pending");
        }, 5_000, 50);
        expect(await failedCount()).toBe(0);
      } finally {
        sink.refusals = [];
      }
      const mail = await sink.waitFor((m) => m.subject === operatorCopy(post.subject), 30_000);
      expect(sink.copies(mail.raw.messageId!)).toBe(1);
      await until(async () => (await rowsOf(post.subject))[0]?.status === "sent", 5_000, 50);
      expect(await failedCount()).toBe(0);
    },
    45_000,
  );

  it("keeps every message through a 550 for five seconds under a steady load: none failed, each delivered once", async () => {
    const subjects: string[] = [];
    const posting = (async () => {
      const started = Date.now();
      while (Date.now() - started < 9_000) {
        const post = await contactPost(server.url);
        expect(post.status).toBe(302);
        subjects.push(post.subject);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const refusedBefore = sink.refused.data;
    sink.refusals = [RELAY_TROUBLE.data];
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    sink.refusals = [];
    await posting;
    const refused = sink.refused.data - refusedBefore;
    expect(refused).toBeGreaterThan(0);

    const wanted = new Set(subjects.map(operatorCopy));
    const deliveredMs = await until(() => sink.messages.filter((m) => wanted.has(m.subject)).length >= wanted.size, 60_000, 100);
    const delivered = sink.messages.filter((m) => wanted.has(m.subject));
    expect(new Set(delivered.map((m) => m.raw.messageId)).size).toBe(delivered.length);
    expect(delivered).toHaveLength(subjects.length);
    const rows = await db.selectFrom("mail_outbox").select(["status"]).where("subject", "in", [...wanted]).execute();
    expect(rows.filter((r) => r.status === "failed")).toEqual([]);
    console.log(
      `${subjects.length} posts, relay refused ${refused} times over 5 s: all delivered ${deliveredMs} ms after the posting ended, none failed, no duplicate`,
    );
  }, 90_000);

  it("fails only the message whose recipient the relay refuses for good", async () => {
    const nobody = `nobody.${stamp}@example.test`;
    sink.refusals = [{ stage: "rcpt", code: 550, text: `5.1.1 <${nobody}>: no such mailbox`, recipient: nobody }];
    try {
      const post = { subject: `Refused recipient ${stamp}` };
      const fields = { name: "Ada Lovelace", email: nobody, subject: post.subject, message: "Do you cover Etobicoke?" };
      expect((await postForm(`${server.url}/contact`, fields)).status).toBe(302);
      // The operator's copy goes out; the confirmation to the refused address fails, at once.
      await sink.waitFor((m) => m.subject === operatorCopy(post.subject), 15_000);
      let confirmation: { status: string; last_error: string | null; attempts: number } | undefined;
      await until(async () => {
        confirmation = await db.selectFrom("mail_outbox").select(["status", "last_error", "attempts"]).where("to_address", "=", nobody).executeTakeFirst();
        return confirmation?.status === "failed";
      }, 15_000);
      expect(confirmation).toMatchObject({ status: "failed", attempts: 1 });
      expect(confirmation!.last_error).toContain("5.1.1");
      // The operator's copy reached the relay; its row is marked sent a moment after (the sink
      // can hold the message before the worker has recorded it).
      await until(async () => (await rowsOf(post.subject)).every((r) => r.status === "sent"), 5_000);
      expect((await rowsOf(post.subject)).map((r) => r.status)).toEqual(["sent"]);
    } finally {
      sink.refusals = [];
    }
  }, 45_000);

  it("resends every message failed since a time from the outbox page: admins only, audited, a plain form post", async () => {
    const insert = async (subject: string, status: "failed" | "sent", failedAt: Date | null) => {
      const id = randomUUID();
      const at = new Date(Date.now() - 3 * 60 * 60_000).toISOString(); // queued long before: a backlog
      await db
        .insertInto("mail_outbox")
        .values({
          id,
          kind: "test",
          to_address: "operator@example.test",
          reply_to: null,
          subject,
          text_body: `Text of ${subject}`,
          html_body: `<p>${subject}</p>`,
          status,
          attempts: 3,
          next_attempt_at: at,
          locked_until: null,
          last_error: status === "failed" ? "550 5.7.1 Message refused" : null,
          message_id: null,
          created_at: at,
          sent_at: status === "sent" ? at : null,
          failed_at: failedAt?.toISOString() ?? null,
        })
        .execute();
      return id;
    };
    const recent = await insert(`Failed in the outage ${stamp}`, "failed", new Date(Date.now() - 10 * 60_000));
    const older = await insert(`Failed long ago ${stamp}`, "failed", new Date(Date.now() - 2 * 60 * 60_000));
    const sent = await insert(`Delivered ${stamp}`, "sent", null);
    const status = async (id: string) => (await db.selectFrom("mail_outbox").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
    const audits = () => db.selectFrom("audit_log").selectAll().where("action", "=", "outbox.resend-failed").execute();
    const since = torontoWallClock(new Date(Date.now() - 30 * 60_000));

    // The page offers it as a plain form: method post, a datetime-local field, a submit button.
    const page = await pageHtml(await admin.get("/admin/outbox"));
    const form = /<form(?=[^>]*method="post")(?=[^>]*action="\/admin\/outbox")[^>]*>([\s\S]*?)<\/form>/.exec(page)?.[1] ?? "";
    expect(form).toMatch(/<input(?=[^>]*type="datetime-local")(?=[^>]*name="since")[^>]*>/);
    expect(form).toMatch(/<button(?=[^>]*type="submit")(?=[^>]*name="intent")(?=[^>]*value="resend-failed")[^>]*>/);

    // Nobody but an admin: a visitor and a signed-in user are refused, and nothing changes.
    const user = (await signedInAccount(server.url, db, { email: `user.${stamp}@example.com`, name: "Uma User", password: "orchard by the river" })).client;
    const visitor = new HttpClient(server.url);
    expect((await user.get("/admin/outbox")).status).toBe(403);
    for (const client of [visitor, user]) {
      const post = await client.post("/admin/outbox", { intent: "resend-failed", since });
      expect([302, 401, 403]).toContain(post.status);
      if (post.status === 302) expect(post.headers.get("location")).toMatch(/^\/auth\/login/);
    }
    expect(await status(recent)).toBe("failed");

    // A time that is not one (or in the future) resends nothing.
    const wrong = await admin.post("/admin/outbox", { intent: "resend-failed", since: "yesterday" });
    expect(wrong.status).toBe(303);
    const future = await admin.post("/admin/outbox", { intent: "resend-failed", since: torontoWallClock(new Date(Date.now() + 60 * 60_000)) });
    expect(future.status).toBe(303);
    expect(await status(recent)).toBe("failed");
    expect(await audits()).toEqual([]);

    const resent = await admin.post("/admin/outbox", { intent: "resend-failed", since });
    expect(resent.status).toBe(303);
    expect(resent.headers.get("location")).toBe("/admin/outbox?status=queued");
    expect(resent.headers.get("set-cookie")).toMatch(/toast=/);
    // Every message failed since then (this test's, and the one the previous test failed), not older ones.
    const mail = await sink.waitFor((m) => m.subject === `Failed in the outage ${stamp}`, 15_000);
    expect(sink.copies(mail.raw.messageId!)).toBe(1);
    await until(async () => (await status(recent)) === "sent", 10_000);
    expect(await status(older)).toBe("failed");
    expect(await status(sent)).toBe("sent");

    const [audit, ...more] = await audits();
    expect(more).toEqual([]);
    const adminId = (await db.selectFrom("user").select("id").where("email", "=", ADMIN.email).executeTakeFirstOrThrow()).id;
    expect(audit).toMatchObject({ actor_user_id: adminId, entity_type: "mail_outbox" });
    const before = JSON.parse(audit!.before!) as { ids: string[]; count: number; status: string };
    expect(before).toMatchObject({ status: "failed" });
    expect(before.ids).toContain(recent);
    expect(before.ids).not.toContain(older);
    expect(before.count).toBe(before.ids.length);

    // Submitted again (a second tab): nothing left to resend, nothing recorded.
    const again = await admin.post("/admin/outbox", { intent: "resend-failed", since });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe("/admin/outbox");
    expect(await audits()).toHaveLength(1);
  }, 60_000);
});
