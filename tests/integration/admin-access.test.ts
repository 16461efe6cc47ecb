import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { HttpClient } from "../support/http-client";
import { SmtpSink } from "../support/smtp-sink";

/**
 * Nobody but an admin gets anything from the back office (issue 13 item 1): every route under
 * /admin in app/routes.ts — pages, actions, documents, exports, including routes added later —
 * asked for by a logged-out visitor, a customer and a provider, by GET and by replaying the
 * admin's own form posts. Pages send logged-out visitors to log in (and back); everything
 * else is 403 (405 for a post to a route that takes none), and no answer carries the data (a
 * name, an email, a note, an address).
 */
const PASSWORD = "orchard by the river";
const ADMIN = { email: "admin@example.test", password: "correct horse battery staple" };

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

/** Every path under /admin, with its parameters still in it. */
function adminPaths(entries: RouteEntry[], parent = ""): string[] {
  return entries.flatMap((e) => {
    const full = e.index ? parent : [parent, e.path].filter(Boolean).join("/");
    const own = /^admin(\/|$)/.test(full) ? [`/${full}`] : [];
    return [...own, ...adminPaths(e.children ?? [], full)];
  });
}

/** The admin's form posts an attacker would replay (each page's intents, and a bare post). */
const REPLAYED_POSTS: Record<string, string>[] = [
  {},
  { intent: "delete" },
  { intent: "move", to: "cancelled", note: "Replayed" },
  { intent: "move", to: "in_review" },
  { intent: "note", body: "Replayed note" },
  { intent: "approve", services: "handyman" },
  { intent: "reject", reason: "Replayed" },
  { intent: "publish" },
  { intent: "resend" },
  { intent: "verify" },
  { intent: "windows", booking: "1", "quick-booking": "1", "car-request": "1", "chauffeur-contact": "1" },
  // Document renewals are decided in the applications queue (issue 29 item 6).
  { intent: "approve-renewal", renewalId: "6f1c2b8e-2d4a-4c1e-9a7b-3e5d6f7a8b9c" },
  { intent: "reject-renewal", renewalId: "6f1c2b8e-2d4a-4c1e-9a7b-3e5d6f7a8b9c", reason: "Replayed" },
  // The customer's own cancellation (issue 49 item 1) is no back-office move either.
  { intent: "cancel", reason: "other", note: "Replayed" },
  // Quotes (issue 50): only operators write, send or withdraw one; the customer's answers are no back-office post either.
  { intent: "quote-send", validUntil: "2099-01-01", "lines[0].description": "Replayed", "lines[0].quantity": "1", "lines[0].unitPrice": "1" },
  { intent: "quote-save", "lines[0].description": "Replayed", "lines[0].quantity": "1", "lines[0].unitPrice": "1" },
  { intent: "quote-withdraw" },
  { intent: "quote-accept", quote: "6f1c2b8e-2d4a-4c1e-9a7b-3e5d6f7a8b9c" },
  // Nor is the customer's proposal of a new date and time (ADR 43).
  { intent: "reschedule", date: "2099-01-15", time: "14:00" },
];

