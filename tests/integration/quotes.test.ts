import ICAL from "ical.js";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { torontoToday } from "~/lib/forms/formats";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { pageHtml } from "../support/html";
import { HttpClient, linkIn } from "../support/http-client";
import { liveProvider } from "../support/providers";
import { quoteLapsed } from "../support/quotes";
import { type CapturedMail, SmtpSink } from "../support/smtp-sink";

/**
 * Quotes as a step of the lifecycle (issue 50), over HTTP as a browser without JavaScript posts
 * them: the operator writes a quote on the request's back-office page (draft, send, revise,
 * withdraw); the customer accepts it from the status link without an account (confirmed, with
 * the calendar invite) or declines it with a reason from My Bookings (the operator is told);
 * an expired quote cannot be accepted and offers "ask for a new quote". Access: only operators
 * write quotes; only the request's customer answers (another customer, a provider, a visitor
 * and a replayed answer are refused).
 */
const ADMIN = { email: "admin@example.test", password: "correct horse battery staple" };
const OPERATOR = "operator@example.test";
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const flat = (html: string) => html.replaceAll("<!-- -->", "").replace(/[\u00a0\u202f]/g, " ");

function invite(mail: CapturedMail) {
  const files = mail.raw.attachments.filter((a) => a.contentType === "text/calendar");
  expect(files).toHaveLength(1);
  const calendar = new ICAL.Component(ICAL.parse(files[0]!.content.toString("utf8")));
  const event = calendar.getFirstSubcomponent("vevent")!;
  return { method: String(calendar.getFirstPropertyValue("method")), uid: String(event.getFirstPropertyValue("uid")), sequence: Number(event.getFirstPropertyValue("sequence")) };
}

/** The two-line chauffeur quote of the acceptance: 4 h × CA$85 + CA$45.50; HST 13 % on CA$385.50 = CA$50.12 (50.115, half up). */
const TWO_LINES = {
  "lines[0].description": "Chauffeur, 4 hours (Luxury sedan)",
  "lines[0].quantity": "4",
  "lines[0].unitPrice": "85",
  "lines[1].description": "Airport meet and greet",
  "lines[1].quantity": "1",
  "lines[1].unitPrice": "45.50",
  "lines[2].description": "",
  "lines[2].quantity": "",
  "lines[2].unitPrice": "",
  included: "Fuel, tolls, waiting up to 15 minutes",
  excluded: "Gratuity",
};

