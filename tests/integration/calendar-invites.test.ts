import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { torontoToday } from "~/lib/forms/formats";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { pageHtml } from "../support/html";
import { HttpClient, linkIn } from "../support/http-client";
import { liveProvider } from "../support/providers";
import { type CapturedMail, SmtpSink } from "../support/smtp-sink";

/**
 * Calendar invites (issue 29 item 5), end to end: a booking's confirmation, sent by the real mail
 * worker through the outbox to a real SMTP server, carries an .ics invite; matching sends an
 * updated REQUEST and cancelling a CANCEL, with the same UID and a growing SEQUENCE; the status
 * page offers the same event as a download. Each file is parsed with ical.js (a different library
 * from the one that writes it) and checked against RFC 5545's rules.
 */
const ADMIN = { email: "admin@example.test", password: "correct horse battery staple" };
const NEXT_YEAR = Number(torontoToday().slice(0, 4)) + 1;
const WINTER = `${NEXT_YEAR}-01-15`;
const SUMMER = `${NEXT_YEAR}-07-15`;

/** The .ics attachment of a received message, as the bytes that came over SMTP. */
function invite(mail: CapturedMail): { text: string; contentType: string } {
  const files = mail.raw.attachments.filter((a) => a.contentType === "text/calendar");
  expect(files).toHaveLength(1);
  return { text: files[0]!.content.toString("utf8"), contentType: files[0]!.contentType };
}

/** RFC 5545 §3.1: CRLF line ends, lines at most 75 octets, continuation lines start with a space. */
function expectWellFormed(text: string) {
  expect(text.endsWith("\r\n") || text.endsWith("END:VCALENDAR")).toBe(true);
  expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  const lines = text.split("\r\n").filter((l) => l !== "");
  for (const line of lines) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
  // Unfolded, each content line is NAME[;params]:value.
  const unfolded = text.replace(/\r\n[ \t]/g, "").split("\r\n").filter((l) => l !== "");
  for (const line of unfolded) expect(line).toMatch(/^[A-Z][A-Z0-9-]*[;:]/);
  expect(unfolded[0]).toBe("BEGIN:VCALENDAR");
  expect(unfolded.at(-1)).toBe("END:VCALENDAR");
  return unfolded;
}

type Parsed = {
  method: string;
  uid: string;
  sequence: number;
  status: string;
  summary: string;
  location: string | null;
  description: string;
  organizer: string;
  attendees: string[];
  tzid: string;
  local: string;
  utc: string;
  stamp: string;
};

/** What a calendar program reads from the file (ical.js resolves the TZID with the file's VTIMEZONE). */
function parse(text: string): Parsed {
  const unfolded = expectWellFormed(text);
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const name of ["version", "prodid", "method"]) expect(calendar.getFirstPropertyValue(name)).toBeTruthy();
  expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
  const zone = calendar.getFirstSubcomponent("vtimezone")!;
  expect(zone.getFirstPropertyValue("tzid")).toBe("America/Toronto");
  const timezone = new ICAL.Timezone(zone);
  const vevent = calendar.getFirstSubcomponent("vevent")!;
  for (const name of ["uid", "dtstamp", "dtstart", "dtend", "sequence", "summary", "organizer", "status"]) {
    expect(vevent.hasProperty(name), name).toBe(true);
  }
  const start = vevent.getFirstProperty("dtstart")!;
  const value = start.getFirstValue() as ICAL.Time;
  const tzid = String(start.getParameter("tzid"));
  const zoned = ICAL.Time.fromData({ year: value.year, month: value.month, day: value.day, hour: value.hour, minute: value.minute, second: value.second }, timezone);
  // DTSTAMP is UTC ("Z"), as §3.8.7.2 requires.
  const stampLine = unfolded.find((l) => l.startsWith("DTSTAMP"))!;
  expect(stampLine).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
  return {
    method: String(calendar.getFirstPropertyValue("method")),
    uid: String(vevent.getFirstPropertyValue("uid")),
    sequence: Number(vevent.getFirstPropertyValue("sequence")),
    status: String(vevent.getFirstPropertyValue("status")),
    summary: String(vevent.getFirstPropertyValue("summary")),
    location: vevent.hasProperty("location") ? String(vevent.getFirstPropertyValue("location")) : null,
    description: String(vevent.getFirstPropertyValue("description")),
    organizer: String(vevent.getFirstPropertyValue("organizer")),
    attendees: vevent.getAllProperties("attendee").map((p) => String(p.getFirstValue()).toLowerCase()),
    tzid,
    local: `${value.toString()}`,
    utc: zoned.toJSDate().toISOString(),
    stamp: stampLine,
  };
}

