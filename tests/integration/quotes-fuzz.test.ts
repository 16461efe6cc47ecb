import { createHash, randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { torontoToday } from "~/lib/forms/formats";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { HttpClient } from "../support/http-client";
import { SmtpSink } from "../support/smtp-sink";

/**
 * Fuzzing the quote forms (issue 50: "fuzz covers the quote form (amounts, negative, huge,
 * non-numeric, many lines)"), in a file of its own beside fuzz.test.ts's public actions (the
 * operator's form needs an operator). Whatever is posted — amounts of every shape, negative,
 * huge, non-numeric, exotic digits, too many lines, holes in the numbering, dates that are none
 * — the operator's action answers 303 (accepted) or a 4xx with nothing written, never a 5xx;
 * an accepted quote's stored amounts are integer cents that add up (lines → subtotal → HST →
 * total). The customer's answer forms get the same treatment. Seeded like fuzz.test.ts
 * (FUZZ_SEED replays, FUZZ_RUNS for more).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
console.log(`quotes-fuzz.test.ts: seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${RUNS} cases`);
const ADMIN = { email: "admin@example.test", password: "correct horse battery staple" };
const STATUS_TOKEN = "quote-fuzz-status-link-token-0123456789";
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const amount = fc.oneof(
  fc.integer({ min: 0, max: 2_000_000_00 }).map((c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, "0")}`),
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
  fc.double({ noNaN: false }).map(String),
  fc.constantFrom("", " ", "-0", "-5.00", "1e9", "0x1F", "NaN", "Infinity", "1,234.56", "1 234,56", "1.234,56", "12.345", "$85", "85 $ CA", "CA$1,000", "١٢٣", "１２", "9".repeat(40), "0.001", "1,2,3", "++1", "1..2"),
  fc.string({ maxLength: 30 }),
);
const text = fc.oneof(fc.string({ maxLength: 50 }), fc.constantFrom("", "x".repeat(201), "x".repeat(1001), "<script>alert(1)</script>", "Chauffeur, 4 hours"));
const line = fc.record({ description: text, quantity: amount, unitPrice: amount });
const date = fc.oneof(
  fc.integer({ min: -10, max: 120 }).map((d) => addDays(torontoToday(), d)),
  fc.constantFrom("", "2026-02-30", "tomorrow", "2099-99-99", "0000-00-00", "2026-12-06T00:00"),
);
/** Line indexes as posted: usually 0…n-1, sometimes with holes or huge indexes (a hand-made post). */
const lines = fc.array(fc.tuple(fc.oneof(fc.nat({ max: 40 }), fc.constantFrom(999, 100_000)), line), { maxLength: 30 });
const quoteBody = fc.record({
  intent: fc.constantFrom("quote-send", "quote-save", "quote-save", "quote-withdraw", "quote-other", ""),
  lines,
  included: text,
  excluded: text,
  note: text,
  validUntil: date,
});

describe.each(DIALECTS)("fuzzing the quote forms on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>;
  let admin: HttpClient;
  let requestId = "";
  const reference = "GTA-QFZZ22";

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
    db = connect(database.url);
    admin = new HttpClient(server.url);
    expect((await admin.post("/auth/login", ADMIN)).status).toBe(302);
    await signedInAccount(server.url, db.db, { email: `quote.fuzz.${Date.now()}@example.com`, name: "Ada Lovelace" });
    requestId = randomUUID();
    const now = new Date().toISOString();
    await db.db
      .insertInto("requests")
      .values({
        id: requestId,
        reference,
        token_hash: createHash("sha256").update(STATUS_TOKEN).digest("hex"),
        kind: "chauffeur-contact",
        status: "received",
        user_id: null,
        name: "Ada Lovelace",
        email: "quote.fuzz@example.com",
        data: JSON.stringify({ fullName: "Ada Lovelace", email: "quote.fuzz@example.com", pickupArea: "Downtown", message: "A gala evening" }),
        locale: "en-US",
        subject_type: null,
        subject_id: null,
        created_at: now,
        updated_at: now,
        submission_key: null,
      })
      .execute();
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  const snapshot = async () => {
    const quotes = await db.db.selectFrom("quotes").selectAll().where("request_id", "=", requestId).orderBy("version").execute();
    const lineRows = await db.db.selectFrom("quote_lines").selectAll().execute();
    return JSON.stringify([quotes, lineRows]);
  };

  it("the operator's quote form: accepted (303) or a 4xx with nothing written, never a 5xx; stored cents add up", async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(quoteBody, async (b) => {
        const body: Record<string, string> = { intent: b.intent, included: b.included, excluded: b.excluded, note: b.note, validUntil: b.validUntil };
        for (const [i, l] of b.lines) {
          body[`lines[${i}].description`] = l.description;
          body[`lines[${i}].quantity`] = l.quantity;
          body[`lines[${i}].unitPrice`] = l.unitPrice;
        }
        const before = await snapshot();
        const res = await admin.post(`/admin/requests/${reference}`, body);
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status, JSON.stringify(body).slice(0, 500)).toBeLessThan(500);
        if (res.status >= 400) expect(await snapshot()).toBe(before);
        else expect(res.status).toBe(303);
        // Whatever was stored is integer cents that add up, within the cap.
        for (const q of await db.db.selectFrom("quotes").selectAll().where("request_id", "=", requestId).execute()) {
          const amounts = (await db.db.selectFrom("quote_lines").select("amount_cents").where("quote_id", "=", q.id).execute()).map((r) => Number(r.amount_cents));
          expect(amounts.every(Number.isSafeInteger)).toBe(true);
          expect(amounts.reduce((a, c) => a + c, 0)).toBe(Number(q.subtotal_cents));
          expect(Number(q.subtotal_cents) + Number(q.tax_cents)).toBe(Number(q.total_cents));
          expect(Number(q.total_cents)).toBeLessThanOrEqual(100_000_000);
          expect(amounts.length).toBeLessThanOrEqual(20);
        }
      }),
      {
        numRuns: RUNS,
        seed: SEED,
        examples: [
          [{ intent: "quote-save", lines: [[0, { description: "Chauffeur, 4 hours", quantity: "4", unitPrice: "85" }]], included: "", excluded: "", note: "", validUntil: addDays(torontoToday(), 7) }],
          [{ intent: "quote-send", lines: Array.from({ length: 25 }, (_, i) => [i, { description: "Line", quantity: "1", unitPrice: "1" }] as [number, { description: string; quantity: string; unitPrice: string }]), included: "", excluded: "", note: "", validUntil: addDays(torontoToday(), 7) }],
          [{ intent: "quote-send", lines: [[0, { description: "Huge", quantity: "10000", unitPrice: "99999999999" }]], included: "", excluded: "", note: "", validUntil: addDays(torontoToday(), 7) }],
          [{ intent: "quote-send", lines: [[0, { description: "Negative", quantity: "-1", unitPrice: "-85" }]], included: "", excluded: "", note: "", validUntil: addDays(torontoToday(), 7) }],
        ],
      },
    );
    // Some cases reach the action's success, some its refusals.
    expect([...statuses.keys()].some((s) => s === 303), JSON.stringify([...statuses])).toBe(true);
    expect([...statuses.keys()].some((s) => s === 400), JSON.stringify([...statuses])).toBe(true);
  }, 600_000);

  it("the customer's answer forms (status link): never a 5xx, whatever is posted", async () => {
    const visitor = new HttpClient(server.url);
    const answer = fc.record({
      intent: fc.constantFrom("quote-accept", "quote-decline", "quote-renew", "quote-", "cancel"),
      quote: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }), fc.constant("")),
      reason: fc.oneof(text, fc.constant("x".repeat(600))),
    });
    await fc.assert(
      fc.asyncProperty(answer, async (b) => {
        const res = await visitor.post(`/requests/${STATUS_TOKEN}`, b);
        await res.arrayBuffer();
        expect(res.status, JSON.stringify(b).slice(0, 300)).toBeLessThan(500);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 600_000);
});
