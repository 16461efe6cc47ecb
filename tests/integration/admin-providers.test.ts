import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { pageHtml } from "../support/html";
import { HttpClient } from "../support/http-client";
import { SmtpSink } from "../support/smtp-sink";

/**
 * Provider applications in the back office over HTTP, as an operator's browser without
 * JavaScript posts them (issue 13 item 6): the list (waiting first, filters), one application
 * with its fields and its documents shown inline through the admin-only route (every read
 * logged), approve with the services granted, reject with a reason that is emailed. A refused
 * post changes nothing; each decision writes an audit row.
 */
const PASSWORD = "orchard by the river";
const ADMIN = { email: "admin@example.test", password: "correct horse battery staple" };

const BASE = {
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
};
const LICENCE = { licenseType: "Trade/Plumber License", licenseNumber: "PL-778", licenseRegion: "Ontario", licenseExpiry: "2027-08-31" };
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const png = () => sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 200, g: 210, b: 230 } } }).png().toBuffer();

describe.each(DIALECTS)("provider applications in the back office on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>;
  let admin: HttpClient;
  let adminId = "";
  const stamp = Date.now();

  async function account(email: string, name: string) {
    const { client, id } = await signedInAccount(server.url, db.db, { email, name, password: PASSWORD });
    return { client, id, email, name };
  }

  /** A Become a Provider post with a PNG ID and, for a licensed service, a PDF licence. */
  async function apply(who: Awaited<ReturnType<typeof account>>, services: string[]) {
    const form = new FormData();
    const licensed = services.includes("plumbing");
    for (const [k, v] of Object.entries({ ...BASE, fullName: who.name, email: who.email, ...(licensed ? LICENCE : {}) })) form.append(k, v);
    for (const s of services) form.append("services", s);
    form.append("govIdFileFront", new File([new Uint8Array(await png())], "passport.png", { type: "image/png" }));
    form.append("govIdFileBack", new File([], "", { type: "application/octet-stream" }));
    form.append("workPermitFile", new File([], "", { type: "application/octet-stream" }));
    form.append("licenseFile", licensed ? new File([new Uint8Array(PDF)], "licence.pdf", { type: "application/pdf" }) : new File([], "", { type: "application/octet-stream" }));
    const cookie = [...who.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(`${server.url}/become-a-provider`, { method: "POST", body: form, headers: { Cookie: cookie, Origin: server.url }, redirect: "manual" });
    expect(res.status).toBe(303);
    const row = await db.db
      .selectFrom("requests")
      .select(["id", "reference", "subject_id", "status"])
      .where("kind", "=", "provider-application")
      .where("user_id", "=", who.id)
      .executeTakeFirstOrThrow();
    return { requestId: row.id, reference: row.reference, applicationId: row.subject_id! };
  }

  let mario: Awaited<ReturnType<typeof account>>;
  let rita: Awaited<ReturnType<typeof account>>;
  let marioApp: Awaited<ReturnType<typeof apply>>;
  let ritaApp: Awaited<ReturnType<typeof apply>>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await sink.start(0);
    server = await startAppServer({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      SMTP_URL: sink.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    db = connect(database.url);
    admin = new HttpClient(server.url);
    expect((await admin.post("/auth/login", ADMIN)).status).toBe(302);
    adminId = (await db.db.selectFrom("user").select("id").where("email", "=", ADMIN.email).executeTakeFirstOrThrow()).id;
    mario = await account(`mario.${stamp}@example.com`, "Mario Plumber");
    rita = await account(`rita.${stamp}@example.com`, "Rita Cleaner");
    marioApp = await apply(mario, ["plumbing", "handyman"]);
    ritaApp = await apply(rita, ["cleaning"]);
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  const status = async (requestId: string) => (await db.db.selectFrom("requests").select("status").where("id", "=", requestId).executeTakeFirstOrThrow()).status;
  const audit = (requestId: string) => db.db.selectFrom("audit_log").selectAll().where("entity_id", "=", requestId).orderBy("created_at").execute();
  const role = async (userId: string) => (await db.db.selectFrom("user").select("role").where("id", "=", userId).executeTakeFirstOrThrow()).role;
  const accessLog = () => db.db.selectFrom("document_access_log").selectAll().execute();
  async function unchanged(app: { requestId: string }, userId: string) {
    expect(await status(app.requestId)).toBe("received");
    expect(await audit(app.requestId)).toEqual([]);
    expect(await role(userId)).toBe("user");
    expect(await db.db.selectFrom("providers").selectAll().where("user_id", "=", userId).execute()).toEqual([]);
  }

  it("is for admins only: 403 for the applicant and other users, their replayed posts change nothing", async () => {
    const visitor = await new HttpClient(server.url).get("/admin/providers");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe("/auth/login?redirectTo=%2Fadmin%2Fproviders");
    for (const client of [mario.client, rita.client]) {
      for (const path of ["/admin/providers", `/admin/providers/${marioApp.applicationId}`]) {
        const res = await client.get(path);
        expect(res.status).toBe(403);
        const body = await res.text();
        expect(body).not.toContain(marioApp.reference);
        expect(body).not.toContain("P1234567");
      }
      for (const fields of [{ intent: "approve", services: "plumbing" }, { intent: "reject", reason: "No" }] as Record<string, string>[]) {
        expect((await client.post(`/admin/providers/${marioApp.applicationId}`, fields)).status).toBe(403);
      }
    }
    await unchanged(marioApp, mario.id);
  });

  it("lists applications waiting for a decision first, filtered by status", async () => {
    const res = await admin.get("/admin/providers");
    expect(res.status).toBe(200);
    const html = await pageHtml(res);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    // Longest-waiting first: Mario applied before Rita.
    expect(html.indexOf("Mario Plumber")).toBeGreaterThan(-1);
    expect(html.indexOf("Mario Plumber")).toBeLessThan(html.indexOf("Rita Cleaner"));
    expect(html).toContain(`href="/admin/providers/${marioApp.applicationId}"`);
    expect(html).toContain("Plumbing, Handyman");
    expect(await pageHtml(await admin.get("/admin/providers?status=approved"))).toContain("No applications match this filter.");
    expect(await pageHtml(await admin.get("/admin/providers?status=open"))).toContain("Rita Cleaner");
  });

  it("shows the application's fields and its documents inline through the logged, admin-only route", async () => {
    const html = await pageHtml(await admin.get(`/admin/providers/${marioApp.applicationId}`));
    expect(html).toContain("Mario Plumber");
    expect(html).toContain("20 Dundas St W, Toronto");
    expect(html).toContain("Trade/Plumber License");
    expect(html).toContain("••••4567"); // the ID number masked, as the kind renders it; the document is the record
    expect(html).toContain(`href="/admin/requests/${marioApp.reference}"`);
    const docs = await db.db.selectFrom("provider_documents").select(["id", "kind", "content_type"]).where("application_id", "=", marioApp.applicationId).orderBy("created_at").execute();
    expect(docs.map((d) => [d.kind, d.content_type])).toEqual([
      ["id_front", "image/png"],
      ["licence", "application/pdf"],
    ]);
    const [image, licence] = docs;
    expect(html).toMatch(new RegExp(`<img src="/admin/provider-documents/${image!.id}\\?view=inline" alt="Government ID \\(front\\): passport.png"`));
    // A PDF is never embedded (issue 32 item 2): a download link only.
    expect(html).not.toContain("<iframe");
    expect(html).not.toContain(`${licence!.id}?view=inline`);
    expect(html).toContain(`href="/admin/provider-documents/${licence!.id}" download=""`);
    // The approval's choices: the services applied for, all ticked to start with.
    const boxes = [...html.matchAll(/<input[^>]*name="services"[^>]*>/g)].map((m) => m[0]);
    expect(boxes).toHaveLength(2);
    for (const slug of ["plumbing", "handyman"]) expect(boxes.find((b) => b.includes(`value="${slug}"`))).toContain('checked=""');
    // Loading the page reads no document; the viewer's requests do, each one logged.
    expect(await accessLog()).toEqual([]);
    const shown = await admin.get(`/admin/provider-documents/${image!.id}?view=inline`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("image/png");
    expect(shown.headers.get("content-disposition")).toMatch(/^inline; /);
    expect(shown.headers.get("content-security-policy")).toContain("sandbox");
    // The back office's viewer frames it: both framing headers allow the same origin only.
    expect(shown.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    expect(shown.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(await accessLog()).toEqual([expect.objectContaining({ document_id: image!.id, admin_user_id: adminId })]);
    expect((await admin.get("/admin/providers/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await admin.get("/admin/providers/not-an-id")).status).toBe(404);
  });

  it("approves with the services granted; refused choices change nothing", async () => {
    const url = `/admin/providers/${marioApp.applicationId}`;
    const none = await admin.post(url, { intent: "approve" });
    expect(none.status).toBe(400);
    expect(await pageHtml(none)).toContain("Choose at least one of the services applied for.");
    const notApplied = await admin.post(url, { intent: "approve", services: "cleaning" });
    expect(notApplied.status).toBe(400);
    await unchanged(marioApp, mario.id);

    const approved = await admin.post(url, { intent: "approve", services: "plumbing" });
    expect(approved.status).toBe(303);
    expect(approved.headers.get("location")).toBe(url);
    const page = await pageHtml(await admin.get(url));
    expect(page).toContain("Application Approved");
    expect(page).toContain("Decided: Approved.");
    expect(page).not.toContain('name="services"');
    expect(await status(marioApp.requestId)).toBe("approved");
    expect(await role(mario.id)).toBe("provider");
    const provider = await db.db.selectFrom("providers").select("services").where("user_id", "=", mario.id).executeTakeFirstOrThrow();
    expect(JSON.parse(provider.services)).toEqual(["plumbing"]);
    const [entry, ...more] = await audit(marioApp.requestId);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actor_user_id: adminId, action: "provider-application.approve", entity_type: "request" });
    expect(JSON.parse(entry!.before!)).toEqual({ status: "received", role: "user", services: null });
    expect(JSON.parse(entry!.after!)).toEqual({ status: "approved", role: "provider", services: ["plumbing"] });
    const mail = await sink.waitFor((m) => m.to.includes(mario.email) && m.subject === "Your provider application is approved" && m.text.includes(marioApp.reference));
    expect(mail.text).toContain("Plumbing");
    expect(mail.text).toContain("/provider-profile-setup");
    // Deciding again is refused.
    expect((await admin.post(url, { intent: "reject", reason: "Changed my mind" })).status).toBe(409);
    expect(await audit(marioApp.requestId)).toHaveLength(1);
  });

  it("rejects only with a reason, emails it and schedules the documents' deletion", async () => {
    const url = `/admin/providers/${ritaApp.applicationId}`;
    const blank = await admin.post(url, { intent: "reject", reason: "  " });
    expect(blank.status).toBe(400);
    expect(await pageHtml(blank)).toContain("Please give a reason.");
    await unchanged(ritaApp, rita.id);

    const reason = "The ID photo is too blurry to read. Please apply again with a sharper scan.";
    const rejected = await admin.post(url, { intent: "reject", reason });
    expect(rejected.status).toBe(303);
    expect(await pageHtml(await admin.get(url))).toContain("Application Rejected");
    expect(await status(ritaApp.requestId)).toBe("rejected");
    expect(await role(rita.id)).toBe("user");
    const docs = await db.db.selectFrom("provider_documents").select(["status", "delete_after"]).where("application_id", "=", ritaApp.applicationId).execute();
    expect(docs.every((d) => d.status === "rejected" && d.delete_after)).toBe(true);
    const [entry] = await audit(ritaApp.requestId);
    expect(entry).toMatchObject({ actor_user_id: adminId, action: "provider-application.reject", note: reason });
    expect(JSON.parse(entry!.after!)).toMatchObject({ status: "rejected", documents: "rejected", retentionDays: 30 });
    const mail = await sink.waitFor((m) => m.to.includes(rita.email) && m.subject === "Your provider application was not approved" && m.text.includes(ritaApp.reference));
    expect(mail.text).toContain(reason);
    expect(await pageHtml(await admin.get("/admin/providers?status=rejected"))).toContain("Rita Cleaner");
  });
});
