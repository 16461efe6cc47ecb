import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { appointmentPassed } from "../support/appointments";
import { connect } from "../support/db";
import { pageHtml } from "../support/html";
import { HttpClient } from "../support/http-client";
import { liveProvider } from "../support/providers";
import { FUTURE_DATE } from "../support/request-forms";
import { type CapturedMail, SmtpSink } from "../support/smtp-sink";

/**
 * What a customer reads about their request (issue 33), over HTTP as browsers without
 * JavaScript post it, on SQLite and PostgreSQL:
 * - item 6: the booking's date and time in the reader's language in the confirmation email and
 *   on the status page (fr-CA, es), never the stored ISO text; the operator's email too;
 * - item 7: the matched provider (public name, profile link, no contact details) and a
 *   cancellation's reason on the status page and in My Bookings; the provider's emails say
 *   truly where a reply goes (Reply-To);
 * - item 9: "Mark as Complete" is confirmed first: an unconfirmed post is refused and changes
 *   nothing; the confirmation step (`?complete`) posts the completion.
 */
const ADMIN = { email: "admin@example.test", password: "correct horse battery staple" };
const OPERATOR = "operator@example.test";
/** Any run of spaces (ICU writes no-break spaces in "15 h 40" and before "PM"). */
const plain = (s: string) => s.replace(/\s+/g, " ");

