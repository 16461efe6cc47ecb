import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { torontoToday } from "~/lib/forms/formats";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { HttpClient, linkIn } from "../support/http-client";
import { SmtpSink } from "../support/smtp-sink";
import { pageHtml } from "../support/html";

const PASSWORD = "orchard by the river";
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe.each(DIALECTS)("booking requests on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>;
  let customer: HttpClient;
  const email = `booker.${Date.now()}@example.com`;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await sink.start(0);
    server = await startAppServer({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, SMTP_URL: sink.url });
    db = connect(database.url);
    customer = (await signedInAccount(server.url, db.db, { email, name: "Grace Hopper", password: PASSWORD })).client;
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  const requestCount = async () =>
    Number((await db.db.selectFrom("requests").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const valid = () => ({
    form: "service",
    returnTo: "/services/handyman",
    service: "Handyman Services",
    fullName: "Grace Hopper",
    email,
    area: "Leslieville",
    preferredDate: addDays(torontoToday(), 3),
    preferredTime: "10:30",
    notes: "Two shelves to mount",
  });

  it("stores a Pending booking, emails the operator and the customer, and tracks it", async () => {
    const res = await customer.post("/book", valid());
    expect(res.status).toBe(303);
    // Sent as a plain form: the success page is its receipt (issue 49 item 5).
    expect(res.headers.get("location")).toBe("/request-success");
    expect(res.headers.getSetCookie().join()).toMatch(/request-success=/);

    const row = await db.db.selectFrom("requests").selectAll().where("email", "=", email).where("kind", "=", "booking").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "received", name: "Grace Hopper", subject_type: "service", subject_id: "handyman" });
    expect(JSON.parse(row.data)).toMatchObject({ service: "Handyman Services", serviceSlug: "handyman" });
    expect(row.user_id).toBeTruthy();
    expect(row.reference).toMatch(/^GTA-[2-9A-Z]{6}$/);

    const operator = await sink.waitFor((m) => m.subject === "[Booking Request] Handyman Services – Grace Hopper");
    expect(operator.to).toEqual(["operator@example.test"]);
    expect(operator.text).toContain("Area / neighborhood: Leslieville");
    expect(operator.text).toContain(`Reference: ${row.reference}`);
    // When it was sent, as the operator reads it on Toronto's clock (issue 33 item 6), not ISO text.
    expect(operator.text).toMatch(/Submitted at: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M/);

    const confirmation = await sink.waitFor((m) => m.to.includes(email) && m.subject === `We received your request — ${row.reference}`);
    const statusLink = new URL(linkIn(confirmation.text, "/requests/"));
    const anonymous = new HttpClient(server.url);
    const status = await anonymous.get(statusLink.pathname);
    expect(status.status).toBe(200);
    const html = await pageHtml(status);
    expect(html).toContain(row.reference);
    expect(html).toContain("Received");
    expect(html).toContain("Leslieville");

    const bookings = await pageHtml(await customer.get("/account/bookings"));
    expect(bookings).toContain(row.reference);
    expect(bookings).toContain("Handyman Services");
    const detail = await customer.get(`/account/requests/${row.reference}`);
    expect(detail.status).toBe(200);
    expect((await anonymous.get(`/account/requests/${row.reference}`)).status).toBe(302);
  });

  it.each([
    ["fullName", "Full name is required."],
    ["email", "Email is required."],
    ["area", "Area / neighborhood is required."],
    ["preferredDate", "Preferred date is required."],
    ["preferredTime", "Preferred time is required."],
    ["service", "Service is required."],
  ])("refuses a booking without %s", async (field, message) => {
    const before = await requestCount();
    const fields: Record<string, string> = valid();
    delete fields[field];
    const res = await customer.post("/book", fields);
    expect(res.status).toBe(400);
    expect(JSON.stringify(await pageHtml(res))).toContain(message);
    expect(await requestCount()).toBe(before);
  });

  it.each([
    ["a past date", { preferredDate: addDays(torontoToday(), -1) }, "Please choose today or a later date."],
    ["an impossible date", { preferredDate: "2030-02-30" }, "Please enter a valid date."],
    ["a bad time", { preferredTime: "25:99" }, "Please enter a valid time."],
    ["a bad email", { email: "grace@" }, "Please enter a valid email."],
    ["100 KB of notes", { notes: "n".repeat(100_000) }, "Notes must be at most 2000 characters."],
  ])("refuses %s", async (_case, override, message) => {
    const before = await requestCount();
    const res = await customer.post("/book", { ...valid(), ...override });
    expect(res.status).toBe(400);
    expect(await pageHtml(res)).toContain(message);
    expect(await requestCount()).toBe(before);
  });

  it("stores a service page's booking language-neutral: sent from the French page, the operator reads it in English, the customer in French", async () => {
    const res = await customer.post("/fr/book", { ...valid(), service: "Services d'homme à tout faire", notes: "Étagères" });
    expect(res.status).toBe(303);
    const row = await db.db.selectFrom("requests").selectAll().where("email", "=", email).where("kind", "=", "booking").orderBy("created_at", "desc").executeTakeFirstOrThrow();
    expect(JSON.parse(row.data)).toMatchObject({ service: "Handyman Services", serviceSlug: "handyman", notes: "Étagères" });
    await sink.waitFor((m) => m.subject === "[Booking Request] Handyman Services – Grace Hopper" && m.text.includes(row.reference));
    // The customer's confirmation, in French: what identifies the request (kind, reference, date),
    // none of the typed text (issue 47 item 8); the service and notes are behind its status link.
    const confirmation = await sink.waitFor((m) => m.to.includes(email) && m.text.includes(row.reference));
    expect(confirmation.text).toContain("Merci, nous avons bien reçu votre demande");
    expect(confirmation.text).toContain("Réservation");
    expect(confirmation.text).not.toContain("Handyman Services");
    expect(confirmation.text).not.toContain("Étagères");
  });

  it("without JavaScript, a refused booking shows the form again: messages by their fields, what was typed kept", async () => {
    const res = await customer.post("/book", { ...valid(), preferredDate: addDays(torontoToday(), -1), notes: "Bring a ladder" });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await pageHtml(res);
    expect(html).toMatch(/<h1[^>]*>Request a booking<\/h1>/);
    const form = html.match(/<form[^>]*action="\/book"[\s\S]*?<\/form>/)?.[0] ?? "";
    expect(form).toMatch(/<input[^>]*name="preferredDate"[^>]*aria-invalid="true"|<input[^>]*aria-invalid="true"[^>]*name="preferredDate"/);
    expect(form).toContain("Please choose today or a later date.");
    expect(form).toContain("Bring a ladder");
    expect(form).toContain('value="/services/handyman"');
    // Sent again, corrected, from that page: it goes through and lands on its receipt.
    const fixed = await customer.post("/book", { ...valid(), notes: "Bring a ladder" });
    expect(fixed.status).toBe(303);
    expect(fixed.headers.get("location")).toBe("/request-success");
  });

  it("a bare GET of /book points to the services", async () => {
    const res = await customer.get("/book");
    expect(res.status).toBe(200);
    expect(await pageHtml(res)).toMatch(/<a[^>]*href="\/services"[^>]*>Choose a service to book<\/a>/);
  });

  it("accepts today's date", async () => {
    const res = await customer.post("/book", { ...valid(), preferredDate: torontoToday(), notes: "" });
    expect(res.status).toBe(303);
  });

  it("takes the home page's quick booking (name, email, service description)", async () => {
    const res = await customer.post("/book", { form: "quick", returnTo: "/", fullName: "Grace Hopper", email, details: "Deep clean of a 2-bedroom condo" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/request-success");
    await sink.waitFor((m) => m.subject.startsWith("[Booking Request] Deep clean of a 2-bedroom condo"));
    const missing = await customer.post("/book", { form: "quick", returnTo: "/", fullName: "Grace Hopper", email });
    expect(missing.status).toBe(400);
    expect(await pageHtml(missing)).toContain("Service details is required.");
  });

  it("sends a logged-out visitor to log in, to resume the booking afterwards, storing nothing", async () => {
    const before = await requestCount();
    const res = await new HttpClient(server.url).post("/book", valid());
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/auth/login?redirectTo=%2Fservices%2Fhandyman&resume=requestBooking");
    expect(await requestCount()).toBe(before);
    // After logging in, the visitor lands back on the page with the booking to resume.
    const visitor = new HttpClient(server.url);
    const login = await visitor.post("/auth/login", { email, password: PASSWORD, redirectTo: "/services/handyman", resume: "requestBooking" });
    expect(login.headers.get("location")).toBe("/services/handyman?resume=requestBooking");
    const page = await pageHtml(await visitor.get("/services/handyman?resume=requestBooking"));
    expect(page).toContain('id="booking"');
    expect(page).toContain('name="preferredDate"');
  });

  it("answers 404 for an unknown status link and an unknown service", async () => {
    expect((await new HttpClient(server.url).get("/requests/not-a-real-token-1234567890")).status).toBe(404);
    const res = await new HttpClient(server.url).get("/services/unicorn-grooming");
    expect(res.status).toBe(404);
    const html = await pageHtml(res);
    expect(html).toContain("Service Not Found");
    expect(html).toContain("The service you&#x27;re looking for doesn&#x27;t exist.");
  });

  it("renders every service page with its CTA label and schema.org data", async () => {
    const labels: Record<string, string> = {
      handyman: "Book Handyman",
      "car-rental": "Book a Ride",
      cleaning: "Book Cleaning",
      "dj-events": "Book a DJ",
      "salon-beauty": "Book Beauty",
      gardening: "Book Gardener",
      plumbing: "Book a Plumber",
    };
    for (const [slug, label] of Object.entries(labels)) {
      const res = await new HttpClient(server.url).get(`/services/${slug}`);
      expect(res.status, slug).toBe(200);
      const html = await pageHtml(res);
      expect(html).toContain(label);
      expect(html).toContain('"@type":"Service"');
      expect(html).toContain("Nothing is charged on this site");
      expect(html).toContain('property="og:title"');
    }
  });

  it("finds services by type and area on /search, and offers a booking when nothing matches", async () => {
    const found = await pageHtml(await new HttpClient(server.url).get("/search?type=plumb&location=brampton"));
    expect(found).toContain("Plumbing");
    const none = await pageHtml(await new HttpClient(server.url).get("/search?type=zzzz"));
    expect(none).toContain("No Results Found");
    expect(none).toContain("Request a Booking");
  });
});
