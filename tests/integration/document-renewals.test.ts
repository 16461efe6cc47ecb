import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { torontoToday } from "~/lib/forms/formats";
import { runDailyJobs } from "~/lib/jobs.server";
import { getRuntime, type Runtime, startRuntime } from "~/lib/runtime.server";
import { approveApplication } from "~/modules/providers/decisions.server";
import { PROVIDER_DAILY_JOB } from "~/modules/providers/expiry.server";
import { findPublicProvider, saveProviderProfile } from "~/modules/providers/providers.server";
import { submitRequest, transitionRequest } from "~/modules/requests/requests.server";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { pageHtml } from "../support/html";
import { HttpClient, linkIn } from "../support/http-client";
import { encryptedPdf, hostilePdf, PDF_SCRIPT } from "../support/hostile-pdf";
import { applicationData, insertApplicationDocument } from "../support/providers";
import { SmtpSink } from "../support/smtp-sink";

/**
 * Documents renewal (issue 29 item 6), over HTTP as a browser without JavaScript posts it: a
 * provider's licence is about to expire → the daily job's reminder links to /account/documents
 * → the provider uploads the renewed licence (multipart, the application's document checks) →
 * the applications queue shows it as a renewal → rejected, nothing changes → (the old licence
 * expires: the provider is hidden) → uploaded again and approved: the new expiry applies, the
 * badge shows it and the provider is visible again. Only that provider uploads; only admins decide.
 */
const PASSWORD = "orchard by the river";
const ADMIN = { email: "admin@example.test", password: "correct horse battery staple" };
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** This process is a second writer on the server's SQLite file: a busy database is tried again. */
async function write<T>(operation: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (attempt > 30 || !/database is locked|SQLITE_BUSY/.test(String(error))) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
const png = () => sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 200, g: 210, b: 220 } } }).png().toBuffer();

