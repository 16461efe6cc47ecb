import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { HttpClient, linkIn } from "../support/http-client";
import { SmtpSink } from "../support/smtp-sink";

/**
 * Issue 27, item 1: the log of a real run of the production server. Every line is one JSON
 * object with its level, time and event; every request has one line with its id (also the
 * X-Request-Id header), method, route pattern, status, duration, bytes and, signed in, the
 * user's id; mail and start/stop have their events; an error has its stack and request id and
 * the error page names that id. And nothing a person typed or was sent appears in it: the
 * hostile inputs below (passwords, tokens, email addresses in forms, reset and status links,
 * messages, searches) are all used, then looked for in every byte of the log.
 */
const PASSWORD = "Zq7-orchard-by-the-river";
const NEW_PASSWORD = "Wx4-second-calm-password";

describe.each(DIALECTS)("the log of a real run on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>;
  const email = `logged.person.${Date.now()}@example.com`;
  /** Everything that must never be in the log, with what it is. */
  const secrets = new Map<string, string>();
  const requestIds: string[] = [];
  let userId = "";
  let failedRequestId = "";
  let lines: Record<string, unknown>[] = [];

  const keep = (res: Response) => {
    const id = res.headers.get("x-request-id");
    expect(id, `${res.url} has an X-Request-Id`).toMatch(/^[0-9a-f-]{36}$/);
    requestIds.push(id!);
    return res;
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await sink.start(0);
    server = await startAppServer({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      SMTP_URL: sink.url,
      PAGE_CACHE_SECONDS: "0",
      RATE_LIMITS: "writes=100000,loginFailures=1000,loginPerClient=1000,signUp=1000,forgotPassword=1000",
    });
    db = connect(database.url);

    secrets.set(email, "email address typed in forms");
    secrets.set(email.split("@")[0]!, "local part of the email address");
    secrets.set(PASSWORD, "password");
    secrets.set(NEW_PASSWORD, "new password");
    secrets.set("Quentin Secretname", "a person's name");
    secrets.set("my water heater leaks near the XYZZY valve", "message body");
    secrets.set("private-search-term-plugh", "search text");
    secrets.set("+1 416 555 0199", "phone number");

    // Sign up, verify, log in with a wrong password then the right one.
    const person = new HttpClient(server.url);
    keep(await person.post("/signup", { name: "Quentin Secretname", email, password: PASSWORD, adult: "on", terms: "on" }));
    const verify = await sink.waitFor((m) => m.to.includes(email) && /verify/i.test(m.text));
    const verifyLink = new URL(linkIn(verify.text, "/auth/verify"));
    for (const [, value] of verifyLink.searchParams) if (value.length >= 16) secrets.set(value, "verification token");
    keep(await person.get(verifyLink.pathname + verifyLink.search));
    keep(await new HttpClient(server.url).post("/auth/login", { email, password: "wrong-password-entirely" }));
    keep(await person.post("/auth/login", { email, password: PASSWORD }));
    secrets.set(person.sessionToken!, "session cookie");
    keep(await person.get("/account"));
    userId = (await db.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;

    // A contact message and a booking: email, phone and text in forms, a private status link.
    keep(await person.post("/contact", { name: "Quentin Secretname", email, subject: "Leak", message: "my water heater leaks near the XYZZY valve" }));
    keep(
      await person.post("/book", {
        form: "quick",
        returnTo: "/",
        fullName: "Quentin Secretname",
        email,
        phone: "+1 416 555 0199",
        details: "my water heater leaks near the XYZZY valve",
      }),
    );
    const confirmation = await sink.waitFor((m) => m.to.includes(email) && m.text.includes("/requests/"));
    const statusLink = new URL(linkIn(confirmation.text, "/requests/"));
    secrets.set(statusLink.pathname.split("/").pop()!, "status link token");
    keep(await new HttpClient(server.url).get(statusLink.pathname));

    // A search, an unknown path with an address in it, an email in a query.
    keep(await new HttpClient(server.url).get("/homes?q=private-search-term-plugh"));
    keep(await new HttpClient(server.url).get(`/no/such/page/${encodeURIComponent(email)}`));

    // Forgot password: the reset link, then the reset itself.
    keep(await new HttpClient(server.url).post("/auth/forgot", { email }));
    const reset = await sink.waitFor((m) => m.to.includes(email) && m.text.includes("/auth/reset-password?token="));
    const resetLink = new URL(linkIn(reset.text, "/auth/reset-password?token="));
    const resetToken = resetLink.searchParams.get("token")!;
    secrets.set(resetToken, "reset token");
    const resetter = new HttpClient(server.url);
    keep(await resetter.get(resetLink.pathname + resetLink.search));
    keep(await resetter.post(resetLink.pathname + resetLink.search, { token: resetToken, password: NEW_PASSWORD, confirm: NEW_PASSWORD }));

    // An error while answering: a table the page reads is briefly missing.
    await sql`alter table home_listings rename to home_listings_away`.execute(db.db);
    try {
      const failed = keep(await new HttpClient(server.url).get("/homes/h-annex-studio"));
      expect(failed.status).toBe(500);
      failedRequestId = failed.headers.get("x-request-id")!;
      expect(await failed.text()).toContain(`Reference: ${failedRequestId}`);
    } finally {
      await sql`alter table home_listings_away rename to home_listings`.execute(db.db);
    }
    keep(await new HttpClient(server.url).get("/homes/h-annex-studio"));

    // Every email queued so far sent (their events are in the log), then a clean stop.
    for (let i = 0; i < 100; i++) {
      const waiting = await db.db.selectFrom("mail_outbox").select("id").where("status", "!=", "sent").execute();
      if (waiting.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await server.stop();
    lines = server
      .output()
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => {
        try {
          return JSON.parse(line) as Record<string, unknown>;
        } catch {
          throw new Error(`Not a JSON line in the log: ${line}`);
        }
      });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  it("is one JSON object per line, each with its level, time, process and event", () => {
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) {
      expect(line, JSON.stringify(line)).toMatchObject({ level: expect.any(String), time: expect.any(String), pid: expect.any(Number) });
      expect(Number.isNaN(Date.parse(line.time as string))).toBe(false);
      expect(typeof line.event === "string" || line.level === "info", JSON.stringify(line)).toBe(true);
    }
    const events = new Set(lines.map((l) => l.event));
    for (const event of ["server.start", "server.stopping", "server.stop", "http.request", "mail.sent", "http.error"]) {
      expect(events, event).toContain(event);
    }
  });

  it("has one request line per answered request, with its id, method, route pattern, status, duration and bytes", () => {
    const requests = lines.filter((l) => l.event === "http.request");
    for (const id of requestIds) {
      const mine = requests.filter((l) => l.reqId === id);
      expect(mine, id).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        method: expect.stringMatching(/^(GET|POST)$/),
        route: expect.stringMatching(/^\//),
        status: expect.any(Number),
        ms: expect.any(Number),
        bytes: expect.any(Number),
      });
    }
    const routes = new Set(requests.map((l) => l.route));
    expect(routes).toContain("/requests/:token");
    expect(routes).toContain("/homes/:id");
    expect(routes).toContain("/auth/reset-password");
    expect(routes).toContain("/*");
    for (const route of routes) expect(String(route), "a route pattern, never a query").not.toMatch(/[?=@]/);
  });

  it("names the signed-in user by id on their requests, and no one on anonymous ones", () => {
    const requests = lines.filter((l) => l.event === "http.request");
    const account = requests.filter((l) => l.route === "/account");
    expect(account.length).toBeGreaterThan(0);
    for (const line of account) expect(line.userId).toBe(userId);
    for (const line of requests.filter((l) => l.route === "/homes/:id")) expect(line.userId).toBeUndefined();
  });

  it("logs mail by id and kind, never by address", () => {
    const sent = lines.filter((l) => l.event === "mail.sent");
    expect(sent.length).toBeGreaterThanOrEqual(4);
    for (const line of sent) {
      expect(line).toMatchObject({ mailId: expect.any(String), kind: expect.any(String), attempts: expect.any(Number) });
      // The worker's own work, not the request that happened to wake it.
      expect(line.reqId).toBeUndefined();
    }
  });

  it("logs the error with its stack and the request id the error page showed", () => {
    const errors = lines.filter((l) => l.event === "http.error" && l.reqId === failedRequestId);
    expect(errors.length).toBeGreaterThan(0);
    const err = errors[0]!.err as { message: string; stack: string };
    expect(err.stack).toMatch(/\n\s+at /);
    expect(err.message).toMatch(/home_listings/);
    const request = lines.find((l) => l.event === "http.request" && l.reqId === failedRequestId);
    expect(request).toMatchObject({ status: 500, level: "error", route: "/homes/:id" });
  });

  it("holds no password, token, email address, name, phone, message or search text", () => {
    const text = server.output();
    for (const [secret, what] of secrets) {
      expect(text.includes(secret), `${what} (${secret}) is in the log`).toBe(false);
      expect(text.toLowerCase().includes(encodeURIComponent(secret).toLowerCase()), `${what} (encoded) is in the log`).toBe(false);
    }
    expect(text).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
  });
});
