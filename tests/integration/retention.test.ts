import { randomUUID } from "node:crypto";
import { utimes } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { runDailyJobs } from "~/lib/jobs.server";
import { getRuntime, type Runtime, startRuntime } from "~/lib/runtime.server";
import { getObject, putObject, resolveKey } from "~/lib/storage.server";
import { heldFolder } from "~/modules/providers/documents.server";
import { getOutboxMessage, listOutbox } from "~/modules/admin/outbox.server";
import { RETENTION_DAYS } from "~/modules/privacy/retention";
import { applyRetention, RETENTION_BATCH, RETENTION_DAILY_JOB } from "~/modules/privacy/retention.server";
import { submitRequest } from "~/modules/requests/requests.server";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { pageHtml } from "../support/html";
import { HttpClient } from "../support/http-client";

/**
 * Retention that runs (issue 28 item 4), on a real database with a clock: for each period, a row
 * a minute inside it stays and a row a minute past it goes; other kinds of rows and other
 * people's rows are untouched; a second run changes nothing; the daily job's lease means two
 * concurrent runs apply it once.
 */
const NOW = new Date("2030-03-10T12:00:00Z");
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;
/** A moment `days` before NOW, nudged by `ms` (negative: further back). */
const ago = (days: number, ms = 0) => new Date(NOW.getTime() - days * DAY_MS + ms).toISOString();
const inside = (days: number) => ago(days, MINUTE);
const past = (days: number) => ago(days, -MINUTE);

