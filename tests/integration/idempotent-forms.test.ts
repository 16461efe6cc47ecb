import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_TOKEN_FIELD, newFormToken } from "~/lib/form-token";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { pageHtml } from "../support/html";
import { HttpClient } from "../support/http-client";
import { FUTURE_DATE, type RequestForm, requestForms } from "../support/request-forms";
import { SmtpSink } from "../support/smtp-sink";

/**
 * Issue 33 item 3: a request form posted twice — a double click without JavaScript (the browser
 * sends both posts), a retry, two app processes taking one post each — stores one request and
 * sends one operator email and one confirmation; the second post answers as the first did (the
 * same page, the same reference). Every request form carries a one-time token the server renders
 * into it; the database's unique `submission_key` decides a race.
 */
const REFERENCE = /GTA-[2-9A-HJKMNP-TV-Z]{6}/;

/** Where each request form is shown (the page a visitor posts it from). */
const FORM_PAGES: Record<string, string> = {
  "contact-message": "/contact",
  "service-request": "/services?q=zzzz",
  "quick-booking": "/services/handyman?book=1",
  booking: "/services/handyman?book=1",
  "chauffeur-contact": "/cars?contact=1",
  "car-request": "/cars/request?type=airport-transfer",
  "city-request": "/homes?request=city",
  "rent-request": "/homes/h-annex-studio?rent=1",
  listing: "/homes/new",
  "provider-application": "/become-a-provider",
};

const tokenIn = (html: string) => new RegExp(`name="${FORM_TOKEN_FIELD}" value="([A-Za-z0-9_-]{16,64})"`).exec(html)?.[1];

const png = () => sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 40, g: 160, b: 120 } } }).png().toBuffer();