describe.each(DIALECTS)("quotes on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>;
  let admin: HttpClient;
  let customer: HttpClient;
  let other: HttpClient;
  let pat: HttpClient;
  const stamp = Date.now();
  const customerEmail = `quote.${stamp}@example.com`;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await sink.start(0);
    server = await startAppServer({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      SMTP_URL: sink.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      OPERATOR_EMAIL: OPERATOR,
      PUBLIC_URL: "http://gta.test",
      PAGE_CACHE_SECONDS: "0",
    });
    db = connect(database.url);
    admin = new HttpClient(server.url);
    expect((await admin.post("/auth/login", ADMIN)).status).toBe(302);
    ({ client: customer } = await signedInAccount(server.url, db.db, { email: customerEmail, name: "Ada Lovelace" }));
    ({ client: other } = await signedInAccount(server.url, db.db, { email: `other.${stamp}@example.com`, name: "Other Person" }));
    ({ client: pat } = await liveProvider(server.url, db.db, { email: `pat.${stamp}@example.com`, name: "Pat Driver" }));
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  /** A chauffeur request (priced by quote), as a visitor or a signed-in customer posts it, with the form's one-time token. */
  // Each request its own address: a mailbox gets a few confirmations a day (RECIPIENT_CAPS.confirmation).
  let n = 0;
  const chauffeur = async (itinerary: string, as: HttpClient = new HttpClient(server.url), type = "chauffeur-hourly", email = `visitor.${stamp}.${++n}@example.com`) => {
    const fields: Record<string, string> =
      type === "chauffeur-hourly"
        ? { fullName: "Ada Lovelace", email, pickupAddress: "100 King St W", startDate: addDays(torontoToday(), 6), startTime: "09:00", estimatedHours: "4", vehicleClass: "Luxury", passengerCount: "3", itinerary }
        : { fullName: "Ada Lovelace", email, direction: "Pickup from Airport", airport: "Toronto Pearson (YYZ)", flightNumber: itinerary.slice(0, 20), pickupTime: `${addDays(torontoToday(), 6)}T14:30` };
    const res = await as.post(`/cars/request?type=${type}`, { ...fields, consent: "on", formToken: `quote-${stamp}-${Math.random().toString(36).slice(2, 12)}` });
    expect([302, 303]).toContain(res.status);
    const row = await db.db.selectFrom("requests").selectAll().where("email", "=", email).where("data", "like", `%${itinerary.slice(0, 20)}%`).executeTakeFirstOrThrow();
    const confirmation = await sink.waitFor((m) => m.to.includes(email) && m.subject.includes(row.reference) && m.text.includes("/requests/"));
    return { row, email, statusPath: new URL(linkIn(confirmation.text, "/requests/")).pathname };
  };
  const requestRow = (id: string) => db.db.selectFrom("requests").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const quotesOf = (requestId: string) => db.db.selectFrom("quotes").selectAll().where("request_id", "=", requestId).orderBy("version").execute();
  const quote = (reference: string, intent: "quote-save" | "quote-send", fields: Record<string, string> = TWO_LINES, who = admin) =>
    who.post(`/admin/requests/${reference}`, { intent, validUntil: addDays(torontoToday(), 7), ...fields });

  it("the operator quotes a chauffeur request with two lines; the customer accepts from the status link, no account: confirmed, with an .ics", async () => {
    const { row, statusPath, email: customerEmail } = await chauffeur("Quote me a gala evening");
    // The back office offers the quote form, a week's validity by default.
    const form = flat(await pageHtml(await admin.get(`/admin/requests/${row.reference}`)));
    expect(form).toContain("Send quote");
    expect(form).toContain(`value="${addDays(torontoToday(), 7)}"`);

    // A draft: stored, the customer sees nothing and gets no email.
    expect((await quote(row.reference, "quote-save")).status).toBe(303);
    let stored = await quotesOf(row.id);
    expect(stored.map((q) => [q.version, q.status])).toEqual([[1, "draft"]]);
    expect((await requestRow(row.id)).status).toBe("received");
    const visitor = new HttpClient(server.url);
    expect(flat(await pageHtml(await visitor.get(statusPath)))).not.toContain("Your quote");

    // Sent: integer cents, HST once on the subtotal; the request is Quoted; the customer is emailed.
    expect((await quote(row.reference, "quote-send")).status).toBe(303);
    stored = await quotesOf(row.id);
    expect(stored.map((q) => [q.version, q.status, Number(q.subtotal_cents), Number(q.tax_cents), Number(q.total_cents), q.currency])).toEqual([[1, "sent", 38550, 5012, 43562, "CAD"]]);
    const lines = await db.db.selectFrom("quote_lines").selectAll().where("quote_id", "=", stored[0]!.id).orderBy("position").execute();
    expect(lines.map((l) => [l.description, Number(l.quantity_hundredths), Number(l.unit_cents), Number(l.amount_cents)])).toEqual([
      ["Chauffeur, 4 hours (Luxury sedan)", 400, 8500, 34000],
      ["Airport meet and greet", 100, 4550, 4550],
    ]);
    expect((await requestRow(row.id)).status).toBe("quoted");
    const mail = await sink.waitFor((m) => m.to.includes(customerEmail) && m.subject === `Your quote for request ${row.reference}`);
    expect(mail.text).toContain("CA$340.00");
    expect(mail.text).toContain("CA$385.50");
    expect(mail.text).toContain("HST (13%): CA$50.12");
    expect(mail.text).toContain("Total: CA$435.62");
    expect(mail.text).toContain("Gratuity");
    // Its link is the customer's status page (put in at send time, never stored in the outbox).
    expect(new URL(linkIn(mail.text, "/requests/")).pathname).toBe(statusPath);

    // A revision replaces it: the customer sees the latest, and that it replaced one.
    const revised = { ...TWO_LINES, "lines[0].quantity": "5", note: "Extra hour for the gala." };
    expect((await quote(row.reference, "quote-send", revised)).status).toBe(303);
    stored = await quotesOf(row.id);
    expect(stored.map((q) => [q.version, q.status, Number(q.total_cents)])).toEqual([
      [1, "replaced", 43562],
      [2, "sent", 53167], // (425.00 + 45.50) × 1.13 = 531.665 → 531.67
    ]);
    const again = await sink.waitFor((m) => m.to.includes(customerEmail) && m.subject === `Your revised quote for request ${row.reference}`);
    expect(again.text).toContain("This quote replaces the one we sent you before");
    const page = flat(await pageHtml(await visitor.get(statusPath)));
    expect(page).toContain("Your quote");
    expect(page).toContain("This quote replaces the one sent on");
    expect(page).toContain("CA$531.67");
    expect(page).toContain("Accept quote");
    expect(page).toContain(`value="${stored[1]!.id}"`);
    // In the other languages, formatted for their reader.
    expect(flat(await pageHtml(await visitor.get(`/fr${statusPath}`)))).toContain("531,67 $ CA");
    expect(flat(await pageHtml(await visitor.get(`/es${statusPath}`)))).toContain("531,67 CAD");
    expect(flat(await pageHtml(await visitor.get(`/pt${statusPath}`)))).toContain("CA$ 531,67");

    // The replaced version cannot be accepted (a replay of the old page): 409, nothing changes.
    const old = await visitor.post(statusPath, { intent: "quote-accept", quote: stored[0]!.id });
    expect(old.status).toBe(409);
    expect(flat(await pageHtml(old))).toContain("This quote is no longer open.");
    expect((await requestRow(row.id)).status).toBe("quoted");

    // Accepted with one click, without an account: who and when, confirmed, the invite.
    const accepted = await visitor.post(statusPath, { intent: "quote-accept", quote: stored[1]!.id });
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("location")).toBe(statusPath);
    expect((await requestRow(row.id)).status).toBe("quote_accepted");
    const [, latest] = await quotesOf(row.id);
    expect(latest).toMatchObject({ status: "accepted", accepted_by: "status-link" });
    expect(latest!.answered_at).toBeTruthy();
    const confirmed = await sink.waitFor((m) => m.to.includes(customerEmail) && m.subject === `Request ${row.reference} confirmed`);
    expect(confirmed.text).toContain("CA$531.67");
    expect(invite(confirmed).method).toBe("REQUEST");
    // The operator is told (email and the request's flag); the page says it was accepted.
    await sink.waitFor((m) => m.to.includes(OPERATOR) && m.subject === `[Quote accepted] ${row.reference}`);
    expect(flat(await pageHtml(await admin.get(`/admin/requests/${row.reference}`)))).toContain("The customer accepted the quote");
    const after = flat(await pageHtml(await visitor.get(statusPath)));
    expect(after).toContain("You accepted this quote on");
    expect(after).not.toContain("Accept quote");
    // The figures and the export (issue 50 item 4): the dashboard counts it, the CSV has its totals.
    const dashboard = flat(await pageHtml(await admin.get("/admin")));
    expect(dashboard).toContain("Quotes sent in the last 30 days");
    // Confirmed by its quote, it is open work for the team (a job to see done) until completed.
    expect(dashboard).toContain(row.reference);
    const figures = await db.db.selectFrom("quotes").select("status").where("status", "in", ["accepted", "replaced"]).execute();
    expect(figures.length).toBeGreaterThanOrEqual(2);
    const csv = await (await admin.get(`/admin/export/requests.csv?q=${row.reference}`)).text();
    expect(csv).toContain(",quote_status,quote_currency,quote_subtotal,quote_hst,quote_total\r\n");
    expect(csv).toContain(",accepted,CAD,470.50,61.17,531.67");
    // The printable quote (PDF) behind the same link, in the reader's language; none behind a forged one.
    const pdf = await visitor.get(`${statusPath}/quote.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("cache-control")).toContain("no-store");
    const document = await PDFDocument.load(new Uint8Array(await pdf.arrayBuffer()));
    expect(document.getTitle()).toBe(`GTA Connect — Quote ${row.reference}`);
    const french = await PDFDocument.load(new Uint8Array(await (await visitor.get(`/fr${statusPath}/quote.pdf`)).arrayBuffer()));
    expect(french.getTitle()).toBe(`GTA Connect — Soumission ${row.reference}`);
    expect((await visitor.get("/requests/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/quote.pdf")).status).toBe(404);
    // The status page's calendar file is there; accepting twice is refused.
    expect((await visitor.get(`${statusPath}/calendar.ics`)).status).toBe(200);
    expect((await visitor.post(statusPath, { intent: "quote-accept", quote: stored[1]!.id })).status).toBe(409);
  });

  it("a request asked with no date (Contact a Chauffeur) is quoted with one, and accepting it dates the request: an .ics at that time", async () => {
    const email = `contact.${stamp}@example.com`;
    const res = await new HttpClient(server.url).post("/cars", { fullName: "Ada Lovelace", email, pickupArea: "Annex", message: "A van on a Saturday?", returnTo: "/cars?contact=1", formToken: `contact-${stamp}` });
    expect([302, 303]).toContain(res.status);
    const row = await db.db.selectFrom("requests").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    const confirmation = await sink.waitFor((m) => m.to.includes(email) && m.subject.includes(row.reference) && m.text.includes("/requests/"));
    const statusPath = new URL(linkIn(confirmation.text, "/requests/")).pathname;
    const lines = { "lines[0].description": "Van with driver, 3 hours", "lines[0].quantity": "3", "lines[0].unitPrice": "90" };

    // The form asks for the day and time the quote offers; sent without them, it is refused on its field.
    const form = flat(await pageHtml(await admin.get(`/admin/requests/${row.reference}`)));
    expect(form).toContain("Date and time of the work");
    const refused = await quote(row.reference, "quote-send", lines);
    expect(refused.status).toBe(400);
    expect(flat(await pageHtml(refused))).toContain("This request has no date: give the day and time of the work before sending the quote.");
    expect(await quotesOf(row.id)).toEqual([]);
    // A day in the past, or a day without a time: refused on their fields, nothing written.
    const past = await quote(row.reference, "quote-send", { ...lines, appointmentDate: addDays(torontoToday(), -1), appointmentTime: "10:00" });
    expect(past.status).toBe(400);
    expect(flat(await pageHtml(past))).toContain("Choose the day of the work, from today to a year from now.");
    const dayOnly = await quote(row.reference, "quote-send", { ...lines, appointmentDate: addDays(torontoToday(), 5) });
    expect(dayOnly.status).toBe(400);
    expect(flat(await pageHtml(dayOnly))).toContain("Enter the time the work starts, like 14:30.");
    expect(await quotesOf(row.id)).toEqual([]);

    // Sent with a day and a time: the customer's email and page say when.
    const day = addDays(torontoToday(), 5);
    expect((await quote(row.reference, "quote-send", { ...lines, appointmentDate: day, appointmentTime: "10:30" })).status).toBe(303);
    const [sent] = await quotesOf(row.id);
    expect([sent!.appointment_date, sent!.appointment_time]).toEqual([day, "10:30"]);
    const mail = await sink.waitFor((m) => m.to.includes(email) && m.subject === `Your quote for request ${row.reference}`);
    expect(mail.text).toContain("Date and time of the work:");
    const visitor = new HttpClient(server.url);
    expect(flat(await pageHtml(await visitor.get(statusPath)))).toContain("Date and time of the work");

    // Accepted: the request is confirmed and dated — the invite starts then, the status page's calendar file too.
    expect((await visitor.post(statusPath, { intent: "quote-accept", quote: sent!.id })).status).toBe(303);
    const after = await requestRow(row.id);
    expect(after.status).toBe("quote_accepted");
    expect(JSON.parse(after.data)).toMatchObject({ agreedDate: day, agreedTime: "10:30", pickupArea: "Annex" });
    const confirmed = await sink.waitFor((m) => m.to.includes(email) && m.subject === `Request ${row.reference} confirmed`);
    expect(invite(confirmed).method).toBe("REQUEST");
    const file = confirmed.raw.attachments.find((a) => a.contentType === "text/calendar")!.content.toString("utf8");
    expect(file).toContain(`DTSTART;TZID=America/Toronto:${day.replaceAll("-", "")}T103000`);
    expect((await visitor.get(`${statusPath}/calendar.ics`)).status).toBe(200);
  });

  it("only operators write quotes; bad amounts are refused on their field; a fixed-price request has no quote", async () => {
    const { row } = await chauffeur("Quote access checks");
    const visitor = new HttpClient(server.url);
    for (const someone of [customer, other, pat]) {
      expect((await quote(row.reference, "quote-send", TWO_LINES, someone)).status).toBe(403);
      expect((await someone.get(`/admin/requests/${row.reference}`)).status).toBe(403);
    }
    expect([302, 303, 403]).toContain((await quote(row.reference, "quote-send", TWO_LINES, visitor)).status);
    expect(await quotesOf(row.id)).toEqual([]);

    // Bad input: 400 with each field's message; nothing written.
    const bad = await quote(row.reference, "quote-send", { ...TWO_LINES, "lines[0].unitPrice": "-85", "lines[1].quantity": "lots" });
    expect(bad.status).toBe(400);
    const html = flat(await pageHtml(bad));
    expect(html).toContain("Enter a price of 0 or more, such as 120 or 120.50.");
    expect(html).toContain("Enter a quantity greater than 0");
    expect((await quote(row.reference, "quote-send", { "lines[0].description": "Everything", "lines[0].quantity": "10000", "lines[0].unitPrice": "1000000" })).status).toBe(400);
    expect((await quote(row.reference, "quote-send", {})).status).toBe(400);
    expect(await quotesOf(row.id)).toEqual([]);
    expect((await requestRow(row.id)).status).toBe("received");

    // No quote sent: no PDF either.
    expect((await visitor.get(`${(await chauffeur("No quote yet")).statusPath}/quote.pdf`)).status).toBe(404);
    // An airport transfer has a fixed price: no quote panel, and a post is refused.
    const { row: transfer } = await chauffeur("AC 777", new HttpClient(server.url), "airport-transfer");
    expect(flat(await pageHtml(await admin.get(`/admin/requests/${transfer.reference}`)))).not.toContain("Send quote");
    expect((await quote(transfer.reference, "quote-send")).status).toBe(409);
    expect(await quotesOf(transfer.id)).toEqual([]);
  });

  it("only the request's customer answers: another customer, a provider, a visitor and a forged link are refused", async () => {
    const { row, statusPath } = await chauffeur("Quote answered by its customer", customer, "chauffeur-hourly", customerEmail);
    expect((await quote(row.reference, "quote-send")).status).toBe(303);
    const [sent] = await quotesOf(row.id);
    const accept = { intent: "quote-accept", quote: sent!.id };
    const path = `/account/requests/${row.reference}`;
    for (const someone of [other, pat]) {
      expect((await someone.post(path, accept)).status).toBe(404);
      expect((await someone.post("/requests/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", accept)).status).toBe(404);
    }
    expect([302, 303, 401]).toContain((await new HttpClient(server.url).post(path, accept)).status);
    // Another customer's quote id through one's own status link: not theirs to answer.
    const { statusPath: otherPath } = await chauffeur("Someone else's gala");
    expect((await new HttpClient(server.url).post(otherPath, accept)).status).toBe(409);
    expect((await requestRow(row.id)).status).toBe("quoted");
    // Bad input: a 400 (no quote named), nothing changes.
    expect((await customer.post(path, { intent: "quote-accept", quote: "not-a-quote" })).status).toBe(400);
    expect((await customer.post(path, { intent: "quote-decline", quote: sent!.id, reason: "x".repeat(501) })).status).toBe(400);
    // The owner, from My Bookings: the page offers the quote, and the answer goes through.
    const mine = flat(await pageHtml(await customer.get(path)));
    expect(mine).toContain("Accept quote");
    expect(mine).toContain(`href="${path}?decline-quote#decline-quote"`);
    // Without JavaScript, ?decline-quote is the step with the optional reason.
    const step = flat(await pageHtml(await customer.get(`${path}?decline-quote`)));
    expect(step).toContain("Decline this quote?");
    expect(step).toContain('name="reason"');
    // Its PDF from My Bookings: the owner's only.
    const pdf = await customer.get(`${path}/quote.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect((await other.get(`${path}/quote.pdf`)).status).toBe(404);
    expect([302, 303, 401]).toContain((await new HttpClient(server.url).get(`${path}/quote.pdf`)).status);
    const declined = await customer.post(path, { intent: "quote-decline", quote: sent!.id, reason: "Too expensive for us this time." });
    expect(declined.status).toBe(303);
    expect((await requestRow(row.id)).status).toBe("quote_declined");
    expect((await requestRow(row.id)).quote_flag).toBe("declined");
    const [answered] = await quotesOf(row.id);
    expect(answered).toMatchObject({ status: "declined", decline_reason: "Too expensive for us this time.", accepted_by: null });
    // The decline and its reason reach the operator: email and the back office.
    const ops = await sink.waitFor((m) => m.to.includes(OPERATOR) && m.subject === `[Quote declined] ${row.reference}`);
    expect(ops.text).toContain("Too expensive for us this time.");
    const adminPage = flat(await pageHtml(await admin.get(`/admin/requests/${row.reference}`)));
    expect(adminPage).toContain("The customer declined the quote");
    expect(adminPage).toContain("Too expensive for us this time.");
    // The inbox flags it, and its saved filter lists it until the operator acts.
    const inbox = flat(await pageHtml(await admin.get("/admin/requests?quote=1")));
    expect(inbox).toContain(row.reference);
    expect(inbox).toContain("The customer declined the quote");
    expect(flat(await pageHtml(await admin.get("/admin/requests")))).toContain("Quote answers to act on");
    // A declined quote cannot then be accepted (replay): 409.
    expect((await visitorPost(statusPath, accept)).status).toBe(409);
    // The operator may send a new one.
    expect((await quote(row.reference, "quote-send")).status).toBe(303);
    expect((await requestRow(row.id)).status).toBe("quoted");
    expect((await requestRow(row.id)).quote_flag).toBeNull();
    expect(flat(await pageHtml(await admin.get("/admin/requests?quote=1")))).not.toContain(row.reference);
  });
  const visitorPost = (path: string, fields: Record<string, string>) => new HttpClient(server.url).post(path, fields);

  it("an expired quote cannot be accepted (clock moved) and offers 'ask for a new quote'; a withdrawn one is gone", async () => {
    const { row, statusPath, email: customerEmail } = await chauffeur("Quote that lapses");
    expect((await quote(row.reference, "quote-send")).status).toBe(303);
    const [sent] = await quotesOf(row.id);
    await quoteLapsed(db.db, sent!.id);
    const page = flat(await pageHtml(await new HttpClient(server.url).get(statusPath)));
    expect(page).toContain("can no longer be accepted");
    expect(page).toContain("Ask for a new quote");
    expect(page).not.toContain("Accept quote");
    const late = await visitorPost(statusPath, { intent: "quote-accept", quote: sent!.id });
    expect(late.status).toBe(409);
    expect(flat(await pageHtml(late))).toContain("This quote has expired and can no longer be accepted.");
    expect((await requestRow(row.id)).status).toBe("quote_expired");
    expect((await quotesOf(row.id))[0]!.status).toBe("expired");
    // Ask for a new one: back to the operator, flagged and emailed.
    expect((await visitorPost(statusPath, { intent: "quote-renew" })).status).toBe(303);
    expect((await requestRow(row.id)).status).toBe("in_review");
    expect((await requestRow(row.id)).quote_flag).toBe("renew");
    await sink.waitFor((m) => m.to.includes(OPERATOR) && m.subject === `[New quote asked] ${row.reference}`);

    // A new quote, withdrawn by the operator: the customer is told and cannot accept it.
    expect((await quote(row.reference, "quote-send")).status).toBe(303);
    const second = (await quotesOf(row.id))[1]!;
    expect((await admin.post(`/admin/requests/${row.reference}`, { intent: "quote-withdraw" })).status).toBe(303);
    expect((await requestRow(row.id)).status).toBe("in_review");
    expect((await quotesOf(row.id))[1]!.status).toBe("withdrawn");
    await sink.waitFor((m) => m.to.includes(customerEmail) && m.subject === `Quote withdrawn for request ${row.reference}`);
    expect((await visitorPost(statusPath, { intent: "quote-accept", quote: second.id })).status).toBe(409);
    expect(flat(await pageHtml(await new HttpClient(server.url).get(statusPath)))).toContain("This quote was withdrawn.");
  });
});
