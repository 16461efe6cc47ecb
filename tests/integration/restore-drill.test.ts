import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { schemaOf } from "~/lib/backup.server";
import { parseEnv } from "~/lib/env.server";
import { startRuntime } from "~/lib/runtime.server";
import { transitionRequest } from "~/modules/requests/requests.server";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { appointmentPassed } from "../support/appointments";
import { connect } from "../support/db";
import { HttpClient } from "../support/http-client";
import { SmtpSink } from "../support/smtp-sink";

/**
 * Issue 27, item 4: the restore drill. While a writer keeps submitting (contact messages,
 * bookings, listing photos, and reviews of the member's completed bookings), `npm run backup` runs twice; the last backup is restored with
 * `npm run restore` into a fresh data folder (and, on PostgreSQL, a fresh database); the app
 * starts on it. Every submission acknowledged before that backup began is there, with its
 * emails and its photo files; SQLite's integrity_check is ok; the restored app serves pages.
 * A second restore into the same (now live) place is refused.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
const PASSWORD = "orchard by the river";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

type Ack = { kind: "contact" | "booking" | "photo" | "review"; marker: string; at: number; photoIds?: string[]; requestId?: string };

/** How many of the member's bookings are completed before the load (one review each), and how often one is posted. */
const REVIEWABLE = 12;
const REVIEW_EVERY_MS = 400;

function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.once("exit", (code) => resolve({ code, out }));
  });
}

