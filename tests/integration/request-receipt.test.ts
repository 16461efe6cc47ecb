import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECIPIENT_CAPS } from "~/lib/mail/recipients.server";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { signedInAccount } from "../support/accounts";
import { connect } from "../support/db";
import { pageHtml, withoutScripts } from "../support/html";
import { HttpClient } from "../support/http-client";
import { requestForms } from "../support/request-forms";
import { SmtpSink } from "../support/smtp-sink";

/**
 * Issue 33 item 4: the success page is the visitor's receipt. When the confirmation was not
 * emailed (the mailbox's daily cap) it says so instead of "We've emailed you", and the
 * reference and status link survive a reload of the page — for that visitor only, never cached.
 * The same for the dialogs (booking, quick booking, chauffeur, rent: issue 49 item 5), whose plain
 * post lands on that receipt, saying why when the mailbox's cap withheld the email; and the
 * contact page keeps its receipt across a reload.
 */
const REFERENCE = /GTA-[2-9A-HJKMNP-TV-Z]{6}/;
const EMAILED = "We&#x27;ve emailed you a confirmation";
const NOT_EMAILED = "We did not email you a confirmation this time";

describe.each(DIALECTS)("the receipt after a request on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>;
  const run = `${Date.now().toString(36)}${dialect[0]}`;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await sink.start(0);
    server = await startAppServer({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      SMTP_URL: sink.url,
      // Only the per-mailbox cap may withhold a confirmation here.
      RATE_LIMITS: "confirmationsPerClient=1000,writes=10000",
    });
    db = connect(database.url);
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  const serviceRequest = (email: string) => requestForms(email).find((f) => f.kind === "service-request")!;
  /** A service request, then the success page it leads to: its HTML, and the response. */
  async function send(visitor: HttpClient, email: string) {
    const form = serviceRequest(email);
    const posted = await visitor.post(form.path, form.fields);
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe("/request-success");
    const res = await visitor.get("/request-success");
    return { res, html: withoutScripts(await pageHtml(res)) };
  }

  it("says when no confirmation was emailed (the mailbox's cap), and still gives the reference and link", async () => {
    const email = `capped.${run}@example.com`;
    const limit = RECIPIENT_CAPS.confirmation.limit;
    for (let i = 0; i < limit; i++) {
      const { html } = await send(new HttpClient(server.url), email);
      expect(html).toContain(EMAILED);
      expect(html).not.toContain(NOT_EMAILED);
    }
    const { html } = await send(new HttpClient(server.url), email);
    expect(html).not.toContain(EMAILED);
    expect(html).toContain(NOT_EMAILED);
    const stored = await db.db.selectFrom("requests").select("reference").where("email", "=", email).orderBy("created_at", "desc").execute();
    expect(stored).toHaveLength(limit + 1);
    expect(REFERENCE.exec(html)?.[0]).toBe(stored[0]!.reference);
    expect(html).toMatch(/href="\/requests\/[A-Za-z0-9_-]{20,64}"/);
    const customerMail = await db.db.selectFrom("mail_outbox").select("id").where("kind", "=", "service-request.customer").where("to_address", "=", email).execute();
    expect(customerMail).toHaveLength(limit);
  });

  it("keeps the receipt across a reload, for this visitor only, never cached", async () => {
    const visitor = new HttpClient(server.url);
    const first = await send(visitor, `reload.${run}@example.com`);
    const reference = REFERENCE.exec(first.html)?.[0];
    const link = /href="(\/requests\/[A-Za-z0-9_-]{20,64})"/.exec(first.html)?.[1];
    expect(reference).toBeTruthy();
    expect(link).toBeTruthy();
    expect(first.res.headers.get("cache-control")).toMatch(/private/);
    expect(first.res.headers.get("cache-control")).toMatch(/no-store/);

    for (let reload = 0; reload < 2; reload++) {
      const again = await visitor.get("/request-success");
      expect(again.headers.get("cache-control")).toMatch(/no-store/);
      const html = withoutScripts(await pageHtml(again));
      expect(html).toContain(reference!);
      expect(html).toContain(`href="${link}"`);
      expect(html).toContain(EMAILED);
    }
    // The tracking link works.
    expect(withoutScripts(await pageHtml(await visitor.get(link!)))).toContain(reference!);

    // Someone else (another browser) sees no receipt on that page.
    const stranger = withoutScripts(await pageHtml(await new HttpClient(server.url).get("/request-success")));
    expect(stranger).not.toMatch(REFERENCE);
    expect(stranger).not.toContain("/requests/");
    expect(stranger).not.toContain(EMAILED);

    // The next request replaces the receipt.
    const next = await send(visitor, `reload.next.${run}@example.com`);
    const nextReference = REFERENCE.exec(next.html)?.[0];
    expect(nextReference).toBeTruthy();
    expect(nextReference).not.toBe(reference);
    expect(withoutScripts(await pageHtml(await visitor.get("/request-success")))).toContain(nextReference!);
  });

  it("the receipt after a booking, quick booking, chauffeur or rent request says the mailbox's cap withheld the confirmation", async () => {
    const limit = RECIPIENT_CAPS.confirmation.limit;
    const member = (await signedInAccount(server.url, db.db, { email: `toast.member.${run}@example.com`, name: "Ada Toast" })).client;
    for (const kind of ["booking", "quick-booking", "chauffeur-contact", "rent-request"] as const) {
      const email = `toast.${kind}.${run}@example.com`;
      const form = requestForms(email).find((f) => f.kind === kind)!;
      const visitor = form.signedIn ? member : new HttpClient(server.url);
      /** The page the post lands on: the success page, its receipt. */
      const post = async () => {
        const posted = await visitor.post(form.path, form.fields);
        expect(posted.status, kind).toBe(303);
        expect(posted.headers.get("location"), kind).toBe("/request-success");
        return withoutScripts(await pageHtml(await visitor.get(posted.headers.get("location")!)));
      };
      for (let i = 0; i < limit; i++) expect(await post(), kind).not.toContain(NOT_EMAILED);
      const html = await post();
      expect(html, kind).toContain(NOT_EMAILED);
      expect(html, kind).toContain("we have already emailed this address five times today");
      const latest = await db.db.selectFrom("requests").select("reference").where("email", "=", email).orderBy("created_at", "desc").executeTakeFirstOrThrow();
      expect(html, kind).toContain(latest.reference);
    }
  });

  it("the contact page keeps its receipt across a reload, for this visitor only, never cached", async () => {
    const visitor = new HttpClient(server.url);
    const contact = requestForms(`contact.${run}@example.com`).find((f) => f.kind === "contact-message")!;
    const sendMessage = async () => {
      const posted = await visitor.post(contact.path, contact.fields);
      expect(posted.status).toBe(302);
      expect(posted.headers.get("location")).toBe("/contact");
      const res = await visitor.get("/contact");
      return { res, html: withoutScripts(await pageHtml(res)) };
    };
    const first = await sendMessage();
    const reference = REFERENCE.exec(first.html)?.[0];
    const link = /href="(\/requests\/[A-Za-z0-9_-]{20,64})"/.exec(first.html)?.[1];
    expect(reference).toBeTruthy();
    expect(link).toBeTruthy();
    for (let reload = 0; reload < 2; reload++) {
      const again = await visitor.get("/contact");
      expect(again.headers.get("cache-control")).toMatch(/private/);
      expect(again.headers.get("cache-control")).toMatch(/no-store/);
      const html = withoutScripts(await pageHtml(again));
      expect(html).toContain(reference!);
      expect(html).toContain(`href="${link}"`);
      expect(html).toContain(EMAILED);
    }
    const stranger = withoutScripts(await pageHtml(await new HttpClient(server.url).get("/contact")));
    expect(stranger).not.toMatch(REFERENCE);
    expect(stranger).not.toContain("/requests/");

    // The next message replaces the receipt.
    const next = await sendMessage();
    const nextReference = REFERENCE.exec(next.html)?.[0];
    expect(nextReference).toBeTruthy();
    expect(nextReference).not.toBe(reference);
    expect(withoutScripts(await pageHtml(await visitor.get("/contact")))).toContain(nextReference!);
  });
});
