import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { appointmentAhead, appointmentPassed } from "../support/appointments";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { pageHtml } from "../support/html";
import { HttpClient } from "../support/http-client";
import { liveProvider } from "../support/providers";
import { FUTURE_DATE } from "../support/request-forms";
import { type CapturedMail, SmtpSink } from "../support/smtp-sink";

/**
 * Issue 49 items 2 and 3, over HTTP as browsers without JavaScript post it, on SQLite and
 * PostgreSQL:
 * - a job cannot be marked done, nor a request completed, before its appointment starts (a
 *   15 December job was done and reviewed on 5 December): the provider's "done" and the
 *   operator's "completed" are refused with the appointment's date in the reader's language,
 *   nothing is written and nobody is emailed; the pages do not offer them before the start. Once
 *   the appointment has come (its stored day moved back: the forms take only days to come) both
 *   go through, and the review invitation follows that real completion. A request without a
 *   date and time completes as before, at any time.
 * - My Bookings, My Jobs, the status page and the back-office inbox head each request with its
 *   appointment (Toronto's wall clock, the reader's format), the submission time second: two
 *   bookings alike but for their appointment are told apart.
 */
const ADMIN = { email: "admin@example.test", password: "correct horse battery staple" };

/** What a reader reads of some HTML: its text, entities decoded, any run of spaces one space (ICU writes no-break ones). */
const text = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

/** The text of the element (`tag`) around the first mention of `needle` in a page. */
function around(html: string, needle: string, tag: "li" | "tr" | "article"): string {
  const at = html.indexOf(needle);
  expect(at, `${needle} on the page`).toBeGreaterThan(-1);
  const start = html.lastIndexOf(`<${tag}`, at);
  const end = html.indexOf(`</${tag}>`, at);
  return text(html.slice(start, end));
}

