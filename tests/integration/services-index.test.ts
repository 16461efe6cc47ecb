import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB } from "~/lib/db/db.server";
import { type AppServer, postForm, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect, count } from "../support/db";
import { HttpClient, linkIn } from "../support/http-client";
import { SmtpSink } from "../support/smtp-sink";
import { pageHtml } from "../support/html";

/** The spec's seven categories, in order, with the slugs their cards link to. */
const CATEGORIES: [slug: string, title: string][] = [
  ["handyman", "Handyman Services"],
  ["car-rental", "Car & Driver / Rentals"],
  ["cleaning", "Cleaning Services"],
  ["dj-events", "DJ / Events"],
  ["salon-beauty", "Salon / Beauty"],
  ["gardening", "Gardening"],
  ["plumbing", "Plumbing"],
];

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/** Slugs of the links to service pages, in page order (loader data in scripts has no href="…"). */
const serviceLinks = (html: string) => [...html.matchAll(/href="\/services\/([a-z0-9-]+)"/g)].map((m) => m[1]);

/** The page's <main> only: the hydration script after it carries every catalogue message. */
const mainOf = (html: string) => html.match(/<main[\s\S]*<\/main>/)?.[0] ?? "";
const tagOf = (html: string, id: string) => html.match(new RegExp(`<input[^>]*id="${id}"[^>]*>`))?.[0] ?? "";

