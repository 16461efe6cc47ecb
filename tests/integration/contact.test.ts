import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, postForm, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect, count } from "../support/db";
import { freePort, SmtpSink } from "../support/smtp-sink";
import { pageHtml } from "../support/html";

const valid = { name: "Ada Lovelace", email: "ada@example.com", subject: "Deck repair", message: "Do you cover Etobicoke?" };

describe.each(DIALECTS)("contact form on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer | undefined;
  const sink = new SmtpSink();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await server?.stop();
    server = undefined;
    await sink.stop();
  });
  afterAll(async () => {
    await database.drop();
  });

  const start = (smtpUrl: string) =>
    startAppServer({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, SMTP_URL: smtpUrl, MAIL_RETRY_MS: "1000" });

  it("stores the message, delivers it to the operator mailbox, and confirms to the sender with a reference", async () => {
    await sink.start(0);
    server = await start(sink.url);
    const res = await postForm(`${server.url}/contact`, { ...valid, subject: "Delivered now" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/contact");
    expect(res.headers.get("set-cookie")).toMatch(/toast=/);

    // The page the visitor comes back to keeps the reference after the toast has gone.
    const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const page = await pageHtml(await fetch(`${server.url}/contact`, { headers: { Cookie: cookies } }));
    const reference = page.match(/GTA-[2-9A-Z]{6}/)?.[0];
    expect(reference).toBeTruthy();
    expect(page).toContain("Track your request");

    const confirmation = await sink.waitFor((m) => m.to.includes("ada@example.com") && m.subject === `We received your request — ${reference}`);
    // Reference, kind and date only: nothing typed on the form (issue 47 item 8).
    expect(confirmation.text).toContain("Contact message");
    expect(confirmation.text).toContain(reference);
    expect(confirmation.text).toContain("/requests/");

    const mail = await sink.waitFor((m) => m.subject.includes("Delivered now"));
    expect(mail.to).toEqual(["operator@example.test"]);
    expect(mail.subject).toBe("[Contact] Delivered now – Ada Lovelace");
    expect(mail.text).toContain("Email: ada@example.com");
    expect(mail.text).toContain("Message: Do you cover Etobicoke?");
    expect(mail.raw.replyTo?.text).toContain("ada@example.com");
  });

  it("keeps mail queued while the SMTP server is down and delivers it when it is back", { timeout: 120_000 }, async () => {
    const port = await freePort();
    server = await start(`smtp://127.0.0.1:${port}`);
    const res = await postForm(`${server.url}/contact`, { ...valid, subject: "Outage" });
    expect(res.status).toBe(302);

    const { db, close } = connect(database.url);
    try {
      // The post's emails: the operator's and the confirmation.
      const request = await db.selectFrom("requests").select("id").where("data", "like", "%Outage%").executeTakeFirstOrThrow();
      const rows = () => db.selectFrom("mail_outbox").select(["status", "attempts", "last_error"]).where("request_id", "=", request.id).execute();
      // The first attempt fails (nothing listens) and its row goes back to pending with the error;
      // the rest of the worker's batch is put back untried (a relay that refuses connections is
      // the relay's trouble, not a message's). Which email is tried first depends on the order
      // the post's one statement inserted them in (PostgreSQL): either.
      await expect
        .poll(async () => (await rows()).some((row) => row.status === "pending" && row.attempts === 1 && row.last_error !== null), {
          timeout: 10_000,
          interval: 200,
        })
        .toBe(true);
      expect((await rows()).some((row) => row.status === "sent" || row.status === "failed")).toBe(false);

      await sink.start(port);
      // Once the relay's pause has passed (MAIL_RETRY_MS, doubling while it refused): every email, sent.
      await sink.waitFor((m) => m.subject.includes("Outage"), 45_000);
      await expect.poll(async () => (await rows()).every((row) => row.status === "sent"), { timeout: 30_000, interval: 250 }).toBe(true);
    } finally {
      await close();
    }
  });

  it("loses neither the row nor its email when the process is killed right after acknowledging", async () => {
    const port = await freePort();
    server = await start(`smtp://127.0.0.1:${port}`);
    const res = await postForm(`${server.url}/contact`, { ...valid, subject: "Crash test" });
    expect(res.status).toBe(302);
    await server.kill();

    const { db, close } = connect(database.url);
    try {
      const row = await db.selectFrom("requests").selectAll().where("kind", "=", "contact-message").where("data", "like", "%Crash test%").executeTakeFirst();
      expect(row?.email).toBe("ada@example.com");
    } finally {
      await close();
    }

    // The port was only reserved by number: a socket of the system may hold it for a moment.
    for (let attempt = 0; ; attempt++) {
      try {
        await sink.start(port);
        break;
      } catch (error) {
        if (attempt >= 20 || !String(error).includes("EADDRINUSE")) throw error;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    server = await start(sink.url);
    // On SQLite the restarted process releases its dead run's claims at once; on PostgreSQL
    // (several processes) a claim held by the killed process is sent once its lease, no longer
    // renewed, runs out (15 s, ADR 16), not before.
    const mail = await sink.waitFor((m) => m.subject.includes("Crash test"), dialect === "postgres" ? 35_000 : 20_000);
    expect(mail.to).toEqual(["operator@example.test"]);
  }, 75_000);

  describe("refusals", () => {
    // One server for the four refusals: each leaves nothing behind to tell them apart by.
    let refusing: AppServer;
    const refusalSink = new SmtpSink();
    beforeAll(async () => {
      await refusalSink.start(0);
      refusing = await start(refusalSink.url);
    });
    afterAll(async () => {
      await refusing?.stop();
      await refusalSink.stop();
    });

    it.each([
      ["a missing field", { ...valid, subject: "" }, "subject", "Subject is required."],
      ["a bad email", { ...valid, email: "not-an-email" }, "email", "Please enter a valid email."],
      ["a 100 KB message", { ...valid, message: "x".repeat(100_000) }, "message", "Message must be at most 5000 characters."],
      ["a 100 KB name", { ...valid, name: "n".repeat(100_000) }, "name", "Name must be at most 100 characters."],
    ])("refuses %s with a field message and writes nothing", async (_case, fields, field, message) => {
      const { db, close } = connect(database.url);
      try {
        const before = [await count(db, "requests"), await count(db, "mail_outbox")];
        const res = await postForm(`${refusing.url}/contact`, fields);
        expect(res.status).toBe(400);
        const html = await pageHtml(res);
        expect(html).toContain(message);
        // The message is tied to its field for assistive technology.
        expect(html).toMatch(new RegExp(`aria-describedby="[^"]*${field}[^"]*"`));
        expect([await count(db, "requests"), await count(db, "mail_outbox")]).toEqual(before);
      } finally {
        await close();
      }
    });
  });
});
