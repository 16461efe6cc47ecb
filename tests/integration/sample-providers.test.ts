import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_PROVIDERS } from "../../db/seed/sample-providers.server";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";

/**
 * Issue 30: a first start shows the whole marketplace: a few verified sample providers, named as
 * samples, with their (sample) documents and reviews; seeded once, however often it starts.
 */
describe.each(DIALECTS)("sample providers on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  // As `npm start` does (the test servers leave them out unless asked).
  const env = () => ({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, SAMPLE_PROVIDERS: "1" });

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
});
