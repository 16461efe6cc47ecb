import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { torontoToday } from "~/lib/forms/formats";
import { runDailyJobs } from "~/lib/jobs.server";
import { type Runtime, startRuntime } from "~/lib/runtime.server";
import { MATCH_EXPIRY_JOB } from "~/modules/providers/jobs.server";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { appointmentPassed } from "../support/appointments";
import { connect } from "../support/db";
import { pageHtml } from "../support/html";
import { HttpClient, linkIn } from "../support/http-client";
import { liveProvider } from "../support/providers";
import { SmtpSink } from "../support/smtp-sink";

/**
 * The providers' workspace over HTTP, as browsers without JavaScript post it (issue 29 items
 * 1–3): a match is an offer the provider sees in My Jobs (without the customer's contact) and
 * accepts — the customer is emailed the confirmation — or declines with a reason — the request
 * goes back to the inbox flagged, and the shortlist no longer offers that provider; no answer
 * within the kind's window hands it back too (the hourly job, on a moved clock). The provider
 * marks the job done and the operator completes it. Only the matched provider may answer.
 */
const ADMIN = { email: "admin@example.test", password: "correct horse battery staple" };
const HOUR = 3_600_000;
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe.each(DIALECTS)("providers' jobs on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  let runtime: Runtime | undefined;
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>;
  let admin: HttpClient;
  let customer: HttpClient;
  let pat: HttpClient;
  let sam: HttpClient;
  const stamp = Date.now();
  const customerEmail = `grace.${stamp}@example.com`;
  const patEmail = `pat.${stamp}@example.com`;
  const samEmail = `sam.${stamp}@example.com`;
  const ids = { pat: "", sam: "" };

  const account = async (email: string, name: string) => (await signedInAccount(server.url, db.db, { email, name })).client;
  /** A live, verified handyman in Leslieville: what provider verification leaves behind. */
  const provider = (email: string, name: string, phone: string) => liveProvider(server.url, db.db, { email, name, phone });

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
    customer = await account(customerEmail, "Grace Hopper");
    ({ client: pat, id: ids.pat } = await provider(patEmail, "Pat Handy", "416-555-0199"));
    ({ client: sam, id: ids.sam } = await provider(samEmail, "Sam Fixit", "416-555-0142"));
  });
  afterAll(async () => {
    await runtime?.stop();
    await db?.close();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  const book = async (notes: string) => {
    const res = await customer.post("/book", {
      form: "service",
      returnTo: "/services/handyman",
      service: "Handyman Services",
      fullName: "Grace Hopper",
      email: customerEmail,
      area: "Leslieville",
      preferredDate: addDays(torontoToday(), 3),
      preferredTime: "10:30",
      notes,
    });
    expect(res.status).toBe(303);
    return requestBy(notes);
  };
  const requestBy = (notes: string) =>
    db.db.selectFrom("requests").selectAll().where("email", "=", customerEmail).where("data", "like", `%${notes}%`).executeTakeFirstOrThrow();
  const audit = (id: string) => db.db.selectFrom("audit_log").select(["action", "note"]).where("entity_id", "=", id).orderBy("created_at").execute();
  const match = (reference: string, providerId: string) => admin.post(`/admin/requests/${reference}`, { intent: "match", providerId });

  it("accept: My Jobs shows the offer without the customer's contact; accepting emails the customer; done, then the operator completes", async () => {
    const row = await book("Accept my shelves");
    expect((await match(row.reference, ids.pat)).status).toBe(303);
    const matched = await requestBy("Accept my shelves");
    expect(matched.status).toBe("matched");
    // Told the truth (issue 49 item 2): an offer, not "Confirmed", on the page and in the email.
    const offered = (await pageHtml(await customer.get(`/account/requests/${row.reference}`))).replaceAll("<!-- -->", "");
    expect(offered).toContain("Offered to a provider");
    expect(offered).not.toContain("Confirmed");
    const offerMail = await sink.waitFor((m) => m.to.includes(customerEmail) && m.subject.includes(row.reference) && m.text.includes("Offered to a provider"));
    expect(offerMail.text).not.toContain("Confirmed");
    // The default window: 24 hours from the match.
    expect(Date.parse(matched.respond_by!) - Date.now()).toBeGreaterThan(23 * HOUR);
    expect(Date.parse(matched.respond_by!) - Date.now()).toBeLessThanOrEqual(24 * HOUR);
    // The provider's offer email: the job and the deadline, a link to My Jobs, not who the customer is.
    const offer = await sink.waitFor((m) => m.to.includes(patEmail) && m.subject === `New job for you: request ${row.reference}`);
    expect(offer.text).toContain("Accept my shelves");
    expect(offer.text).not.toContain(customerEmail);
    expect(offer.text).not.toContain("Grace Hopper");
    expect(linkIn(offer.text, "/account/jobs")).toBe("http://gta.test/account/jobs");

    // My Jobs is in the provider's menu, not the customer's; the customer cannot open it.
    expect(await pageHtml(await pat.get("/account"))).toContain("My Jobs");
    expect(await pageHtml(await customer.get("/account"))).not.toContain("My Jobs");
    expect((await customer.get("/account/jobs")).status).toBe(404);
    const anonymous = await new HttpClient(server.url).get("/account/jobs");
    expect([302, 303]).toContain(anonymous.status);

    const jobs = await pageHtml(await pat.get("/account/jobs"));
    expect(jobs).toContain(row.reference);
    expect(jobs).toContain("Leslieville");
    expect(jobs).toContain("Accept my shelves");
    expect(jobs).toContain("Please accept or decline by");
    expect(jobs).not.toContain(customerEmail);
    expect(jobs).not.toContain("Grace Hopper");
    // In the provider's language (fr shown here; every text is in the four catalogues).
    const fr = await pageHtml(await pat.get("/fr/account/jobs"));
    expect(fr).toContain("Mes contrats");
    expect(fr).toContain("Accepter le contrat");
    expect(fr).toContain(row.reference);
    // Sam was not matched: nothing of it on his page.
    expect(await pageHtml(await sam.get("/account/jobs"))).not.toContain(row.reference);

    // Replays: the customer (404: no such page for them), another provider, a forged reference.
    // Another provider gets the 404 of an unknown reference: a 409 told them the job exists
    // (issue 47, item 10).
    expect((await customer.post("/account/jobs", { intent: "accept", reference: row.reference })).status).toBe(404);
    expect((await sam.post("/account/jobs", { intent: "accept", reference: row.reference })).status).toBe(404);
    expect((await sam.post("/account/jobs", { intent: "decline", reference: row.reference, reason: "other" })).status).toBe(404);
    expect((await sam.post("/account/jobs", { intent: "done", reference: row.reference })).status).toBe(404);
    expect((await sam.post("/account/jobs", { intent: "accept", reference: "GTA-ZZZZZZ" })).status).toBe(404);
    expect((await pat.post("/account/jobs", { intent: "accept", reference: "GTA-ZZZZZZ" })).status).toBe(404);
    expect((await pat.post("/account/jobs", { intent: "accept", reference: "<script>" })).status).toBe(400);
    // The operator cannot make the provider's moves for them.
    expect((await admin.post(`/admin/requests/${row.reference}`, { intent: "move", to: "accepted" })).status).toBe(409);
    expect((await admin.post(`/admin/requests/${row.reference}`, { intent: "move", to: "in_review" })).status).toBe(409);
    // No calendar file before the provider accepted.
    expect((await pat.get(`/account/jobs/${row.reference}/calendar.ics`)).status).toBe(404);
    expect(jobs).not.toContain("calendar.ics");
    // Done before accepting is refused.
    expect((await pat.post("/account/jobs", { intent: "done", reference: row.reference })).status).toBe(409);
    expect((await requestBy("Accept my shelves")).status).toBe("matched");

    const accepted = await pat.post("/account/jobs", { intent: "accept", reference: row.reference });
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("location")).toBe("/account/jobs");
    const after = await requestBy("Accept my shelves");
    expect([after.status, after.respond_by, after.provider_id]).toEqual(["accepted", null, ids.pat]);
    // Accepting twice changes nothing.
    expect((await pat.post("/account/jobs", { intent: "accept", reference: row.reference })).status).toBe(409);
    // Nor can another provider say it is done: to them it does not exist.
    expect((await sam.post("/account/jobs", { intent: "done", reference: row.reference })).status).toBe(404);

    // The customer: the provider confirmed, with their contact and public profile.
    const confirmed = await sink.waitFor((m) => m.to.includes(customerEmail) && m.subject === `Your provider confirmed: request ${row.reference}`);
    expect(confirmed.text).toContain("Pat Handy");
    expect(confirmed.text).toContain(patEmail);
    expect(confirmed.text).toContain("416-555-0199");
    expect(linkIn(confirmed.text, `/providers/${ids.pat}`)).toBe(`http://gta.test/providers/${ids.pat}`);
    // The provider: the customer's details, now.
    const copy = await sink.waitFor((m) => m.to.includes(patEmail) && m.subject === `You accepted request ${row.reference}`);
    expect(copy.text).toContain("Grace Hopper");
    expect(copy.text).toContain(customerEmail);
    const now = await pageHtml(await pat.get("/account/jobs"));
    expect(now).toContain(customerEmail);
    expect(now).toContain("Grace Hopper");
    // The customer's timeline has the step.
    expect(await pageHtml(await customer.get(`/account/requests/${row.reference}`))).toContain("Accepted by provider");

    // "Add to calendar" on My Jobs: the accepted job's .ics, for Pat only.
    const calendarPath = `/account/jobs/${row.reference}/calendar.ics`;
    expect(now).toContain(`href="${calendarPath}"`);
    const ics = await pat.get(calendarPath);
    expect(ics.status).toBe(200);
    expect(ics.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const calendar = new ICAL.Component(ICAL.parse(await ics.text()));
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    const event = calendar.getFirstSubcomponent("vevent")!;
    expect(String(event.getFirstPropertyValue("uid"))).toBe(`${row.reference}@gta.test`);
    expect(String(event.getFirstPropertyValue("status"))).toBe("CONFIRMED");
    expect(String(event.getFirstPropertyValue("location"))).toBe("Leslieville");
    const start = event.getFirstProperty("dtstart")!;
    expect(String(start.getParameter("tzid"))).toBe("America/Toronto");
    expect((start.getFirstValue() as ICAL.Time).toString()).toBe(`${addDays(torontoToday(), 3)}T10:30:00`);
    // Another provider, the customer, and anyone logged out are refused; so is an unknown reference.
    expect((await sam.get(calendarPath)).status).toBe(404);
    expect((await customer.get(calendarPath)).status).toBe(404);
    expect([302, 303]).toContain((await new HttpClient(server.url).get(calendarPath)).status);
    expect((await pat.get("/account/jobs/GTA-ZZZZZZ/calendar.ics")).status).toBe(404);

    // Not before the appointment (issue 49 item 2; appointment-first.test.ts): refused, then it comes.
    expect((await pat.post("/account/jobs", { intent: "done", reference: row.reference })).status).toBe(409);
    await appointmentPassed(db.db, row.id);
    // Done → the operator is told (link to the back-office page) and completes in one action.
    expect((await pat.post("/account/jobs", { intent: "done", reference: row.reference })).status).toBe(303);
    expect((await pat.post("/account/jobs", { intent: "done", reference: row.reference })).status).toBe(409);
    expect((await requestBy("Accept my shelves")).provider_done_at).not.toBeNull();
    const done = await sink.waitFor((m) => m.to.includes("operator@example.test") && m.subject === `Job done: request ${row.reference}`);
    expect(linkIn(done.text, `/admin/requests/${row.reference}`)).toBe(`http://gta.test/admin/requests/${row.reference}`);
    const page = await pageHtml(await admin.get(`/admin/requests/${row.reference}`));
    expect(page).toContain("Pat Handy marked this job done on");
    expect(page).toContain("Mark as Complete");
    expect((await admin.post(`/admin/requests/${row.reference}`, { intent: "move", to: "completed", confirm: "yes" })).status).toBe(303);
    expect((await requestBy("Accept my shelves")).status).toBe("completed");
    await sink.waitFor((m) => m.to.includes(customerEmail) && m.text.includes("Write a review"));
    // Past, no longer upcoming.
    expect(await pageHtml(await pat.get("/account/jobs?show=past"))).toContain(row.reference);
    expect(await pageHtml(await pat.get("/account/jobs"))).not.toContain(row.reference);
    expect((await audit(row.id)).map((a) => a.action)).toEqual([
      "request.transition",
      "request.match",
      "request.transition",
      "request.accept",
      "request.provider-done",
      "request.transition",
    ]);
  });

  it("decline with a reason: back in the inbox flagged, the shortlist hides the provider, a second provider accepts", async () => {
    const row = await book("Decline my door");
    expect((await match(row.reference, ids.pat)).status).toBe(303);
    // No reason, or a note too long: field messages, nothing changed.
    expect((await pat.post("/account/jobs", { intent: "decline", reference: row.reference })).status).toBe(400);
    const long = await pat.post("/account/jobs", { intent: "decline", reference: row.reference, reason: "too-far", note: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect(await pageHtml(long)).toContain("Please keep the note under 500 characters.");
    expect((await requestBy("Decline my door")).status).toBe("matched");

    const declined = await pat.post("/account/jobs", { intent: "decline", reference: row.reference, reason: "too-far", note: "Flooded street" });
    expect(declined.status).toBe(303);
    const after = await requestBy("Decline my door");
    expect([after.status, after.provider_id, after.respond_by, after.rematch_reason]).toEqual(["in_review", null, null, "too-far"]);
    // The operator is emailed, with the reason and a link to the request's back-office page.
    const told = await sink.waitFor((m) => m.to.includes("operator@example.test") && m.subject === `Needs a new match: request ${row.reference}`);
    expect(told.text).toContain("Too far from my service area");
    expect(told.text).toContain("Flooded street");
    expect(linkIn(told.text, `/admin/requests/${row.reference}`)).toBe(`http://gta.test/admin/requests/${row.reference}`);
    // The customer is told another provider is being found (issue 49 item 2), not who or why.
    const finding = await sink.waitFor((m) => m.to.includes(customerEmail) && m.subject === `We're finding another provider: request ${row.reference}`);
    expect(finding.text).toContain("You don't need to do anything.");
    expect(finding.text).not.toContain("Pat Handy");
    expect(finding.text).not.toContain("Flooded street");

    // The inbox flags it, and lists it under the saved filter.
    const inbox = (await pageHtml(await admin.get("/admin/requests?status=in_review&rematch=1"))).replaceAll("<!-- -->", "");
    expect(inbox).toContain(row.reference);
    expect(inbox).toContain("Needs a new match · Too far from my service area");
    const page = await pageHtml(await admin.get(`/admin/requests/${row.reference}`));
    expect(page).toContain("The last match fell through: Too far from my service area.");
    expect(page).toContain("Flooded street");
    expect(page).not.toContain("Choose Pat Handy");
    expect(page).toContain("Choose Sam Fixit");
    // Forcing the match anyway is refused.
    expect((await match(row.reference, ids.pat)).status).toBe(409);
    // Pat's past jobs say so; a late accept is refused.
    expect(await pageHtml(await pat.get("/account/jobs?show=past"))).toContain("You declined this job.");
    expect((await pat.post("/account/jobs", { intent: "accept", reference: row.reference })).status).toBe(409);

    expect((await match(row.reference, ids.sam)).status).toBe(303);
    expect((await requestBy("Decline my door")).rematch_reason).toBeNull();
    expect((await sam.post("/account/jobs", { intent: "accept", reference: row.reference })).status).toBe(303);
    expect((await requestBy("Decline my door")).status).toBe("accepted");
    await sink.waitFor((m) => m.to.includes(customerEmail) && m.subject === `Your provider confirmed: request ${row.reference}` && m.text.includes("Sam Fixit"));
    const trail = await audit(row.id);
    expect(trail.find((a) => a.action === "request.decline")?.note).toBe("Flooded street");
  });

  it("no answer within the operator's window: the hourly job hands the match back (clock moved)", async () => {
    // The operator sets the booking window to 2 hours on the system page; a bad value is refused.
    const windows = { intent: "windows", booking: "2", "quick-booking": "24", "car-request": "24", "chauffeur-contact": "24" };
    expect((await admin.post("/admin/system", { ...windows, booking: "0" })).status).toBe(400);
    expect((await admin.post("/admin/system", windows)).status).toBe(303);
    expect((await pat.post("/admin/system", windows)).status).toBe(403);
    expect(await pageHtml(await admin.get("/admin/system"))).toContain('value="2"');

    const row = await book("Silent fence");
    expect((await match(row.reference, ids.pat)).status).toBe(303);
    const matched = await requestBy("Silent fence");
    expect(Date.parse(matched.respond_by!) - Date.now()).toBeLessThanOrEqual(2 * HOUR);

    // The job, run on this process's clock against the same database as the server.
    runtime = await startRuntime(parseEnv({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, OPERATOR_EMAIL: "operator@example.test", PUBLIC_URL: "http://gta.test" }), {
      startMailWorker: false,
      log: () => {},
    });
    // Within the window nothing moves.
    expect(await runDailyJobs([MATCH_EXPIRY_JOB], new Date(Date.now() + HOUR), () => {})).toEqual({ [MATCH_EXPIRY_JOB.name]: true });
    expect((await requestBy("Silent fence")).status).toBe("matched");
    const later = new Date(Date.now() + 3 * HOUR);
    expect((await runDailyJobs([MATCH_EXPIRY_JOB], later, () => {}))[MATCH_EXPIRY_JOB.name]).toBe(true);
    // Once per hour across processes: a second run in the same hour is not claimed.
    expect((await runDailyJobs([MATCH_EXPIRY_JOB], later, () => {}))[MATCH_EXPIRY_JOB.name]).toBe(false);
    const after = await requestBy("Silent fence");
    expect([after.status, after.provider_id, after.rematch_reason]).toEqual(["in_review", null, "timeout"]);
    const mail = await db.db.selectFrom("mail_outbox").select(["subject", "to_address"]).where("request_id", "=", row.id).where("kind", "=", "booking.operator-update").executeTakeFirstOrThrow();
    expect(mail).toEqual({ subject: `Needs a new match: request ${row.reference}`, to_address: "operator@example.test" });
    // The customer hears it too: an offer that lapsed is not left silent.
    const told = await db.db.selectFrom("mail_outbox").select("subject").where("request_id", "=", row.id).where("kind", "=", "booking.rematching").execute();
    expect(told.map((m) => m.subject)).toEqual([`We're finding another provider: request ${row.reference}`]);
    expect((await audit(row.id)).map((a) => a.action)).toContain("request.match-expired");
    expect(await pageHtml(await admin.get(`/admin/requests/${row.reference}`))).toContain("No answer in time");
    expect(await pageHtml(await pat.get("/account/jobs?show=past"))).toContain("not answered in time");
    // Too late to answer now.
    expect((await pat.post("/account/jobs", { intent: "accept", reference: row.reference })).status).toBe(409);
  });
});