describe.each(DIALECTS)("request forms posted twice on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>;
  let member: HttpClient;
  const run = `${Date.now().toString(36)}${dialect[0]}`;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await sink.start(0);
    server = await startAppServer({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      SMTP_URL: sink.url,
      OPERATOR_EMAIL: "operator@example.test",
      // Only what is under test may withhold a confirmation or a post.
      RATE_LIMITS: "confirmationsPerClient=1000,writes=10000",
    });
    db = connect(database.url);
    member = (await signedInAccount(server.url, db.db, { email: `member.${run}@example.com`, name: "Ada Member" })).client;
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  /** Another browser tab of the same visitor: the same cookies, its own jar from now on. */
  const sameBrowser = (client: HttpClient) => {
    const copy = new HttpClient(server.url);
    for (const [k, v] of client.cookies) copy.cookies.set(k, v);
    return copy;
  };
  /** What a post answered, as the visitor sees it: where it sent them and the reference shown there. */
  async function answerOf(client: HttpClient, res: Response) {
    const location = res.headers.get("location");
    const shown = location ? await pageHtml(await client.get(location)) : await pageHtml(res);
    return { status: res.status, location, reference: REFERENCE.exec(shown)?.[0] ?? null };
  }
  const requestsBy = (email: string) => db.db.selectFrom("requests").select(["id", "kind", "reference"]).where("email", "=", email).execute();
  const mailOf = async (requestIds: string[]) =>
    requestIds.length
      ? (await db.db.selectFrom("mail_outbox").select("kind").where("request_id", "in", requestIds).execute()).map((r) => r.kind).sort()
      : [];

  /** Exactly one request of the form's kind with one operator email and one confirmation. */
  async function storedOnce(form: RequestForm | { kind: string }, email: string) {
    const rows = await requestsBy(email);
    expect(rows, `${form.kind}: requests`).toHaveLength(1);
    expect(rows[0]!.kind).toBe(form.kind);
    expect(await mailOf(rows.map((r) => r.id)), `${form.kind}: emails`).toEqual([`${form.kind}.customer`, `${form.kind}.operator`]);
    return rows[0]!;
  }

  it("renders a one-time token into every request form, a new one on every page", async () => {
    for (const [kind, page] of Object.entries(FORM_PAGES)) {
      const first = tokenIn(await pageHtml(await member.get(page)));
      const second = tokenIn(await pageHtml(await member.get(page)));
      expect(first, `${kind} on ${page}`).toBeTruthy();
      expect(second, `${kind} on ${page}`).not.toBe(first);
    }
    // Also on the page an anonymous visitor gets (before any script runs).
    expect(tokenIn(await pageHtml(await new HttpClient(server.url).get("/contact")))).toBeTruthy();
  });

  const forms = requestForms();
  it.each(forms.map((f, i) => [`${f.kind} ${f.path}`, i] as const))("%s: the same post twice, one after the other and at once, is stored and emailed once", async (_, i) => {
    for (const mode of ["sequential", "concurrent"] as const) {
      const email = `twice.${i}.${mode}.${run}@example.com`;
      const form = requestForms(email)[i]!;
      const fields = { ...form.fields, [FORM_TOKEN_FIELD]: newFormToken() };
      const visitor = form.signedIn ? member : new HttpClient(server.url);
      const [a, b] = [sameBrowser(visitor), sameBrowser(visitor)];
      const [first, second] =
        mode === "sequential" ? [await a.post(form.path, fields), await b.post(form.path, fields)] : await Promise.all([a.post(form.path, fields), b.post(form.path, fields)]);
      expect(first.status, `${form.kind} ${mode}`).toBeLessThan(400);
      const row = await storedOnce(form, email);
      const answers = [await answerOf(a, first), await answerOf(b, second)];
      expect(answers[1], `${form.kind} ${mode}: the second answer`).toEqual(answers[0]);
      if (answers[0]!.reference) expect(answers[0]!.reference).toBe(row.reference);
    }
  });

  it("keeps forms without a token working (no deduplication), and a changed post is a new request", async () => {
    const email = `untokened.${run}@example.com`;
    const [contact] = requestForms(email);
    expect((await new HttpClient(server.url).post(contact!.path, contact!.fields)).status).toBe(302);
    expect((await new HttpClient(server.url).post(contact!.path, contact!.fields)).status).toBe(302);
    expect(await requestsBy(email)).toHaveLength(2);

    // Back to the page (same token) and another message: that is a second request, not a replay.
    const changedEmail = `changed.${run}@example.com`;
    const token = newFormToken();
    const visitor = new HttpClient(server.url);
    const base = requestForms(changedEmail)[0]!.fields;
    await visitor.post("/contact", { ...base, [FORM_TOKEN_FIELD]: token });
    await visitor.post("/contact", { ...base, message: "One more thing", [FORM_TOKEN_FIELD]: token });
    expect(await requestsBy(changedEmail)).toHaveLength(2);
  });

  it("the listing wizard's Submit, twice, stores one listing and one request", async () => {
    const email = `lister.${run}@example.com`;
    const { client: owner } = await signedInAccount(server.url, db.db, { email, name: "Grace Lister" });
    const step = (n: number, intent: string, fields: Record<string, string | string[]> = {}, client = owner) => client.post("/homes/new", { step: String(n), intent, ...fields });
    expect((await step(1, "next", { ownerName: "Grace Lister", ownerEmail: email, ownerPhone: "416 555 0199", agreed: "on" })).status).toBe(303);
    const property = {
      propertyType: "2BR",
      address: "12 Queen Street East",
      city: "Toronto",
      province: "Ontario",
      postal: "M5C 1R6",
      neighborhood: "St. Lawrence",
      bedrooms: "2",
      bathrooms: "1",
      furnished: "Yes",
      petFriendly: "No",
      utilitiesIncluded: "Yes",
      description: "Bright corner unit above the market, close to the streetcar.",
      amenities: ["Wi-Fi"],
    };
    expect((await step(2, "next", property)).status).toBe(303);
    expect((await step(3, "next", { price: "2800", priceType: "month", deposit: "2800", minStay: "12 months", availableFrom: FUTURE_DATE, leaseTerm: "12+ months" })).status).toBe(303);
    const photos = new FormData();
    photos.set("step", "4");
    photos.set("intent", "upload");
    photos.append("files", new File([new Uint8Array(await png())], "front.png", { type: "image/png" }));
    const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    expect((await fetch(`${server.url}/homes/new`, { method: "POST", body: photos, headers: { Cookie: cookie, Origin: server.url }, redirect: "manual" })).status).toBeLessThan(400);

    const token = tokenIn(await pageHtml(await owner.get("/homes/new")));
    expect(token).toBeTruthy();
    const [a, b, c] = [sameBrowser(owner), sameBrowser(owner), sameBrowser(owner)];
    const [first, second] = await Promise.all([step(4, "submit", { [FORM_TOKEN_FIELD]: token! }, a), step(4, "submit", { [FORM_TOKEN_FIELD]: token! }, b)]);
    const third = await step(4, "submit", { [FORM_TOKEN_FIELD]: token! }, c);
    const row = await storedOnce({ kind: "listing" }, email);
    const answers = [await answerOf(a, first), await answerOf(b, second), await answerOf(c, third)];
    expect(answers[0]).toMatchObject({ status: 302, location: "/request-success", reference: row.reference });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    const listings = await db.db.selectFrom("home_listings").select("id").where("owner_email", "=", email).execute();
    expect(listings).toHaveLength(1);
  });

  it("the provider application (multipart), twice, stores one application and its documents once", async () => {
    const email = `applicant.${run}@example.com`;
    const { client: applicant } = await signedInAccount(server.url, db.db, { email, name: "Mario Applicant" });
    const token = tokenIn(await pageHtml(await applicant.get("/become-a-provider")));
    expect(token).toBeTruthy();
    const id = await png();
    const post = (client: HttpClient) => {
      const form = new FormData();
      const fields = {
        fullName: "Mario Applicant",
        email,
        phone: "416 555 0142",
        address: "20 Dundas St W, Toronto",
        serviceArea: "Toronto, Etobicoke",
        workStatus: "citizen",
        confirmEligibility: "on",
        idType: "passport",
        idNumber: "P1234567",
        idExpiry: "2035-01-31",
        agreeToPolicies: "on",
        consentToChecks: "on",
        services: "handyman",
        [FORM_TOKEN_FIELD]: token!,
      };
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append("govIdFileFront", new File([new Uint8Array(id)], "passport.png", { type: "image/png" }));
      for (const name of ["govIdFileBack", "workPermitFile", "licenseFile"]) form.append(name, new File([], "", { type: "application/octet-stream" }));
      const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      return fetch(`${server.url}/become-a-provider`, { method: "POST", body: form, headers: { Cookie: cookie, Origin: server.url }, redirect: "manual" });
    };
    const [first, second] = await Promise.all([post(applicant), post(applicant)]);
    const third = await post(applicant);
    for (const res of [first, second, third]) {
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/provider-pending");
    }
    const row = await storedOnce({ kind: "provider-application" }, email);
    const documents = await db.db.selectFrom("provider_documents").select("id").where("application_id", "=", JSON.parse((await db.db.selectFrom("requests").select("data").where("id", "=", row.id).executeTakeFirstOrThrow()).data).applicationId).execute();
    expect(documents).toHaveLength(1);
    expect(await db.db.selectFrom("provider_documents").select("id").execute()).toHaveLength(1);
  });
});