describe.each(DIALECTS)("calendar invites on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>;
  let admin: HttpClient;
  let customer: HttpClient;
  let provider: HttpClient;
  const stamp = Date.now();
  const customerEmail = `ada.${stamp}@example.com`;
  const providerEmail = `pat.${stamp}@example.com`;
  let providerId = "";

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await sink.start(0);
    server = await startAppServer({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      SMTP_URL: sink.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      OPERATOR_EMAIL: "operator@example.test",
      PUBLIC_URL: "https://gta.example.test",
      PAGE_CACHE_SECONDS: "0",
    });
    db = connect(database.url);
    admin = new HttpClient(server.url);
    expect((await admin.post("/auth/login", ADMIN)).status).toBe(302);
    ({ client: customer } = await signedInAccount(server.url, db.db, { email: customerEmail, name: "Ada Lovelace" }));
    await db.db.updateTable("user").set({ phone: "416-555-0142" }).where("email", "=", customerEmail).execute();
    ({ client: provider, id: providerId } = await liveProvider(server.url, db.db, { email: providerEmail, name: "Pat Handy" }));
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  const book = (path: string, date: string, notes: string) =>
    customer.post(path, {
      form: "service",
      returnTo: "/services/handyman",
      service: "Handyman Services",
      fullName: "Ada Lovelace",
      email: customerEmail,
      area: "Leslieville",
      preferredDate: date,
      preferredTime: "14:00",
      notes,
    });
  const requestBy = (notes: string) =>
    db.db.selectFrom("requests").selectAll().where("email", "=", customerEmail).where("data", "like", `%${notes}%`).executeTakeFirstOrThrow();
  const mailFor = (reference: string, kind: RegExp) =>
    sink.waitFor((m) => m.to.includes(customerEmail) && m.subject.includes(reference) && kind.test(m.text));

  it("sends a winter booking's confirmation with an invite at 14:00 Toronto time (EST), in the customer's language", async () => {
    expect((await book("/fr/book", WINTER, "Hiver étagères")).status).toBe(303);
    const row = await requestBy("Hiver étagères");
    // The invite is stored with its message in the outbox, then sent by the worker.
    const stored = await db.db.selectFrom("mail_outbox").select(["to_address", "attachments"]).where("request_id", "=", row.id).execute();
    expect(stored.find((m) => m.to_address === customerEmail)?.attachments).toContain("BEGIN:VCALENDAR");
    expect(stored.find((m) => m.to_address === "operator@example.test")?.attachments).toBeNull();

    const mail = await mailFor(row.reference, /invitation de calendrier/);
    const file = invite(mail);
    const ics = parse(file.text);
    expect(ics).toMatchObject({
      method: "REQUEST",
      uid: `${row.reference}@gta.example.test`,
      sequence: 0,
      status: "TENTATIVE",
      tzid: "America/Toronto",
      location: "Leslieville",
      organizer: "mailto:operator@example.test",
      attendees: [`mailto:${customerEmail}`],
    });
    expect(ics.local).toBe(`${WINTER}T14:00:00`);
    expect(ics.utc).toBe(`${WINTER}T19:00:00.000Z`);
    expect(ics.summary).toContain("demande");
    expect(ics.summary).toContain(row.reference);
    // Public fields never carry the customer's contact details.
    for (const field of [ics.summary, ics.location ?? "", ics.description]) {
      expect(field).not.toContain(customerEmail);
      expect(field).not.toContain("555-0142");
    }
    expect(file.text).not.toContain("555-0142");
  });

  it("keeps the UID and grows the SEQUENCE: accepted by the provider → confirmed REQUEST to both, cancelled → CANCEL; the status page offers the file", async () => {
    expect((await book("/book", SUMMER, "Summer shelves")).status).toBe(303);
    const row = await requestBy("Summer shelves");
    const confirmation = await mailFor(row.reference, /calendar invitation is attached/);
    const first = parse(invite(confirmation).text);
    expect(first).toMatchObject({ method: "REQUEST", sequence: 0, status: "TENTATIVE", tzid: "America/Toronto" });
    expect(first.local).toBe(`${SUMMER}T14:00:00`);
    // Summer: Toronto is on daylight time (UTC−4).
    expect(first.utc).toBe(`${SUMMER}T18:00:00.000Z`);

    const here = `/admin/requests/${row.reference}`;
    expect((await admin.post(here, { intent: "match", providerId })).status).toBe(303);
    // A match is an offer (ADR 24): nothing changes in the calendar until the provider accepts.
    expect((await db.db.selectFrom("requests").select("calendar_sequence").where("id", "=", row.id).executeTakeFirstOrThrow()).calendar_sequence).toBe(0);
    expect((await provider.post("/account/jobs", { intent: "accept", reference: row.reference })).status).toBe(303);
    const accepted = await sink.waitFor((m) => m.to.includes(customerEmail) && m.subject.includes(row.reference) && m.raw.attachments.length > 0 && m !== confirmation);
    expect(accepted.subject).toContain("Your provider confirmed");
    const second = parse(invite(accepted).text);
    expect(second).toMatchObject({ method: "REQUEST", uid: first.uid, sequence: 1, status: "CONFIRMED" });
    expect(second.utc).toBe(first.utc);
    // The provider's copy: the same event and SEQUENCE, addressed to them, with no customer phone or email in it.
    const theirs = await sink.waitFor((m) => m.to.includes(providerEmail) && m.subject.includes(row.reference) && m.raw.attachments.length > 0);
    const providerEvent = parse(invite(theirs).text);
    expect(providerEvent).toMatchObject({ method: "REQUEST", uid: first.uid, sequence: 1, status: "CONFIRMED" });
    expect(invite(theirs).text).not.toContain(customerEmail);
    expect(invite(theirs).text).not.toContain("416-555-0142");

    // "Add to calendar": the status page links the file, behind the same private link.
    const statusPath = new URL(linkIn(confirmation.text, "/requests/")).pathname;
    const offered = await pageHtml(await fetch(`${server.url}${statusPath}`));
    expect(offered).toContain(`href="${statusPath}/calendar.ics"`);
    expect(offered).toContain("Add to calendar");

    expect((await admin.post(here, { intent: "move", to: "cancelled", note: "The customer moved away." })).status).toBe(303);
    const cancelled = await sink.waitFor((m) => m.to.includes(customerEmail) && m.subject.includes(row.reference) && /removes this appointment/.test(m.text));
    const third = parse(invite(cancelled).text);
    expect(third).toMatchObject({ method: "CANCEL", uid: first.uid, sequence: 2, status: "CANCELLED" });
    expect(third.utc).toBe(first.utc);

    // Cancelled: nothing to add, so no "Add to calendar" (issue 49 item 3); the file still
    // answers, marked CANCELLED, for a calendar that already holds the event.
    const page = await pageHtml(await fetch(`${server.url}${statusPath}`));
    expect(page).not.toContain("calendar.ics");
    expect(page).not.toContain("Add to calendar");
    const download = await fetch(`${server.url}${statusPath}/calendar.ics`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="${row.reference}.ics"`);
    expect(download.headers.get("cache-control")).toContain("no-store");
    const file = parse(await download.text());
    expect(file).toMatchObject({ method: "PUBLISH", uid: first.uid, sequence: 2, status: "CANCELLED", attendees: [] });
    expect(file.utc).toBe(`${SUMMER}T18:00:00.000Z`);
    // In the reader's language, by the URL's prefix.
    const french = parse(await (await fetch(`${server.url}/fr${statusPath}/calendar.ics`)).text());
    expect(french.summary).toContain("demande");
  });

  it("refuses the file to anyone without the private link, and offers none for a request without a date", async () => {
    expect((await fetch(`${server.url}/requests/${"x".repeat(32)}/calendar.ics`)).status).toBe(404);
    expect((await fetch(`${server.url}/requests/not-a-token/calendar.ics`)).status).toBe(404);
    // A service request (no date, no time): no invite in its confirmation, no download.
    const contact = `ravi.${stamp}@example.com`;
    expect((await new HttpClient(server.url).post("/services", { name: "Ravi", location: "Scarborough", contact, service: "Piano tuning" })).status).toBeLessThan(400);
    const mail = await sink.waitFor((m) => m.to.includes(contact));
    expect(mail.raw.attachments).toHaveLength(0);
    const statusPath = new URL(linkIn(mail.text, "/requests/")).pathname;
    expect(await pageHtml(await fetch(`${server.url}${statusPath}`))).not.toContain("calendar.ics");
    expect((await fetch(`${server.url}${statusPath}/calendar.ics`)).status).toBe(404);
  });
});