describe.each(DIALECTS)("retention on %s", (dialect) => {
  let database: TestDatabase;
  let runtime: Runtime;
  const bool = (v: boolean) => (dialect === "postgres" ? v : v ? 1 : 0) as never;
  let ip = 0;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const env = parseEnv({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      OPERATOR_EMAIL: "operator@example.test",
      PUBLIC_URL: "http://gta.test",
    });
    runtime = await startRuntime(env, { startMailWorker: false, log: () => {} });
  });
  afterAll(async () => {
    await runtime?.stop();
    await database.drop();
  });

  const db = () => getRuntime().db;

  /** A real contact message (with its timeline and emails), dated as the test needs. */
  async function contact(label: string, createdAt: string, deletedAt: string | null = null) {
    const sent = await submitRequest(
      "contact-message",
      { name: `Name ${label}`, email: `${label}@example.com`, subject: `Subject ${label}`, message: `Message ${label}` },
      { user: null, clientIp: `198.51.100.${++ip}`, locale: "en-US" },
    );
    await db().updateTable("requests").set({ created_at: createdAt, deleted_at: deletedAt }).where("id", "=", sent.id).execute();
    await db()
      .insertInto("request_notes")
      .values({ id: randomUUID(), request_id: sent.id, author_user_id: "admin", author_name: "Admin", body: `note ${label}`, created_at: createdAt })
      .execute();
    // Delivered: a purge removes sent mail with the request.
    await db().updateTable("mail_outbox").set({ status: "sent", sent_at: createdAt }).where("request_id", "=", sent.id).execute();
    return sent.id;
  }

  async function cityRequest(label: string, createdAt: string, deletedAt: string | null = null) {
    const sent = await submitRequest(
      "city-request",
      { city: "Hamilton", name: `Name ${label}`, contact: `${label}@example.com` },
      { user: null, clientIp: `198.51.100.${++ip}`, locale: "en-US" },
    );
    await db().updateTable("requests").set({ created_at: createdAt, deleted_at: deletedAt }).where("id", "=", sent.id).execute();
    return sent.id;
  }

  /** A provider application as stored (the providers module's own flow is tested elsewhere). */
  async function application(label: string, deletedAt: string, approvedFor: string | null) {
    const id = randomUUID();
    const applicationId = randomUUID();
    await db()
      .insertInto("requests")
      .values({
        id,
        reference: `GTA-${label}`,
        token_hash: randomUUID(),
        kind: "provider-application",
        status: approvedFor ? "approved" : "rejected",
        user_id: approvedFor,
        name: `Name ${label}`,
        email: `${label}@example.com`,
        data: "{}",
        locale: "en-US",
        subject_type: "provider-application",
        subject_id: applicationId,
        created_at: ago(400),
        updated_at: ago(400),
        deleted_at: deletedAt,
        provider_id: null,
      })
      .execute();
    if (approvedFor)
      await db()
        .insertInto("providers")
        .values({
          id: randomUUID(),
          user_id: approvedFor,
          application_id: applicationId,
          name: `Name ${label}`,
          bio: null,
          services: "[]",
          categories: "[]",
          service_areas: "[]",
          status: "approved",
          id_checked_at: ago(400),
          created_at: ago(400),
          updated_at: ago(400),
        })
        .execute();
    return id;
  }

  async function email(label: string, values: { kind?: string; status?: "pending" | "sent" | "failed"; sentAt: string | null }) {
    const id = randomUUID();
    await db()
      .insertInto("mail_outbox")
      .values({
        id,
        kind: values.kind ?? "account.verify",
        to_address: `${label}@example.com`,
        reply_to: null,
        subject: `Subject ${label}`,
        text_body: `Hello ${label}`,
        html_body: `<p>Hello ${label}</p>`,
        status: values.status ?? "sent",
        next_attempt_at: values.sentAt ?? ago(1),
        locked_until: null,
        last_error: null,
        message_id: values.sentAt ? `<${id}@gta.test>` : null,
        created_at: values.sentAt ?? ago(400),
        sent_at: values.sentAt,
        request_id: null,
      })
      .execute();
    return id;
  }

  async function user(label: string, values: { verified?: boolean; createdAt: string; role?: string | null }) {
    const id = randomUUID();
    await db()
      .insertInto("user")
      .values({
        id,
        name: `Name ${label}`,
        email: `${label}@example.com`,
        emailVerified: bool(values.verified ?? false),
        image: null,
        createdAt: values.createdAt,
        updatedAt: values.createdAt,
        phone: null,
        role: values.role === undefined ? "user" : values.role,
        adultConfirmedAt: null,
        termsAcceptedAt: null,
      })
      .execute();
    await db()
      .insertInto("account")
      .values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: "hash", createdAt: values.createdAt, updatedAt: values.createdAt })
      .execute();
    await db()
      .insertInto("session")
      .values({ id: randomUUID(), expiresAt: ago(-7), token: randomUUID(), createdAt: values.createdAt, updatedAt: values.createdAt, ipAddress: null, userAgent: null, userId: id })
      .execute();
    await db()
      .insertInto("verification")
      .values({ id: randomUUID(), identifier: `reset-password:${randomUUID()}`, value: id, expiresAt: ago(-1), createdAt: values.createdAt, updatedAt: values.createdAt })
      .execute();
    return id;
  }

  const exists = async (table: "requests" | "user" | "mail_outbox", id: string) =>
    Boolean(await db().selectFrom(table).select("id").where("id", "=", id).executeTakeFirst());
  const count = async (table: "request_events" | "request_notes" | "mail_outbox", column: "request_id", id: string) =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as("n")).where(column, "=", id).executeTakeFirstOrThrow()).n);
  const userRows = async (id: string) => ({
    sessions: (await db().selectFrom("session").select("id").where("userId", "=", id).execute()).length,
    accounts: (await db().selectFrom("account").select("id").where("userId", "=", id).execute()).length,
    verifications: (await db().selectFrom("verification").select("id").where("value", "=", id).execute()).length,
  });
  /** Everything the job may touch, to show that a second run changes nothing. */
  const snapshot = async () => ({
    requests: await db().selectFrom("requests").selectAll().orderBy("id").execute(),
    events: await db().selectFrom("request_events").selectAll().orderBy("id").execute(),
    notes: await db().selectFrom("request_notes").selectAll().orderBy("id").execute(),
    outbox: await db().selectFrom("mail_outbox").selectAll().orderBy("id").execute(),
    users: await db().selectFrom("user").select("id").orderBy("id").execute(),
    sessions: await db().selectFrom("session").select("id").orderBy("id").execute(),
    accounts: await db().selectFrom("account").select("id").orderBy("id").execute(),
    verifications: await db().selectFrom("verification").select("id").orderBy("id").execute(),
  });

  it("applies each period at its edge, leaves everything else, and a second run changes nothing", async () => {
    const D = RETENTION_DAYS;
    // Soft-deleted requests (any kind), counted from the deletion.
    const deletedInside = await cityRequest("del-in", ago(40), inside(D.deletedRequests));
    const deletedPast = await cityRequest("del-past", ago(40), past(D.deletedRequests));
    const deletedPastContact = await contact("del-past-contact", ago(40), past(D.deletedRequests));
    const oldLive = await cityRequest("old-live", ago(2000));
    // An approved provider's application is never purged from under the provider's profile.
    const provider = await user("provider", { verified: true, createdAt: ago(1000) });
    const providerApplication = await application("app-approved", past(D.deletedRequests), provider);
    const rejectedApplication = await application("app-rejected", past(D.deletedRequests), null);
    // Contact messages, counted from their sending, deleted or not.
    const contactInside = await contact("contact-in", inside(D.contactMessages));
    const contactPast = await contact("contact-past", past(D.contactMessages));
    expect(await count("request_events", "request_id", contactPast)).toBeGreaterThan(0);
    expect(await count("mail_outbox", "request_id", contactPast)).toBeGreaterThan(0);
    // A mail still on its way is the worker's: left alone even when its request goes.
    await db().updateTable("mail_outbox").set({ status: "pending", sent_at: null }).where("request_id", "=", deletedPastContact).where("kind", "like", "%.operator").execute();

    // Emails to people, counted from their sending; the operator's copies and unsent ones stay.
    const mailInside = await email("mail-in", { sentAt: inside(D.customerEmailBodies) });
    const mailPast = await email("mail-past", { sentAt: past(D.customerEmailBodies) });
    const mailStatusPast = await email("mail-status", { kind: "booking.status", sentAt: past(D.customerEmailBodies) });
    const operatorPast = await email("operator-past", { kind: "contact-message.operator", sentAt: past(D.customerEmailBodies) });
    const failedPast = await email("failed-past", { status: "failed", sentAt: null });
    const pendingPast = await email("pending-past", { status: "pending", sentAt: null });

    // Unverified, unused accounts, counted from sign-up.
    const unverifiedInside = await user("unv-in", { createdAt: inside(D.unverifiedAccounts) });
    const unverifiedPast = await user("unv-past", { createdAt: past(D.unverifiedAccounts) });
    const unverifiedPastMail = await email("unv-past", { sentAt: past(D.unverifiedAccounts) });
    const verifiedOld = await user("ver-old", { verified: true, createdAt: ago(1000) });
    const adminOld = await user("admin-old", { createdAt: ago(1000), role: "admin" });
    const withRequest = await user("with-request", { createdAt: ago(1000) });
    const ownRequest = await cityRequest("own", ago(2));
    await db().updateTable("requests").set({ user_id: withRequest }).where("id", "=", ownRequest).execute();
    const recentSession = await user("recent-session", { createdAt: ago(1000) });
    await db().updateTable("session").set({ updatedAt: inside(D.unverifiedAccounts) }).where("userId", "=", recentSession).execute();

    // The kept contact message's own confirmation to its sender is past the email period too.
    const contactInsideMail = await db().selectFrom("mail_outbox").select("id").where("request_id", "=", contactInside).where("kind", "not like", "%.operator").execute();
    expect(contactInsideMail).toHaveLength(1);

    const first = await applyRetention(NOW);
    expect(first).toEqual({ deletedRequests: 3, contactMessages: 1, emailBodies: 3, unverifiedAccounts: 1, dataExports: 0, heldProviderDocuments: 0 });

    // Deleted requests: gone past the period with their timeline, notes and sent mail.
    for (const id of [deletedPast, deletedPastContact, contactPast, rejectedApplication]) {
      expect(await exists("requests", id)).toBe(false);
      expect(await count("request_events", "request_id", id)).toBe(0);
      expect(await count("request_notes", "request_id", id)).toBe(0);
    }
    expect(await count("mail_outbox", "request_id", contactPast)).toBe(0);
    expect(await count("mail_outbox", "request_id", deletedPastContact)).toBe(1); // the pending one
    for (const id of [deletedInside, oldLive, contactInside, ownRequest, providerApplication]) expect(await exists("requests", id)).toBe(true);
    expect(await count("request_notes", "request_id", contactInside)).toBe(1);
    expect(await count("mail_outbox", "request_id", contactInside)).toBeGreaterThan(0);

    // Emails: past the period, body and address blanked; kind, subject, status and times kept.
    for (const [id, label, kind] of [
      [mailPast, "mail-past", "account.verify"],
      [mailStatusPast, "mail-status", "booking.status"],
    ] as const) {
      const row = await db().selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ to_address: "", text_body: "", html_body: "", kind, subject: `Subject ${label}`, status: "sent", sent_at: past(D.customerEmailBodies) });
      const shown = await getOutboxMessage(id);
      expect(shown).toMatchObject({ trimmed: true, subject: `Subject ${label}`, status: "sent", to: "" });
    }
    for (const [id, label] of [
      [mailInside, "mail-in"],
      [operatorPast, "operator-past"],
      [failedPast, "failed-past"],
      [pendingPast, "pending-past"],
    ] as const) {
      const row = await db().selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ to_address: `${label}@example.com`, text_body: `Hello ${label}` });
      expect((await getOutboxMessage(id))?.trimmed).toBe(false);
    }
    // The outbox list shows trimmed rows (by subject) without an address.
    const listed = await listOutbox({ q: "Subject mail-past" });
    expect(listed.items).toEqual([expect.objectContaining({ id: mailPast, to: "", trimmed: true })]);

    // Accounts: the unverified, unused one past the period is gone with its sessions, password, tokens and mail.
    expect(await exists("user", unverifiedPast)).toBe(false);
    expect(await userRows(unverifiedPast)).toEqual({ sessions: 0, accounts: 0, verifications: 0 });
    expect(await db().selectFrom("mail_outbox").select(["to_address", "text_body"]).where("id", "=", unverifiedPastMail).executeTakeFirstOrThrow()).toEqual({ to_address: "", text_body: "" });
    for (const id of [unverifiedInside, verifiedOld, adminOld, withRequest, recentSession]) {
      expect(await exists("user", id)).toBe(true);
      expect(await userRows(id)).toEqual({ sessions: 1, accounts: 1, verifications: 1 });
    }

    // Idempotent: a second run (and a later one the same instant) finds nothing more.
    const before = await snapshot();
    expect(await applyRetention(NOW)).toEqual({ deletedRequests: 0, contactMessages: 0, emailBodies: 0, unverifiedAccounts: 0, dataExports: 0, heldProviderDocuments: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it("works through more rows than one batch", async () => {
    const many = 2 * RETENTION_BATCH + 3;
    const olderThan = ago(RETENTION_DAYS.customerEmailBodies + 10);
    const ids: string[] = [];
    for (let i = 0; i < many; i++) ids.push(await email(`batch-${i}`, { sentAt: olderThan }));
    const counts = await applyRetention(NOW);
    expect(counts.emailBodies).toBe(many);
    const left = await db().selectFrom("mail_outbox").select("id").where("id", "in", ids).where("to_address", "<>", "").execute();
    expect(left).toEqual([]);
  });

  it("deletes a data export's file once its link has expired, and keeps the row as expired", async () => {
    const owner = await user("exporter", { verified: true, createdAt: ago(100) });
    /** A ready export whose link expires at `expiresAt`, with its file in private storage. */
    async function readyExport(expiresAt: string) {
      const id = randomUUID();
      const key = `exports/${id}.zip`;
      await putObject(key, new Uint8Array([80, 75, 5, 6, ...new Array<number>(18).fill(0)]));
      await db()
        .insertInto("data_exports")
        .values({ id, user_id: owner, status: "ready", locale: "en-US", file_name: "data.zip", file_key: key, size: 22, created_at: ago(8), ready_at: ago(8), expires_at: expiresAt })
        .execute();
      return { id, key };
    }
    const gone = await readyExport(ago(0, -MINUTE));
    const kept = await readyExport(ago(0, MINUTE));
    expect(await getObject(gone.key)).not.toBeNull();

    const counts = await applyRetention(NOW);
    expect(counts.dataExports).toBe(1);
    expect(await getObject(gone.key)).toBeNull();
    expect(await getObject(kept.key)).not.toBeNull();
    const rows = await db().selectFrom("data_exports").select(["id", "status", "file_key"]).where("user_id", "=", owner).orderBy("expires_at").execute();
    expect(rows).toEqual([
      { id: gone.id, status: "expired", file_key: null },
      { id: kept.id, status: "ready", file_key: kept.key },
    ]);
    // Again: nothing more to do; the one still valid goes once its time has come.
    expect((await applyRetention(NOW)).dataExports).toBe(0);
    expect((await applyRetention(new Date(NOW.getTime() + 2 * MINUTE))).dataExports).toBe(1);
    expect(await getObject(kept.key)).toBeNull();
  });

  it("deletes a document held from a provider application form nobody sent, a day after its upload", async () => {
    /** A file in storage, last written at `writtenAt` (the held folder's clock is the file's). */
    async function stored(key: string, writtenAt: string) {
      await putObject(key, new Uint8Array([37, 80, 68, 70]));
      const when = new Date(writtenAt);
      await utimes(resolveKey(key), when, when);
      return key;
    }
    const held = (userId: string, field: string) => `${heldFolder(userId)}${field}.pdf`;
    const [a, b] = [randomUUID(), randomUUID()];
    const gone = [await stored(held(a, "governmentId"), past(RETENTION_DAYS.heldProviderDocuments)), await stored(held(b, "insurance"), ago(30))];
    const kept = [
      await stored(held(a, "insurance"), inside(RETENTION_DAYS.heldProviderDocuments)),
      // An application's own document is not held: only the held folder expires this way.
      await stored(`provider-documents/${randomUUID()}.pdf`, ago(30)),
    ];

    expect((await applyRetention(NOW)).heldProviderDocuments).toBe(2);
    for (const key of gone) expect(await getObject(key), key).toBeNull();
    for (const key of kept) expect(await getObject(key), key).not.toBeNull();
    expect((await applyRetention(NOW)).heldProviderDocuments).toBe(0);
  });

  it("runs once a day as a daily job: two concurrent runs apply it once", async () => {
    const day = new Date(NOW.getTime() + 5 * DAY_MS);
    const due = await cityRequest("lease", ago(40), ago(RETENTION_DAYS.deletedRequests + 1));
    const runs = await Promise.all([
      runDailyJobs([RETENTION_DAILY_JOB], day, () => {}),
      runDailyJobs([RETENTION_DAILY_JOB], day, () => {}),
    ]);
    expect(runs.map((r) => r[RETENTION_DAILY_JOB.name]).sort()).toEqual([false, true]);
    expect(await exists("requests", due)).toBe(false);
    const claims = await db().selectFrom("job_runs").selectAll().where("name", "=", RETENTION_DAILY_JOB.name).execute();
    expect(claims).toHaveLength(1);
    expect(claims[0]!.finished_at).not.toBeNull();
    // The same day again: already done.
    expect((await runDailyJobs([RETENTION_DAILY_JOB], new Date(day.getTime() + 60 * MINUTE), () => {}))[RETENTION_DAILY_JOB.name]).toBe(false);
  });
});

