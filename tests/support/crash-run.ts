import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import sharp from "sharp";
import type { DB } from "~/lib/db/db.server";
import { torontoToday } from "~/lib/forms/fields";
import { type AppServer, startAppServer } from "./app-server";
import { createTestDatabase, type TestDatabase } from "./databases";
import { connect } from "./db";
import { HttpClient } from "./http-client";
import { freePort, SmtpSink } from "./smtp-sink";

/**
 * The crash test: client loops submit contact messages, bookings, car requests and
 * whole listing-wizard runs with a photo, while a killer loop SIGKILLs the production server at
 * random moments and restarts it on the same database, data folder and SMTP sink. Afterwards
 * the server runs once more until the outbox is drained, and `problems` lists every broken
 * promise: an acknowledged submission missing, a stored submission without its emails, an
 * email not delivered or delivered as two different messages, a listing without its photos,
 * a damaged SQLite file. Used by tests/integration/crash.test.ts and `npm run test:crash`.
 */
export type SubmissionKind = "contact" | "booking" | "car-request" | "listing";
export const SUBMISSION_KINDS: SubmissionKind[] = ["contact", "booking", "car-request", "listing"];

/**
 * `acknowledged`: the success answer (the redirect) and its whole body were received, so the
 * visitor was told it worked. Otherwise the outcome is unknown: it may or may not be stored.
 */
export type Submission = { kind: SubmissionKind; nonce: string; email: string; acknowledged: boolean; outcome: string };

export type CrashRunOptions = {
  dialect: "sqlite" | "postgres";
  /** SIGKILLs at least this many times (more if a kind has no acknowledged submission yet). */
  kills?: number;
  /**
   * Random uptime before each kill, counted from the process's first answer; one kill in four
   * waits `longUptimeMs` instead, so slower submissions (a listing) also get acknowledged.
   */
  uptimeMs?: [number, number];
  longUptimeMs?: [number, number];
  /** Concurrent loops posting contact messages, bookings and car requests. */
  formClients?: number;
  /** Random pause between one loop's submissions. */
  thinkMs?: [number, number];
  /** Concurrent loops running the listing wizard (one owner each: a draft is per owner). */
  listingClients?: number;
  /** After the minimum kills, how long to go on (long uptimes) until every kind has been acknowledged. */
  maxExtraMs?: number;
  /** How long the final run may go without delivering anything before the drain is given up. */
  drainStallMs?: number;
  log?: (line: string) => void;
};

export type CrashRunReport = {
  dialect: "sqlite" | "postgres";
  kills: number;
  /** Kills that happened while at least one request was in flight. */
  killsInFlight: number;
  submissions: Submission[];
  attempted: Record<SubmissionKind, number>;
  acknowledged: Record<SubmissionKind, number>;
  /** Answers that were neither success nor a dropped connection, by "kind status". */
  otherAnswers: Record<string, number>;
  outboxRows: number;
  sinkMessages: number;
  /** Messages the sink received more than once (same Message-ID): allowed by at-least-once. */
  rawDuplicates: number;
  /** Outbox rows that needed another attempt after a failed one, with the last error. */
  retried: string[];
  /** Distinct server log lines that mention an error, over every process (for the reader). */
  serverErrors: string[];
  /** `PRAGMA integrity_check` right after the last kill and after the final clean stop (SQLite). */
  integrity: string[];
  problems: string[];
  durationMs: number;
};

const PASSWORD = "orchard by the river";
const OPERATOR = "operator@example.test";
const SERVICE_PAGE = "/services/handyman";

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const between = ([min, max]: [number, number]) => min + Math.floor(Math.random() * (max - min + 1));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const newNonce = () => `crash${randomBytes(8).toString("hex")}`;