describe.each(DIALECTS)("back office access on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>;
  const stamp = Date.now();
  const secrets: string[] = [];
  const params: Record<string, string> = {};
  const visitors: { who: string; client: HttpClient }[] = [];

  const account = async (email: string, name: string) => (await signedInAccount(server.url, db.db, { email, name, password: PASSWORD })).client;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await sink.start(0);
    server = await startAppServer({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      SMTP_URL: sink.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PAGE_CACHE_SECONDS: "0",
      // Hundreds of replayed posts from one address: the per-client write limit would answer 429.
      RATE_LIMITS: "writes=100000",
    });
    db = connect(database.url);
    // The request belongs to someone else: what the customer and the provider try to reach is not theirs.
    const customerEmail = `owen.${stamp}@example.com`;
    const owner = await account(customerEmail, "Owen Owner");
    const customer = await account(`cora.${stamp}@example.com`, "Cora Customer");
    const providerEmail = `pia.${stamp}@example.com`;
    const provider = await account(providerEmail, "Pia Provider");
    await db.db.updateTable("user").set({ role: "provider" }).where("email", "=", providerEmail).execute();
    visitors.push({ who: "logged-out visitor", client: new HttpClient(server.url) }, { who: "customer", client: customer }, { who: "provider", client: provider });

    // Something of every kind the back office shows, so each page has data to leak.
    expect(
      (
        await owner.post("/book", {
          form: "service",
          returnTo: "/services/handyman",
          service: "Handyman Services",
          fullName: "Owen Owner",
          email: customerEmail,
          area: "Leslieville",
          preferredDate: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
          preferredTime: "09:00",
          notes: "Secret hinge",
        })
      ).status,
    ).toBe(303);
    const request = await db.db.selectFrom("requests").selectAll().where("email", "=", customerEmail).executeTakeFirstOrThrow();
    const admin = new HttpClient(server.url);
    expect((await admin.post("/auth/login", ADMIN)).status).toBe(302);
    expect((await admin.post(`/admin/requests/${request.reference}`, { intent: "note", body: "Operator-only remark" })).status).toBe(303);
    const mail = await db.db.selectFrom("mail_outbox").select("id").where("request_id", "=", request.id).executeTakeFirstOrThrow();
    const listing = await db.db.selectFrom("home_listings").select(["id", "address"]).executeTakeFirstOrThrow();
    // (Not the reference: a URL that carries it is echoed back, e.g. as the language picker's return path.)
    secrets.push(customerEmail, "Owen Owner", "Secret hinge", "Operator-only remark", listing.address);
    // Real ids for every parameter a back-office route may take; an unknown one gets a fresh id.
    Object.assign(params, {
      reference: request.reference,
      id: mail.id,
      messageId: mail.id,
      listingId: listing.id,
      applicationId: randomUUID(),
      documentId: randomUUID(),
      reviewId: randomUUID(),
      file: "requests.csv",
    });
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  const urls = () =>
    adminPaths(routes as RouteEntry[]).map((p) =>
      p.replace(/:(\w+)\??/g, (_m, name: string) => params[name] ?? randomUUID()),
    );

  it("finds the back office's routes in app/routes.ts", () => {
    const found = urls();
    expect(found).toContain("/admin");
    expect(found).toContain("/admin/requests");
    expect(found).toContain("/admin/system");
    expect(found.some((u) => u.startsWith("/admin/requests/GTA-"))).toBe(true);
  });

  it("sends a logged-out visitor's page request to log in and back; files are 403", async () => {
    const { client } = visitors[0]!;
    for (const url of urls()) {
      const res = await client.get(url);
      const body = await res.text();
      expect([302, 403], url).toContain(res.status);
      if (res.status === 302) expect(res.headers.get("location"), url).toBe(`/auth/login?${new URLSearchParams({ redirectTo: url })}`);
      for (const s of secrets) expect(body, `${url} leaks ${s}`).not.toContain(s);
    }
  });

  it("answers a customer and a provider with 403 and no data, on every page and file", async () => {
    for (const { who, client } of visitors.slice(1)) {
      for (const url of urls()) {
        const res = await client.get(url);
        const body = await res.text();
        expect(res.status, `${who} GET ${url}`).toBe(403);
        for (const s of secrets) expect(body, `${who} GET ${url} leaks ${s}`).not.toContain(s);
      }
    }
  });

  it("refuses every replayed admin post from anyone else with 403, changing nothing", async () => {
    const before = await db.db.selectFrom("requests").select(["id", "status", "deleted_at", "updated_at"]).orderBy("id").execute();
    const audits = (await db.db.selectFrom("audit_log").select("id").execute()).length;
    const notes = (await db.db.selectFrom("request_notes").select("id").execute()).length;
    const outbox = await db.db.selectFrom("mail_outbox").select(["id", "status"]).orderBy("id").execute();
    // The three visitors at once, each one post after another: the same posts, a third of the wait.
    await Promise.all(
      visitors.map(async ({ who, client }) => {
        for (const url of urls()) {
          // /admin/privacy and /admin/privacy/export (issue 28 item 5), aimed at the customer's own address.
          const privacy = ["find", "confirm", "erase", "export"].map((intent) => ({ intent, email: secrets[0]!, phone: "" }));
          for (const fields of [...REPLAYED_POSTS, ...privacy]) {
            const res = await client.post(url, fields);
            const body = await res.text();
            // 405: a route with nothing to post to (a document, an export) refuses every post.
            expect([403, 405], `${who} POST ${url} ${JSON.stringify(fields)}`).toContain(res.status);
            for (const s of secrets) expect(body, `${who} POST ${url} leaks ${s}`).not.toContain(s);
          }
        }
      }),
    );
    expect(await db.db.selectFrom("requests").select(["id", "status", "deleted_at", "updated_at"]).orderBy("id").execute()).toEqual(before);
    expect((await db.db.selectFrom("audit_log").select("id").execute()).length).toBe(audits);
    expect((await db.db.selectFrom("request_notes").select("id").execute()).length).toBe(notes);
    expect(await db.db.selectFrom("mail_outbox").select(["id", "status"]).orderBy("id").execute()).toEqual(outbox);
    // Hundreds of posts (every visitor × route × replayed form): 20 s one after another on a
    // quiet CI machine, past 30 s on a busy one.
  }, 120_000);

  it("shows the back office's link in the menu to admins only", async () => {
    const admin = new HttpClient(server.url);
    expect((await admin.post("/auth/login", ADMIN)).status).toBe(302);
    expect(await (await admin.get("/account")).text()).toMatch(/href="\/admin"/);
    for (const { who, client } of visitors) expect(await (await client.get("/account/bookings")).text(), who).not.toMatch(/href="\/admin"/);
  });
});
