import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { hostilePdf, PDF_SCRIPT } from "../support/hostile-pdf";
import { applicationForm } from "../support/providers";
import { pageHtml } from "../support/html";
import { HttpClient, linkIn } from "../support/http-client";
import { SmtpSink } from "../support/smtp-sink";

/**
 * Issue 32 ("Security, third probe"), items 2, 4, 5, 6 and 8, against the running production
 * server on every database. Each test failed before its fix.
 */
const PASSWORD = "orchard by the river";
const ADMIN = { email: "admin@example.test", password: "correct horse battery staple" };

describe.each(DIALECTS)("security, third probe, on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>;
  let admin: HttpClient;
  const stamp = Date.now();

  const account = async (email: string, name: string) => ({
    ...(await signedInAccount(server.url, db.db, { email, name, password: PASSWORD })),
    email,
    name,
  });

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await sink.start(0);
    server = await startAppServer({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      SMTP_URL: sink.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMITS: "writes=100000",
    });
    db = connect(database.url);
    admin = new HttpClient(server.url);
    expect((await admin.post("/auth/login", ADMIN)).status).toBe(302);
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  const contact = { name: "Ada", email: "ada@example.com", subject: "Origin", message: "Hello" };
  const postWithOrigin = (origin: string) =>
    fetch(`${server.url}/contact`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams(contact),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    });

  describe("item 6: the Origin check compares the whole origin", () => {
    it.each([
      ["user-info", (u: URL) => `${u.protocol}//evil@${u.host}`],
      ["https when the site is http", (u: URL) => `https://${u.host}`],
      ["a path", (u: URL) => `${u.origin}/path`],
      ["another port", (u: URL) => `${u.protocol}//${u.hostname}:${Number(u.port) + 1}`],
      ["no port", (u: URL) => `${u.protocol}//${u.hostname}`],
    ])("refuses %s with 403", async (_case, make) => {
      const res = await postWithOrigin(make(new URL(server.url)));
      expect(res.status).toBe(403);
      expect(await res.text()).toContain("another site");
    });

    it("takes our own origin, in any case (scheme and host have none)", async () => {
      expect((await postWithOrigin(server.url)).status).toBe(302);
      expect((await postWithOrigin(server.url.toUpperCase())).status).toBe(302);
    });
  });

  describe("item 4: upper-case and escaped spellings of personal paths are personal", () => {
    it.each([
      "/REQUESTS/abcdefghijklmnopqrstuvwxyz012345",
      "/Requests/abcdefghijklmnopqrstuvwxyz012345.data",
      "/%72equests/abcdefghijklmnopqrstuvwxyz012345",
      "/AUTH/RESET-PASSWORD?token=abcdef",
      "/AUTH/VERIFY?token=abcdef",
      "/ACCOUNT",
    ])("%s is private, no-store without any cookie", async (pathname) => {
      const res = await fetch(`${server.url}${pathname}`, { redirect: "manual" });
      expect(res.headers.get("cache-control"), `${pathname} → ${res.status}`).toBe("private, no-store");
    });

    it("a request status page reached by its upper-case path is private, no-store", async () => {
      const res = await fetch(`${server.url}/services`, {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams({ service: "Pool cleaning", name: "Ada", location: "Leslieville", contact: `status.${stamp}@example.com` }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      });
      expect(res.status).toBe(302);
      const mail = await sink.waitFor((m) => m.to.includes(`status.${stamp}@example.com`));
      const link = new URL(linkIn(mail.text, "/requests/"));
      const upper = await fetch(`${server.url}/REQUESTS/${link.pathname.split("/").at(-1)}`);
      expect(upper.status).toBe(200);
      expect(upper.headers.get("cache-control")).toBe("private, no-store");
    });
  });

  describe("item 5: a verification link does not replace the signed-in session", () => {
    it("while another account is signed in, the link is left unused and the page asks to log out first", async () => {
      const signedIn = await account(`signed.in.${stamp}@example.com`, "Signed In");
      const sessionBefore = signedIn.client.sessionToken;
      // An attacker's own fresh account: its verification link.
      const attacker = `attacker.${stamp}@example.com`;
      await new HttpClient(server.url).post("/signup", { name: "Attacker", email: attacker, password: PASSWORD, adult: "on", terms: "on" });
      const mail = await sink.waitFor((m) => m.to.includes(attacker));
      const link = new URL(linkIn(mail.text, "/auth/verify"));

      const res = await signedIn.client.get(`${link.pathname}${link.search}`);
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().filter((c) => c.includes("session_token"))).toEqual([]);
      const html = await pageHtml(res);
      expect(html).toContain("You are logged in to another account");
      expect(html).toMatch(/<form[^>]*action="\/auth\/logout"/);
      expect(signedIn.client.sessionToken).toBe(sessionBefore);
      const account2 = await signedIn.client.get("/account");
      expect(await pageHtml(account2)).toContain(signedIn.email);
      const row = await db.db.selectFrom("user").select("emailVerified").where("email", "=", attacker).executeTakeFirstOrThrow();
      expect(Boolean(row.emailVerified)).toBe(false);

      // Opened without a session, the same link verifies and signs in as before.
      const fresh = new HttpClient(server.url);
      const used = await fresh.get(`${link.pathname}${link.search}`);
      expect(used.status).toBe(302);
      expect(fresh.sessionToken).toBeTruthy();
    });
  });

  describe("items 2 and 8: an applicant's PDF", () => {
    let documentId = "";
    let applicationId = "";

    beforeAll(async () => {
      const applicant = await account(`pdf.${stamp}@example.com`, "Mario Plumber");
      const form = await applicationForm(applicant, await hostilePdf());
      const cookie = [...applicant.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      const res = await fetch(`${server.url}/become-a-provider`, { method: "POST", body: form, headers: { Cookie: cookie, Origin: server.url }, redirect: "manual" });
      expect(res.status).toBe(303);
      const doc = await db.db
        .selectFrom("provider_documents")
        .select(["id", "storage_key", "application_id"])
        .where("content_type", "=", "application/pdf")
        .orderBy("created_at", "desc")
        .executeTakeFirstOrThrow();
      documentId = doc.id;
      applicationId = doc.application_id;
      const stored = readFileSync(path.join(database.dataDir, "uploads", doc.storage_key)).toString("latin1");
      for (const marker of ["/OpenAction", "/AA", "/JavaScript", "/JS", "javascript:", PDF_SCRIPT]) expect(stored, marker).not.toContain(marker);
    });

    it("item 2: is served only as a nosniff attachment without any script, never inline, and the admin page does not embed it", async () => {
      for (const url of [`/admin/provider-documents/${documentId}`, `/admin/provider-documents/${documentId}?view=inline`]) {
        const res = await admin.get(url);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toBe("application/pdf");
        expect(res.headers.get("content-disposition")).toMatch(/^attachment; /);
        expect(res.headers.get("x-content-type-options")).toMatch(/^nosniff(, nosniff)?$/);
        expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
        const body = Buffer.from(await res.arrayBuffer()).toString("latin1");
        expect(body.startsWith("%PDF-")).toBe(true);
        for (const marker of ["/OpenAction", "/JavaScript", "/JS", PDF_SCRIPT]) expect(body, marker).not.toContain(marker);
      }
      const page = await pageHtml(await admin.get(`/admin/providers/${applicationId}`));
      expect(page).not.toMatch(/<(iframe|embed|object)\b/);
      expect(page).not.toContain(`${documentId}?view=inline`);
      expect(page).toContain(`href="/admin/provider-documents/${documentId}" download=""`);
    });

    it("item 8: the .data twin of the document route gives nothing usable", async () => {
      for (const url of [`/admin/provider-documents/${documentId}.data`, `/admin/provider-documents/${documentId}.data?view=inline`]) {
        const res = await admin.get(url);
        expect(res.status, url).toBe(404);
        const body = Buffer.from(await res.arrayBuffer()).toString("latin1");
        expect(body).not.toContain("%PDF");
        expect(res.headers.get("cache-control")).toBe("no-store");
      }
      // Nor any other file route's.
      expect((await admin.get("/admin/export/requests.csv.data")).status).toBe(404);
    });
  });
});

