import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { pageHtml, withoutScripts } from "../support/html";
import { HttpClient } from "../support/http-client";
import { requestForms } from "../support/request-forms";
import { SmtpSink } from "../support/smtp-sink";

/**
 * Issue 49 item 6 over plain HTTP: what a dialog's form posts to /form-draft as it closes is kept
 * (the draft cookie the booking form already had) and shown again by the same form — in the
 * page's inline form too — for whoever typed it only: another browser, another account logging
 * in on the same browser, or the visitor left after logging out never see it. Cleared by the
 * person or by sending the request.
 */
const LISTING = "/homes/h-annex-studio";

describe.each(DIALECTS)("a dialog's kept draft on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>;
  const run = `${Date.now().toString(36)}${dialect[0]}`;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await sink.start(0);
    server = await startAppServer({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, SMTP_URL: sink.url, RATE_LIMITS: "writes=10000" });
    db = connect(database.url);
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  const keep = (browser: HttpClient, message: string, extra: Record<string, string> = {}) =>
    browser.post("/form-draft", { form: "rent", returnTo: LISTING, fullName: "Alan Draft", message, ...extra });
  /** The listing with its inline form (`?rent`), as a page without JavaScript shows it. */
  const listing = async (browser: HttpClient) => withoutScripts(await pageHtml(await browser.get(`${LISTING}?rent`)));

  it("keeps a visitor's draft for that browser only, and forgets it when cleared", async () => {
    const message = `Is the studio quiet at night? ${run}`;
    const browser = new HttpClient(server.url);
    const kept = await keep(browser, message);
    expect(kept.status).toBe(204);
    expect(kept.headers.getSetCookie().join()).toMatch(/rent-draft=[^;]+;.*HttpOnly/i);
    expect(await listing(browser)).toContain(message);
    expect(await listing(new HttpClient(server.url))).not.toContain(message);

    const cleared = await browser.post("/form-draft", { form: "rent", returnTo: LISTING, intent: "clear" });
    expect(cleared.status).toBe(204);
    expect(await listing(browser)).not.toContain(message);
  });

  it("keeps a signed-in account's draft for that account only", async () => {
    const message = `Private question for the owner ${run}`;
    const ada = await signedInAccount(server.url, db.db, { email: `ada.draft.${run}@example.com`, name: "Ada Draft" });
    expect((await keep(ada.client, message)).status).toBe(204);
    expect(await listing(ada.client)).toContain(message);
    const cookie = ada.client.cookies.get("rent-draft");
    expect(cookie).toBeTruthy();

    // Another account on the same browser (its cookie kept), and the visitor after logging out.
    const grace = await signedInAccount(server.url, db.db, { email: `grace.draft.${run}@example.com`, name: "Grace Other" });
    grace.client.cookies.set("rent-draft", cookie!);
    expect(await listing(grace.client)).not.toContain(message);
    const visitor = new HttpClient(server.url);
    visitor.cookies.set("rent-draft", cookie!);
    expect(await listing(visitor)).not.toContain(message);
  });

  it("drops the draft when the request is sent", async () => {
    const browser = new HttpClient(server.url);
    const message = `Kept until sent ${run}`;
    await keep(browser, message);
    const form = requestForms(`sent.draft.${run}@example.com`).find((f) => f.kind === "rent-request")!;
    const sent = await browser.post(form.path, form.fields);
    expect(sent.status).toBe(303);
    expect(sent.headers.getSetCookie().join()).toMatch(/rent-draft=;/);
    expect(await listing(browser)).not.toContain(message);
  });

  it("refuses an unknown form, and a GET", async () => {
    const browser = new HttpClient(server.url);
    expect((await browser.post("/form-draft", { form: "listing", returnTo: "/", title: "x" })).status).toBe(400);
    expect((await browser.get("/form-draft")).status).toBe(405);
    expect(browser.cookies.has("listing-draft")).toBe(false);
  });
});
