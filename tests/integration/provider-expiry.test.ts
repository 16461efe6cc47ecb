import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { claimDailyRun, JOB_LEASE_MS, runDailyJobs } from "~/lib/jobs.server";
import { getRuntime, type Runtime, startRuntime } from "~/lib/runtime.server";
import { approveApplication, cancelApplication } from "~/modules/providers/decisions.server";
import { PROVIDER_DAILY_JOB, sendExpiryReminders } from "~/modules/providers/expiry.server";
import {
  findPublicProvider,
  listPublicProviders,
  saveProviderProfile,
} from "~/modules/providers/providers.server";
import type { ProviderApplicationData } from "~/modules/requests/kinds/provider-application";
import { submitRequest, transitionRequest } from "~/modules/requests/requests.server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { applicationData, insertApplicationDocument } from "../support/providers";

/**
 * Document expiry (issue 12 item 7), the modules on a real database: reminders 30 and 7 days
 * before, each sent once; an expired licence hides the provider on read; the daily job is
 * claimed by exactly one process per day; the search filters (category, area, licence).
 */
const LICENCE_EXPIRY = "2027-08-31";
const at = (date: string) => new Date(`${date}T15:00:00Z`);

describe.each(DIALECTS)("provider document expiry on %s", (dialect) => {
  let database: TestDatabase;
  let runtime: Runtime;
  let providerId = "";
  const email = "ines.expiry@example.com";

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const env = parseEnv({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      OPERATOR_EMAIL: "operator@example.test",
      PUBLIC_URL: "http://gta.test",
    });
    runtime = await startRuntime(env, { startMailWorker: false, log: () => {} });
    const { db } = getRuntime();
    const userId = randomUUID();
    const now = new Date();
    await db
      .insertInto("user")
      .values({
        id: userId,
        name: "Ines Electric",
        email,
        emailVerified: (dialect === "postgres" ? true : 1) as never,
        image: null,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
        phone: null,
        role: "user",
        adultConfirmedAt: null,
        termsAcceptedAt: null,
      })
      .execute();
    const applicationId = randomUUID();
    const data = applicationData(
      { name: "Ines Electric", email },
      { applicationId, serviceAreas: ["Mississauga", "Oakville"], services: ["electrical", "handyman"], licenseExpiry: LICENCE_EXPIRY },
    );
    const user = {
      id: userId,
      name: "Ines Electric",
      email,
      phone: null,
      role: "user" as const,
      emailVerified: true,
    };
    const sent = await submitRequest("provider-application", data, {
      user,
      clientIp: "198.51.100.9",
      locale: "en-US",
    });
    await insertApplicationDocument(db, { applicationId, userId, kind: "id_front", expiresOn: null });
    await insertApplicationDocument(db, { applicationId, userId, kind: "licence", expiresOn: LICENCE_EXPIRY });
    // The decisions go through the providers module: a plain move to approved is refused.
    expect(await transitionRequest(sent.id, "approved")).toEqual({ ok: false, reason: "not-allowed" });
    expect(await transitionRequest(sent.id, "in_review")).toMatchObject({ ok: true });
    expect(await approveApplication(sent.id, { services: ["electrical", "handyman"] })).toMatchObject({
      ok: true,
    });
    expect(
      await saveProviderProfile(
        { id: userId, role: "provider" },
        { bio: "Electrician.", categories: ["handyman"] },
        "en-US",
      ),
    ).toBe(true);
    providerId = (
      await db.selectFrom("providers").select("id").where("user_id", "=", userId).executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await runtime?.stop();
    await database.drop();
  });

  const firstApplication = async () => {
    const row = await getRuntime()
      .db.selectFrom("requests")
      .select("data")
      .where("email", "=", email)
      .where("kind", "=", "provider-application")
      .orderBy("created_at")
      .executeTakeFirstOrThrow();
    return JSON.parse(row.data) as ProviderApplicationData;
  };
  const reminders = () =>
    getRuntime()
      .db.selectFrom("mail_outbox")
      .select(["subject", "text_body"])
      .where("to_address", "=", email)
      .where("kind", "=", "provider-document.reminder")
      .orderBy("created_at")
      .execute();

  it("reminds 30 and 7 days before the licence expires, each once", async () => {
    expect(await sendExpiryReminders(at("2027-07-01"))).toBe(0);
    expect(await sendExpiryReminders(at("2027-08-01"))).toBe(1);
    expect(await sendExpiryReminders(at("2027-08-02"))).toBe(0);
    expect(await sendExpiryReminders(at("2027-08-24"))).toBe(1);
    expect(await sendExpiryReminders(at("2027-08-30"))).toBe(0);
    const mail = await reminders();
    expect(mail.map((m) => m.subject)).toEqual([
      "Your license expires on Aug 31, 2027",
      "Your license expires on Aug 31, 2027",
    ]);
    expect(mail[0]!.text_body).toContain("your profile is hidden until a renewed document is approved");
  });

  it("shows the provider with its licence badge until the expiry date, and hides it the day after", async () => {
    const before = await findPublicProvider(providerId, LICENCE_EXPIRY);
    expect(before?.verification.licenceValidTo).toBe(LICENCE_EXPIRY);
    expect((await listPublicProviders({ servicePage: "handyman" }, LICENCE_EXPIRY)).map((p) => p.id)).toEqual(
      [providerId],
    );
    expect(await findPublicProvider(providerId, "2027-09-01")).toBeNull();
    expect(await listPublicProviders({ servicePage: "handyman" }, "2027-09-01")).toEqual([]);
  });

  it("filters public providers by service, area and verified licence", async () => {
    const ids = async (filter: Parameters<typeof listPublicProviders>[0]) =>
      (await listPublicProviders(filter, "2027-01-01")).map((p) => p.id);
    expect(await ids({ service: "handyman", area: "oakville" })).toEqual([providerId]);
    expect(await ids({ area: "Scarborough" })).toEqual([]);
    expect(await ids({ service: "cleaning" })).toEqual([]);
    expect(await ids({ licensed: true })).toEqual([providerId]);
  });

  it("a withdrawn application's documents are deleted after the retention period, like a rejected one's", async () => {
    const { db } = getRuntime();
    const user = await db
      .selectFrom("user")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const applicationId = randomUUID();
    const ctx = {
      user: {
        id: user.id,
        name: "Ines Electric",
        email,
        phone: null,
        role: "provider" as const,
        emailVerified: true,
      },
      clientIp: "198.51.100.9",
      locale: "en-US" as const,
    };
    const sent = await submitRequest(
      "provider-application",
      { ...(await firstApplication()), applicationId, documents: [] },
      ctx,
    );
    const docId = await insertApplicationDocument(db, { applicationId, userId: user.id, kind: "licence", expiresOn: "2030-01-01" });
    expect(await transitionRequest(sent.id, "cancelled")).toEqual({ ok: false, reason: "not-allowed" });
    expect(await cancelApplication(sent.id, "Sent by mistake.")).toMatchObject({ ok: true, to: "cancelled" });
    const doc = await db
      .selectFrom("provider_documents")
      .selectAll()
      .where("id", "=", docId)
      .executeTakeFirstOrThrow();
    expect(doc.status).toBe("rejected");
    expect(doc.delete_after).not.toBeNull();
  });

  it("runs the daily job once per day, however many processes check", async () => {
    const claims = await Promise.all([
      claimDailyRun("test.job", at("2027-03-01")),
      claimDailyRun("test.job", at("2027-03-01")),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimDailyRun("test.job", at("2027-03-02"))).toBe(true);
    const first = await runDailyJobs([PROVIDER_DAILY_JOB], at("2027-03-03"), () => {});
    const second = await runDailyJobs([PROVIDER_DAILY_JOB], at("2027-03-03"), () => {});
    expect([first["providers.daily"], second["providers.daily"]]).toEqual([true, false]);
    const row = await getRuntime()
      .db.selectFrom("job_runs")
      .selectAll()
      .where("name", "=", "providers.daily")
      .executeTakeFirstOrThrow();
    expect(row.finished_at).not.toBeNull();
  });

  it("lets another process take over a day's run whose process died before finishing it", async () => {
    const claimedAt = new Date(`2027-04-01T14:00:00Z`);
    expect(await claimDailyRun("test.lease", claimedAt)).toBe(true);
    // Unfinished and still within its lease: nobody else may run it.
    expect(await claimDailyRun("test.lease", new Date(claimedAt.getTime() + JOB_LEASE_MS - 1000))).toBe(false);
    // The lease ran out: the next check (in any process) runs it, once.
    const later = new Date(claimedAt.getTime() + JOB_LEASE_MS + 1000);
    const takeovers = await Promise.all([claimDailyRun("test.lease", later), claimDailyRun("test.lease", later)]);
    expect(takeovers.filter(Boolean)).toHaveLength(1);
    // A finished run is never taken over.
    await runDailyJobs([{ name: "test.finished", run: async () => undefined }], claimedAt, () => {});
    expect(await claimDailyRun("test.finished", new Date(claimedAt.getTime() + 2 * JOB_LEASE_MS))).toBe(false);
  });

  it("keeps a run that lasts longer than its lease: it renews its claim, and no other check takes it over", async () => {
    const leaseMs = 1000;
    let runs = 0;
    const slow = {
      name: "test.slow",
      run: async () => {
        runs++;
        await new Promise((resolve) => setTimeout(resolve, 2.5 * leaseMs));
      },
    };
    let done = false;
    const running = runDailyJobs([slow], new Date(), () => {}, leaseMs).finally(() => (done = true));
    await expect.poll(() => runs, { interval: 10 }).toBe(1);
    // Other processes check all along, with the same short lease.
    const takeovers: boolean[] = [];
    while (!done) {
      takeovers.push(await claimDailyRun("test.slow", new Date(), leaseMs));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await running).toEqual({ "test.slow": true });
    expect(takeovers.length).toBeGreaterThan(10);
    expect(takeovers.filter(Boolean)).toEqual([]);
    expect(runs).toBe(1);
    const row = await getRuntime().db.selectFrom("job_runs").selectAll().where("name", "=", "test.slow").executeTakeFirstOrThrow();
    expect(row.finished_at).not.toBeNull();
  });
});
