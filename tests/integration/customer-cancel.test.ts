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
 * Customers cancel their own requests (issue 49 item 1), over HTTP as a browser without
 * JavaScript posts it: from the status link (no account) and from My Bookings' request page,
 * with a reason from the list and an optional note. The lifecycle's `by: "customer"` move; the
 * customer, the matched provider and the operator are emailed, the calendar follows (CANCEL,
 * same UID, next SEQUENCE); inside the kind's late window it is allowed and marked late. Bad
 * input is a 400 with nothing written; another customer, a provider and a visitor get the 404
 * of an unknown request; a request that is done cannot be cancelled.
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
  };
}

describe.each(DIALECTS)("customers cancel their requests on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>;
  let admin: HttpClient;
  let customer: HttpClient;
  let other: HttpClient;
  let pat: HttpClient;
  const stamp = Date.now();
  const customerEmail = `grace.${stamp}@example.com`;
  const patEmail = `pat.${stamp}@example.com`;
  let patId = "";

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
    ({ client: customer } = await signedInAccount(server.url, db.db, { email: customerEmail, name: "Grace Hopper" }));
    ({ client: other } = await signedInAccount(server.url, db.db, { email: `other.${stamp}@example.com`, name: "Other Person" }));
    ({ client: pat, id: patId } = await liveProvider(server.url, db.db, { email: patEmail, name: "Pat Handy" }));
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
      fullName: "Grace Hopper",
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
  const cancellation = (id: string) => db.db.selectFrom("request_cancellations").selectAll().where("request_id", "=", id).executeTakeFirst();
  const match = (reference: string) => admin.post(`/admin/requests/${reference}`, { intent: "match", providerId: patId });

  it("from the status link, without an account: confirm step, reason, everyone emailed, the invite cancelled", async () => {
    const { row, statusPath } = await book("Cancel my shelves");
    expect((await match(row.reference)).status).toBe(303);
    expect((await pat.post("/account/jobs", { intent: "accept", reference: row.reference })).status).toBe(303);
    const confirmed = await sink.waitFor((m) => m.to.includes(customerEmail) && m.subject === `Your provider confirmed: request ${row.reference}`);
    const before = invite(confirmed);

    const visitor = new HttpClient(server.url);
    const page = await pageHtml(await visitor.get(statusPath));
    // The link to the confirmation step: the page's own address with ?cancel, no form yet.
    expect(page).toContain("Cancel this request");
    expect(page).toContain(`href="${statusPath}?cancel#cancel-request"`);
    expect(page).not.toContain('name="reason"');
    // Without JavaScript, ?cancel is the confirmation step: the form inline, each reason a radio.
    const step = await pageHtml(await visitor.get(`${statusPath}?cancel`));
    expect(step).toContain('id="cancel-request"');
    expect(step).toContain(`Cancel request ${row.reference}?`);
    for (const reason of ["plans-changed", "found-another", "wrong-details", "too-long", "other"]) expect(step).toContain(`value="${reason}"`);
    expect(step).toContain("Keep my request");
    // In the other languages too.
    expect(await pageHtml(await visitor.get(`/fr${statusPath}?cancel`))).toContain("Pourquoi annulez-vous?");
    expect(await pageHtml(await visitor.get(`/es${statusPath}?cancel`))).toContain("¿Por qué cancela?");
    expect(await pageHtml(await visitor.get(`/pt${statusPath}?cancel`))).toContain("Por que você está cancelando?");

    // Bad input: a 400 with the field's message, nothing written.
    const noReason = await visitor.post(statusPath, { intent: "cancel", note: "no reason" });
    expect(noReason.status).toBe(400);
    expect(await pageHtml(noReason)).toContain("Choose why you are cancelling.");
    expect((await visitor.post(statusPath, { intent: "cancel", reason: "bored" })).status).toBe(400);
    expect((await visitor.post(statusPath, { intent: "cancel", reason: "other", note: "x".repeat(501) })).status).toBe(400);
    expect((await requestBy("Cancel my shelves")).status).toBe("accepted");
    expect(await cancellation(row.id)).toBeUndefined();
    // A forged or unknown link: the page's 404, whatever is posted.
    expect((await visitor.post("/requests/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", { intent: "cancel", reason: "other" })).status).toBe(404);
    expect((await visitor.post("/requests/<bad>", { intent: "cancel", reason: "other" })).status).toBe(404);
    // Signed in changes nothing: another customer and a provider with a forged link get the same 404.
    for (const someone of [other, pat]) {
      expect((await someone.post("/requests/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", { intent: "cancel", reason: "other" })).status).toBe(404);
      expect((await someone.post(`/account/requests/${row.reference}`, { intent: "cancel", reason: "other" })).status).toBe(404);
    }
    expect((await requestBy("Cancel my shelves")).status).toBe("accepted");

    const done = await visitor.post(statusPath, { intent: "cancel", reason: "plans-changed", note: "We are moving away." });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(statusPath);
    const after = await requestBy("Cancel my shelves");
    expect(after.status).toBe("cancelled");
    expect(after.respond_by).toBeNull();
    const record = await cancellation(row.id);
    expect(record).toMatchObject({ by: "customer", reason: "plans-changed", note: "We are moving away." });
    expect(Number(record!.late)).toBe(0);
    const audit = await db.db.selectFrom("audit_log").select(["action", "actor_user_id"]).where("entity_id", "=", row.id).where("action", "=", "request.customer-cancel").execute();
    expect(audit).toEqual([{ action: "request.customer-cancel", actor_user_id: "status-link" }]);

    // The customer: cancelled, their reason, and the calendar's CANCEL with the next SEQUENCE.
    const mine = await sink.waitFor((m) => m.to.includes(customerEmail) && m.subject === `Request ${row.reference} is cancelled`);
    expect(mine.text).toContain("My plans changed");
    expect(mine.text).not.toContain("We are moving away.");
    const cancelled = invite(mine);
    expect(cancelled).toMatchObject({ method: "CANCEL", uid: before.uid, status: "CANCELLED" });
    expect(cancelled.sequence).toBeGreaterThan(before.sequence);
    // The provider who accepted: the job is off, with the same CANCEL.
    const theirs = await sink.waitFor((m) => m.to.includes(patEmail) && m.subject === `Job cancelled by the customer: request ${row.reference}`);
    expect(theirs.text).toContain("My plans changed");
    expect(invite(theirs)).toMatchObject({ method: "CANCEL", uid: before.uid, sequence: cancelled.sequence });
    // The operators: everything, with the note.
    const ops = await sink.waitFor((m) => m.to.includes(OPERATOR) && m.subject === `[Cancelled by customer] Request ${row.reference}`);
    expect(ops.text).toContain("We are moving away.");
    expect(ops.text).toContain("Pat Handy");

    // The page says so, and offers nothing more; posting again is refused (409), nothing changes.
    const later = (await pageHtml(await visitor.get(statusPath))).replaceAll("<!-- -->", "");
    expect(later).toContain("You cancelled this request on");
    expect(later).toContain("Your reason: My plans changed");
    expect(later).not.toContain("Cancel this request");
    expect((await visitor.post(statusPath, { intent: "cancel", reason: "other" })).status).toBe(409);
    // The back office shows who cancelled and why; the provider's job is no longer upcoming.
    const adminPage = await pageHtml(await admin.get(`/admin/requests/${row.reference}`));
    expect(adminPage).toContain("Cancelled by the customer");
    expect(adminPage).toContain("We are moving away.");
    expect(await pageHtml(await pat.get("/account/jobs"))).not.toContain(row.reference);
  });

  it("from My Bookings, late (inside the kind's window): allowed, marked late for everyone; only the owner may", async () => {
    // Today at 23:59 (Toronto): always less than the booking's 24 hours away.
    const { row, statusPath } = await book("Late shelves", torontoToday(), "23:59");
    expect((await match(row.reference)).status).toBe(303);
    const path = `/account/requests/${row.reference}`;
    const step = await pageHtml(await customer.get(`${path}?cancel`));
    expect(step).toContain("less than 24 hours away");

    // Another customer, a provider (even the matched one), a visitor: the 404 of an unknown request (or the log-in).
    expect((await other.post(path, { intent: "cancel", reason: "other" })).status).toBe(404);
    expect((await other.get(path)).status).toBe(404);
    expect((await pat.post(path, { intent: "cancel", reason: "other" })).status).toBe(404);
    expect([302, 303, 401]).toContain((await new HttpClient(server.url).post(path, { intent: "cancel", reason: "other" })).status);
    expect((await customer.post("/account/requests/GTA-ZZZZZZ", { intent: "cancel", reason: "other" })).status).toBe(404);
    // The operator has no customer's move: the back office offers an operator's cancellation (with a reason) only.
    expect((await requestBy("Late shelves")).status).toBe("matched");
    expect(await cancellation(row.id)).toBeUndefined();

    const done = await customer.post(path, { intent: "cancel", reason: "found-another" });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(path);
    expect((await requestBy("Late shelves")).status).toBe("cancelled");
    const record = await cancellation(row.id);
    expect(record).toMatchObject({ reason: "found-another", note: null });
    expect(Number(record!.late)).toBe(1);

    const mine = await sink.waitFor((m) => m.to.includes(customerEmail) && m.subject === `Request ${row.reference} is cancelled`);
    expect(mine.text).toContain("late cancellation");
    expect(invite(mine).method).toBe("CANCEL");
    // Offered but not accepted: the provider is told, without an invite (none reached their calendar).
    const theirs = await sink.waitFor((m) => m.to.includes(patEmail) && m.subject === `Job cancelled by the customer: request ${row.reference}`);
    expect(theirs.text).toContain("late cancellation");
    expect(theirs.raw.attachments.filter((a) => a.contentType === "text/calendar")).toHaveLength(0);
    await sink.waitFor((m) => m.to.includes(OPERATOR) && m.subject === `[Late cancellation by customer] Request ${row.reference}`);
    const page = (await pageHtml(await customer.get(path))).replaceAll("<!-- -->", "");
    expect(page).toContain("It was marked as a late cancellation.");
    // The status link shows the same.
    expect(await pageHtml(await new HttpClient(server.url).get(statusPath))).toContain("It was marked as a late cancellation.");
    expect(await pageHtml(await admin.get(`/admin/requests/${row.reference}`))).toContain("Late cancellation");
  });

  it("a request that is done cannot be cancelled; the delete-account page links each open request to its cancel step", async () => {
    const { row, statusPath } = await book("Finished shelves");
    expect((await admin.post(`/admin/requests/${row.reference}`, { intent: "move", to: "in_review" })).status).toBe(303);
    const open = await pageHtml(await customer.get("/account/delete"));
    expect(open).toContain(`href="/account/requests/${row.reference}?cancel#cancel-request"`);

    await db.db.updateTable("requests").set({ status: "completed" }).where("id", "=", row.id).execute();
    expect(await pageHtml(await customer.get(`/account/requests/${row.reference}`))).not.toContain("Cancel this request");
    expect((await customer.post(`/account/requests/${row.reference}`, { intent: "cancel", reason: "other" })).status).toBe(409);
    expect((await new HttpClient(server.url).post(statusPath, { intent: "cancel", reason: "other" })).status).toBe(409);
    expect((await requestBy("Finished shelves")).status).toBe("completed");
    expect(await cancellation(row.id)).toBeUndefined();
  });
});
