import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, migrateTo, migrateToLatest, openDatabase } from "~/lib/db/db.server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../tests/support/databases";
import { convert } from "./0008-request-data";

type Old = {
  contact_messages: {
    id: string;
    name: string;
    email: string;
    subject: string;
    message: string;
    created_at: string;
  };
  requests: Record<
    | "id"
    | "reference"
    | "token_hash"
    | "kind"
    | "status"
    | "name"
    | "service"
    | "subject"
    | "details"
    | "created_at"
    | "updated_at",
    string
  > & {
    user_id: string | null;
    email: string | null;
  };
};

/**
 * Rows written before 0007/0008 survive them: contact messages become contact-message
 * requests (0007), and every request's translated {label, value} list becomes typed data with
 * its subject link (0008).
 */
describe.each(DIALECTS)("request migrations on %s", (dialect) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = openDatabase(database.url);
  });
  afterAll(async () => {
    await handle.destroy();
    await database.drop();
  });

  it("moves stored messages and requests over with their fields, dates and subjects", async () => {
    expect((await migrateTo(handle.db as never, "0006-rate-limits")).error).toBeUndefined();
    const old = handle.db as never as Kysely<Old>;
    const at = "2026-01-02T03:04:05.000Z";
    await old
      .insertInto("contact_messages")
      .values({
        id: "c-1",
        name: "Ada",
        email: "ada@example.com",
        subject: "Deck",
        message: "Etobicoke?",
        created_at: at,
      })
      .execute();
    const request = (
      id: string,
      kind: string,
      details: { label: string; value: string | number | null }[],
    ) => ({
      id,
      reference: `GTA-${id.toUpperCase().padEnd(6, "X")}`,
      token_hash: `hash-${id}`,
      kind,
      status: "received",
      user_id: null,
      name: "Ada",
      email: "ada@example.com",
      service: "x",
      subject: "x",
      details: JSON.stringify(details),
      created_at: at,
      updated_at: at,
    });
    await old
      .insertInto("requests")
      .values([
        request("rent", "rent-request", [
          { label: "Listing", value: "Sunny studio" },
          { label: "Listing link", value: "http://localhost:3000/homes/h-annex-studio" },
          { label: "Adults", value: 2 },
          { label: "Budget", value: null },
        ]),
        request("quick", "booking", [
          { label: "Full name", value: "Ada" },
          { label: "Service details", value: "Shelves" },
        ]),
      ])
      .execute();

    await migrateToLatest(handle.db);

    const rows = await handle.db.selectFrom("requests").selectAll().orderBy("id").execute();
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId["c-1"]).toMatchObject({
      kind: "contact-message",
      status: "received",
      email: "ada@example.com",
      locale: "en-US",
      created_at: at,
      subject_type: null,
    });
    expect(byId["c-1"]!.reference).toMatch(/^GTA-[2-9A-Z]{6}$/);
    expect(JSON.parse(byId["c-1"]!.data)).toEqual({
      name: "Ada",
      email: "ada@example.com",
      subject: "Deck",
      message: "Etobicoke?",
    });
    expect(byId.rent).toMatchObject({
      kind: "rent-request",
      subject_type: "listing",
      subject_id: "h-annex-studio",
    });
    expect(JSON.parse(byId.rent!.data)).toEqual({
      listing: "Sunny studio",
      listingId: "h-annex-studio",
      adults: 2,
    });
    expect(byId.quick).toMatchObject({ kind: "quick-booking" });
    expect(JSON.parse(byId.quick!.data)).toEqual({ fullName: "Ada", details: "Shelves" });

    const events = await handle.db
      .selectFrom("request_events")
      .select("status")
      .where("request_id", "=", "c-1")
      .execute();
    expect(events).toEqual([{ status: "received" }]);
    // PostgreSQL lists every schema's tables (other test runs share the database): keep ours.
    const own =
      dialect === "postgres"
        ? (await sql<{ s: string }>`select current_schema() as s`.execute(handle.db)).rows[0]!.s
        : undefined;
    const tables = (await handle.db.introspection.getTables()).filter(
      (t) => own === undefined || t.schema === own,
    );
    expect(tables.map((t) => t.name)).not.toContain("contact_messages");
    expect(tables.find((t) => t.name === "requests")!.columns.map((c) => c.name)).not.toContain("details");
  });
});

describe("0008's label → field conversion", () => {
  it("reads car requests, listings and bookings as they were written", () => {
    expect(
      convert("car-request", [
        { label: "Request type", value: "Airport Transfer" },
        { label: "Flight number", value: "AC 101" },
        { label: "Passengers", value: 2 },
        { label: "Child seat", value: "Yes" },
      ]),
    ).toEqual({
      kind: "car-request",
      data: { type: "airport-transfer", flightNumber: "AC 101", passengerCount: 2, childSeat: "Yes" },
      subject: null,
    });
    expect(
      convert("listing", [
        { label: "Listing ID", value: "l-1" },
        { label: "Title", value: "1BR in Annex, Toronto" },
        { label: "Price type", value: "per night" },
        { label: "Amenities", value: "Wi-Fi, Parking" },
        {
          label: "I agree to the Provider Guidelines, the Terms of Use and the Privacy Policy.",
          value: "Yes",
        },
        { label: "Photos", value: "2: http://x/a http://x/b" },
        { label: "Review in the back office", value: "http://x/admin" },
      ]),
    ).toEqual({
      kind: "listing",
      data: {
        listingId: "l-1",
        title: "1BR in Annex, Toronto",
        priceType: "night",
        amenities: ["Wi-Fi", "Parking"],
        agreed: true,
        photoCount: 2,
      },
      subject: { type: "listing", id: "l-1" },
    });
    expect(convert("booking", [{ label: "Area / neighborhood", value: "Annex" }]).kind).toBe("booking");
  });
});
