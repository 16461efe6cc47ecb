import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { torontoToday } from "~/lib/forms/formats";
import { signedInAccount, TEST_PASSWORD } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { pageHtml, withoutScripts } from "../support/html";
import { HttpClient } from "../support/http-client";
import { SmtpSink } from "../support/smtp-sink";

/**
 * A booking posted after its session ended (logged out in another tab) goes to log-in, and the
 * form comes back after log-in with what was typed — for that account only, and not once the
 * booking is sent. Over plain HTTP: what a browser without JavaScript gets.
 */
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe.each(DIALECTS)("a booking refused for an ended session on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>;
  const run = `${Date.now().toString(36)}${dialect[0]}`;
  const ada = { email: `draft.ada.${run}@example.com`, name: "Ada Draft" };
  const grace = { email: `draft.grace.${run}@example.com`, name: "Grace Other" };
  let adaId: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await sink.start(0);
    server = await startAppServer({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, SMTP_URL: sink.url });
    db = connect(database.url);
    adaId = (await signedInAccount(server.url, db.db, ada)).id;
    await signedInAccount(server.url, db.db, grace);
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  /** Ada's booking form on the handyman page, typed in, with the account it was shown to. */
  const typed = (notes: string) => ({
    form: "service",
    returnTo: "/services/handyman",
    draftOwner: adaId,
    service: "Handyman Services",
    fullName: "Ada Draft",
    email: ada.email,
    area: `Leslieville ${run}`,
    preferredDate: addDays(torontoToday(), 4),
    preferredTime: "14:45",
    notes,
  });
  const BACK = "/services/handyman?resume=requestBooking";

  /** A browser whose session ended posts the form: it is sent to log-in. */
  async function postLoggedOut(fields: Record<string, string>) {
    const browser = new HttpClient(server.url);
    const posted = await browser.post("/book", fields);
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe(`/auth/login?redirectTo=%2Fservices%2Fhandyman&resume=requestBooking`);
    return browser;
  }
  async function logIn(browser: HttpClient, email: string) {
    const login = await browser.post(`/auth/login?redirectTo=%2Fservices%2Fhandyman&resume=requestBooking`, { email, password: TEST_PASSWORD, redirectTo: "/services/handyman", resume: "requestBooking" });
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe(BACK);
  }

  it("after logging in again, the form is back with what was typed; sending it clears the draft", async () => {
    const notes = `Mount the mirror in the hall ${run}`;
    const browser = await postLoggedOut(typed(notes));
    expect(await db.db.selectFrom("requests").select("id").where("email", "=", ada.email).execute()).toHaveLength(0);
    await logIn(browser, ada.email);

    const html = withoutScripts(await pageHtml(await browser.get(BACK)));
    expect(html).toContain(notes);
    expect(html).toContain(`value="Leslieville ${run}"`);
    expect(html).toContain(`value="${addDays(torontoToday(), 4)}"`);
    expect(html).toContain(`value="14:45"`);

    // Sent: stored once, and the form starts afresh next time.
    const sent = await browser.post("/book", typed(notes));
    expect(sent.status).toBe(303);
    expect(sent.headers.getSetCookie().join()).toMatch(/booking-draft=;/);
    expect(await db.db.selectFrom("requests").select("id").where("email", "=", ada.email).execute()).toHaveLength(1);
    const after = withoutScripts(await pageHtml(await browser.get(BACK)));
    expect(after).not.toContain(notes);
    expect(after).not.toContain(`Leslieville ${run}`);
  });

  it("another account logging in on that browser does not get the draft", async () => {
    const notes = `Private note for the plumber ${run}`;
    const browser = await postLoggedOut(typed(notes));
    await logIn(browser, grace.email);
    const html = await pageHtml(await browser.get(BACK));
    // Her own booking form, from her account.
    expect(withoutScripts(html)).toContain(`value="${grace.name}"`);
    expect(html).not.toContain(notes);
    expect(html).not.toContain(`Leslieville ${run}`);
  });
});
