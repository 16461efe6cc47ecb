import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_PROVIDERS } from "../../db/seed/sample-providers.server";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { pageHtml } from "../support/html";
import { HttpClient } from "../support/http-client";

/**
 * Issue 30: a first start shows the whole marketplace: a few verified sample providers, named as
 * samples, with their (sample) documents and reviews; seeded once, however often it starts.
 */
describe.each(DIALECTS)("sample providers on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const ADMIN = { email: "admin.samples@example.test", password: "correct horse battery staple" };
  // As `npm start` does (the test servers leave them out unless asked).
  const env = () => ({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, SAMPLE_PROVIDERS: "1", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    // Started twice: the second start finds them there and adds nothing.
    server = await startAppServer(env());
    await server.stop();
    server = await startAppServer(env());
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("shows them on their service pages and profiles, verified, with their reviews", async () => {
    const plumbing = await (await fetch(`${server.url}/services/plumbing`)).text();
    expect(plumbing).toContain("Sample Provider — Lakeshore Plumbing");
    for (const p of SAMPLE_PROVIDERS) {
      const res = await fetch(`${server.url}/providers/${p.id}`);
      expect(res.status, p.name).toBe(200);
      const html = await res.text();
      expect(html).toContain(p.name);
      expect(html).toContain(p.reviews[0]!.comment);
    }
  });

  it("a start with SAMPLE_PROVIDERS=0 adds none", async () => {
    const other = await createTestDatabase(dialect);
    const plain = await startAppServer({ DATABASE_URL: other.url, DATA_DIR: other.dataDir });
    try {
      const { db, close } = connect(other.url);
      expect(await db.selectFrom("providers").select("id").execute()).toEqual([]);
      await close();
    } finally {
      await plain.stop();
      await other.drop();
    }
  });

  it("stores each once, with approved documents whose files exist", async () => {
    const { db, close } = connect(database.url);
    try {
      const providers = await db.selectFrom("providers").select(["id", "status"]).execute();
      expect(providers.map((p) => p.id).sort()).toEqual(SAMPLE_PROVIDERS.map((p) => p.id).sort());
      expect(providers.every((p) => p.status === "live")).toBe(true);
      const docs = await db.selectFrom("provider_documents").selectAll().execute();
      expect(docs.length).toBe(SAMPLE_PROVIDERS.reduce((n, p) => n + 1 + p.documents.length, 0));
      for (const d of docs) {
        expect(d.status).toBe("approved");
        expect(existsSync(path.join(database.dataDir, "uploads", ...d.storage_key.split("/"))), d.storage_key).toBe(true);
      }
      const reviews = await db.selectFrom("community_reviews").select("id").where("provider_id", "is not", null).execute();
      expect(reviews.length).toBe(SAMPLE_PROVIDERS.reduce((n, p) => n + p.reviews.length, 0));
    } finally {
      await close();
    }
  });

  it("open in the back office as approved applications, with their services and their documents (each read logged)", async () => {
    const admin = new HttpClient(server.url);
    expect((await admin.post("/auth/login", ADMIN)).status).toBe(302);
    const list = await pageHtml(await admin.get("/admin/providers?status=approved"));
    const { db, close } = connect(database.url);
    try {
      for (const p of SAMPLE_PROVIDERS) {
        expect(list, p.name).toContain(`href="/admin/providers/${p.applicationId}"`);
        const res = await admin.get(`/admin/providers/${p.applicationId}`);
        expect(res.status, p.name).toBe(200);
        const html = await pageHtml(res);
        expect(html).toContain(p.name);
        expect(html).toContain("Decided: Approved.");
        // The services it was approved for, named as the form names them.
        expect(html).toContain(p.services[0] === "plumbing" ? "Plumbing, Handyman" : p.services[0] === "cleaning" ? "Cleaning" : "DJ/Events");
        expect(html).toContain(`href="/admin/requests/${p.reference}"`);
        const docs = await db.selectFrom("provider_documents").select(["id", "kind"]).where("application_id", "=", p.applicationId).execute();
        expect(docs.map((d) => d.kind).sort()).toEqual(["id_front", ...p.documents].sort());
        for (const d of docs) expect(html, d.kind).toContain(`href="/admin/provider-documents/${d.id}"`);
        // Its request page in the back office: the same application, approved.
        expect((await admin.get(`/admin/requests/${p.reference}`)).status).toBe(200);
      }
      const first = (await db.selectFrom("provider_documents").select("id").where("application_id", "=", SAMPLE_PROVIDERS[0]!.applicationId).executeTakeFirstOrThrow()).id;
      const before = await db.selectFrom("document_access_log").select("document_id").execute();
      const file = await admin.get(`/admin/provider-documents/${first}`);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("application/pdf");
      const after = await db.selectFrom("document_access_log").select("document_id").execute();
      expect(after.length).toBe(before.length + 1);
      expect(after.map((a) => a.document_id)).toContain(first);
      // Approved like any application: received, then approved, and the approval in the audit log.
      const requests = await db.selectFrom("requests").select(["id", "status", "subject_id"]).where("kind", "=", "provider-application").execute();
      expect(requests.map((r) => r.subject_id).sort()).toEqual(SAMPLE_PROVIDERS.map((p) => p.applicationId).sort());
      for (const r of requests) {
        expect(r.status).toBe("approved");
        const events = await db.selectFrom("request_events").select("status").where("request_id", "=", r.id).orderBy("created_at").orderBy("id").execute();
        expect(events.map((e) => e.status)).toEqual(["received", "approved"]);
        expect(await db.selectFrom("audit_log").select("action").where("entity_id", "=", r.id).execute()).toEqual([{ action: "provider-application.approve" }]);
      }
    } finally {
      await close();
    }
  });
});
