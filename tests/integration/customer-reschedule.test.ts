import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { torontoToday } from "~/lib/forms/formats";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { pageHtml } from "../support/html";
import { HttpClient, linkIn } from "../support/http-client";
import { liveProvider } from "../support/providers";
import { type CapturedMail, SmtpSink } from "../support/smtp-sink";

/**
 * Customers propose a new date and time (issue 49 item 1, ADR 43), over HTTP as a browser without
 * JavaScript posts it: from the status link (no account) and from My Bookings' request page.
 * The lifecycle's `by: "customer"` move back to an offer; the proposal waits in its own columns
 * until a provider accepts it — then the appointment changes and the invite follows (REQUEST,
 * same UID, higher SEQUENCE). A decline hands it to the operator, whose next match offers the
 * new time. Bad dates are a 400 with the field's message and nothing written; another customer,
 * a provider and a visitor get the 404 of an unknown request (or the log-in); a request without a
 * provider, one that started, or one that ended is a 409.
 */
const ADMIN = { email: "admin@example.test", password: "correct horse battery staple" };
const OPERATOR = "operator@example.test";
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function invite(mail: CapturedMail) {
  const files = mail.raw.attachments.filter((a) => a.contentType === "text/calendar");
  expect(files).toHaveLength(1);
  const calendar = new ICAL.Component(ICAL.parse(files[0]!.content.toString("utf8")));
  const event = calendar.getFirstSubcomponent("vevent")!;
  return {
    method: String(calendar.getFirstPropertyValue("method")),
    uid: String(event.getFirstPropertyValue("uid")),
    sequence: Number(event.getFirstPropertyValue("sequence")),
    status: String(event.getFirstPropertyValue("status")),
    start: (event.getFirstProperty("dtstart")!.getFirstValue() as ICAL.Time).toString(),
  };
}