describe.each(DIALECTS)("document renewals on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  let runtime: Runtime;
  const sink = new SmtpSink();
  let admin: HttpClient;
  let provider: HttpClient;
  let other: HttpClient;
  const stamp = Date.now();
  const email = `rita.${stamp}@example.com`;
  const today = torontoToday();
  const oldExpiry = addDays(today, 20);
  const newExpiry = addDays(today, 400);
  let providerId = "";
  let userId = "";

  const account = async (address: string, name: string) => (await signedInAccount(server.url, getRuntime().db, { email: address, name, password: PASSWORD })).client;

  /** A multipart post, as the browser sends the form without JavaScript. */
  async function upload(client: HttpClient, fields: Record<string, string>, file?: { name: string; type: string; body: Uint8Array }) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append("file", file ? new File([new Uint8Array(file.body)], file.name, { type: file.type }) : new File([], "", { type: "application/octet-stream" }));
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    return client.remember(await fetch(`${server.url}/account/documents`, { method: "POST", body: form, headers: { Cookie: cookie, Origin: server.url }, redirect: "manual" }));
  }

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
    // The daily job and the seeding run in this process, on the server's database.
    runtime = await startRuntime(parseEnv({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, OPERATOR_EMAIL: "operator@example.test", PUBLIC_URL: "http://gta.test" }), {
      startMailWorker: false,
      log: () => {},
    });
    admin = new HttpClient(server.url);
    expect((await admin.post("/auth/login", ADMIN)).status).toBe(302);
    other = await account(`other.${stamp}@example.com`, "Olga Other");
    provider = await account(email, "Rita Wire");
    const { db } = getRuntime();
    userId = (await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;

    // A verified electrician whose licence expires in 20 days: an approved application (issue 12).
    const applicationId = randomUUID();
    const data = applicationData({ name: "Rita Wire", email }, { applicationId, serviceAreas: ["Leslieville"], licenseExpiry: oldExpiry });
    const user = { id: userId, name: "Rita Wire", email, phone: null, role: "user" as const, emailVerified: true };
    const sent = await submitRequest("provider-application", data, { user, clientIp: "198.51.100.9", locale: "en-US" });
    await insertApplicationDocument(db, { applicationId, userId, kind: "id_front", expiresOn: null });
    await insertApplicationDocument(db, { applicationId, userId, kind: "licence", expiresOn: oldExpiry });
    expect(await transitionRequest(sent.id, "in_review")).toMatchObject({ ok: true });
    expect(await approveApplication(sent.id, { services: ["electrical"] })).toMatchObject({ ok: true });
    expect(await saveProviderProfile({ id: userId, role: "provider" }, { bio: "Electrician.", categories: ["electrical"] }, "en-US")).toBe(true);
    providerId = (await db.selectFrom("providers").select("id").where("user_id", "=", userId).executeTakeFirstOrThrow()).id;
    // The session read the role at log-in: log in again as a provider.
    expect((await provider.post("/auth/login", { email, password: PASSWORD })).status).toBe(302);
  });
  afterAll(async () => {
    await runtime?.stop();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  const renewals = () => getRuntime().db.selectFrom("document_renewals").selectAll().orderBy("created_at").execute();
  const renewalFiles = () => getRuntime().db.selectFrom("provider_documents").selectAll().where("renewal_id", "is not", null).orderBy("created_at").execute();
  const outbox = (kind: string) => getRuntime().db.selectFrom("mail_outbox").select(["to_address", "subject", "text_body"]).where("kind", "=", kind).orderBy("created_at").execute();
  const audit = (action: string) => getRuntime().db.selectFrom("audit_log").select(["actor_user_id", "note"]).where("action", "=", action).execute();

  it("reminder → upload → a renewal in the queue → rejected: nothing changes; expired → approved: new expiry, badge, visible again", async () => {
    // The next daily run (the server claimed today's at start-up, before this provider existed)
    // sends the 30-day reminder, which links to where the renewal is uploaded.
    expect((await write(() => runDailyJobs([PROVIDER_DAILY_JOB], new Date(Date.now() + 86_400_000), () => {})))[PROVIDER_DAILY_JOB.name]).toBe(true);
    const [reminder] = await outbox("provider-document.reminder");
    expect(reminder?.to_address).toBe(email);
    expect(linkIn(reminder!.text_body, "/account/documents")).toBe("http://gta.test/account/documents");

    // My Jobs and the profile page lead there too.
    const jobs = await pageHtml(await provider.get("/account/jobs"));
    expect(jobs).toContain("Your license expires on");
    expect(jobs).toContain('href="/account/documents"');
    expect(await pageHtml(await provider.get("/account"))).toContain('href="/account/documents"');
    const page = await pageHtml(await provider.get("/account/documents"));
    expect(page).toContain("Upload a renewed document");
    expect(page.toLowerCase()).toContain('enctype="multipart/form-data"');

    // Only that provider: another account gets a 404, a visitor the log-in page; nothing stored.
    expect((await other.get("/account/documents")).status).toBe(404);
    const good = { name: "licence-2027.png", type: "image/png", body: await png() };
    expect((await upload(other, { document: "licence", expiresOn: newExpiry }, good)).status).toBe(404);
    // (A visitor's multipart body is refused before it is read: 401; a plain post goes to log in.)
    expect((await upload(new HttpClient(server.url), { document: "licence", expiresOn: newExpiry }, good)).status).toBe(401);
    // Bad input: field messages, a 4xx, nothing stored.
    const noFile = await upload(provider, { document: "licence", expiresOn: newExpiry });
    expect(noFile.status).toBe(400);
    expect(await pageHtml(noFile)).toContain("Choose the renewed document.");
    expect((await upload(provider, { document: "licence", expiresOn: addDays(today, -1) }, good)).status).toBe(400);
    expect((await upload(provider, { document: "passport", expiresOn: newExpiry }, good)).status).toBe(400);
    // A text file named .png is refused by its bytes (the application's checks).
    const fake = await upload(provider, { document: "licence", expiresOn: newExpiry }, { name: "licence.png", type: "image/png", body: new TextEncoder().encode("not an image at all") });
    expect(fake.status).toBe(400);
    // No work permit was ever approved: nothing to renew.
    expect((await upload(provider, { document: "work_permit", expiresOn: newExpiry }, good)).status).toBe(409);
    expect(await renewals()).toEqual([]);
    expect(await renewalFiles()).toEqual([]);

    // A PDF the sanitiser cannot parse and rewrite (encrypted, with #xx-escaped script names) is
    // refused with its field's message, nothing kept (issue 47, item 3).
    const refusedPdf = await upload(provider, { document: "licence", expiresOn: newExpiry }, { name: "licence.pdf", type: "application/pdf", body: await encryptedPdf() });
    expect(refusedPdf.status).toBe(400);
    expect(await pageHtml(refusedPdf)).toContain("This PDF is encrypted or damaged. Export it again and upload the new file.");
    expect(await renewals()).toEqual([]);
    expect(await renewalFiles()).toEqual([]);

    // The upload (a PDF carrying scripts, as the application's code takes it): a pending renewal,
    // its file private and pending, its active content gone; the operator is emailed.
    expect((await upload(provider, { document: "licence", expiresOn: newExpiry }, { name: "licence.pdf", type: "application/pdf", body: await hostilePdf() })).status).toBe(303);
    const [pending] = await renewals();
    expect([pending?.document, pending?.expires_on, pending?.status]).toEqual(["licence", newExpiry, "pending"]);
    const [file] = await renewalFiles();
    expect([file?.kind, file?.status, file?.expires_on, file?.renewal_id]).toEqual(["licence", "pending", newExpiry, pending!.id]);
    expect(file?.storage_key).toMatch(/^provider-documents\/[0-9a-f-]{36}\.pdf$/);
    const [told] = await outbox("provider-document.renewal");
    expect(told?.to_address).toBe("operator@example.test");
    expect(linkIn(told!.text_body, "/admin/providers")).toBe("http://gta.test/admin/providers#renewals");
    // One at a time.
    expect((await upload(provider, { document: "licence", expiresOn: newExpiry }, good)).status).toBe(409);
    expect(await pageHtml(await provider.get("/account/documents"))).toContain("Renewal sent, waiting for our review");

    // The queue marks it as a renewal (not a new application); the file opens for admins, logged.
    const queue = await pageHtml(await admin.get("/admin/providers"));
    expect(queue).toContain("Document renewals");
    expect(queue).toContain("Rita Wire");
    expect(queue).toContain(">Renewal<");
    expect(queue).toContain(`/admin/provider-documents/${file!.id}`);
    const opened = await admin.get(`/admin/provider-documents/${file!.id}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("content-disposition")).toMatch(/^attachment;/);
    const served = Buffer.from(await opened.arrayBuffer()).toString("latin1");
    expect(served.startsWith("%PDF-")).toBe(true);
    for (const marker of ["/OpenAction", "/JavaScript", PDF_SCRIPT]) expect(served).not.toContain(marker);
    const logged = await getRuntime().db.selectFrom("document_access_log").select("document_id").where("document_id", "=", file!.id).execute();
    expect(logged).toHaveLength(1);
    expect((await provider.get(`/admin/provider-documents/${file!.id}`)).status).not.toBe(200);

    // Only admins decide: the provider, another account and a visitor are refused.
    for (const client of [provider, other]) {
      expect((await client.post("/admin/providers", { intent: "approve-renewal", renewalId: pending!.id })).status).toBe(403);
    }
    expect([302, 303, 403]).toContain((await new HttpClient(server.url).post("/admin/providers", { intent: "approve-renewal", renewalId: pending!.id })).status);
    expect((await admin.post("/admin/providers", { intent: "reject-renewal", renewalId: pending!.id, reason: " " })).status).toBe(400);
    expect((await admin.post("/admin/providers", { intent: "approve-renewal", renewalId: randomUUID() })).status).toBe(404);
    expect((await renewals())[0]?.status).toBe("pending");

    // Rejected: the old licence stays, the badge too; the refused file is scheduled for deletion.
    expect((await admin.post("/admin/providers", { intent: "reject-renewal", renewalId: pending!.id, reason: "The photo is blurred" })).status).toBe(303);
    expect((await admin.post("/admin/providers", { intent: "approve-renewal", renewalId: pending!.id })).status).toBe(409);
    expect((await renewals())[0]?.status).toBe("rejected");
    const refused = (await renewalFiles())[0]!;
    expect([refused.status, refused.delete_after === null]).toEqual(["rejected", false]);
    expect((await findPublicProvider(providerId))?.verification.licenceValidTo).toBe(oldExpiry);
    const [rejection] = await outbox("provider-document.renewal-rejected");
    expect(rejection?.to_address).toBe(email);
    expect(rejection?.text_body).toContain("The photo is blurred");
    expect(linkIn(rejection!.text_body, "/account/documents")).toBe("http://gta.test/account/documents");

    // The old licence runs out (moved in the database, as the day passing would): the provider is hidden.
    await write(() => getRuntime().db.updateTable("provider_documents").set({ expires_on: addDays(today, -1) }).where("user_id", "=", userId).where("kind", "=", "licence").where("status", "=", "approved").execute());
    expect((await provider.get(`/providers/${providerId}`)).status).toBe(404);
    expect(await pageHtml(await provider.get("/account/jobs"))).toContain("Your license expired on");

    // Uploaded again and approved: the new expiry applies, the badge shows it, the profile is back.
    expect((await upload(provider, { document: "licence", expiresOn: newExpiry }, good)).status).toBe(303);
    const second = (await renewals()).find((r) => r.status === "pending")!;
    expect((await admin.post("/admin/providers", { intent: "approve-renewal", renewalId: second.id })).status).toBe(303);
    expect((await admin.post("/admin/providers", { intent: "approve-renewal", renewalId: second.id })).status).toBe(409);
    expect((await findPublicProvider(providerId))?.verification.licenceValidTo).toBe(newExpiry);
    const profile = await provider.get(`/providers/${providerId}`);
    expect(profile.status).toBe(200);
    expect(await pageHtml(profile)).toContain("License valid to");
    const licences = await getRuntime().db.selectFrom("provider_documents").select(["status", "expires_on"]).where("user_id", "=", userId).where("kind", "=", "licence").orderBy("created_at").execute();
    expect(licences.map((l) => l.status)).toEqual(["superseded", "rejected", "approved"]);
    const [approval] = await outbox("provider-document.renewal-approved");
    expect(approval?.to_address).toBe(email);
    expect(approval?.subject).toBe("Your renewed license is approved");
    // The queue is empty again; every step is in the audit log, by whom.
    expect(await pageHtml(await admin.get("/admin/providers"))).toContain("No renewed document is waiting.");
    expect(await audit("provider-document.renewal")).toHaveLength(2);
    expect((await audit("provider-document.renewal-reject"))[0]?.note).toBe("The photo is blurred");
    expect(await audit("provider-document.renewal-approve")).toHaveLength(1);
  });
});
