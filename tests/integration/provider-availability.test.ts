import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { torontoToday } from "~/lib/forms/formats";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { pageHtml } from "../support/html";
import { HttpClient } from "../support/http-client";
import { liveProvider } from "../support/providers";
import { SmtpSink } from "../support/smtp-sink";

/**
 * Provider availability (issue 29 item 4) over HTTP, as browsers without JavaScript post it: a
 * provider sets usual hours, days away and areas on their own form (bad input answered with
 * field messages, nothing saved; nobody else may use it), and the operator's shortlist puts
 * those available at the request's date, time and area first and says why the others are not —
 * a provider away on the date is never first.
 */
const ADMIN = { email: "admin@example.test", password: "correct horse battery staple" };

/** The first Wednesday at least a week ahead (Toronto's today). */
function nextWednesday(): string {
  const start = new Date(`${torontoToday()}T12:00:00Z`);
  for (let i = 7; ; i++) {
    const d = new Date(start.getTime() + i * 86_400_000);
    if (d.getUTCDay() === 3) return d.toISOString().slice(0, 10);
  }
}
const DAY = nextWednesday();
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
/** A full availability form: the given working days at 09:00–17:00, one away period, the areas. */
function form(areas: string, days: string[], away?: [string, string]): Record<string, string> {
  const fields: Record<string, string> = { areas };
  for (const d of WEEKDAYS) {
    if (days.includes(d)) fields[d] = "on";
    fields[`${d}From`] = "09:00";
    fields[`${d}To`] = "17:00";
  }
  if (away) [fields.away1From, fields.away1To] = away;
  return fields;
}

