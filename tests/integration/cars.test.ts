import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { torontoToday } from "~/lib/forms/fields";
import { formattersFor } from "~/lib/i18n/format";
import { CAR_FORMS, CAR_REQUEST_TYPES, type CarRequestType } from "~/modules/cars/types";
import { type AppServer, postForm, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { SmtpSink } from "../support/smtp-sink";
import { pageHtml } from "../support/html";

const tomorrow = new Date(Date.parse(`${torontoToday()}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
/** Dates and times as the operator reads them (issue 33 item 6; the formats are unit-tested in format.test.ts). */
const en = formattersFor("en-US");
const at = (time: string) => `${en.date(tomorrow)} ${en.time(time)}`;

/** Valid values for every car form, required fields and a few optional ones. */
const VALID: Record<CarRequestType, Record<string, string>> = {
  "chauffeur-hourly": {
    fullName: "Ada Lovelace", email: "ada@example.com", pickupAddress: "100 King St W", startDate: tomorrow, startTime: "09:00",
    estimatedHours: "4", vehicleClass: "Luxury", passengerCount: "3",
  },
  "airport-transfer": {
    fullName: "Ada Lovelace", email: "ada@example.com", direction: "Pickup from Airport", airport: "Toronto Pearson (YYZ)",
    flightNumber: "AC 101", pickupTime: `${tomorrow}T14:30`, passengerCount: "2", luggagePieces: "3", childSeat: "Yes",
  },
  "personal-ride": {
    fullName: "Ada Lovelace", email: "ada@example.com", pickupAddress: "1 Yonge St", dropoffAddress: "300 Borough Dr",
    date: tomorrow, time: "18:00", vehicleClass: "SUV", roundTrip: "No",
  },
  "package-delivery": {
    senderFullName: "Ada Lovelace", senderEmail: "ada@example.com", pickupAddress: "1 Yonge St", recipientName: "Charles Babbage",
    recipientPhone: "416-555-0100", dropoffAddress: "10 Main St, Brampton", deliveryByDate: tomorrow, deliveryByTime: "17:00",
    packageSize: "Small", fragile: "Yes",
  },
  "event-wedding": {
    fullName: "Ada Lovelace", email: "ada@example.com", eventDate: tomorrow, startTime: "13:00", primaryVenue: "Casa Loma",
    vehiclePreference: "Vintage", numVehicles: "2", durationHours: "5",
  },
  custom: { fullName: "Ada Lovelace", email: "ada@example.com", description: "A moving van with two helpers for a studio." },
};

/** Each required field's visible label (the operator email lists them). */
const LABELS: Record<string, string> = {
  fullName: "Full name", email: "Email", pickupAddress: "Pick-up address", startDate: "Start date", startTime: "Start time",
  estimatedHours: "Estimated hours", vehicleClass: "Vehicle class", direction: "Direction", airport: "Airport",
  flightNumber: "Flight number", pickupTime: "Pick-up date and time", dropoffAddress: "Drop-off address", date: "Date",
  time: "Time", senderFullName: "Sender&#x27;s full name", senderEmail: "Sender&#x27;s email", recipientName: "Recipient&#x27;s name",
  recipientPhone: "Recipient&#x27;s phone", deliveryByDate: "Deliver by (date)", deliveryByTime: "Deliver by (time)",
  packageSize: "Package size", eventDate: "Event date", primaryVenue: "Primary venue", vehiclePreference: "Vehicle preference",
  numVehicles: "Number of vehicles", description: "Describe your request",
};

/** How messages name a field: the label the person sees, quoted where it is a prompt (issue 30). */
const NAMES: Record<string, string> = { ...LABELS, deliveryByDate: "“Deliver by (date)”", deliveryByTime: "“Deliver by (time)”", description: "“Describe your request”" };

const REQUIRED = CAR_REQUEST_TYPES.flatMap((type) =>
  CAR_FORMS[type].fields.filter((f) => "required" in f && f.required).map((f) => [type, f.name] as const),
);

/** Out-of-bounds values the server must refuse (the prototype only set them on inputs). */
const BAD: [CarRequestType, Record<string, string>, string][] = [
  ["chauffeur-hourly", { passengerCount: "9" }, "Passengers must be between 1 and 7."],
  ["chauffeur-hourly", { passengerCount: "0" }, "Passengers must be between 1 and 7."],
  ["chauffeur-hourly", { estimatedHours: "5" }, "Please choose a valid option for Estimated hours."],
  ["chauffeur-hourly", { vehicleClass: "Spaceship" }, "Please choose a valid option for Vehicle class."],
  ["chauffeur-hourly", { startDate: "2020-01-01" }, "Please choose today or a later date."],
  ["airport-transfer", { passengerCount: "8" }, "Passengers must be between 1 and 7."],
  ["airport-transfer", { luggagePieces: "12" }, "Luggage pieces must be between 0 and 8."],
  ["airport-transfer", { luggagePieces: "-1" }, "Luggage pieces must be between 0 and 8."],
  ["airport-transfer", { childSeat: "Maybe" }, "Please choose a valid option for Child seat."],
  ["airport-transfer", { direction: "Sideways" }, "Please choose a valid option for Direction."],
  ["airport-transfer", { email: "ada@" }, "Please enter a valid email."],
  ["personal-ride", { passengerCount: "0" }, "Passengers must be between 1 and 50."],
  ["personal-ride", { vehicleClass: "Luxury" }, "Please choose a valid option for Vehicle class."],
  ["personal-ride", { time: "7pm" }, "Please enter a valid time."],
  ["package-delivery", { packageSize: "Huge" }, "Please choose a valid option for Package size."],
  ["package-delivery", { deliveryByDate: "2031-02-30" }, "Please enter a valid date."],
  ["event-wedding", { numVehicles: "0" }, "Number of vehicles must be between 1 and 20."],
  ["event-wedding", { durationHours: "0" }, "Duration (hours) must be between 1 and 24."],
  ["event-wedding", { vehiclePreference: "Tank" }, "Please choose a valid option for Vehicle preference."],
  ["event-wedding", { passengerCount: "2.5" }, "Passengers must be a whole number."],
  ["custom", { description: "x".repeat(100_000) }, "“Describe your request” must be at most 5000 characters."],
];

describe.each(DIALECTS)("car requests on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await sink.start(0);
    server = await startAppServer({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, SMTP_URL: sink.url });
    db = connect(database.url);
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  const counts = async () => [
    Number((await db.db.selectFrom("requests").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n),
    Number((await db.db.selectFrom("mail_outbox").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n),
  ];
  const post = (type: string, fields: Record<string, string>) => postForm(`${server.url}/cars/request?type=${type}`, fields);

  it.each(REQUIRED)("%s: a missing %s gets '{label} is required.' and nothing is stored", async (type, name) => {
    const before = await counts();
    const fields = { ...VALID[type], consent: "on" };
    delete (fields as Record<string, string>)[name];
    const res = await post(type, fields);
    expect(res.status).toBe(400);
    expect(await pageHtml(res)).toContain(`${NAMES[name]} is required.`);
    expect(await counts()).toEqual(before);
  });

  // Issue 30: a message names the label the person sees, in every language.
  it.each([
    ["/fr", "custom", "description", "Le champ «\u00a0Décrivez votre demande\u00a0» est obligatoire."],
    ["/es", "package-delivery", "deliveryByDate", "El campo “Entregar a más tardar (fecha)” es obligatorio."],
    ["/pt", "package-delivery", "deliveryByTime", "O campo “Entregar até (horário)” é obrigatório."],
  ] as const)("%s %s: a missing %s is named by its label", async (prefix, type, name, message) => {
    const fields = { ...VALID[type], consent: "on" };
    delete (fields as Record<string, string>)[name];
    const res = await postForm(`${server.url}${prefix}/cars/request?type=${type}`, fields);
    expect(res.status).toBe(400);
    expect(await pageHtml(res)).toContain(message);
  });

  it.each(CAR_REQUEST_TYPES)("%s: without consent → 'You must agree to be contacted.'", async (type) => {
    const before = await counts();
    const res = await post(type, VALID[type]);
    expect(res.status).toBe(400);
    expect(await pageHtml(res)).toContain("You must agree to be contacted.");
    expect(await counts()).toEqual(before);
  });

  it.each(BAD)("%s: refuses %j", async (type, override, message) => {
    const before = await counts();
    const res = await post(type, { ...VALID[type], ...override, consent: "on" });
    expect(res.status).toBe(400);
    expect(await pageHtml(res)).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it("treats an unknown or missing type as custom", async () => {
    for (const query of ["?type=spaceship", ""]) {
      const html = await pageHtml(await fetch(`${server.url}/cars/request${query}`));
      expect(html).toMatch(/<h1[^>]*>Custom Request<\/h1>/);
      expect(html).toContain('name="description"');
    }
  });

  it.each([
    ["chauffeur-hourly", `[Cars/Rental] Chauffeur (Hourly) – Ada Lovelace – ${at("09:00")}`, "Thanks! We&#x27;ll confirm availability and send your quote by email."],
    ["airport-transfer", `[Cars/Rental] Airport Transfer – Ada Lovelace – Flight AC 101 ${en.dateTime(`${tomorrow}T14:30`)}`, "We&#x27;ll track your flight and confirm the pickup details by email."],
    ["personal-ride", `[Cars/Rental] Personal Ride – Ada Lovelace – ${at("18:00")}`, "Thanks! We&#x27;ll share ETA and driver details by email."],
    ["package-delivery", `[Cars/Rental] Package Delivery – Ada Lovelace – ${at("17:00")}`, "We&#x27;ll confirm a courier and share tracking by email."],
    ["event-wedding", `[Cars/Rental] Event / Wedding Car – Ada Lovelace – ${at("13:00")}`, "Thanks! We&#x27;ll send a tailored quote and availability."],
    ["custom", "[Cars/Rental] Custom Request – Ada Lovelace – N/A", "We&#x27;ll review and follow up with options."],
  ] as const)("%s: stores, emails '%s', and shows its success message", async (type, subject, success) => {
    const res = await post(type, { ...VALID[type], consent: "on" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/request-success");
    const page = await fetch(`${server.url}/request-success`, { headers: { Cookie: res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") } });
    const html = await pageHtml(page);
    expect(html).toContain(success);
    expect(html).not.toMatch(/mail client/i);

    const mail = await sink.waitFor((m) => m.subject === subject && m.to.includes("operator@example.test"));
    // Every field label of the form, with its value or N/A, plus the timestamp.
    for (const field of CAR_FORMS[type].fields) {
      const label = LABELS[field.name]?.replace(/&#x27;/g, "'");
      const typed = VALID[type][field.name];
      const shown = typed === undefined ? "N/A" : field.kind === "date" ? en.date(typed) : field.kind === "time" ? en.time(typed) : field.kind === "datetime" ? en.dateTime(typed) : typed;
      if (label) expect(mail.text).toContain(`${label}: ${shown}`);
    }
    expect(mail.text).toContain("Notes: N/A");
    expect(mail.text).toMatch(/Submitted at: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M/);
    await sink.waitFor((m) => m.to.includes("ada@example.com") && m.text.includes("/requests/"));
  });

  it("chauffeur contact: all four fields required; success stores it and emails 'New Chauffeur Contact Request'", async () => {
    const before = await counts();
    const missing = await postForm(`${server.url}/cars`, { fullName: "Ada", email: "ada@example.com", pickupArea: "" , message: "Hi" });
    expect(missing.status).toBe(400);
    expect(await pageHtml(missing)).toContain("Pick-up area is required.");
    expect(await counts()).toEqual(before);

    const ok = await postForm(`${server.url}/cars-rental`, {
      fullName: "Ada Lovelace", email: "ada@example.com", pickupArea: "Yorkville", message: "Do you have a Sprinter van?", returnTo: "/cars-rental",
    });
    expect(ok.status).toBe(303);
    // A plain post lands on its receipt, the success page (issue 49 item 5).
    expect(ok.headers.get("location")).toBe("/request-success");
    const mail = await sink.waitFor((m) => m.subject === "New Chauffeur Contact Request");
    expect(mail.text).toContain("Pick-up area: Yorkville");
  });
});