const countRequests = async (db: DB) =>
  Number((await db.selectFrom("requests").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

const valid = { name: "Grace Hopper", location: "Etobicoke", contact: "grace@example.com", service: "Pool cleaning" };

describe.each(DIALECTS)("/services on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await sink.start(0);
    server = await startAppServer({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  it("lists the seven categories and the 'Looking for something else?' card", async () => {
    const res = await fetch(`${server.url}/services`);
    expect(res.status).toBe(200);
    const html = await pageHtml(res);
    for (const [, title] of CATEGORIES) expect(html).toContain(escapeHtml(title));
    expect(html).toContain("Looking for something else?");
    expect(html).toContain('href="#service-search"');
    expect(serviceLinks(html)).toEqual(CATEGORIES.map(([slug]) => slug));
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    // A labelled GET search box that is also an ARIA combobox once hydrated.
    expect(html).toMatch(/<form[^>]*method="get"/);
    expect(html).toContain('<label for="service-search"');
    const input = tagOf(html, "service-search");
    for (const attr of ['name="q"', 'role="combobox"', 'aria-expanded="false"', 'aria-autocomplete="list"', 'aria-controls="service-search-suggestions"']) {
      expect(input).toContain(attr);
    }
    expect(html).toContain('aria-live="polite"');
    // The first row's images load eagerly, the rest lazily; every image is sized.
    const main = mainOf(html);
    expect(main.match(/<img[^>]*loading="eager"/g)).toHaveLength(3);
    expect(main.match(/<img[^>]*loading="lazy"/g)).toHaveLength(4);
    expect(main.match(/<img[^>]*alt=""[^>]*width="\d+" height="\d+"/g)).toHaveLength(7);
    expect(html).toMatch(/<title>Services — GTA Connect<\/title>/);
  });

  it("filters the grid on the server from ?q= (case-insensitive, title contains)", async () => {
    for (const q of ["serv", "SERV", " Serv "]) {
      const html = mainOf(await (await fetch(`${server.url}/services?q=${encodeURIComponent(q)}`)).text());
      expect(serviceLinks(html), q).toEqual(["handyman", "cleaning"]);
      expect(html).toContain("2 services match");
      expect(html).toContain("Looking for something else?");
      expect(html).not.toContain("No exact matches found");
    }
    const one = mainOf(await pageHtml(await fetch(`${server.url}/services?q=plumb`)));
    expect(serviceLinks(one)).toEqual(["plumbing"]);
    expect(one).toContain('value="plumb"');
  });

  it("shows the no-results view with the request form and six popular services", async () => {
    const res = await fetch(`${server.url}/services?q=zzzz`);
    expect(res.status).toBe(200);
    const html = mainOf(await pageHtml(res));
    expect(html).toContain("No exact matches found for &quot;zzzz&quot;");
    expect(html).toContain("Try related categories below or request this service.");
    expect(html).toMatch(/<form[^>]*method="post"/);
    for (const name of ["name", "location", "contact", "service"]) expect(html).toContain(`name="${name}"`);
    expect(tagOf(html, "service-request-service")).toContain('value="zzzz"');
    expect(html).toContain("Popular services");
    expect(serviceLinks(html)).toEqual(CATEGORIES.slice(0, 6).map(([slug]) => slug));
    expect(html).not.toContain("Looking for something else?");
  });

  it("stores a new-service request, emails the operator and the customer, and shows the success page", async () => {
    const client = new HttpClient(server.url);
    const res = await client.post("/services?q=pool", valid);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/request-success");

    const success = await client.get("/request-success");
    expect(success.status).toBe(200);
    const page = mainOf(await pageHtml(success));
    expect(page).toContain("Pool cleaning");
    expect(page).toContain("Thank you! We&#x27;ve received your request. We&#x27;ll be in touch shortly.");
    expect(page).not.toMatch(/email client/i);
    const reference = page.match(/GTA-[2-9A-Z]{6}/)?.[0];
    expect(reference).toBeTruthy();

    const operator = await sink.waitFor((m) => m.subject === "[Service Request] Pool cleaning");
    expect(operator.to).toEqual(["operator@example.test"]);
    expect(operator.text).toContain("Service: Pool cleaning");
    expect(operator.text).toContain("Name: Grace Hopper");
    expect(operator.text).toContain("Location: Etobicoke");
    expect(operator.text).toContain("Contact: grace@example.com");
    expect(operator.text).toContain("Submitted at:");
    expect(operator.text).toContain(reference);

    const customer = await sink.waitFor((m) => m.to.includes("grace@example.com"));
    expect(customer.text).toContain(reference);
    const status = await fetch(`${server.url}${new URL(linkIn(customer.text, "/requests/")).pathname}`);
    expect(status.status).toBe(200);
    const statusPage = await pageHtml(status);
    expect(statusPage).toContain("Received");
    expect(statusPage).toContain("Pool cleaning");

    const { db, close } = connect(database.url);
    try {
      const row = await db.selectFrom("requests").selectAll().where("reference", "=", reference!).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ kind: "service-request", status: "received", name: "Grace Hopper", email: "grace@example.com", user_id: null });
    } finally {
      await close();
    }
  });

  it("accepts a phone number as the contact and sends no customer email then", async () => {
    const res = await postForm(`${server.url}/services`, { ...valid, contact: "+1 416 555 0199", service: "Chimney sweep" });
    expect(res.status).toBe(302);
    const operator = await sink.waitFor((m) => m.subject === "[Service Request] Chimney sweep");
    expect(operator.text).toContain("Contact: +1 416 555 0199");
    const { db, close } = connect(database.url);
    try {
      const row = await db.selectFrom("requests").select(["email"]).where("kind", "=", "service-request").where("data", "like", "%Chimney sweep%").executeTakeFirstOrThrow();
      expect(row.email).toBeNull();
      expect(await db.selectFrom("mail_outbox").select("id").where("subject", "like", "%Chimney%").execute()).toHaveLength(1);
    } finally {
      await close();
    }
  });

  it.each([
    ["name", "Your name is required."],
    ["location", "City / area is required."],
    ["contact", "Email or phone is required."],
    ["service", "Service wanted is required."],
  ])("refuses a request without %s, keeps the other values and writes nothing", async (field, message) => {
    const { db, close } = connect(database.url);
    try {
      const before = [await countRequests(db), await count(db, "mail_outbox"), sink.messages.length];
      const res = await postForm(`${server.url}/services?q=zzzz`, { ...valid, [field]: "" });
      expect(res.status).toBe(400);
      const html = await pageHtml(res);
      expect(html).toContain(message);
      expect(html).toMatch(new RegExp(`aria-describedby="[^"]*${field}[^"]*"`));
      for (const [name, value] of Object.entries(valid)) {
        if (name !== field) expect(html).toContain(`value="${value}"`);
      }
      expect([await countRequests(db), await count(db, "mail_outbox"), sink.messages.length]).toEqual(before);
    } finally {
      await close();
    }
  });

  it("refuses a contact that is neither an email nor a phone number, even without a search term", async () => {
    const res = await postForm(`${server.url}/services`, { ...valid, contact: "call me maybe" });
    expect(res.status).toBe(400);
    const html = await pageHtml(res);
    expect(html).toContain("Please enter a valid email or phone number.");
    expect(html).toContain('value="call me maybe"');
  });
});