describe.each(DIALECTS)("provider availability on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>;
  let admin: HttpClient;
  let customer: HttpClient;
  const stamp = Date.now();
  const customerEmail = `ada.${stamp}@example.com`;
  const providers: Record<string, { client: HttpClient; id: string; email: string }> = {};

  /** A live, verified handyman (what provider verification leaves behind), signed in. */
  async function provider(key: string, name: string, areas: string[]) {
    const email = `${key}.${stamp}@example.com`;
    const { client, id } = await liveProvider(server.url, db.db, { email, name, provider: { areas } });
    providers[key] = { client, id, email };
  }

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await sink.start(0);
    server = await startAppServer({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      SMTP_URL: sink.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PAGE_CACHE_SECONDS: "0",
    });
    db = connect(database.url);
    admin = new HttpClient(server.url);
    expect((await admin.post("/auth/login", ADMIN)).status).toBe(302);
    ({ client: customer } = await signedInAccount(server.url, db.db, { email: customerEmail, name: "Ada Lovelace" }));
    // Names chosen so that the old order (least busy, then by name) would put the away one first.
    await provider("away", "Aaron Away", ["Leslieville"]);
    await provider("able", "Blair Able", ["Leslieville"]);
    await provider("weekend", "Dana Weekend", ["Leslieville"]);
    await provider("east", "Casey East", ["Scarborough"]);
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  const stored = (key: string) =>
    db.db.selectFrom("providers").select(["service_areas", "work_hours", "away_periods", "search_text"]).where("id", "=", providers[key]!.id).executeTakeFirstOrThrow();

  it("saves a provider's hours, days away and areas from the form without JavaScript, and shows them back", async () => {
    const { client } = providers.away!;
    const page = await pageHtml(await client.get("/account/availability"));
    expect(page).toContain("Usual working hours");
    expect(page).toMatch(/<label[^>]*for="[^"]*"[^>]*>Wednesday: from/);
    const saved = await client.post("/account/availability", form("Leslieville, Riverdale", ["mon", "tue", "wed", "thu", "fri"], [addDays(DAY, -1), addDays(DAY, 2)]));
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/account/availability");
    const row = await stored("away");
    expect(JSON.parse(row.service_areas)).toEqual(["Leslieville", "Riverdale"]);
    expect(row.search_text).toBe("leslieville | riverdale");
    expect(JSON.parse(row.work_hours!)).toEqual({ mon: ["09:00", "17:00"], tue: ["09:00", "17:00"], wed: ["09:00", "17:00"], thu: ["09:00", "17:00"], fri: ["09:00", "17:00"] });
    expect(JSON.parse(row.away_periods!)).toEqual([{ from: addDays(DAY, -1), to: addDays(DAY, 2) }]);
    const again = await pageHtml(await client.get("/account/availability"));
    expect(again).toContain('value="Leslieville, Riverdale"');
    expect(again).toContain(`value="${addDays(DAY, 2)}"`);
    const audit = await db.db.selectFrom("audit_log").select("action").where("entity_id", "=", providers.away!.id).execute();
    expect(audit.map((a) => a.action)).toEqual(["provider.availability"]);
    // The profile page links to it.
    expect(await pageHtml(await client.get("/account"))).toContain('href="/account/availability"');
  });

  it("answers bad input with field messages and a 400, and saves nothing", async () => {
    const { client } = providers.able!;
    const before = await stored("able");
    const cases: [Record<string, string>, string][] = [
      [{ ...form("", ["mon"]) }, "Enter at least one area you cover."],
      [{ ...form("Leslieville", ["mon"]), monFrom: "" }, "Enter a time (HH:MM)."],
      [{ ...form("Leslieville", ["mon"]), monFrom: "18:00" }, "The end time must be after the start time."],
      [{ ...form("Leslieville", [], [DAY, addDays(DAY, -3)]) }, "The last day away must be on or after the first."],
      [{ ...form("Leslieville", []), away2From: "someday" }, "Enter a date (YYYY-MM-DD)."],
      [{ ...form("Leslieville", []), mon: "yes please" }, ""],
    ];
    for (const [fields, message] of cases) {
      const res = await client.post("/account/availability", fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      if (message) expect(await pageHtml(res)).toContain(message);
    }
    expect(await stored("able")).toEqual(before);
  });

  it("is the provider's own: a customer and a visitor are refused, and nothing changes", async () => {
    expect((await customer.get("/account/availability")).status).toBe(404);
    expect((await customer.post("/account/availability", form("Leslieville", ["mon"]))).status).toBe(404);
    const anonymous = await new HttpClient(server.url).post("/account/availability", form("Leslieville", ["mon"]));
    // A post without a session is refused outright (a page visit is sent to log in).
    expect(anonymous.status).toBe(401);
    const visit = await new HttpClient(server.url).get("/account/availability");
    expect(visit.headers.get("location")).toMatch(/^\/auth\/login/);
    // A provider's post changes their own row only (the session says whose; no id is posted).
    const east = await stored("east");
    expect((await providers.weekend!.client.post("/account/availability", { ...form("Leslieville", ["sat", "sun"]), id: providers.east!.id })).status).toBe(303);
    expect(await stored("east")).toEqual(east);
    expect(JSON.parse((await stored("weekend")).work_hours!)).toEqual({ sat: ["09:00", "17:00"], sun: ["09:00", "17:00"] });
  });

  it("puts available providers first on the operator's shortlist and says why the others are not; the one away is never first", async () => {
    expect(
      (
        await customer.post("/book", {
          form: "service",
          returnTo: "/services/handyman",
          service: "Handyman Services",
          fullName: "Ada Lovelace",
          email: customerEmail,
          area: "Leslieville",
          preferredDate: DAY,
          preferredTime: "14:00",
          notes: "Availability shelves",
        })
      ).status,
    ).toBe(303);
    const row = await db.db.selectFrom("requests").select("reference").where("email", "=", customerEmail).executeTakeFirstOrThrow();
    const page = await pageHtml(await admin.get(`/admin/requests/${row.reference}`));
    const at = (name: string) => page.indexOf(name);
    // Blair is available; Dana works weekends only; Casey (Scarborough) does not cover the area;
    // Aaron is away that day. The customer's area ranks, it does not hide (issue 33 item 8).
    expect(at("Blair Able")).toBeGreaterThan(-1);
    expect(at("Blair Able")).toBeLessThan(at("Dana Weekend"));
    expect(at("Dana Weekend")).toBeLessThan(at("Aaron Away"));
    expect(at("Blair Able")).toBeLessThan(at("Casey East"));
    expect(at("Casey East")).toBeLessThan(at("Aaron Away"));
    expect(page).toContain("Available at this date, time and area");
    expect(page).toContain("not working Wednesday 14:00");
    expect(page).toContain("does not cover Leslieville");
    expect(page).toMatch(/Not available: away on [A-Z][a-z]+ \d+, \d{4}/);

    // The operator's own area filter narrows the list: Casey is gone.
    const narrow = await pageHtml(await admin.get(`/admin/requests/${row.reference}?area=Leslieville`));
    expect(narrow.indexOf("Blair Able")).toBeGreaterThan(-1);
    expect(narrow.indexOf("Casey East")).toBe(-1);

    // In the operator's language: the French back office says it in French.
    const french = await pageHtml(await admin.get(`/fr/admin/requests/${row.reference}`));
    expect(french).toContain("ne travaille pas le mercredi à 14:00");
  });
});
