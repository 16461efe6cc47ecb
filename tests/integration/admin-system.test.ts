import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { HttpClient } from "../support/http-client";
import { SmtpSink } from "../support/smtp-sink";

/**
 * Issue 27, item 3: the back office's system page shows the running processes (version, start
 * time), the database's kind and size, outbox health, the daily jobs' last runs, disk space and
 * the log's recent warnings and errors (with their request ids), in the reader's language, and
 * no personal data. Access (admins only, loader and action) is walked with every other /admin
 * route by admin-access.test.ts; here, each view by an admin is recorded in the back office's
 * audit log (who, when, which page), and a refused request records nothing.
 */
const ADMIN = { email: "admin@example.test", password: "correct horse battery staple" };

describe.each(DIALECTS)("the system page on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>;
  const admin = () => new HttpClient(server.url);
  let signedIn: HttpClient;
  let failedRequestId = "";
  const customer = { name: "Perpetua Privatename", email: `perpetua.${Date.now()}@example.com`, message: "my private words about the boiler" };

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
    db = connect(database.url);
    signedIn = admin();
    expect((await signedIn.post("/auth/login", ADMIN)).status).toBe(302);

    // A message whose emails the SMTP server refuses for good: failed mail, and warnings.
    sink.rejectWith = 550;
    expect((await new HttpClient(server.url).post("/contact", { name: customer.name, email: customer.email, subject: "Boiler", message: customer.message })).status).toBe(302);
    for (let i = 0; i < 100; i++) {
      const failed = await db.db.selectFrom("mail_outbox").select("id").where("status", "=", "failed").execute();
      if (failed.length >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    sink.rejectWith = null;

    // An error while answering a page.
    await sql`alter table home_listings rename to home_listings_away`.execute(db.db);
    try {
      const failed = await new HttpClient(server.url).get("/homes/h-annex-studio");
      expect(failed.status).toBe(500);
      failedRequestId = failed.headers.get("x-request-id")!;
    } finally {
      await sql`alter table home_listings_away rename to home_listings`.execute(db.db);
    }
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  it("shows this process, the database, the outbox, disk space and the recent errors", async () => {
    const res = await signedIn.get("/admin/system");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<h1 class=\"text-2xl font-bold\">System</h1>");
    expect(html).toContain(`data-pid="${server.child.pid}"`);
    expect(html).toContain(dialect === "postgres" ? "PostgreSQL" : "SQLite");
    expect(html).toMatch(/data-testid="database-size">[\d.,]+ MB</);
    expect(html).toMatch(/data-testid="outbox-failed"[^>]*>2</);
    expect(html).toMatch(/Data folder<\/dt><dd>[\d.,]+ MB free of [\d.,]+ MB/);
    expect(html).toContain(failedRequestId);
    expect(html).toContain("http.error");
    expect(html).toContain("mail.failed");
    // Linked from the back office's menu.
    expect(html).toMatch(/href="\/admin\/system"/);
  });

  it("lists the daily jobs' last runs", async () => {
    // The daily job's first check runs 5 s after start-up.
    for (let i = 0; i < 100; i++) {
      const runs = await db.db.selectFrom("job_runs").select("name").where("finished_at", "is not", null).execute();
      if (runs.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { name } = await db.db.selectFrom("job_runs").select("name").executeTakeFirstOrThrow();
    const html = await (await signedIn.get("/admin/system")).text();
    expect(html).toContain(`>${name}</td>`);
  });

  it("speaks the reader's language", async () => {
    const html = await (await signedIn.get("/fr/admin/system")).text();
    expect(html).toContain("Système");
    expect(html).toContain("Avertissements et erreurs récents");
    expect(html).toMatch(/[\d.,\s]+ Mo libres sur/);
  });

  const pageViews = () =>
    db.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "admin-page.view")
      .where("entity_type", "=", "admin-page")
      .where("entity_id", "=", "system")
      .orderBy("created_at")
      .execute();

  it("records each view by an admin in the audit log, naming the admin and the page", async () => {
    const { id: adminId } = await db.db.selectFrom("user").select("id").where("email", "=", ADMIN.email).executeTakeFirstOrThrow();
    const before = await pageViews();
    const started = new Date().toISOString();
    expect((await signedIn.get("/admin/system")).status).toBe(200);
    const after = await pageViews();
    expect(after).toHaveLength(before.length + 1);
    const row = after.at(-1)!;
    expect(row).toMatchObject({ actor_user_id: adminId, action: "admin-page.view", entity_type: "admin-page", entity_id: "system", before: null });
    expect(row.created_at >= started).toBe(true);
    expect(JSON.parse(row.after!)).toEqual({ clientIp: expect.stringMatching(/127\.0\.0\.1/) });
    // The localized page is the same page: one more view, one more row.
    expect((await signedIn.get("/fr/admin/system")).status).toBe(200);
    expect(await pageViews()).toHaveLength(before.length + 2);
  });

  it("refuses a logged-out visitor and a customer (page and post) and records nothing for them", async () => {
    const email = `sam.system.${Date.now()}@example.com`;
    const customer = (await signedInAccount(server.url, db.db, { email, name: "Sam Customer", password: ADMIN.password })).client;
    const before = await pageViews();

    const anonymous = await new HttpClient(server.url).get("/admin/system");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe(`/auth/login?${new URLSearchParams({ redirectTo: "/admin/system" })}`);
    expect((await new HttpClient(server.url).post("/admin/system", {})).status).toBe(403);
    const page = await customer.get("/admin/system");
    expect(page.status).toBe(403);
    const refusedHtml = await page.text();
    for (const s of ["data-pid=", 'data-testid="database-size"', "system-problems"]) expect(refusedHtml, s).not.toContain(s);
    expect((await customer.get("/admin/system.data")).status).toBe(403);
    expect((await customer.post("/admin/system", {})).status).toBe(403);

    expect(await pageViews()).toHaveLength(before.length);
    // Nor does an admin's post (the page takes none) count as a view.
    expect((await signedIn.post("/admin/system", {})).status).toBe(405);
    expect(await pageViews()).toHaveLength(before.length);
  });

  it("holds no personal data", async () => {
    // The page's own part (the shell around it carries the signed-in admin's own account).
    const html = (await (await signedIn.get("/admin/system")).text()).split('<div class="grid gap-8">')[1]!.split("</main>")[0]!;
    for (const s of [customer.email, customer.name, customer.message, ADMIN.email, "@"]) expect(html, s).not.toContain(s);
  });
});
