import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { torontoToday } from "~/lib/forms/formats";
import { runDailyJobs } from "~/lib/jobs.server";
import { RECIPIENT_CAPS } from "~/lib/mail/recipients.server";
import { getRuntime, type Runtime, startRuntime } from "~/lib/runtime.server";
import { QUOTE_JOB, saveQuote } from "~/modules/quotes/quotes.server";
import { submitRequest } from "~/modules/requests/requests.server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";

/**
 * The quotes' hourly job (issue 50 item 4), in process on the app's modules: a quote whose last
 * valid day is tomorrow is reminded of once (not again the next hour), under the mailbox's cap
 * (RECIPIENT_CAPS.reminder: over it, skipped, never queued later); once its day has passed, the
 * job expires it and its request moves to Expired (by the clock's own move).
 */
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const HOUR = 3_600_000;

describe.each(DIALECTS)("the quotes' hourly job on %s", (dialect) => {
  let database: TestDatabase;
  let runtime: Runtime;
  const stamp = Date.now();
  const actor = { id: "operator-under-test" };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const env = parseEnv({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, OPERATOR_EMAIL: "operator@example.test", PUBLIC_URL: "http://gta.test" });
    runtime = await startRuntime(env, { startMailWorker: false, log: () => {} });
  }, 120_000);
  afterAll(async () => {
    await runtime?.stop();
    await database?.drop();
  });

  const quoted = async (email: string, validUntil: string) => {
    const request = await submitRequest(
      "chauffeur-contact",
      { fullName: "Ada Lovelace", email, pickupArea: "Downtown", message: `Gala ${stamp}` },
      { user: null, clientIp: `203.0.113.${Math.floor(Math.random() * 200)}`, locale: "fr-CA" },
    );
    const line = { description: "Chauffeur", quantity: 400, unitPrice: 8500 };
    // A chauffeur contact asks no date: its quote offers one (ADR 46).
    const sent = await saveQuote(actor, request.id, { intent: "quote-send", lines: [line], validUntil, appointmentDate: addDays(torontoToday(), 10), appointmentTime: "19:00" }, true);
    expect(sent.ok).toBe(true);
    return { requestId: request.id, quoteId: sent.ok ? sent.quoteId : "" };
  };
  const reminders = (email: string) =>
    getRuntime().db.selectFrom("mail_outbox").select(["subject", "text_body"]).where("to_address", "=", email).where("subject", "like", "Rappel%").execute();

  it("reminds once the day before expiry (in the customer's language), then expires it", async () => {
    const email = `job.${stamp}@example.com`;
    const today = torontoToday();
    const { requestId, quoteId } = await quoted(email, addDays(today, 1));
    const far = await quoted(`far.${stamp}@example.com`, addDays(today, 5));
    const now = new Date();
    await runDailyJobs([QUOTE_JOB], now, () => {});
    const [reminder, ...more] = await reminders(email);
    expect(more).toEqual([]);
    expect(reminder!.subject).toMatch(/^Rappel\u00a0: votre soumission pour la demande GTA-/);
    expect(await reminders(`far.${stamp}@example.com`)).toEqual([]);
    // The next hour: not again.
    await runDailyJobs([QUOTE_JOB], new Date(now.getTime() + HOUR), () => {});
    expect(await reminders(email)).toHaveLength(1);

    // Its last valid day passed (the clock moved two days on): expired, the request too.
    await runDailyJobs([QUOTE_JOB], new Date(now.getTime() + 50 * HOUR), () => {});
    const { db } = getRuntime();
    expect((await db.selectFrom("quotes").select("status").where("id", "=", quoteId).executeTakeFirstOrThrow()).status).toBe("expired");
    expect((await db.selectFrom("requests").select("status").where("id", "=", requestId).executeTakeFirstOrThrow()).status).toBe("quote_expired");
    // The other quote is still valid then.
    expect((await db.selectFrom("quotes").select("status").where("id", "=", far.quoteId).executeTakeFirstOrThrow()).status).toBe("sent");
  });

  it("sends no more reminders to one mailbox than its cap allows; the rest are skipped, not queued later", async () => {
    const email = `capped.${stamp}@example.com`;
    const tomorrow = addDays(torontoToday(), 1);
    const { limit } = RECIPIENT_CAPS.reminder;
    const quotes = [];
    for (let i = 0; i < limit + 1; i++) quotes.push(await quoted(email, tomorrow));
    const at = new Date(Date.now() + 2 * HOUR);
    await runDailyJobs([QUOTE_JOB], at, () => {});
    expect(await reminders(email)).toHaveLength(limit);
    const { db } = getRuntime();
    const marked = await db.selectFrom("quotes").select("reminded_at").where("id", "in", quotes.map((q) => q.quoteId)).execute();
    expect(marked.every((q) => q.reminded_at !== null)).toBe(true);
    await runDailyJobs([QUOTE_JOB], new Date(at.getTime() + HOUR), () => {});
    expect(await reminders(email)).toHaveLength(limit);
  });
});