describe.each(DIALECTS)("what the customer reads about their request on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>;
  let admin: HttpClient;
  let customer: HttpClient;
  let pat: HttpClient;
  let patId = "";
  const stamp = Date.now();
  const customerEmail = `grace.${stamp}@example.com`;
  const patEmail = `pat.${stamp}@example.com`;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await sink.start(0);
    server = await startAppServer({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      SMTP_URL: sink.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PUBLIC_URL: "http://gta.test",
      PAGE_CACHE_SECONDS: "0",
    });
    db = connect(database.url);
    admin = new HttpClient(server.url);
    expect((await admin.post("/auth/login", ADMIN)).status).toBe(302);
    ({ client: customer } = await signedInAccount(server.url, db.db, { email: customerEmail, name: "Grace Hopper" }));
    // A live, verified handyman in Leslieville (what provider verification leaves behind).
    ({ client: pat, id: patId } = await liveProvider(server.url, db.db, { email: patEmail, name: "Pat Handy", phone: "416-555-0199" }));
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  /** A booking at FUTURE_DATE 15:40 from the page in `prefix` ("" English, "/fr", "/es"). */
  async function book(notes: string, prefix = "") {
    const res = await customer.post(`${prefix}/book`, {
      form: "service",
      returnTo: "/services/handyman",
      service: "Handyman Services",
      fullName: "Grace Hopper",
      email: customerEmail,
      area: "Leslieville",
      preferredDate: FUTURE_DATE,
      preferredTime: "15:40",
      notes,
    });
    expect(res.status).toBe(303);
    const row = await db.db.selectFrom("requests").selectAll().where("email", "=", customerEmail).where("data", "like", `%${notes}%`).executeTakeFirstOrThrow();
    const confirmation = await sink.waitFor((m) => m.to.includes(customerEmail) && m.text.includes(row.reference) && m.text.includes("/requests/"));
    return { row, confirmation };
  }
  const statusLinkOf = (mail: CapturedMail) => {
    const url = mail.text.match(/http:\/\/gta\.test(\/(?:[a-z]{2}\/)?requests\/[A-Za-z0-9_-]+)/);
    if (!url) throw new Error("no status link in the confirmation");
    return url[1]!;
  };
  const statusOf = async (reference: string) =>
    (await db.db.selectFrom("requests").select("status").where("reference", "=", reference).executeTakeFirstOrThrow()).status;

  it("item 6: a booking's date and time read in French and Spanish in the confirmation and on the status page, never as ISO text", async () => {
    // FUTURE_DATE is 2031-06-16.
    const cases = [
      { prefix: "/fr", date: "16 juin 2031", time: "15 h 40" },
      { prefix: "/es", date: "16 jun 2031", time: "15:40" },
    ];
    for (const c of cases) {
      const { row, confirmation } = await book(`Étagères ${c.prefix}`, c.prefix);
      const text = plain(confirmation.text);
      expect(text).toContain(c.date);
      expect(text).toContain(c.time);
      expect(confirmation.text).not.toContain(FUTURE_DATE);
      const statusPath = statusLinkOf(confirmation);
      expect(statusPath.startsWith(`${c.prefix}/requests/`)).toBe(true);
      const page = plain(await pageHtml(await new HttpClient(server.url).get(statusPath)));
      expect(page).toContain(row.reference);
      expect(page).toContain(c.date);
      expect(page).toContain(c.time);
      expect(page).not.toContain(FUTURE_DATE);
      // The customer's own copy in My Bookings, in the same language.
      const mine = plain(await pageHtml(await customer.get(`${c.prefix}/account/requests/${row.reference}`)));
      expect(mine).toContain(c.date);
      expect(mine).not.toContain(FUTURE_DATE);
      // Stored as typed: language-neutral (ADR 8).
      expect(JSON.parse(row.data)).toMatchObject({ preferredDate: FUTURE_DATE, preferredTime: "15:40" });
    }
    // The operator (English) reads it too, and when it was sent, on Toronto's clock.
    const operator = await sink.waitFor((m) => m.to.includes(OPERATOR) && m.text.includes("Étagères /es"));
    const text = plain(operator.text);
    expect(text).toContain("Preferred date: Jun 16, 2031");
    expect(text).toContain("Preferred time: 3:40 PM");
    expect(operator.text).not.toContain(FUTURE_DATE);
    expect(operator.text).not.toMatch(/Submitted at: \d{4}-\d{2}-\d{2}T/);
  });

  it("item 7: the matched provider is shown by public name and profile link, never their contact; their emails say where replies go", async () => {
    const { row, confirmation } = await book("Match my shelves");
    const statusPath = statusLinkOf(confirmation);
    expect((await admin.post(`/admin/requests/${row.reference}`, { intent: "match", providerId: patId })).status).toBe(303);

    // The offer to Pat: replies reach our team, and the footer says so (not the customer's footer).
    const offer = await sink.waitFor((m) => m.to.includes(patEmail) && m.subject === `New job for you: request ${row.reference}`);
    expect(offer.raw.replyTo?.text).toBe(OPERATOR);
    expect(offer.text).toContain("Reply to this email to reach our team");
    expect(offer.text).not.toContain("payment is arranged directly with the provider");

    const profileLink = `href="/providers/${patId}"`;
    const proposed = await pageHtml(await new HttpClient(server.url).get(statusPath));
    expect(proposed).toContain("Proposed provider");
    expect(proposed).toContain("Pat Handy");
    expect(proposed).toContain(profileLink);
    expect(proposed).not.toContain(patEmail);
    expect(proposed).not.toContain("416-555-0199");

    expect((await pat.post("/account/jobs", { intent: "accept", reference: row.reference })).status).toBe(303);
    // Pat's copy with the customer's details: Reply-To is the customer, and the footer says that.
    const accepted = await sink.waitFor((m) => m.to.includes(patEmail) && m.subject === `You accepted request ${row.reference}`);
    expect(accepted.raw.replyTo?.text).toBe(customerEmail);
    expect(accepted.text).toContain("Replies to this email go to the customer");
    expect(accepted.text).not.toContain("Reply to this email or write to");

    for (const path of [statusPath, `/account/requests/${row.reference}`]) {
      const client = path.startsWith("/account") ? customer : new HttpClient(server.url);
      const html = await pageHtml(await client.get(path));
      expect(html).toContain("Your provider");
      expect(html).toContain("Pat Handy");
      expect(html).toContain(profileLink);
      expect(html).not.toContain(patEmail);
      expect(html).not.toContain("416-555-0199");
    }
    // In French too.
    expect(await pageHtml(await customer.get(`/fr/account/requests/${row.reference}`))).toContain("Votre fournisseur");
  });

  it("item 7: a cancelled request shows the reason recorded with the cancellation", async () => {
    const { row, confirmation } = await book("Cancel my door");
    const reason = "No handyman is free that week; please book again for July.";
    expect((await admin.post(`/admin/requests/${row.reference}`, { intent: "move", to: "cancelled", note: reason })).status).toBe(303);
    const statusPath = statusLinkOf(confirmation);
    const html = await pageHtml(await new HttpClient(server.url).get(statusPath));
    expect(html).toContain("Cancelled");
    expect(html).toContain(`Reason: ${reason}`);
    expect(await pageHtml(await customer.get(`/account/requests/${row.reference}`))).toContain(`Reason: ${reason}`);
    expect(plain(await pageHtml(await customer.get(`/fr/account/requests/${row.reference}`)))).toContain(`Raison : ${reason}`);
    // No provider was ever matched: none is named.
    expect(html).not.toContain("Your provider");
    expect(html).not.toContain("Proposed provider");
  });

  it("item 9: Mark as Complete is confirmed first; without the confirmation nothing changes", async () => {
    const { row } = await book("Complete my shelves");
    const here = `/admin/requests/${row.reference}`;
    expect((await admin.post(here, { intent: "match", providerId: patId })).status).toBe(303);
    expect((await pat.post("/account/jobs", { intent: "accept", reference: row.reference })).status).toBe(303);
    // Its appointment has come: completing waits for it (issue 49 item 2; appointment-first.test.ts).
    await appointmentPassed(db.db, row.id);

    // The button is a link to the confirmation step; the moves form offers no completion of its own.
    const page = await pageHtml(await admin.get(here));
    expect(page).toContain(`href="${here}?complete#complete-request" data-discover="true">Mark as Complete</a>`);
    expect(page).not.toMatch(/name="to" value="completed"/);

    // One stray post (an old form, a double click) completes nothing and emails no one.
    // Emails are written to the outbox in the move's transaction: count them there.
    const outbox = async () =>
      Number((await db.db.selectFrom("mail_outbox").select((eb) => eb.fn.countAll<number>().as("n")).where("request_id", "=", row.id).executeTakeFirstOrThrow()).n);
    const mails = await outbox();
    const refused = await admin.post(here, { intent: "move", to: "completed" });
    expect(refused.status).toBe(400);
    expect(await pageHtml(refused)).toContain("Confirm that the job is done before completing it.");
    expect(await statusOf(row.reference)).toBe("accepted");

    // Without JavaScript the link leads to the confirmation, which says what happens.
    const step = await pageHtml(await admin.get(`${here}?complete`));
    expect(step).toContain(`Mark ${row.reference} as complete?`);
    expect(step).toContain("This can&#x27;t be undone.");
    expect(step).toMatch(/name="confirm" value="yes"/);
    expect(step).toContain("Yes, mark as complete");
    expect(await outbox()).toBe(mails);

    const done = await admin.post(here, { intent: "move", to: "completed", confirm: "yes" });
    expect(done.status).toBe(303);
    expect(await statusOf(row.reference)).toBe("completed");
    await sink.waitFor((m) => m.to.includes(customerEmail) && m.text.includes("Write a review") && m.subject.includes(row.reference));
  });
});