/** Car request forms and valid values (see tests/integration/cars.test.ts); email and notes vary. */
function carFields(type: string, email: string, notes: string): Record<string, string> {
  const day = addDays(torontoToday(), 2);
  const who = { fullName: "Ada Lovelace", email, notes, consent: "on" };
  const forms: Record<string, Record<string, string>> = {
    "chauffeur-hourly": { ...who, pickupAddress: "100 King St W", startDate: day, startTime: "09:00", estimatedHours: "4", vehicleClass: "Luxury" },
    "airport-transfer": {
      ...who, direction: "Pickup from Airport", airport: "Toronto Pearson (YYZ)", flightNumber: "AC 101", pickupTime: `${day}T14:30`,
    },
    "personal-ride": { ...who, pickupAddress: "1 Yonge St", dropoffAddress: "300 Borough Dr", date: day, time: "18:00" },
    "package-delivery": {
      senderFullName: "Ada Lovelace", senderEmail: email, notes, consent: "on", pickupAddress: "1 Yonge St", recipientName: "Charles Babbage",
      recipientPhone: "416-555-0100", dropoffAddress: "10 Main St, Brampton", deliveryByDate: day, deliveryByTime: "17:00", packageSize: "Small",
    },
    "event-wedding": { ...who, eventDate: day, startTime: "13:00", primaryVenue: "Casa Loma", vehiclePreference: "Vintage", numVehicles: "2" },
    custom: { ...who, description: "A moving van with two helpers for a studio." },
  };
  return forms[type]!;
}
const CAR_TYPES = ["chauffeur-hourly", "airport-transfer", "personal-ride", "package-delivery", "event-wedding", "custom"];

/** The server under test: one fixed port, so clients and their cookies outlive each process. */
class CrashingServer {
  private current: AppServer | undefined;
  private up: Promise<void>;
  private markUp!: () => void;
  private answered: Promise<void> = Promise.resolve();
  private markAnswered = () => {};
  readonly logs: string[] = [];
  inFlight = 0;

  constructor(private readonly env: Record<string, string>, readonly url: string) {
    this.up = new Promise((resolve) => (this.markUp = resolve));
  }

  async start() {
    this.answered = new Promise((resolve) => (this.markAnswered = resolve));
    for (let attempt = 1; ; attempt++) {
      try {
        this.current = await startAppServer(this.env);
        break;
      } catch (error) {
        // A start that fails once (say, the port not yet free) is retried; twice more is a bug.
        if (attempt === 3) throw error;
        await sleep(200);
      }
    }
    this.markUp();
  }

  async kill() {
    this.up = new Promise((resolve) => (this.markUp = resolve));
    const server = this.current;
    this.current = undefined;
    await server?.kill();
    if (server) this.logs.push(server.output());
  }

  async stop() {
    const server = this.current;
    this.current = undefined;
    await server?.stop();
    if (server) this.logs.push(server.output());
  }

  whenUp() {
    return this.up;
  }

  /**
   * Resolves when this process has answered its first request. A fresh process takes about a
   * second over its first requests (JIT, first renders): uptime counted from "listening" alone
   * would kill nearly every process before it acknowledged anything.
   */
  firstAnswer() {
    return this.answered;
  }

  /** A fetch that counts as in flight; a dropped connection rejects (the process died). */
  async fetch(path: string, init: RequestInit): Promise<{ status: number; location: string | null; response: Response }> {
    this.inFlight++;
    try {
      const response = await fetch(`${this.url}${path}`, { ...init, redirect: "manual", signal: AbortSignal.timeout(30_000) });
      // Acknowledged means the whole answer arrived, not just its status line.
      await response.arrayBuffer();
      this.markAnswered();
      return { status: response.status, location: response.headers.get("location"), response };
    } finally {
      this.inFlight--;
    }
  }
}

/** A signed-in client (cookies kept) whose requests go through the crashing server. */
class Client {
  readonly http: HttpClient;
  constructor(private readonly server: CrashingServer) {
    this.http = new HttpClient(server.url);
  }