describe.each(DIALECTS)("customers propose a new date and time on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>;
  let admin: HttpClient;
  let customer: HttpClient;
  let other: HttpClient;
  let pat: HttpClient;
  let sam: HttpClient;
  const stamp = Date.now();
  const customerEmail = `ada.${stamp}@example.com`;
  const patEmail = `pat.${stamp}@example.com`;
  const samEmail = `sam.${stamp}@example.com`;
  let patId = "";
  let samId = "";

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
    ({ client: pat, id: patId } = await liveProvider(server.url, db.db, { email: patEmail, name: "Pat Handy" }));
    ({ client: sam, id: samId } = await liveProvider(server.url, db.db, { email: samEmail, name: "Sam Fixit" }));
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  const book = async (notes: string, date = addDays(torontoToday(), 5), time = "10:30") => {
    const res = await customer.post("/book", {
      form: "service",
      returnTo: "/services/handyman",
      service: "Handyman Services",
      fullName: "Ada Lovelace",
      email: customerEmail,
      area: "Leslieville",
      preferredDate: date,
      preferredTime: time,
      notes,
    });
    expect(res.status).toBe(303);
    const row = await requestBy(notes);
    const confirmation = await sink.waitFor((m) => m.to.includes(customerEmail) && m.subject.includes(row.reference) && m.text.includes("/requests/"));
    return { row, statusPath: new URL(linkIn(confirmation.text, "/requests/")).pathname };
  };
  const requestBy = (notes: string) =>
    db.db.selectFrom("requests").selectAll().where("email", "=", customerEmail).where("data", "like", `%${notes}%`).executeTakeFirstOrThrow();
  const when = (row: { data: string }) => {
    const d = JSON.parse(row.data) as { preferredDate: string; preferredTime: string };
    return `${d.preferredDate}T${d.preferredTime}`;
  };
  const match = (reference: string, providerId = patId) => admin.post(`/admin/requests/${reference}`, { intent: "match", providerId });

  it("from the status link: the provider accepts the new time, the appointment moves, the invite's SEQUENCE rises", async () => {
    const { row, statusPath } = await book("Move my shelves");
    expect((await match(row.reference)).status).toBe(303);
    expect((await pat.post("/account/jobs", { intent: "accept", reference: row.reference })).status).toBe(303);
    const confirmed = await sink.waitFor((m) => m.to.includes(customerEmail) && m.subject === `Your provider confirmed: request ${row.reference}`);
    const before = invite(confirmed);
    const oldDate = addDays(torontoToday(), 5);
    const newDate = addDays(torontoToday(), 8);

    const visitor = new HttpClient(server.url);
    const page = await pageHtml(await visitor.get(statusPath));
    // The link to the no-JavaScript step: the page's own address with ?reschedule, no form yet.
    expect(page).toContain("Change the date or time");
    expect(page).toContain(`href="${statusPath}?reschedule#reschedule-request"`);
    expect(page).not.toContain('name="time"');
    const step = await pageHtml(await visitor.get(`${statusPath}?reschedule`));
    expect(step).toContain('id="reschedule-request"');
    expect(step).toContain(`Propose a new date and time for ${row.reference}`);
    expect(step).toContain('type="date"');
    expect(step).toContain('type="time"');
    expect(step).toContain("Keep the current time");
    // In the other languages too.
    expect(await pageHtml(await visitor.get(`/fr${statusPath}?reschedule`))).toContain("Nouvelle date");
    expect(await pageHtml(await visitor.get(`/es${statusPath}?reschedule`))).toContain("Nueva fecha");
    expect(await pageHtml(await visitor.get(`/pt${statusPath}?reschedule`))).toContain("Nova data");

    // Bad input: a 400 with the field's message, nothing written.
    const bad = async (form: Record<string, string>, message: string) => {
      const res = await visitor.post(statusPath, { intent: "reschedule", ...form });
      expect(res.status).toBe(400);
      expect((await pageHtml(res)).replaceAll("&#x27;", "'")).toContain(message);
    };
    await bad({ time: "14:00" }, "New date is required.");
    await bad({ date: newDate }, "New time is required.");
    await bad({ date: addDays(torontoToday(), -1), time: "14:00" }, "Please choose today or a later date.");
    await bad({ date: "2027-02-30", time: "14:00" }, "Please enter a valid date.");
    await bad({ date: newDate, time: "25:00" }, "Please enter a valid time.");
    await bad({ date: torontoToday(), time: "00:00" }, "Choose a time that is still ahead.");
    await bad({ date: oldDate, time: "10:30" }, "That is already the date and time of your appointment.");
    let now = await requestBy("Move my shelves");
    expect(now.status).toBe("accepted");
    expect(now.proposed_date).toBeNull();
    // A forged or unknown link, signed in or not: the page's 404, whatever is posted.
    for (const someone of [visitor, other, pat]) {
      expect((await someone.post("/requests/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", { intent: "reschedule", date: newDate, time: "14:00" })).status).toBe(404);
      expect((await someone.post("/requests/<bad>", { intent: "reschedule", date: newDate, time: "14:00" })).status).toBe(404);
    }
    // Another customer and a provider at the owner's My Bookings address: the 404 of an unknown request.
    for (const someone of [other, pat]) {
      expect((await someone.post(`/account/requests/${row.reference}`, { intent: "reschedule", date: newDate, time: "14:00" })).status).toBe(404);
    }
    expect((await requestBy("Move my shelves")).proposed_date).toBeNull();

    const done = await visitor.post(statusPath, { intent: "reschedule", date: newDate, time: "14:00" });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(statusPath);
    now = await requestBy("Move my shelves");
    // An offer again, of the new time; the appointment itself has not moved.
    expect(now.status).toBe("matched");
    expect(now).toMatchObject({ proposed_date: newDate, proposed_time: "14:00", proposed_from: "accepted", provider_id: patId });
    expect(now.respond_by).not.toBeNull();
    expect(when(now)).toBe(`${oldDate}T10:30`);
    const audit = await db.db.selectFrom("audit_log").select(["action", "actor_user_id"]).where("entity_id", "=", row.id).where("action", "=", "request.customer-reschedule").execute();
    expect(audit).toEqual([{ action: "request.customer-reschedule", actor_user_id: "status-link" }]);

    // Everyone is told: the customer (no invite yet), the provider (to answer), the operators.
    const asked = await sink.waitFor((m) => m.to.includes(customerEmail) && m.subject === `New time asked for request ${row.reference}`);
    expect(asked.raw.attachments.filter((a) => a.contentType === "text/calendar")).toHaveLength(0);
    const offer = await sink.waitFor((m) => m.to.includes(patEmail) && m.subject === `New time asked for job ${row.reference}`);
    expect(offer.text).toContain("/account/jobs");
    await sink.waitFor((m) => m.to.includes(OPERATOR) && m.subject === `[New time asked by customer] Request ${row.reference}`);

    // The status page says it waits; My Jobs offers the job at the new time, with the old one.
    const waiting = (await pageHtml(await visitor.get(statusPath))).replaceAll("<!-- -->", "");
    expect(waiting).toContain("You asked to move it to");
    // Offered again: the timeline no longer ticks "Accepted by provider" until they accept the new time.
    expect(waiting).toContain('Accepted by provider<span class="sr-only"> — not yet</span>');
    const jobs = (await pageHtml(await pat.get("/account/jobs"))).replaceAll("<!-- -->", "");
    expect(jobs).toContain("The customer asks for this new time");
    // Another provider cannot answer it.
    expect((await sam.post("/account/jobs", { intent: "accept", reference: row.reference })).status).toBe(404);

    // The provider accepts: the appointment moves, both get the REQUEST with the same UID and a higher SEQUENCE.
    expect((await pat.post("/account/jobs", { intent: "accept", reference: row.reference })).status).toBe(303);
    now = await requestBy("Move my shelves");
    expect(now.status).toBe("accepted");
    expect(when(now)).toBe(`${newDate}T14:00`);
    expect(now).toMatchObject({ proposed_date: null, proposed_time: null, proposed_from: null, respond_by: null });
    const moved = await sink.waitFor((m) => m.to.includes(customerEmail) && m.subject === `Your provider confirmed: request ${row.reference}` && m.text.includes("The new date and time"));
    const after = invite(moved);
    expect(after).toMatchObject({ method: "REQUEST", uid: before.uid, status: "CONFIRMED", start: `${newDate}T14:00:00` });
    expect(after.sequence).toBeGreaterThan(before.sequence);
    const theirs = await sink.waitFor((m) => m.to.includes(patEmail) && m.subject === `You accepted request ${row.reference}` && m.text.includes("The new date and time"));
    expect(invite(theirs)).toMatchObject({ method: "REQUEST", uid: before.uid, sequence: after.sequence, start: `${newDate}T14:00:00` });
    // The page shows the new appointment, and no waiting proposal.
    const moved2 = (await pageHtml(await visitor.get(statusPath))).replaceAll("<!-- -->", "");
    expect(moved2).not.toContain("You asked to move it to");
    expect(moved2).toContain('Accepted by provider<span class="sr-only"> — done</span>');
    expect(moved2).toContain("Change the date or time");
  });

  it("from My Bookings: only the owner may; a decline hands it to the operator, whose next match offers the new time", async () => {
    const { row } = await book("Offered shelves");
    const path = `/account/requests/${row.reference}`;
    const newDate = addDays(torontoToday(), 9);
    // Not yet matched: there is no provider to ask (409), and the page offers no such form.
    expect(await pageHtml(await customer.get(path))).not.toContain("Change the date or time");
    expect((await customer.post(path, { intent: "reschedule", date: newDate, time: "09:15" })).status).toBe(409);
    // My Bookings' row links to the cancel step always, to the reschedule step once a provider holds it.
    let list = await pageHtml(await customer.get("/account/bookings"));
    expect(list).toContain(`href="${path}?cancel#cancel-request"`);
    expect(list).not.toContain(`href="${path}?reschedule#reschedule-request"`);
    expect((await match(row.reference)).status).toBe(303);
    list = await pageHtml(await customer.get("/account/bookings"));
    expect(list).toContain(`href="${path}?reschedule#reschedule-request"`);
    expect(list).toContain(`aria-label="Change the date or time of request ${row.reference}"`);
    expect(await pageHtml(await customer.get(`${path}?reschedule`))).toContain('id="reschedule-request"');

    // Another customer, a provider (even the matched one), a visitor: the 404 of an unknown request (or the log-in).
    expect((await other.post(path, { intent: "reschedule", date: newDate, time: "09:15" })).status).toBe(404);
    expect((await pat.post(path, { intent: "reschedule", date: newDate, time: "09:15" })).status).toBe(404);
    expect((await sam.post(path, { intent: "reschedule", date: newDate, time: "09:15" })).status).toBe(404);
    expect([302, 303, 401]).toContain((await new HttpClient(server.url).post(path, { intent: "reschedule", date: newDate, time: "09:15" })).status);
    expect((await customer.post("/account/requests/GTA-ZZZZZZ", { intent: "reschedule", date: newDate, time: "09:15" })).status).toBe(404);
    // The operator has no customer's move: the back office cannot post one.
    expect((await admin.post(`/admin/requests/${row.reference}`, { intent: "move", to: "matched" })).status).not.toBe(303);
    expect((await requestBy("Offered shelves")).proposed_date).toBeNull();

    // While the provider is still asked: the offer is renewed for the new time.
    const done = await customer.post(path, { intent: "reschedule", date: newDate, time: "09:15" });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(path);
    let now = await requestBy("Offered shelves");
    expect(now).toMatchObject({ status: "matched", proposed_date: newDate, proposed_time: "09:15", proposed_from: "matched" });
    const audit = await db.db.selectFrom("audit_log").select(["actor_user_id"]).where("entity_id", "=", row.id).where("action", "=", "request.customer-reschedule").executeTakeFirstOrThrow();
    expect(audit.actor_user_id).not.toBe("status-link");

    // The provider declines the new time: back to the operator, the proposal kept.
    expect((await pat.post("/account/jobs", { intent: "decline", reference: row.reference, reason: "unavailable" })).status).toBe(303);
    now = await requestBy("Offered shelves");
    expect(now).toMatchObject({ status: "in_review", provider_id: null, proposed_date: newDate, proposed_time: "09:15", proposed_from: null });
    expect(when(now)).toBe(`${addDays(torontoToday(), 5)}T10:30`);
    await sink.waitFor((m) => m.to.includes(OPERATOR) && m.subject === `Needs a new match: request ${row.reference}`);
    // Nobody holds it now: no new time may be proposed (409), the page says the proposal waits.
    expect((await customer.post(path, { intent: "reschedule", date: newDate, time: "10:00" })).status).toBe(409);
    expect((await pageHtml(await customer.get(path))).replaceAll("<!-- -->", "")).toContain("You asked to move it to");

    // The back office says what the customer asked for, and checks the shortlist against the new
    // time: a provider away on the new date (free on the old one) says so.
    await db.db.updateTable("providers").set({ away_periods: JSON.stringify([{ from: newDate, to: newDate }]) }).where("id", "=", samId).execute();
    const offering = (await pageHtml(await admin.get(`/admin/requests/${row.reference}`))).replaceAll("<!-- -->", "");
    expect(offering).toContain("The customer asks to move it to");
    expect(offering).toContain("away on");
    await db.db.updateTable("providers").set({ away_periods: null }).where("id", "=", samId).execute();
    // The operator re-matches: the new provider is offered the new time, and accepting it moves the appointment.
    expect((await match(row.reference, samId)).status).toBe(303);
    const offer = await sink.waitFor((m) => m.to.includes(samEmail) && m.subject === `New job for you: request ${row.reference}`);
    expect(offer.text).toContain("9:15");
    expect((await sam.post("/account/jobs", { intent: "accept", reference: row.reference })).status).toBe(303);
    now = await requestBy("Offered shelves");
    expect(now.status).toBe("accepted");
    expect(when(now)).toBe(`${newDate}T09:15`);
    expect(now.proposed_date).toBeNull();
    const confirmed = await sink.waitFor((m) => m.to.includes(customerEmail) && m.subject === `Your provider confirmed: request ${row.reference}`);
    expect(invite(confirmed)).toMatchObject({ method: "REQUEST", start: `${newDate}T09:15:00` });
  });

  it("a provider who had accepted, then declines the new time, gets the event taken off their calendar (CANCEL, same UID, next SEQUENCE)", async () => {
    // A customer of their own: the suite's customer is near the mailbox's daily cap of confirmations.
    const email = `released.${stamp}@example.com`;
    const { client } = await signedInAccount(server.url, db.db, { email, name: "Grace Hopper" });
    const notes = "Released hinge";
    const res = await client.post("/book", { form: "service", returnTo: "/services/handyman", service: "Handyman Services", fullName: "Grace Hopper", email, area: "Leslieville", preferredDate: addDays(torontoToday(), 5), preferredTime: "10:30", notes });
    expect(res.status).toBe(303);
    const row = await db.db.selectFrom("requests").selectAll().where("email", "=", email).where("data", "like", `%${notes}%`).executeTakeFirstOrThrow();
    expect((await match(row.reference)).status).toBe(303);
    expect((await pat.post("/account/jobs", { intent: "accept", reference: row.reference })).status).toBe(303);
    const held = invite(await sink.waitFor((m) => m.to.includes(patEmail) && m.subject.includes(row.reference) && m.raw.attachments.some((a) => a.contentType === "text/calendar")));
    expect(held.method).toBe("REQUEST");

    const path = `/account/requests/${row.reference}`;
    expect((await client.post(path, { intent: "reschedule", date: addDays(torontoToday(), 9), time: "09:15" })).status).toBe(303);
    expect((await pat.post("/account/jobs", { intent: "decline", reference: row.reference, reason: "unavailable" })).status).toBe(303);
    const released = await sink.waitFor((m) => m.to.includes(patEmail) && m.subject === `Off your calendar: request ${row.reference}`);
    expect(released.text).toContain("removed it from your calendar");
    const cancel = invite(released);
    expect(cancel).toMatchObject({ method: "CANCEL", uid: held.uid });
    expect(cancel.sequence).toBeGreaterThan(held.sequence);
    // The customer is told we are finding another provider.
    await sink.waitFor((m) => m.to.includes(email) && m.subject === `We're finding another provider: request ${row.reference}`);
  });

  it("a request that started or ended cannot be moved (409); cancelling clears a waiting proposal and cancels the provider's invite", async () => {
    const { row, statusPath } = await book("Ended shelves");
    expect((await match(row.reference)).status).toBe(303);
    expect((await pat.post("/account/jobs", { intent: "accept", reference: row.reference })).status).toBe(303);
    const newDate = addDays(torontoToday(), 10);
    const visitor = new HttpClient(server.url);
    // Proposed, then cancelled while the provider is asked: they held the event, so they get the CANCEL.
    expect((await visitor.post(statusPath, { intent: "reschedule", date: newDate, time: "16:00" })).status).toBe(303);
    expect((await visitor.post(statusPath, { intent: "cancel", reason: "plans-changed" })).status).toBe(303);
    const now = await requestBy("Ended shelves");
    expect(now).toMatchObject({ status: "cancelled", proposed_date: null, proposed_from: null });
    const theirs = await sink.waitFor((m) => m.to.includes(patEmail) && m.subject === `Job cancelled by the customer: request ${row.reference}`);
    expect(invite(theirs).method).toBe("CANCEL");
    // My Jobs says the customer cancelled it; My Bookings offers neither step any more.
    const past = await pageHtml(await pat.get("/account/jobs?show=past"));
    expect(past).toContain(row.reference);
    expect(past).toContain("Cancelled by the customer");
    expect(await pageHtml(await customer.get("/account/bookings"))).not.toContain(`/account/requests/${row.reference}?cancel`);
    expect(await pageHtml(await visitor.get(statusPath))).not.toContain("Change the date or time");
    expect((await visitor.post(statusPath, { intent: "reschedule", date: newDate, time: "16:00" })).status).toBe(409);

    // Completed: 409, nothing written.
    const second = await book("Completed shelves");
    expect((await match(second.row.reference)).status).toBe(303);
    await db.db.updateTable("requests").set({ status: "completed" }).where("id", "=", second.row.id).execute();
    expect((await customer.post(`/account/requests/${second.row.reference}`, { intent: "reschedule", date: newDate, time: "16:00" })).status).toBe(409);
    expect((await requestBy("Completed shelves")).proposed_date).toBeNull();

    // Its appointment already started (today at 00:00, Toronto): 409.
    const third = await book("Started shelves", torontoToday(), "23:59");
    expect((await match(third.row.reference)).status).toBe(303);
    const data = JSON.parse((await requestBy("Started shelves")).data) as Record<string, unknown>;
    await db.db
      .updateTable("requests")
      .set({ data: JSON.stringify({ ...data, preferredTime: "00:00" }) })
      .where("id", "=", third.row.id)
      .execute();
    expect(await pageHtml(await customer.get(`/account/requests/${third.row.reference}`))).not.toContain("Change the date or time");
    expect((await new HttpClient(server.url).post(third.statusPath, { intent: "reschedule", date: newDate, time: "16:00" })).status).toBe(409);
    expect((await requestBy("Started shelves")).status).toBe("matched");
  });

  it("the operator sets the late-cancellation window per kind on the system page (admins only); cancellations follow it", async () => {
    const late = { intent: "late-windows", booking: "48", "car-request": "6" };
    // Bad hours: a 400 with the field's message, nothing stored.
    for (const booking of ["-1", "169", "1.5", "many"]) {
      const res = await admin.post("/admin/system", { ...late, booking });
      expect(res.status).toBe(400);
      expect(await pageHtml(res)).toContain("Enter a whole number of hours from 0 to 168.");
    }
    expect(await db.db.selectFrom("late_cancel_windows").selectAll().execute()).toEqual([]);
    // Only an admin: a customer, a provider and a visitor are refused.
    expect((await customer.post("/admin/system", late)).status).toBe(403);
    expect((await pat.post("/admin/system", late)).status).toBe(403);
    expect([302, 303, 401, 403]).toContain((await new HttpClient(server.url).post("/admin/system", late)).status);
    expect(await db.db.selectFrom("late_cancel_windows").selectAll().execute()).toEqual([]);

    const saved = await admin.post("/admin/system", late);
    expect(saved.status).toBe(303);
    const rows = await db.db.selectFrom("late_cancel_windows").select(["kind", "hours"]).orderBy("kind").execute();
    expect(rows.map((r) => [r.kind, Number(r.hours)])).toEqual([["booking", 48], ["car-request", 6]]);
    const audit = await db.db.selectFrom("audit_log").select(["entity_id"]).where("action", "=", "cancel.late-window").orderBy("entity_id").execute();
    expect(audit.map((a) => a.entity_id)).toEqual(["booking", "car-request"]);
    const page = await pageHtml(await admin.get("/admin/system"));
    expect(page).toContain("Late window for");
    expect(page).toMatch(/name="booking"[^>]*value="48"|value="48"[^>]*name="booking"/);

    // A booking tomorrow at 23:59 (Toronto) is less than 48 hours away: its cancellation is late
    // now. (The accepted one of the My Bookings test, moved there: the customer's mailbox is at
    // its cap of confirmations for the day.)
    const row = await requestBy("Offered shelves");
    const data = JSON.parse(row.data) as Record<string, unknown>;
    await db.db
      .updateTable("requests")
      .set({ data: JSON.stringify({ ...data, preferredDate: addDays(torontoToday(), 1), preferredTime: "23:59" }) })
      .where("id", "=", row.id)
      .execute();
    const path = `/account/requests/${row.reference}`;
    expect(await pageHtml(await customer.get(`${path}?cancel`))).toContain("less than 48 hours away");
    expect((await customer.post(path, { intent: "cancel", reason: "other" })).status).toBe(303);
    const record = await db.db.selectFrom("request_cancellations").select(["late"]).where("request_id", "=", row.id).executeTakeFirstOrThrow();
    expect(Number(record.late)).toBe(1);
  });
});
