import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { HttpClient } from "../support/http-client";

/**
 * Issue 27, item 4: BACKUP_EVERY makes the app back itself up, one run per period through the
 * job claims, keeping the newest BACKUP_KEEP; the system page shows the last one and its size.
 */
const ADMIN = { email: "admin@example.test", password: "correct horse battery staple" };

describe.each(DIALECTS)("scheduled backups on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  let db: ReturnType<typeof connect>;
  const backupDir = mkdtempSync(path.join(tmpdir(), "gta-scheduled-"));

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startAppServer({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      BACKUP_DIR: backupDir,
      BACKUP_EVERY: "2s",
      BACKUP_KEEP: "2",
    });
    db = connect(database.url);
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await database?.drop();
  });

  it("makes one backup per period, keeps the newest two, and the system page shows the last", async () => {
    let runs = 0;
    for (let i = 0; i < 200 && runs < 3; i++) {
      runs = (await db.db.selectFrom("job_runs").select("run_key").where("name", "=", "backup").where("finished_at", "is not", null).execute()).length;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(runs).toBeGreaterThanOrEqual(3);
    const kept = readdirSync(backupDir).filter((n) => !n.endsWith(".partial")).sort();
    expect(kept.length).toBeLessThanOrEqual(2);
    expect(kept.length).toBeGreaterThanOrEqual(1);
    const newest = kept.at(-1)!;
    const manifest = JSON.parse(readFileSync(path.join(backupDir, newest, "manifest.json"), "utf8")) as { database: string; files: { path: string }[] };
    expect(manifest.database).toBe(dialect);
    expect(manifest.files.some((f) => f.path === (dialect === "sqlite" ? "app.db" : "database.dump"))).toBe(true);
    expect(existsSync(path.join(backupDir, newest, dialect === "sqlite" ? "app.db" : "database.dump"))).toBe(true);
    expect(server.output()).toMatch(/"event":"backup.done"/);

    const admin = new HttpClient(server.url);
    expect((await admin.post("/auth/login", ADMIN)).status).toBe(302);
    const html = await (await admin.get("/admin/system")).text();
    expect(html).toMatch(/data-testid="backup-last">[^<]*\d/);
    expect(html).toMatch(/data-testid="backup-size">[\d.,]+ MB</);
    expect(html).toContain("BACKUP_EVERY");
  });
});