describe.each(DIALECTS)("the appointment first, and nothing done before it, on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>;
  let admin: HttpClient;
  let customer: HttpClient;
  let pat: HttpClient;
  let patId = "";
  const stamp = Date.now();
  const customerEmail = `ada.${stamp}@example.com`;

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
    ({ client: customer } = await signedInAccount(server.url, db.db, { email: customerEmail, name: "Ada Lovelace" }));
    ({ client: pat, id: patId } = await liveProvider(server.url, db.db, { email: `pat.${stamp}@example.com`, name: "Pat Handy", phone: "416-555-0199" }));
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  /**
   * A handyman booking at `date` 15:40 by a signed-in customer (Ada unless `who`); its row and
   * its confirmation (a few per mailbox: confirmations to one address are capped).
   */
  async function book(notes: string, date = FUTURE_DATE, who = { client: customer, email: customerEmail }) {
    const res = await who.client.post("/book", {
      form: "service",
      returnTo: "/services/handyman",
      service: "Handyman Services",
      fullName: "Ada Lovelace",
      email: who.email,
      area: "Leslieville",
      preferredDate: date,
      preferredTime: "15:40",
      notes,
    });
    expect(res.status).toBe(303);
    const row = await db.db
      .selectFrom("requests")
      .selectAll()
      .where("email", "=", who.email)
      .where("data", "like", `%${notes}%`)
      .where("data", "like", `%${date}%`)
      .executeTakeFirstOrThrow();
    const confirmation = () => sink.waitFor((m) => m.to.includes(who.email) && m.text.includes(row.reference) && m.text.includes("/requests/"));
    return { row, confirmation };
  }
  const rowOf = (id: string) => db.db.selectFrom("requests").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const outbox = async (id: string) =>
    (await db.db.selectFrom("mail_outbox").select(["kind", "subject"]).where("request_id", "=", id).orderBy("created_at").execute()).map((m) => m.kind);
  const statusLink = (mail: CapturedMail) => /http:\/\/gta\.test(\/requests\/[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  const matched = async (reference: string) => {
    expect((await admin.post(`/admin/requests/${reference}`, { intent: "match", providerId: patId })).status).toBe(303);
  };
  const accepted = async (reference: string) => {
    await matched(reference);
    expect((await pat.post("/account/jobs", { intent: "accept", reference })).status).toBe(303);
  };
  const complete = (reference: string) => admin.post(`/admin/requests/${reference}`, { intent: "move", to: "completed", confirm: "yes" });

  it("the provider's 'done' before the start: refused with the date (in their language), nothing written; offered once it has started", async () => {
    const { row } = await book("Shelves on the 16th");
    await accepted(row.reference);
    const mails = await outbox(row.id);

    // My Jobs shows the button disabled, with when it can be used.
    const card = around(await pageHtml(await pat.get("/account/jobs")), row.reference, "article");
    expect(card).toContain("Appointment: Jun 16, 2031, 3:40 PM");
    expect(card).toContain("You can mark this job done once it has started: Jun 16, 2031, 3:40 PM.");
    const jobsHtml = await pageHtml(await pat.get("/account/jobs"));
    expect(jobsHtml).toMatch(/<button type="button" disabled="" aria-describedby="job-GTA-[A-Z0-9]{6}-done-from"/);
    expect(jobsHtml).not.toMatch(new RegExp(`name="intent" value="done"/><input type="hidden" name="reference" value="${row.reference}"`));

    // A post all the same (an old page, a forged form): 409, the reason, nothing written, no email.
    const refused = await pat.post("/account/jobs", { intent: "done", reference: row.reference });
    expect(refused.status).toBe(409);
    expect(text(await pageHtml(refused))).toContain("This job starts on Jun 16, 2031, 3:40 PM: you can mark it done once it has started.");
    const fr = await pat.post("/fr/account/jobs", { intent: "done", reference: row.reference });
    expect(fr.status).toBe(409);
    expect(text(await pageHtml(fr))).toContain("Ce contrat commence le 16 juin 2031, 15 h 40 : vous pourrez indiquer qu'il est terminé une fois qu'il aura commencé.");
    expect((await rowOf(row.id)).provider_done_at).toBeNull();
    expect(await outbox(row.id)).toEqual(mails);
    expect((await db.db.selectFrom("audit_log").select("action").where("entity_id", "=", row.id).execute()).map((a) => a.action)).not.toContain("request.provider-done");

    // The day comes: the button is there, and "done" goes through.
    const day = await appointmentPassed(db.db, row.id);
    const now = await pageHtml(await pat.get("/account/jobs"));
    expect(now).toMatch(new RegExp(`name="intent" value="done"/><input type="hidden" name="reference" value="${row.reference}"`));
    expect(text(now)).not.toContain("You can mark this job done once it has started");
    expect(day.endsWith("T15:40")).toBe(true);
    expect((await pat.post("/account/jobs", { intent: "done", reference: row.reference })).status).toBe(303);
    expect((await rowOf(row.id)).provider_done_at).not.toBeNull();
  });

  it("a new date after the page was loaded: the domain reads the appointment as it is now", async () => {
    const { row } = await book("Shelves moved later");
    await accepted(row.reference);
    await appointmentPassed(db.db, row.id);
    expect(await pageHtml(await pat.get("/account/jobs"))).toMatch(new RegExp(`name="intent" value="done"/><input type="hidden" name="reference" value="${row.reference}"`));
    // Moved to a day to come (as a reschedule leaves it) before the provider's post arrives.
    await appointmentAhead(db.db, row.id, 2);
    const refused = await pat.post("/account/jobs", { intent: "done", reference: row.reference });
    expect(refused.status).toBe(409);
    expect(text(await pageHtml(refused))).toMatch(/This job starts on .+: you can mark it done once it has started\./);
    expect((await rowOf(row.id)).provider_done_at).toBeNull();
  });

  it("the operator's completion before the start: not offered, refused with the date; after it, completed and the review invitation follows", async () => {
    // Accepted by the provider, and matched only (the operator completes for a provider who never answered).
    const { row } = await book("Door on the 16th");
    await accepted(row.reference);
    const { row: offered } = await book("Gate on the 16th");
    await matched(offered.reference);

    for (const r of [row, offered]) {
      const here = `/admin/requests/${r.reference}`;
      const page = text(await pageHtml(await admin.get(here)));
      expect(page).toContain("Appointment: Jun 16, 2031, 3:40 PM");
      expect(page).toContain("It can be marked as complete once its appointment has started: Jun 16, 2031, 3:40 PM.");
      expect(page).not.toContain("Mark as Complete");
      const before = await outbox(r.id);
      const refused = await complete(r.reference);
      expect(refused.status).toBe(409);
      expect(text(await pageHtml(refused))).toContain("The appointment is on Jun 16, 2031, 3:40 PM: the request can be marked as complete once it has started.");
      expect((await rowOf(r.id)).status).toBe(r === row ? "accepted" : "matched");
      expect(await outbox(r.id)).toEqual(before);
    }
    // In the operator's language (Spanish here).
    const es = await admin.post(`/es/admin/requests/${row.reference}`, { intent: "move", to: "completed", confirm: "yes" });
    expect(es.status).toBe(409);
    expect(text(await pageHtml(es))).toContain("La cita es el 16 jun 2031, 15:40: la solicitud podrá marcarse como completada cuando haya comenzado.");

    for (const r of [row, offered]) {
      await appointmentPassed(db.db, r.id);
      expect(text(await pageHtml(await admin.get(`/admin/requests/${r.reference}`)))).toContain("Mark as Complete");
      expect((await complete(r.reference)).status).toBe(303);
      expect((await rowOf(r.id)).status).toBe("completed");
      await sink.waitFor((m) => m.to.includes(customerEmail) && m.subject.includes(r.reference) && m.text.includes("Write a review"));
    }
  });

  it("a request without a date and time completes as before, at any time", async () => {
    const res = await customer.post("/book", { form: "quick", returnTo: "/services/handyman?book=1", fullName: "Ada Lovelace", email: customerEmail, details: `Quick ${stamp}` });
    expect(res.status).toBe(303);
    const row = await db.db.selectFrom("requests").selectAll().where("data", "like", `%Quick ${stamp}%`).executeTakeFirstOrThrow();
    expect(row.kind).toBe("quick-booking");
    await accepted(row.reference);
    const card = around(await pageHtml(await pat.get("/account/jobs")), row.reference, "article");
    expect(card).not.toContain("Appointment:");
    expect((await pat.post("/account/jobs", { intent: "done", reference: row.reference })).status).toBe(303);
    expect((await complete(row.reference)).status).toBe(303);
    expect((await rowOf(row.id)).status).toBe("completed");
  });

  it("two bookings alike but for their appointment: every list and the status page head with it, the submission second", async () => {
    const notes = `Twin ${stamp}`;
    const twinEmail = `twin.${stamp}@example.com`;
    const twin = { client: (await signedInAccount(server.url, db.db, { email: twinEmail, name: "Ada Lovelace" })).client, email: twinEmail };
    const first = await book(notes, "2031-06-16", twin);
    const second = await book(notes, "2031-06-17", twin);
    await matched(first.row.reference);
    await matched(second.row.reference);
    const expected = { [first.row.reference]: "Jun 16, 2031, 3:40 PM", [second.row.reference]: "Jun 17, 2031, 3:40 PM" };

    const bookings = await pageHtml(await twin.client.get("/account/bookings"));
    const jobs = await pageHtml(await pat.get("/account/jobs"));
    const inbox = await pageHtml(await admin.get(`/admin/requests?q=${encodeURIComponent(notes)}`));
    for (const [reference, when] of Object.entries(expected)) {
      // My Bookings: the appointment, then the reference and when it was sent (then its own moves: ADR 43).
      const row = around(bookings, reference, "li");
      expect(row).toMatch(new RegExp(`^Handyman Services Appointment: ${when} ${reference} · Submitted .+ Offered to a provider Change date or time Cancel View$`));
      // My Jobs: the same headline under the title.
      const card = around(jobs, reference, "article");
      expect(card).toMatch(new RegExp(`^Handyman Services Appointment: ${when} ${reference} · Submitted `));
      // The inbox: its column before the one of when it was received.
      const line = around(inbox, reference, "tr");
      expect(line).toMatch(new RegExp(`^${reference} .+ Handyman Services ${when} Ada Lovelace ${twinEmail} Offered to a provider .+$`));
    }
    expect(text(inbox)).toContain("Request Appointment From Status Received");
    // The inbox's CSV export carries the appointment too, as the instant it starts (15:40 in June, Toronto: EDT, UTC−4).
    const csv = await (await admin.get(`/admin/export/requests.csv?q=${encodeURIComponent(notes)}`)).text();
    const csvRow = (reference: string) => csv.split("\r\n").find((line) => line.startsWith(`${reference},`)) ?? "";
    expect(csvRow(first.row.reference)).toMatch(/^GTA-[2-9A-Z]{6},booking,matched,2031-06-16T19:40:00\.000Z,/);
    expect(csvRow(second.row.reference)).toMatch(/^GTA-[2-9A-Z]{6},booking,matched,2031-06-17T19:40:00\.000Z,/);

    // The status page behind the email's link, and its French reading.
    const link = statusLink(await second.confirmation());
    const status = text(await pageHtml(await new HttpClient(server.url).get(link)));
    expect(status).toMatch(new RegExp(`${second.row.reference} Handyman Services Appointment: Jun 17, 2031, 3:40 PM Submitted `));
    const french = text(await pageHtml(await new HttpClient(server.url).get(`/fr${link}`)));
    expect(french).toContain("Rendez-vous : 17 juin 2031, 15 h 40 Soumise le ");
    // The customer's own copy of it in My Bookings.
    expect(text(await pageHtml(await twin.client.get(`/account/requests/${first.row.reference}`)))).toContain("Appointment: Jun 16, 2031, 3:40 PM Submitted ");
  });

  it("a matched booking reads 'Offered to a provider' in the back office too, never 'Matched / Confirmed'", async () => {
    const { row } = await book("Badge words");
    await matched(row.reference);
    const inbox = text(await pageHtml(await admin.get("/admin/requests?status=matched")));
    expect(around(await pageHtml(await admin.get("/admin/requests?status=matched")), row.reference, "tr")).toContain("Offered to a provider");
    expect(inbox).not.toContain("Matched / Confirmed Ada Lovelace");
    const page = text(await pageHtml(await admin.get(`/admin/requests/${row.reference}`)));
    expect(page).toContain("Offered to a provider");
    expect(page).not.toContain("Matched / Confirmed");
    const dashboard = around(await pageHtml(await admin.get("/admin")), row.reference, "tr");
    expect(dashboard).toContain("Offered to a provider");
    const job = around(await pageHtml(await pat.get("/account/jobs")), row.reference, "article");
    expect(job).toContain("Offered to a provider");
    expect(job).not.toContain("Matched / Confirmed");
  });
});