  private headers(extra: Record<string, string> = {}) {
    const cookie = [...this.http.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    return { ...(cookie ? { Cookie: cookie } : {}), Origin: this.server.url, ...extra };
  }

  async post(path: string, body: URLSearchParams | FormData) {
    const headers = body instanceof FormData ? this.headers() : this.headers({ "Content-Type": "application/x-www-form-urlencoded" });
    const answer = await this.server.fetch(path, { method: "POST", body, headers });
    // A refreshed session cookie is kept, as a browser would.
    this.http.remember(answer.response);
    return answer;
  }
}

type Stats = Pick<CrashRunReport, "submissions" | "otherAnswers">;

function record(stats: Stats, submission: Submission) {
  stats.submissions.push(submission);
  if (!submission.acknowledged && /^\d+/.test(submission.outcome)) {
    const key = `${submission.kind} ${submission.outcome.split(" ")[0]}`;
    stats.otherAnswers[key] = (stats.otherAnswers[key] ?? 0) + 1;
  }
}

/**
 * Posts one submission, once: a dropped connection is not retried (the visitor would not know
 * whether it went through), it is recorded as unacknowledged.
 */
async function submitOnce(
  client: Client,
  kind: SubmissionKind,
  nonce: string,
  email: string,
  path: string,
  body: URLSearchParams | FormData,
  isSuccess: (status: number, location: string | null) => boolean,
): Promise<Submission> {
  try {
    const { status, location } = await client.post(path, body);
    return { kind, nonce, email, acknowledged: isSuccess(status, location), outcome: `${status} ${location ?? ""}`.trim() };
  } catch (error) {
    return { kind, nonce, email, acknowledged: false, outcome: `dropped: ${(error as Error).cause ?? (error as Error).message}` };
  }
}

const isRedirect = (status: number) => status === 302 || status === 303;

/** Contact messages, bookings and car requests, in random order, until told to stop. */
async function formLoop(server: CrashingServer, client: Client, thinkMs: [number, number], running: () => boolean, stats: Stats) {
  while (running()) {
    await server.whenUp();
    if (!running()) return;
    const nonce = newNonce();
    const email = `${nonce}@example.test`;
    const kind = pick<SubmissionKind>(["contact", "booking", "car-request"]);
    let submission: Submission;
    if (kind === "contact") {
      const fields = { name: "Ada Lovelace", email, subject: `Crash ${nonce}`, message: `${nonce} Do you cover Etobicoke?` };
      // Refusals are 4xx with field messages; the only redirect is the success one.
      submission = await submitOnce(client, kind, nonce, email, "/contact", new URLSearchParams(fields), (s) => isRedirect(s));
    } else if (kind === "booking") {
      const fields = {
        form: "service", returnTo: SERVICE_PAGE, service: "Handyman Services", fullName: "Grace Hopper", email, area: "Leslieville",
        preferredDate: addDays(torontoToday(), 3), preferredTime: "10:30", notes: nonce,
      };
      // A plain post lands on its receipt (issue 49 item 5); a redirect to log-in would be a lost session, not a booking.
      submission = await submitOnce(client, kind, nonce, email, "/book", new URLSearchParams(fields), (s, l) => s === 303 && l === "/request-success");
    } else {
      const type = pick(CAR_TYPES);
      submission = await submitOnce(
        client, kind, nonce, email, `/cars/request?type=${type}`, new URLSearchParams(carFields(type, email, nonce)),
        (s, l) => isRedirect(s) && l === "/request-success",
      );
    }
    record(stats, submission);
    // A pause between submissions, as people take: on a quiet box the loops otherwise queue
    // mail many times faster than one worker delivers it, and the final drain takes minutes.
    await sleep(between(thinkMs));
  }
}

const OWNER = { ownerName: "Grace Hopper", ownerPhone: "416 555 0199", agreed: "on" };
const PROPERTY = {
  propertyType: "2BR", address: "12 Queen Street East", city: "Toronto", province: "Ontario", postal: "M5C 1R6", neighborhood: "St. Lawrence",
  bedrooms: "2", bathrooms: "1.5", furnished: "Yes", petFriendly: "No", utilitiesIncluded: "Yes",
};
const PRICING = { price: "2800", priceType: "month", deposit: "2800", minStay: "12 months", availableFrom: "2030-05-01", leaseTerm: "12+ months" };

/**
 * Whole listing-wizard runs: the three steps, a photo upload and the submit. Each step before
 * the submit is repeated until it gets its answer (the draft is saved server-side, so a step
 * simply posts again after a restart); the submit is posted once per nonce.
 */
async function listingLoop(server: CrashingServer, client: Client, photo: Buffer, running: () => boolean, stats: Stats) {
  /** Posts a step until it is answered: true if accepted, false if refused or told to stop. */
  const step = async (body: URLSearchParams | FormData, ok: (status: number) => boolean) => {
    while (running()) {
      await server.whenUp();
      if (!running()) return false;
      let status: number;
      try {
        ({ status } = await client.post("/homes/new", body));
      } catch {
        continue; // dropped: the process died; post the same step again after the restart
      }
      if (ok(status)) return true;
      stats.otherAnswers[`listing step ${status}`] = (stats.otherAnswers[`listing step ${status}`] ?? 0) + 1;
      await sleep(50);
      return false;
    }
    return false;
  };
  const form = (fields: Record<string, string>) => new URLSearchParams(fields);

  while (running()) {
    const nonce = newNonce();
    const email = `${nonce}@example.test`;
    const upload = new FormData();
    upload.set("step", "4");
    upload.set("intent", "upload");
    upload.append("files", new File([new Uint8Array(photo)], "living-room.jpg", { type: "image/jpeg" }));
    const ready =
      (await step(form({ step: "1", intent: "next", ...OWNER, ownerEmail: email }), (s) => s === 303)) &&
      (await step(form({ step: "2", intent: "next", ...PROPERTY, description: `${nonce} Bright corner unit above the market.` }), (s) => s === 303)) &&
      (await step(form({ step: "3", intent: "next", ...PRICING }), (s) => s === 303)) &&
      // 400 "too many": earlier unacknowledged submits left photos on the draft; it has some.
      (await step(upload, (s) => s === 303 || s === 400));
    if (!ready) continue; // refused: start over with a new nonce (or stop)
    await server.whenUp();
    record(
      stats,
      await submitOnce(client, "listing", nonce, email, "/homes/new", form({ step: "4", intent: "submit" }), (s, l) => isRedirect(s) && l === "/request-success"),
    );
  }
}

/** A verified member, signed in: bookings and the wizard need one; sessions live in the database. */
async function member(server: CrashingServer, db: DB, dialect: "sqlite" | "postgres", name: string): Promise<Client> {
  const client = new Client(server);
  const email = `${name}.${randomBytes(4).toString("hex")}@example.test`;
  await client.post("/signup", new URLSearchParams({ name: "Grace Hopper", email, password: PASSWORD, adult: "on", terms: "on" }));
  await db.updateTable("user").set({ emailVerified: dialect === "postgres" ? (true as never) : 1 }).where("email", "=", email).execute();
  const login = await client.post("/auth/login", new URLSearchParams({ email, password: PASSWORD }));
  if (login.status !== 302) throw new Error(`Log-in of ${email} answered ${login.status}`);
  return client;
}

function integrityCheck(file: string): string {
  const sqlite = new SQLite(file);
  try {
    return (sqlite.pragma("integrity_check") as { integrity_check: string }[]).map((r) => r.integrity_check).join("; ");
  } finally {
    sqlite.close();
  }
}

/** The outbox row a message came from: its Message-ID is `<row id@PUBLIC_URL's host>`. */
const outboxIdOf = (messageId: string | undefined) => messageId?.match(/^<?([0-9a-f-]{36})@[^>]+>?$/)?.[1];

type Stored = { where: "requests"; count: number };

/** Where a submission's row is, found by its nonce: every kind is a request, its values in `data`. */
export async function findStored(db: DB, nonce: string): Promise<Stored> {
  const inRequests = await db
    .selectFrom("requests")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("data", "like", `%${nonce}%`)
    .executeTakeFirstOrThrow();
  return { where: "requests", count: Number(inRequests.n) };
}

/** Checks every promise against the database, the data folder and the sink; returns what broke. */
async function verify(db: DB, database: TestDatabase, sink: SmtpSink, submissions: Submission[]) {
  const problems: string[] = [];
  for (const s of submissions) {
    const stored = await findStored(db, s.nonce);
    if (s.acknowledged && stored.count !== 1) problems.push(`acknowledged ${s.kind} ${s.nonce}: ${stored.count} rows (${s.outcome})`);
    if (!s.acknowledged && stored.count > 1) problems.push(`${s.kind} ${s.nonce} stored ${stored.count} times`);
    if (stored.count === 0) continue;
    // Stored at all (acknowledged or not): its emails were written with it, in one transaction.
    const operator = await db
      .selectFrom("mail_outbox")
      .select("id")
      .where("to_address", "=", OPERATOR)
      .where("text_body", "like", `%${s.nonce}%`)
      .execute();
    if (operator.length !== 1) problems.push(`${s.acknowledged ? "acknowledged " : ""}${s.kind} ${s.nonce}: ${operator.length} operator emails`);
    // Requests confirm to the customer (unique address per submission, so no cap applies).
    const customer = await db.selectFrom("mail_outbox").select("id").where("to_address", "=", s.email).execute();
    const expected = 1;
    if (customer.length !== expected) problems.push(`${s.acknowledged ? "acknowledged " : ""}${s.kind} ${s.nonce}: ${customer.length} confirmations, expected ${expected}`);

    if (s.kind === "listing") {
      const listings = await db.selectFrom("home_listings").select("id").where("description", "like", `%${s.nonce}%`).execute();
      if (listings.length !== 1) problems.push(`listing ${s.nonce}: ${listings.length} home_listings rows`);
      for (const listing of listings) {
        const photos = await db.selectFrom("listing_photos").select("id").where("listing_id", "=", listing.id).execute();
        if (photos.length === 0) problems.push(`listing ${listing.id}: no photos`);
        for (const p of photos) {
          for (const variant of ["card", "gallery"]) {
            const file = path.join(database.dataDir, "uploads", "listings", p.id, `${variant}.webp`);
            if (!existsSync(file)) problems.push(`listing ${listing.id}: photo file missing: ${file}`);
          }
        }
      }
    }
  }

  // A listing stored without its request is a listing nobody was told about.
  const listings = await db.selectFrom("home_listings").select(["id", "description"]).where("description", "like", "crash%").execute();
  for (const l of listings) {
    const request = await db.selectFrom("requests").select("id").where("kind", "=", "listing").where("subject_id", "=", l.id).execute();
    if (request.length !== 1) problems.push(`listing ${l.id} (${l.description.slice(0, 21)}) stored with ${request.length} requests (no operator email)`);
  }

  // Every queued email sent, and received by the sink: de-duplicated by Message-ID, once per row.
  const rows = await db.selectFrom("mail_outbox").select(["id", "status", "kind", "attempts", "last_error"]).execute();
  for (const r of rows.filter((r) => r.status !== "sent")) problems.push(`outbox ${r.id} (${r.kind}) is ${r.status}: ${r.last_error ?? ""}`);
  const received = new Map<string, number>();
  for (const m of sink.messages) {
    const id = outboxIdOf(m.raw.messageId) ?? `(not from the outbox: ${m.raw.messageId ?? "no Message-ID"})`;
    received.set(id, (received.get(id) ?? 0) + 1);
  }
  const ids = new Set(rows.map((r) => r.id));
  for (const r of rows) if (!received.has(r.id)) problems.push(`outbox ${r.id} (${r.kind}) never reached the sink`);
  for (const id of received.keys()) if (!ids.has(id)) problems.push(`sink received ${id}, which is no outbox row`);
  const rawDuplicates = [...received.values()].reduce((sum, n) => sum + n - 1, 0);
  const retried = rows.filter((r) => r.last_error !== null).map((r) => `${r.kind} ×${r.attempts}: ${r.last_error}`);
  return { problems, outboxRows: rows.length, rawDuplicates, retried };
}

/**
 * Waits until no email is pending or being sent. Gives up only when the count has not gone down
 * for `stallMs` (nothing is being delivered: verify() then names each stuck row), so a long
 * queue from a fast run drains at whatever pace the worker has.
 */
async function waitForDrain(db: DB, stallMs: number) {
  let best = Infinity;
  let progressAt = Date.now();
  for (;;) {
    const left = await db
      .selectFrom("mail_outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "in", ["pending", "sending"])
      .executeTakeFirstOrThrow();
    const n = Number(left.n);
    if (n === 0) return;
    if (n < best) {
      best = n;
      progressAt = Date.now();
    } else if (Date.now() - progressAt > stallMs) {
      return;
    }
    await sleep(200);
  }
}

export async function runCrashTest(options: CrashRunOptions): Promise<CrashRunReport> {
  const began = Date.now();
  const {
    dialect,
    kills: minKills = 20,
    uptimeMs = [50, 800],
    longUptimeMs = [800, 2500],
    formClients = 3,
    thinkMs = [100, 500],
    listingClients = 2,
    maxExtraMs = 60_000,
    drainStallMs = 30_000,
    log: print = () => {},
  } = options;
  const log = (line: string) => print(`${((Date.now() - began) / 1000).toFixed(1)} s: ${line}`);
  const database = await createTestDatabase(dialect);
  const sink = await new SmtpSink().start(0);
  const port = await freePort();
  const server = new CrashingServer(
    {
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      SMTP_URL: sink.url,
      PORT: String(port),
      // Load from one address: the per-client caps would turn most posts into 429s.
      RATE_LIMITS: "writes=1000000,signUp=1000,loginPerClient=1000,confirmationsPerClient=1000000",
    },
    `http://127.0.0.1:${port}`,
  );
  const { db, close } = connect(database.url);
  const stats: Stats = { submissions: [], otherAnswers: {} };
  const integrity: string[] = [];
  const sqliteFile = database.url.replace(/^file:/, "");
  let kills = 0;
  let killsInFlight = 0;
  try {
    await server.start();
    // One member for every form loop (a session may post concurrently; each sign-up and log-in
    // costs a password hash), one per listing loop (a wizard draft is per owner).
    const booker = await member(server, db, dialect, "booker");
    const owners = await Promise.all(Array.from({ length: listingClients }, (_, i) => member(server, db, dialect, `owner${i}`)));
    log("members signed in; load and kills start");
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 40, g: 160, b: 120 } } }).jpeg().toBuffer();

    let running = true;
    const isRunning = () => running;
    const loops = [
      ...Array.from({ length: formClients }, () => formLoop(server, booker, thinkMs, isRunning, stats)),
      ...owners.map((c) => listingLoop(server, c, photo, isRunning, stats)),
    ];

    const acknowledgedKinds = () => new Set(stats.submissions.filter((s) => s.acknowledged).map((s) => s.kind));
    let extraUntil = Infinity;
    const killMore = () => {
      if (kills < minKills) return true;
      if (extraUntil === Infinity) extraUntil = Date.now() + maxExtraMs;
      return acknowledgedKinds().size < SUBMISSION_KINDS.length && Date.now() < extraUntil;
    };
    while (killMore()) {
      const upAt = Date.now();
      await Promise.race([server.firstAnswer(), sleep(5000)]);
      const firstAnswerMs = Date.now() - upAt;
      await sleep(between(kills >= minKills || Math.random() < 0.25 ? longUptimeMs : uptimeMs));
      // "While requests are in flight": give the loops a moment if none is right now.
      for (let i = 0; i < 20 && server.inFlight === 0; i++) await sleep(5);
      if (server.inFlight > 0) killsInFlight++;
      await server.kill();
      kills++;
      const acknowledged = stats.submissions.filter((s) => s.acknowledged).length;
      log(`kill ${kills} (first answer after ${firstAnswerMs} ms, up ${Date.now() - upAt} ms): ${stats.submissions.length} submitted, ${acknowledged} acknowledged`);
      // Right after a crash, before the app reopens the file: what a restart finds on disk.
      // (Opening it recovers the WAL, so only every fifth crash; the app recovers the others.)
      if (dialect === "sqlite" && (kills === 1 || kills % 5 === 0)) integrity.push(integrityCheck(sqliteFile));
      running = killMore();
      const startAt = Date.now();
      await server.start();
      log(`restarted in ${Date.now() - startAt} ms`);
    }
    running = false;
    await Promise.all(loops);
    log("load stopped; draining the outbox");

    await waitForDrain(db, drainStallMs);
    log("outbox drained");
    await server.stop();
    if (dialect === "sqlite") integrity.push(integrityCheck(sqliteFile));
    const checked = await verify(db, database, sink, stats.submissions);
    const problems = [...checked.problems];
    for (const result of integrity) if (result !== "ok") problems.push(`SQLite integrity_check: ${result}`);

    const count = (acknowledged: boolean | null) =>
      Object.fromEntries(
        SUBMISSION_KINDS.map((k) => [k, stats.submissions.filter((s) => s.kind === k && (acknowledged === null || s.acknowledged === acknowledged)).length]),
      ) as Record<SubmissionKind, number>;
    return {
      dialect,
      kills,
      killsInFlight,
      submissions: stats.submissions,
      attempted: count(null),
      acknowledged: count(true),
      otherAnswers: stats.otherAnswers,
      outboxRows: checked.outboxRows,
      sinkMessages: sink.messages.length,
      rawDuplicates: checked.rawDuplicates,
      retried: checked.retried,
      serverErrors: [...new Set(server.logs.join("\n").split("\n").filter((l) => /error/i.test(l)))].slice(0, 20),
      integrity,
      problems,
      durationMs: Date.now() - began,
    };
  } finally {
    await server.stop().catch(() => undefined);
    await close();
    await sink.stop();
    await database.drop();
  }
}