describe.each(DIALECTS)("restore drill on %s", (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });

  it("restores the last backup taken under load with every acknowledged submission, its emails and photos", async () => {
    const database: TestDatabase = await createTestDatabase(dialect);
    cleanups.push(() => database.drop());
    const sink = await new SmtpSink().start(0);
    cleanups.push(() => sink.stop());
    const server: AppServer = await startAppServer({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      SMTP_URL: sink.url,
      RATE_LIMITS: "writes=100000,signUp=1000",
      PAGE_CACHE_SECONDS: "0",
    });
    cleanups.push(() => server.stop());
    const db = connect(database.url);
    cleanups.push(() => db.close());

    const email = `drill.member.${Date.now()}@example.com`;
    const member = new HttpClient(server.url);
    expect((await member.post("/signup", { name: "Dora Drill", email, password: PASSWORD, adult: "on", terms: "on" })).status).toBe(302);
    await db.db.updateTable("user").set({ emailVerified: dialect === "postgres" ? (true as never) : 1 }).where("email", "=", email).execute();
    expect((await member.post("/auth/login", { email, password: PASSWORD })).status).toBe(302);
    const { id: memberId } = await db.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    expect((await member.post("/homes/new", { intent: "autosave", step: "1", ownerName: "Dora Drill" })).status).toBe(200);
    const cookie = [...member.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const booking = (notes: string) =>
      member.post("/book", {
        form: "service",
        returnTo: "/services/handyman",
        service: "Handyman Services",
        fullName: "Dora Drill",
        email,
        area: "Leslieville",
        preferredDate: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
        preferredTime: "10:30",
        notes,
      });

    // Bookings to review: booked over HTTP, then completed as the back office does it (received →
    // in review → matched → completed), with the app's own module on this database. A customer
    // may only review a completed booking of their own (app/modules/reviews/eligibility.ts).
    const reviewable: { id: string; reference: string }[] = [];
    const setupMarker = `done-${randomBytes(3).toString("hex")}`;
    for (let i = 0; i < REVIEWABLE; i++) expect((await booking(`Booking ${setupMarker}`)).status).toBe(303);
    const runtime = await startRuntime(parseEnv({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, OPERATOR_EMAIL: "operator@example.test", PUBLIC_URL: server.url }), {
      startMailWorker: false,
      log: () => {},
    });
    try {
      const rows = await db.db.selectFrom("requests").select(["id", "reference"]).where("kind", "=", "booking").where("data", "like", `%${setupMarker}%`).execute();
      expect(rows).toHaveLength(REVIEWABLE);
      for (const row of rows) {
        // Its appointment has come: a booking is completed only from then on (issue 49 item 2).
        await appointmentPassed(db.db, row.id);
        for (const to of ["in_review", "matched", "completed"] as const) {
          // Matching is a guarded move: the workbench records the provider in its effects (none needed for a review).
          const moved = await transitionRequest(row.id, to, null, to === "matched" ? { effects: async () => undefined } : {});
          expect(moved.ok, `${row.reference} → ${to}`).toBe(true);
        }
        reviewable.push(row);
      }
    } finally {
      await runtime.stop();
    }

    // The writer: one submission after another until told to stop.
    const acks: Ack[] = [];
    let writing = true;
    const photoIds = async () => (await db.db.selectFrom("listing_photos").select("id").execute()).map((r) => r.id);
    let lastReview = 0;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const marker = `drill-${i}-${randomBytes(3).toString("hex")}`;
        const step = i % 4;
        if (step === 3) {
          // A review, every REVIEW_EVERY_MS while completed bookings remain: spread over the whole load.
          if (reviewable.length === 0 || Date.now() - lastReview < REVIEW_EVERY_MS) continue;
          lastReview = Date.now();
          const done = reviewable.shift()!;
          const form = new FormData();
          form.set("rating", "5");
          form.set("comment", `Tidy, punctual work on the shelves, thank you (${marker}).`);
          form.set("photos", new File([], "", { type: "application/octet-stream" }));
          const res = await fetch(`${server.url}/account/reviews/${done.reference}`, { method: "POST", body: form, headers: { Origin: server.url, Cookie: cookie }, redirect: "manual" });
          if (res.status === 303) acks.push({ kind: "review", marker, at: Date.now(), requestId: done.id });
        } else if (step === 0) {
          const res = await new HttpClient(server.url).post("/contact", { name: "Dora Drill", email: `${marker}@example.com`, subject: marker, message: `Message ${marker}` });
          if (res.status === 302) acks.push({ kind: "contact", marker, at: Date.now() });
        } else if (step === 1) {
          const res = await booking(`Booking ${marker}`);
          if (res.status === 303) acks.push({ kind: "booking", marker, at: Date.now() });
        } else if (acks.filter((a) => a.kind === "photo").length < 10) {
          const before = new Set(await photoIds());
          const form = new FormData();
          form.set("intent", "");
          form.set("files", new Blob([PNG], { type: "image/png" }), `${marker}.png`);
          const res = await fetch(`${server.url}/homes/new`, { method: "POST", body: form, headers: { Origin: server.url, Cookie: cookie }, redirect: "manual" });
          if (res.status === 303) acks.push({ kind: "photo", marker, at: Date.now(), photoIds: (await photoIds()).filter((id) => !before.has(id)) });
        }
      }
    })();

    const backupDir = mkdtempSync(path.join(tmpdir(), "gta-backups-"));
    const appEnv = { DATABASE_URL: database.url, DATA_DIR: database.dataDir, BACKUP_DIR: backupDir, BACKUP_KEEP: "5" };
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await runScript("scripts/backup.ts", [], appEnv)).code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const lastBackupStarted = Date.now();
    const last = await runScript("scripts/backup.ts", [], appEnv);
    expect(last.code, last.out).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    writing = false;
    await writer;

    const backups = readdirSync(backupDir).filter((n) => !n.endsWith(".partial")).sort();
    expect(backups).toHaveLength(2);
    const lastDir = path.join(backupDir, backups[1]!);
    expect(JSON.parse(last.out.trim().split("\n").pop()!)).toMatchObject({ event: "backup.done", dir: lastDir });
    const before = acks.filter((a) => a.at < lastBackupStarted);
    expect(before.filter((a) => a.kind === "contact").length).toBeGreaterThan(0);
    expect(before.filter((a) => a.kind === "booking").length).toBeGreaterThan(0);
    expect(before.filter((a) => a.kind === "photo").length).toBeGreaterThan(0);
    expect(before.filter((a) => a.kind === "review").length).toBeGreaterThan(0);
    expect(acks.length).toBeGreaterThan(before.length); // writes went on while the backup ran

    // A fresh place to restore into.
    const targetDir = mkdtempSync(path.join(tmpdir(), "gta-restored-"));
    let targetUrl = `file:${path.join(targetDir, "app.db")}`;
    if (dialect === "postgres") {
      const base = process.env.TEST_DATABASE_URL!;
      const name = `drill_${randomBytes(5).toString("hex")}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      cleanups.push(async () => {
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      });
      const url = new URL(base);
      url.pathname = `/${name}`;
      url.searchParams.set("options", `-c search_path=${schemaOf(database.url)}`);
      targetUrl = url.toString();
    }
    // Backups never hold the secret (issue 47, item 1): the runbook puts the instance's own in
    // place from where it is kept apart, before restoring.
    copyFileSync(path.join(database.dataDir, "auth-secret"), path.join(targetDir, "auth-secret"));
    const targetEnv = { DATABASE_URL: targetUrl, DATA_DIR: targetDir };
    const restored = await runScript("scripts/restore.ts", [lastDir], targetEnv);
    expect(restored.code, restored.out).toBe(0);
    if (dialect === "sqlite") {
      const file = new Database(path.join(targetDir, "app.db"), { readonly: true });
      expect(file.pragma("integrity_check", { simple: true })).toBe("ok");
      file.close();
    }

    // The app on the restored data.
    const restoredSink = await new SmtpSink().start(0);
    cleanups.push(() => restoredSink.stop());
    const again = await startAppServer({ DATABASE_URL: targetUrl, DATA_DIR: targetDir, SMTP_URL: restoredSink.url });
    cleanups.push(() => again.stop());
    const rdb = connect(targetUrl);
    cleanups.push(() => rdb.close());
    for (const page of ["/", "/homes", "/homes/h-annex-studio", "/healthz"]) expect((await fetch(`${again.url}${page}`)).status, page).toBe(200);
    // The member's session is still good: the instance runs with the secret it was made under.
    expect((await fetch(`${again.url}/account`, { headers: { Cookie: cookie }, redirect: "manual" })).status).toBe(200);

    /** A request's emails were written with it, in one transaction: the backup has all of them. */
    const expectSameEmails = async (requestId: string, what: string) => {
      const ids = async (d: typeof db) => (await d.db.selectFrom("mail_outbox").select("id").where("request_id", "=", requestId).orderBy("id").execute()).map((r) => r.id);
      const live = await ids(db);
      expect(live.length, `emails of ${what}`).toBeGreaterThanOrEqual(1);
      expect(await ids(rdb), `emails of ${what}`).toEqual(live);
    };
    for (const ack of before) {
      if (ack.kind === "contact") {
        const row = await rdb.db.selectFrom("requests").select("id").where("email", "=", `${ack.marker}@example.com`).executeTakeFirst();
        expect(row, `contact ${ack.marker}`).toBeTruthy();
        await expectSameEmails(row!.id, `contact ${ack.marker}`);
      } else if (ack.kind === "booking") {
        const row = await rdb.db.selectFrom("requests").select("id").where("kind", "=", "booking").where("data", "like", `%${ack.marker}%`).executeTakeFirst();
        expect(row, `booking ${ack.marker}`).toBeTruthy();
        await expectSameEmails(row!.id, `booking ${ack.marker}`);
      } else if (ack.kind === "review") {
        const row = await rdb.db
          .selectFrom("community_reviews")
          .select(["id", "request_id", "author_user_id", "status", "rating"])
          .where("comment", "like", `%${ack.marker}%`)
          .executeTakeFirst();
        expect(row, `review ${ack.marker}`).toMatchObject({ request_id: ack.requestId, author_user_id: memberId, status: "pending", rating: 5 });
        // The operators' "waiting for moderation" email was queued with it, in one transaction.
        const mails = async (d: typeof db) =>
          (await d.db.selectFrom("mail_outbox").select("id").where("kind", "=", "review.operator").where("text_body", "like", `%${ack.marker}%`).execute()).map((r) => r.id);
        const live = await mails(db);
        expect(live, `email of review ${ack.marker}`).toHaveLength(1);
        expect(await mails(rdb), `email of review ${ack.marker}`).toEqual(live);
      } else {
        expect(ack.photoIds!.length).toBeGreaterThan(0);
        for (const id of ack.photoIds!) {
          expect(await rdb.db.selectFrom("listing_photos").select("id").where("id", "=", id).executeTakeFirst(), `photo ${id}`).toBeTruthy();
          const folder = path.join(targetDir, "uploads", "listings", id);
          expect(existsSync(folder) && readdirSync(folder).length > 0, `photo files of ${id}`).toBe(true);
          for (const f of readdirSync(folder)) expect(statSync(path.join(folder, f)).size).toBeGreaterThan(0);
        }
      }
    }

    // Never over a live one.
    const refused = await runScript("scripts/restore.ts", [lastDir], targetEnv);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/Refused: /);
  }, 240_000);
});
