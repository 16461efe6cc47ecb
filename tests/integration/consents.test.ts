import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENT_VERSIONS } from "~/modules/legal/versions";
import { POLICIES_EFFECTIVE_DATE, PRIVACY_EFFECTIVE_DATE } from "~/modules/site/constants";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { pageHtml } from "../support/html";
import { HttpClient } from "../support/http-client";
import { SmtpSink } from "../support/smtp-sink";

/**
 * Consent records (issue 28 item 6), over HTTP as a browser without JavaScript: sign-up and a
 * provider application record the versions accepted; a newer version of the Terms or the
 * Privacy Policy sends the person to /account/consent after log-in and from every account page
 * and account-only form until they accept (or log out); public pages stay open.
 */
const PASSWORD = "lanterns over the harbour";
const ADMIN = { email: "admin@example.test", password: "admin password for tests" };
const OLD_VERSION = "2020-01-01";
const CONSENT = "/account/consent";
let seq = 0;
const uniqueEmail = (tag: string) => `${tag}.${Date.now()}.${++seq}@example.com`;

describe.each(DIALECTS)("consent records on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>["db"];
  let close: () => Promise<void>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await sink.start(0);
    server = await startAppServer({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      SMTP_URL: sink.url,
      AUTH_SECRET: "integration-test-secret-0123456789abcdef",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    ({ db, close } = connect(database.url));
  });
  afterAll(async () => {
    await close?.();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  const consents = (userId: string) =>
    db.selectFrom("consents").select(["document", "version", "accepted_at", "method"]).where("user_id", "=", userId).orderBy("accepted_at").orderBy("document").execute();
  const userId = async (email: string) => (await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;

  /** Signs up through the form, marks the address verified (the email link is accounts.test.ts's), logs in. */
  async function member(tag: string) {
    const email = uniqueEmail(tag);
    const { client, id, signedIn } = await signedInAccount(server.url, db, { email, name: `Member ${tag}`, password: PASSWORD });
    expect(signedIn.headers.get("location")).toBe("/account");
    return { client, email, id };
  }

  /** What a change of version does to someone who accepted the earlier one: their latest is older. */
  const makeOutdated = (id: string) => db.updateTable("consents").set({ version: OLD_VERSION }).where("user_id", "=", id).execute();

  const acceptFields = (extra: Record<string, string> = {}) => ({
    versions: `terms:${CURRENT_VERSIONS.terms},privacy:${CURRENT_VERSIONS.privacy}`,
    ...extra,
  });

  it("records the current Terms and Privacy Policy versions at sign-up, with the time, and keeps termsAcceptedAt", async () => {
    const before = new Date().toISOString();
    const { id } = await member("signup");
    const after = new Date().toISOString();
    const rows = await consents(id);
    expect(rows.map((r) => [r.document, r.version, r.method])).toEqual([
      ["privacy", CURRENT_VERSIONS.privacy, "signup"],
      ["terms", CURRENT_VERSIONS.terms, "signup"],
    ]);
    for (const r of rows) {
      expect(r.accepted_at >= before && r.accepted_at <= after).toBe(true);
    }
    const user = await db.selectFrom("user").select("termsAcceptedAt").where("id", "=", id).executeTakeFirstOrThrow();
    expect(new Date(user.termsAcceptedAt!).toISOString()).toBe(rows[0]!.accepted_at);
    expect(CURRENT_VERSIONS.terms).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("records nothing new when a known address signs up again (the answer is the same as for a new one)", async () => {
    const { email, id } = await member("again");
    const rows = await consents(id);
    const again = await new HttpClient(server.url).post("/signup", { name: "Someone Else", email, password: PASSWORD, adult: "on", terms: "on" });
    expect(again.status).toBe(302);
    expect(await consents(id)).toEqual(rows);
  });

  it("records the Provider Guidelines (with the Terms and Privacy Policy) with a provider application, in its transaction", async () => {
    const { client, email, id } = await member("provider");
    const form = new FormData();
    const fields: Record<string, string> = {
      fullName: "Pat Provider",
      email,
      phone: "416 555 0142",
      address: "20 Dundas St W, Toronto",
      serviceArea: "Toronto",
      services: "cleaning",
      workStatus: "citizen",
      confirmEligibility: "on",
      idType: "passport",
      idNumber: "P1234567",
      idExpiry: "2035-01-31",
      agreeToPolicies: "on",
      consentToChecks: "on",
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 200, g: 200, b: 220 } } }).png().toBuffer();
    form.append("govIdFileFront", new File([new Uint8Array(png)], "passport.png", { type: "image/png" }));
    for (const name of ["govIdFileBack", "workPermitFile", "licenseFile"]) form.append(name, new File([], "", { type: "application/octet-stream" }));
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const before = new Date().toISOString();
    const res = await fetch(`${server.url}/become-a-provider`, { method: "POST", body: form, headers: { Cookie: cookie, Origin: server.url }, redirect: "manual" });
    expect(res.status).toBe(303);
    const application = await db.selectFrom("requests").select("created_at").where("user_id", "=", id).where("kind", "=", "provider-application").executeTakeFirstOrThrow();
    const rows = (await consents(id)).filter((r) => r.method === "provider-application");
    expect(rows.map((r) => [r.document, r.version])).toEqual([
      ["privacy", CURRENT_VERSIONS.privacy],
      ["provider-guidelines", CURRENT_VERSIONS["provider-guidelines"]],
      ["terms", CURRENT_VERSIONS.terms],
    ]);
    for (const r of rows) expect(r.accepted_at >= before && r.accepted_at <= application.created_at).toBe(true);
  });

  it("after a new version: log-in lands on the consent page, account pages and account-only forms lead there, public pages stay open; accepting records it and the account works", async () => {
    const { client, email, id } = await member("outdated");
    await makeOutdated(id);

    // Log-in, heading for a booking: the consent page first, then on to the booking.
    const fresh = new HttpClient(server.url);
    const login = await fresh.post("/auth/login?redirectTo=%2Faccount%2Fbookings", { email, password: PASSWORD, redirectTo: "/account/bookings" });
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe(`${CONSENT}?returnTo=%2Faccount%2Fbookings`);

    // A session that was open before the change is stopped too, on every account page.
    for (const path of ["/account", "/account/bookings", "/account/listings", "/account/reviews", "/account/security", "/homes/new", "/become-a-provider"]) {
      const res = await client.get(path);
      expect(res.status, path).toBe(303);
      expect(res.headers.get("location"), path).toBe(`${CONSENT}?returnTo=${encodeURIComponent(path)}`);
    }
    // React Router's data requests (client navigation) are redirected as well.
    const dataRequest = await client.get("/account/bookings.data");
    expect(dataRequest.headers.get("x-remix-redirect") ?? dataRequest.headers.get("location") ?? (await dataRequest.text())).toContain(CONSENT);

    // A form that needs an account writes nothing.
    const edit = await client.post("/account?index", { name: "Changed Name", email, phone: "" });
    expect(edit.status).toBe(303);
    // (React Router drops its own `?index` from the request: back to the page itself.)
    expect(edit.headers.get("location")).toBe(`${CONSENT}?returnTo=%2Faccount`);
    expect((await db.selectFrom("user").select("name").where("id", "=", id).executeTakeFirstOrThrow()).name).toBe("Member outdated");
    const booking = await client.post("/book", { form: "quick", returnTo: "/services/plumbing", name: "Member", email, phone: "416 555 0100" });
    expect(booking.status).toBe(303);
    expect(booking.headers.get("location")).toBe(`${CONSENT}?returnTo=%2Fservices%2Fplumbing`);
    expect(await db.selectFrom("requests").select("id").where("user_id", "=", id).execute()).toHaveLength(0);

    // Public pages are not blocked.
    for (const path of ["/", "/services", "/legal/terms", "/legal/privacy"]) expect((await client.get(path)).status, path).toBe(200);

    // The page: what changed, with links to the documents, "I accept" and a way out.
    const page = await client.get(`${CONSENT}?returnTo=%2Faccount%2Fbookings`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = (await pageHtml(page)).match(/<main[\s\S]*<\/main>/)![0];
    expect(html).toContain("We&#x27;ve updated our policies");
    expect(html).toContain('href="/legal/terms"');
    expect(html).toContain('href="/legal/privacy"');
    expect(html).not.toContain('href="/legal/provider-guidelines"');
    expect(html).toContain("Terms of Use");
    expect(html).toContain("Privacy Policy");
    expect(html).toContain(`<time dateTime="${CURRENT_VERSIONS.terms}">New version effective September 25, 2025</time>`);
    expect(html).toContain(`<time dateTime="${CURRENT_VERSIONS.privacy}">New version effective November 27, 2026</time>`);
    expect(html).toMatch(/<form[^>]*method="post"[^>]*>[\s\S]*?name="versions"[\s\S]*?<button type="submit"[^>]*>I accept<\/button>/);
    expect(html).toMatch(/<form[^>]*action="\/auth\/logout"/);

    const accepted = await client.post(CONSENT, acceptFields({ returnTo: "/account/bookings" }));
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("location")).toBe("/account/bookings");
    const reaccepted = (await consents(id)).filter((r) => r.method === "re-accept");
    expect(reaccepted.map((r) => [r.document, r.version])).toEqual([
      ["privacy", CURRENT_VERSIONS.privacy],
      ["terms", CURRENT_VERSIONS.terms],
    ]);
    expect((await consents(id)).filter((r) => r.version === OLD_VERSION)).toHaveLength(2);

    expect((await client.get("/account/bookings")).status).toBe(200);
    expect((await client.get("/account")).status).toBe(200);
    // Nothing left to accept: the page sends on, and a second accept records nothing.
    const again = await client.get(`${CONSENT}?returnTo=%2Faccount%2Freviews`);
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/account/reviews");
    expect((await client.post(CONSENT, acceptFields())).status).toBe(303);
    expect((await consents(id)).filter((r) => r.method === "re-accept")).toHaveLength(2);
    const login2 = await new HttpClient(server.url).post("/auth/login", { email, password: PASSWORD });
    expect(login2.headers.get("location")).toBe("/account");
  });

  it("asks everyone who accepted the spec's Privacy Policy (2025-09-25) to accept the one with their data rights, and only it (ADR 26)", async () => {
    const { email, id } = await member("before-issue-28");
    await db.updateTable("consents").set({ version: POLICIES_EFFECTIVE_DATE }).where("user_id", "=", id).execute();
    const client = new HttpClient(server.url);
    const login = await client.post("/auth/login", { email, password: PASSWORD });
    expect(login.headers.get("location")).toBe(`${CONSENT}?returnTo=%2Faccount`);
    const html = (await pageHtml(await client.get(`${CONSENT}?returnTo=%2Faccount`))).match(/<main[\s\S]*<\/main>/)![0];
    expect(html).toContain('href="/legal/privacy"');
    expect(html).not.toContain('href="/legal/terms"');
    expect((await client.post(CONSENT, { versions: `privacy:${CURRENT_VERSIONS.privacy}`, returnTo: "/account" })).status).toBe(303);
    expect((await consents(id)).filter((r) => r.method === "re-accept").map((r) => [r.document, r.version])).toEqual([["privacy", PRIVACY_EFFECTIVE_DATE]]);
    expect((await client.get("/account")).status).toBe(200);
  });

  it("logging out instead of accepting works, records nothing, and the question comes back at the next log-in", async () => {
    const { client, email, id } = await member("decline");
    await makeOutdated(id);
    expect((await client.get(CONSENT)).status).toBe(200);
    const out = await client.post("/auth/logout", {});
    expect(out.status).toBe(303);
    expect(out.headers.get("location")).toBe("/");
    expect(client.sessionToken).toBeUndefined();
    expect((await client.get("/account")).headers.get("location")).toMatch(/^\/auth\/login\?redirectTo=/);
    expect((await client.get(CONSENT)).headers.get("location")).toMatch(/^\/auth\/login\?redirectTo=/);
    expect(await consents(id)).toHaveLength(2);
    expect((await consents(id)).every((r) => r.version === OLD_VERSION)).toBe(true);
    // A post to the page without a session records nothing either.
    expect((await client.post(CONSENT, acceptFields())).status).toBe(401);
    expect(await consents(id)).toHaveLength(2);

    const login = await client.post("/auth/login", { email, password: PASSWORD });
    expect(login.headers.get("location")).toBe(`${CONSENT}?returnTo=%2Faccount`);
  });

  it("leaves every other person's consents and access alone", async () => {
    const a = await member("alice");
    const b = await member("bob");
    await makeOutdated(a.id);
    const bobRows = await consents(b.id);
    expect((await b.client.get("/account")).status).toBe(200);
    expect((await a.client.get("/account")).status).toBe(303);
    expect((await a.client.post(CONSENT, acceptFields())).status).toBe(303);
    expect(await consents(b.id)).toEqual(bobRows);
    // Bob's own accept (nothing outdated) writes nothing, to him or to Alice.
    const aliceRows = await consents(a.id);
    expect((await b.client.post(CONSENT, acceptFields())).status).toBe(303);
    expect(await consents(b.id)).toEqual(bobRows);
    expect(await consents(a.id)).toEqual(aliceRows);
  });

  it("keeps a hostile returnTo on the site, and refuses a stale or tampered acceptance without recording it", async () => {
    const { client, id } = await member("hostile");
    await makeOutdated(id);
    for (const returnTo of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "/.//evil.example", "/account/consent?returnTo=/account"]) {
      const page = await client.get(`${CONSENT}?returnTo=${encodeURIComponent(returnTo)}`);
      expect(page.status).toBe(200);
      expect(await pageHtml(page)).toMatch(/name="returnTo" value="\/account"/);
    }
    // Stale: the page showed an older version than the one in force now.
    const stale = await client.post(CONSENT, { versions: `terms:${OLD_VERSION},privacy:${OLD_VERSION}`, returnTo: "/account" });
    expect(stale.status).toBe(409);
    expect(await pageHtml(stale)).toContain("These documents changed while this page was open.");
    const tampered = await client.post(CONSENT, { returnTo: "/account" });
    expect(tampered.status).toBe(400);
    expect((await consents(id)).filter((r) => r.method === "re-accept")).toHaveLength(0);

    const accepted = await client.post(CONSENT, acceptFields({ returnTo: "//evil.example/x" }));
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("location")).toBe("/account");
    // Log-in with a hostile redirectTo: the consent page, then home in My Account.
    await makeOutdated(id);
    const email = (await db.selectFrom("user").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email;
    const login = await new HttpClient(server.url).post("/auth/login", { email, password: PASSWORD, redirectTo: "https://evil.example/" });
    expect(login.headers.get("location")).toBe(`${CONSENT}?returnTo=%2Faccount`);
  });

  it("speaks the reader's language", async () => {
    const { client, id } = await member("french");
    await makeOutdated(id);
    client.cookies.set("lang", "fr-CA");
    const html = await pageHtml(await client.get(`/fr${CONSENT}`));
    expect(html).toContain("Nous avons mis à jour nos politiques");
    expect(html).toContain("J&#x27;accepte");
    expect(html).toContain('href="/fr/legal/terms"');
  });

  it("does not lock the ADMIN_EMAIL account out: its consents are recorded at start-up", async () => {
    const id = await userId(ADMIN.email);
    const rows = await consents(id);
    expect(rows.map((r) => [r.document, r.version, r.method])).toEqual([
      ["privacy", CURRENT_VERSIONS.privacy, "admin-setup"],
      ["provider-guidelines", CURRENT_VERSIONS["provider-guidelines"], "admin-setup"],
      ["terms", CURRENT_VERSIONS.terms, "admin-setup"],
    ]);
    const admin = new HttpClient(server.url);
    const login = await admin.post("/auth/login", ADMIN);
    expect(login.headers.get("location")).toBe("/account");
    expect((await admin.get("/account")).status).toBe(200);
  });
});
