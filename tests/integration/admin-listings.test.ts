import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { getRuntime, type Runtime, startRuntime } from "~/lib/runtime.server";
import { seedAtStart } from "../../db/seed/start.server";
import { monthlyPrice, searchText } from "~/modules/homes/derived";
import { submitRequest } from "~/modules/requests/requests.server";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { pageHtml } from "../support/html";
import { HttpClient } from "../support/http-client";
import { SmtpSink } from "../support/smtp-sink";

/**
 * Listings moderation over HTTP, as an operator's browser without JavaScript posts it (issue 13
 * item 5): the list (waiting first, filters, pages), the review page (details, photos, the STR
 * number and its format check, the owner), approve (a short-term listing only with the operator's
 * tick), reject with a reason, and the owner's verification per account. Every refused post
 * changes nothing; every decision writes an audit row and emails the owner.
 */
const PASSWORD = "orchard by the river";
const ADMIN = { email: "admin@example.test", password: "correct horse battery staple" };
const SEEDED = "h-annex-studio"; // a sample listing: published, no owner account, no request

describe.each(DIALECTS)("listings moderation on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  let runtime: Runtime;
  const sink = new SmtpSink();
  let admin: HttpClient;
  let user: HttpClient;
  let adminId = "";
  const owner = { client: undefined as unknown as HttpClient, id: "", email: `owner.${Date.now()}@example.com` };

  const account = (email: string, name: string) => signedInAccount(server.url, getRuntime().db, { email, name, password: PASSWORD });

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await sink.start(0);
    server = await startAppServer({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      SMTP_URL: sink.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Listings are created here, behind the server's back: no page is reused from its store.
      PAGE_CACHE_SECONDS: "0",
    });
    const env = parseEnv({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, OPERATOR_EMAIL: "operator@example.test", PUBLIC_URL: server.url });
    runtime = await startRuntime(env, { startMailWorker: false, seed: seedAtStart, log: () => {} });
    Object.assign(owner, await account(owner.email, "Olivia Owner"));
    user = (await account(`user.${Date.now()}@example.com`, "Uma User")).client;
    admin = new HttpClient(server.url);
    expect((await admin.post("/auth/login", ADMIN)).status).toBe(302);
    adminId = (await getRuntime().db.selectFrom("user").select("id").where("email", "=", ADMIN.email).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await runtime?.stop();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  /** A second writer on the server's SQLite file may meet a lock: try again, as a person would. */
  async function retry<T>(operation: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await operation();
      } catch (error) {
        if (attempt > 20 || !/database is locked|SQLITE_BUSY/.test(String(error))) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  /** A submitted listing under review, as the wizard leaves it (listing row + its request). */
  async function submitted(opts: { title: string; night?: boolean; str?: string | null; createdAt?: string; ownerId?: string | null }) {
    const id = `l-${randomBytes(8).toString("hex")}`;
    const night = opts.night ?? false;
    const createdAt = opts.createdAt ?? new Date().toISOString();
    await retry(() =>
      getRuntime()
        .db.insertInto("home_listings")
        .values({
          id,
          title: opts.title,
          property_type: night ? "ShortTerm" : "1BR",
          price: night ? 150 : 2100,
          price_unit: night ? "night" : "month",
          city: "Toronto",
          neighborhood: "Leslieville",
          address: "8 Carlaw Ave, Toronto, ON M4M 2R6",
          bedrooms: 1,
          bathrooms: 1,
          furnished: 1,
          pet_friendly: 0,
          parking: 0,
          amenities: JSON.stringify(["Wi-Fi"]),
          available_from: "2030-01-01",
          images: "[]",
          description: `A calm place. ${opts.title}`,
          landlord_name: "Olivia Owner",
          landlord_avatar: "/images/avatars/default.svg",
          landlord_verified: 0,
          status: "pending",
          created_at: createdAt,
          owner_user_id: opts.ownerId === undefined ? owner.id : opts.ownerId,
          owner_name: "Olivia Owner",
          owner_email: owner.email,
          owner_phone: null,
          province: "Ontario",
          postal: null,
          deposit: null,
          min_stay: null,
          lease_term: null,
          str_registration: night ? (opts.str ?? null) : null,
          price_monthly: monthlyPrice(night ? 150 : 2100, night ? "night" : "month"),
          search_text: searchText({ title: opts.title, city: "Toronto", neighborhood: "Leslieville", description: opts.title }),
        })
        .execute(),
    );
    const sent = await retry(() =>
      submitRequest(
        "listing",
        {
          listingId: id,
          title: opts.title,
          ownerName: "Olivia Owner",
          ownerEmail: owner.email,
          address: "8 Carlaw Ave",
          photoCount: 0,
          priceType: night ? "night" : "month",
          ...(night ? { strRegistration: opts.str } : {}),
        },
        { user: null, clientIp: "198.51.100.20", locale: "en-US" },
      ),
    );
    return { id, requestId: sent.id, reference: sent.reference };
  }

  const listingRow = (id: string) => getRuntime().db.selectFrom("home_listings").select(["status", "landlord_verified"]).where("id", "=", id).executeTakeFirstOrThrow();
  const requestStatus = async (id: string) =>
    (await getRuntime().db.selectFrom("requests").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
  const audit = (entityId: string) =>
    getRuntime().db.selectFrom("audit_log").selectAll().where("entity_id", "=", entityId).orderBy("created_at").execute();
  const statusMails = (reference: string) => sink.messages.filter((m) => m.to.includes(owner.email) && m.text.includes(reference) && m.subject.startsWith("Your listing"));
  /** What must hold after a refused post: nothing moved, nothing recorded, nobody emailed. */
  async function unchanged(l: { id: string; requestId: string; reference: string }) {
    expect((await listingRow(l.id)).status).toBe("pending");
    expect(await requestStatus(l.requestId)).toBe("received");
    expect(await audit(l.id)).toEqual([]);
    const outbox = await getRuntime().db.selectFrom("mail_outbox").select("kind").where("kind", "=", "listing.status").where("subject", "like", `%${l.reference}%`).execute();
    expect(outbox).toEqual([]);
  }

  it("is for admins only: log in to see it, 403 for anyone else, and their posts change nothing", async () => {
    const l = await submitted({ title: "Quiet 1BR by the park" });
    const list = await new HttpClient(server.url).get("/admin/listings");
    expect(list.status).toBe(302);
    expect(list.headers.get("location")).toBe("/auth/login?redirectTo=%2Fadmin%2Flistings");
    for (const client of [user, owner.client]) {
      const page = await client.get(`/admin/listings/${l.id}`);
      expect(page.status).toBe(403);
      expect(await page.text()).not.toContain("Quiet 1BR by the park");
      // An admin's form, replayed with their own session.
      for (const fields of [{ intent: "approve" }, { intent: "reject", reason: "Spam" }, { intent: "verify" }] as Record<string, string>[]) {
        const post = await client.post(`/admin/listings/${l.id}`, fields);
        expect(post.status).toBe(403);
        expect(await post.text()).not.toContain("Quiet 1BR by the park");
      }
    }
    expect((await new HttpClient(server.url).post(`/admin/listings/${l.id}`, { intent: "approve" })).status).toBe(403);
    await unchanged(l);
    expect(await getRuntime().db.selectFrom("owner_verifications").selectAll().execute()).toEqual([]);
  });

  it("lists waiting listings first (longest-waiting on top), filters by status and pages", async () => {
    const older = await submitted({ title: "Older pending loft", createdAt: "2026-01-02T10:00:00.000Z" });
    const res = await admin.get("/admin/listings");
    expect(res.status).toBe(200);
    const html = await pageHtml(res);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain("Listings waiting for review come first");
    const at = (text: string) => html.indexOf(text);
    expect(at("Older pending loft")).toBeGreaterThan(-1);
    expect(at("Older pending loft")).toBeLessThan(at("Quiet 1BR by the park"));
    // Sample (seeded) listings are published, after every pending one.
    expect(at("Quiet 1BR by the park")).toBeLessThan(at("Sample listing"));
    expect(html).toContain(`href="/admin/listings/${older.id}"`);

    const published = await pageHtml(await admin.get("/admin/listings?status=published"));
    expect(published).not.toContain("Older pending loft");
    expect(published).toContain("Sample listing");
    const pending = await pageHtml(await admin.get("/admin/listings?status=pending"));
    expect(pending).toContain("Older pending loft");
    expect(pending).not.toContain("Sample listing");

    // 25 to a page: enough pending listings make a second page.
    for (let i = 0; i < 24; i++) await submitted({ title: `Filler listing ${i}` });
    const first = await pageHtml(await admin.get("/admin/listings?status=pending"));
    expect(first).toContain('href="/admin/listings?status=pending&amp;page=2"');
    expect(first).toContain("Page 1 of 2");
    const second = await pageHtml(await admin.get("/admin/listings?status=pending&page=2"));
    expect(second).toContain("Page 2 of 2");
    expect(second).not.toContain("Older pending loft");
  });

  it("approves a short-term listing only once the operator ticks that they checked its STR number", async () => {
    const l = await submitted({ title: "Harbourfront nightly suite", night: true, str: "STR-2407-A1B2C3" });
    const page = await pageHtml(await admin.get(`/admin/listings/${l.id}`));
    expect(page).toContain("Short-term rental registration");
    expect(page).toContain("STR-2407-A1B2C3");
    expect(page).toContain("Valid format (STR-0000-XXXXXX)");
    expect(page).toContain("I checked registration number STR-2407-A1B2C3 with the City of Toronto.");
    expect(page).toContain("8 Carlaw Ave, Toronto, ON M4M 2R6");
    expect(page).toContain(`href="/admin/requests/${l.reference}"`);
    expect(page).toContain("Mark owner verified");

    const refused = await admin.post(`/admin/listings/${l.id}`, { intent: "approve" });
    expect(refused.status).toBe(400);
    expect(await pageHtml(refused)).toContain("Confirm that you checked the registration number with the City.");
    await unchanged(l);
    // Not through the inbox's generic move either: publishing is the moderation's own move.
    await admin.post(`/admin/requests/${l.reference}`, { intent: "move", to: "published", note: "" });
    await unchanged(l);

    const approved = await admin.post(`/admin/listings/${l.id}`, { intent: "approve", strChecked: "on" });
    expect(approved.status).toBe(303);
    expect(approved.headers.get("location")).toBe(`/admin/listings/${l.id}`);
    const after = await pageHtml(await admin.get(`/admin/listings/${l.id}`));
    expect(after).toContain("Listing Approved");
    expect(after).toContain("“Harbourfront nightly suite” is live and the owner has been emailed.");
    expect((await listingRow(l.id)).status).toBe("published");
    expect(await requestStatus(l.requestId)).toBe("published");
    const [entry, ...more] = await audit(l.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actor_user_id: adminId, action: "listing.approve", entity_type: "listing" });
    expect(JSON.parse(entry!.before!)).toEqual({ status: "received", visibility: "pending" });
    expect(JSON.parse(entry!.after!)).toEqual({ status: "published", visibility: "published", strRegistration: "STR-2407-A1B2C3", strChecked: true });

    const mail = await sink.waitFor((m) => m.to.includes(owner.email) && m.subject === "Your listing is live" && m.text.includes(l.reference));
    expect(mail.text).toContain("Published");
    // The Published email links the live listing (issue 51).
    expect(mail.html).toContain(`/homes/${l.id}"`);
    // Live: on /homes and its own page, with the registration number.
    const anonymous = new HttpClient(server.url);
    expect(await pageHtml(await anonymous.get("/homes?q=Harbourfront"))).toContain("Harbourfront nightly suite");
    const detail = await pageHtml(await anonymous.get(`/homes/${l.id}`));
    expect(detail).toContain("STR-2407-A1B2C3");
    expect(detail).not.toContain("Verified Owner");
    // Approving twice is refused: nothing more is written.
    expect((await admin.post(`/admin/listings/${l.id}`, { intent: "approve", strChecked: "on" })).status).toBe(409);
    expect(await audit(l.id)).toHaveLength(1);
  });

  it("refuses to approve a short-term listing whose number is missing or malformed, tick or not", async () => {
    const l = await submitted({ title: "Nightly room with a bad number", night: true, str: "STR-12" });
    const page = await pageHtml(await admin.get(`/admin/listings/${l.id}`));
    expect(page).toContain("Not in the format STR-0000-XXXXXX");
    const refused = await admin.post(`/admin/listings/${l.id}`, { intent: "approve", strChecked: "on" });
    expect(refused.status).toBe(409);
    expect(await pageHtml(refused)).toContain("The registration number is missing or not in the format STR-0000-XXXXXX");
    await unchanged(l);
  });

  it("approves a monthly listing without any STR question", async () => {
    const l = await submitted({ title: "Monthly 1BR in Riverdale" });
    const page = await pageHtml(await admin.get(`/admin/listings/${l.id}`));
    expect(page).not.toContain("Short-term rental registration");
    expect(page).not.toContain('name="strChecked"');
    expect((await admin.post(`/admin/listings/${l.id}`, { intent: "approve" })).status).toBe(303);
    expect((await listingRow(l.id)).status).toBe("published");
  });

  it("rejects only with a reason, which the owner is emailed", async () => {
    const l = await submitted({ title: "Basement with no window" });
    for (const reason of ["", "   "]) {
      const refused = await admin.post(`/admin/listings/${l.id}`, { intent: "reject", reason });
      expect(refused.status).toBe(400);
      expect(await pageHtml(refused)).toContain("Please give a reason.");
    }
    expect((await admin.post(`/admin/listings/${l.id}`, { intent: "reject", reason: "x".repeat(1001) })).status).toBe(400);
    await unchanged(l);

    const reason = "Bedrooms need a window to be listed (Provider Guidelines §3).";
    const rejected = await admin.post(`/admin/listings/${l.id}`, { intent: "reject", reason });
    expect(rejected.status).toBe(303);
    expect(await pageHtml(await admin.get(`/admin/listings/${l.id}`))).toContain("Listing Rejected");
    expect((await listingRow(l.id)).status).toBe("rejected");
    expect(await requestStatus(l.requestId)).toBe("rejected");
    const [entry] = await audit(l.id);
    expect(entry).toMatchObject({ actor_user_id: adminId, action: "listing.reject", note: reason });
    expect(JSON.parse(entry!.after!)).toMatchObject({ status: "rejected" });
    const mail = await sink.waitFor((m) => m.to.includes(owner.email) && m.subject === "Your listing was not approved" && m.text.includes(l.reference));
    expect(mail.text).toContain(reason);
    expect(statusMails(l.reference)).toHaveLength(1);
    expect((await new HttpClient(server.url).get(`/homes/${l.id}`)).status).toBe(404);
  });

  it("verifies the owner's account: 'Verified Owner' on every listing of theirs; a sample listing on its own", async () => {
    const first = await submitted({ title: "Verified owner's first place" });
    const second = await submitted({ title: "Verified owner's second place" });
    for (const l of [first, second]) expect((await admin.post(`/admin/listings/${l.id}`, { intent: "approve" })).status).toBe(303);
    const anonymous = new HttpClient(server.url);
    expect(await pageHtml(await anonymous.get(`/homes/${second.id}`))).not.toContain("Verified Owner");

    const verified = await admin.post(`/admin/listings/${first.id}`, { intent: "verify" });
    expect(verified.status).toBe(303);
    expect(await pageHtml(await admin.get(`/admin/listings/${first.id}`))).toContain("Owner Verified");
    expect(await getRuntime().db.selectFrom("owner_verifications").select(["user_id", "verified_by"]).execute()).toEqual([
      { user_id: owner.id, verified_by: adminId },
    ]);
    for (const l of [first, second]) expect(await pageHtml(await anonymous.get(`/homes/${l.id}`))).toContain("Verified Owner");
    // Per account, not per listing: the other listing's page offers to remove it.
    expect(await pageHtml(await admin.get(`/admin/listings/${second.id}`))).toContain("Remove verification");
    const [entry] = await audit(owner.id);
    expect(entry).toMatchObject({ actor_user_id: adminId, action: "owner.verify", entity_type: "user" });
    expect(JSON.parse(entry!.before!)).toEqual({ verified: false });
    expect(JSON.parse(entry!.after!)).toMatchObject({ verified: true, verifiedBy: adminId });

    // Verifying again changes nothing and records nothing.
    expect((await admin.post(`/admin/listings/${second.id}`, { intent: "verify" })).status).toBe(303);
    expect(await audit(owner.id)).toHaveLength(1);

    expect((await admin.post(`/admin/listings/${second.id}`, { intent: "unverify" })).status).toBe(303);
    expect(await getRuntime().db.selectFrom("owner_verifications").selectAll().execute()).toEqual([]);
    for (const l of [first, second]) expect(await pageHtml(await anonymous.get(`/homes/${l.id}`))).not.toContain("Verified Owner");
    expect((await audit(owner.id)).map((a) => a.action)).toEqual(["owner.verify", "owner.unverify"]);

    // A sample listing has no owner account: its own flag, seeded as verified, is what moves.
    expect(await pageHtml(await anonymous.get(`/homes/${SEEDED}`))).toContain("Verified Owner");
    const sample = await pageHtml(await admin.get(`/admin/listings/${SEEDED}`));
    expect(sample).toContain("This sample listing has no request");
    expect(sample).toContain("This listing has no owner account");
    expect((await admin.post(`/admin/listings/${SEEDED}`, { intent: "unverify" })).status).toBe(303);
    expect((await listingRow(SEEDED)).landlord_verified).toBe(0);
    expect(await pageHtml(await anonymous.get(`/homes/${SEEDED}`))).not.toContain("Verified Owner");
    const [seededEntry] = await audit(SEEDED);
    expect(seededEntry).toMatchObject({ action: "owner.unverify", entity_type: "listing" });
    expect((await admin.post(`/admin/listings/${SEEDED}`, { intent: "approve" })).status).toBe(409);
    expect((await admin.get("/admin/listings/no-such-listing")).status).toBe(404);
  });
});