describe.each(DIALECTS)("the back office shows a trimmed email on %s", (dialect) => {
  const ADMIN = { email: "admin@example.test", password: "correct horse battery staple" };
  let database: TestDatabase;
  let server: AppServer;
  let runtime: Runtime;
  let admin: HttpClient;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startAppServer({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PAGE_CACHE_SECONDS: "0",
    });
    // A second connection to the same database, to write and trim rows behind the server's back.
    const env = parseEnv({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, OPERATOR_EMAIL: "operator@example.test" });
    runtime = await startRuntime(env, { startMailWorker: false, log: () => {} });
    admin = new HttpClient(server.url);
    expect((await admin.post("/auth/login", ADMIN)).status).toBe(302);
  });
  afterAll(async () => {
    await runtime?.stop();
    await server?.stop();
    await database?.drop();
  });

  it("lists it and opens it without an address or a body, saying why", async () => {
    const id = randomUUID();
    const sentAt = ago(RETENTION_DAYS.customerEmailBodies + 1);
    await getRuntime()
      .db.insertInto("mail_outbox")
      .values({
        id,
        kind: "booking.customer",
        to_address: "old.customer@example.com",
        reply_to: null,
        subject: "Your booking GTA-OLD1",
        text_body: "Hello Old Customer",
        html_body: "<p>Hello Old Customer</p>",
        status: "sent",
        next_attempt_at: sentAt,
        locked_until: null,
        last_error: null,
        message_id: null,
        created_at: sentAt,
        sent_at: sentAt,
        request_id: null,
      })
      .execute();
    expect((await applyRetention(NOW)).emailBodies).toBeGreaterThanOrEqual(1);

    const list = await pageHtml(await admin.get(`/admin/outbox?q=${encodeURIComponent("GTA-OLD1")}`));
    expect(list).toContain("Your booking GTA-OLD1");
    expect(list).toContain("Trimmed");
    expect(list).not.toContain("old.customer@example.com");

    const detail = await pageHtml(await admin.get(`/admin/outbox/${id}`));
    expect(detail).toContain("Your booking GTA-OLD1");
    expect(detail).toContain("Trimmed");
    expect(detail).toContain("Under our retention periods");
    expect(detail).toContain("address were deleted");
    expect(detail).not.toContain("old.customer@example.com");
    expect(detail).not.toContain("Hello Old Customer");
    expect(detail).not.toMatch(/<iframe/i);
  });
});