describe.each(DIALECTS)("item 9: the photo upload streams to disk, on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  let owner: HttpClient;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startAppServer({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, RATE_LIMITS: "writes=100000" });
    const db = connect(database.url);
    const email = `owner.${Date.now()}@example.com`;
    owner = (await signedInAccount(server.url, db.db, { email, name: "Owner", password: PASSWORD })).client;
    await db.close();
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  /** The server process's resident memory, in bytes (Linux). */
  const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.child.pid}/status`, "utf8"))![1]) * 1024;

  it("takes a 60 MB photo part (within the body limit) without holding it: memory stays bounded, the file is cut at 10 MB + 1 byte so the wizard still says 413, and no temporary file is left", async () => {
    const huge = new Uint8Array(60 * 1024 * 1024).fill(0x41);
    const form = new FormData();
    form.set("step", "4");
    form.set("intent", "upload");
    form.append("files", new File([huge], "huge.png", { type: "image/png" }));
    const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const before = rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rss())), 10);
    const res = await fetch(`${server.url}/homes/new`, { method: "POST", body: form, headers: { Cookie: cookie, Origin: server.url }, redirect: "manual" });
    const html = await pageHtml(res);
    clearInterval(sampler);
    // The wizard's own answer (the body is within the request guard's limit): the file kept was over 10 MB.
    expect(res.status).toBe(413);
    expect(html).toContain("List Your Property");
    // Buffered, the part alone was 60 MB, twice (its chunks, then the copy joining them): 120 MB.
    // Streamed, what remains is the wizard reading the 10 MB it was given, and the runtime's noise.
    expect(peak - before, `grew by ${Math.round((peak - before) / 1024 / 1024)} MB`).toBeLessThan(50 * 1024 * 1024);
    const tmp = path.join(database.dataDir, "tmp");
    await expect.poll(() => readdirSync(tmp), { timeout: 5_000 }).toEqual([]);
  });
});