/** One line per figure, for test output and the script. */
export function describeReport(r: CrashRunReport): string {
  const kinds = SUBMISSION_KINDS.map((k) => `${k} ${r.acknowledged[k]}/${r.attempted[k]}`).join(", ");
  const other = Object.entries(r.otherAnswers).map(([k, n]) => `${k}×${n}`).join(", ") || "none";
  return [
    `crash test on ${r.dialect}: ${r.kills} SIGKILLs (${r.killsInFlight} with requests in flight) in ${(r.durationMs / 1000).toFixed(1)} s`,
    `  acknowledged/submitted: ${kinds}`,
    `  other answers: ${other}`,
    `  outbox rows ${r.outboxRows}, sink messages ${r.sinkMessages}, raw duplicates (same Message-ID) ${r.rawDuplicates}`,
    `  sends retried after an error: ${r.retried.length ? `\n    ${r.retried.join("\n    ")}` : "none"}`,
    `  server log lines with "error": ${r.serverErrors.length ? `\n    ${r.serverErrors.join("\n    ")}` : "none"}`,
    `  SQLite integrity_check: ${r.integrity.join(", ") || "n/a"}`,
    `  problems: ${r.problems.length ? `\n    ${r.problems.join("\n    ")}` : "none"}`,
  ].join("\n");
}
