import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { getRuntime, type Runtime, startRuntime } from "~/lib/runtime.server";
import { seedAtStart } from "../../db/seed/start.server";
import { approveListing, rejectListing } from "~/modules/homes/moderation.server";
import { submitRequest, transitionRequest } from "~/modules/requests/requests.server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";

/**
 * A request moves only along its kind's lifecycle, each move is recorded and emailed to the
 * customer, and a listing's request status is the listing's status (issue 10 item 3): the
 * modules, on a real database.
 */
const LISTING = "h-annex-studio";
const ctx = { user: null, clientIp: "198.51.100.7", locale: "fr-CA" as const };

describe.each(DIALECTS)("request lifecycles on %s", (dialect) => {
  let database: TestDatabase;
  let runtime: Runtime;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const env = parseEnv({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      OPERATOR_EMAIL: "operator@example.test",
      PUBLIC_URL: "http://gta.test",
    });
    runtime = await startRuntime(env, { startMailWorker: false, seed: seedAtStart, log: () => {} });
  });
  afterAll(async () => {
    await runtime?.stop();
    await database.drop();
  });

  const listingStatus = async () =>
    (
      await getRuntime()
        .db.selectFrom("home_listings")
        .select("status")
        .where("id", "=", LISTING)
        .executeTakeFirstOrThrow()
    ).status;
  const outboxTo = (to: string) =>
    getRuntime()
      .db.selectFrom("mail_outbox")
      .select(["kind", "subject", "text_body"])
      .where("to_address", "=", to)
      .orderBy("created_at")
      .execute();

  it("publishes and takes down a listing through its request, and tells the owner each time", async () => {
    await getRuntime()
      .db.updateTable("home_listings")
      .set({ status: "pending" })
      .where("id", "=", LISTING)
      .execute();
    const sent = await submitRequest(
      "listing",
      {
        listingId: LISTING,
        title: "Studio in the Annex",
        ownerName: "Ada",
        ownerEmail: "owner@example.com",
        address: "1 Bloor St W",
        photoCount: 1,
      },
      ctx,
    );
    const row = await getRuntime()
      .db.selectFrom("requests")
      .selectAll()
      .where("id", "=", sent.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: "listing",
      status: "received",
      locale: "fr-CA",
      subject_type: "listing",
      subject_id: LISTING,
    });

    expect(await transitionRequest(sent.id, "completed")).toEqual({ ok: false, reason: "not-allowed" });
    expect(await listingStatus()).toBe("pending");

    // Publishing and rejecting are the moderation operations' own moves (the listing kind's
    // guardedMoves): a plain move is refused, so nothing goes live without their checks.
    expect(await transitionRequest(sent.id, "published", null)).toEqual({ ok: false, reason: "not-allowed" });
    expect(await transitionRequest(sent.id, "rejected", "No reason checked")).toEqual({ ok: false, reason: "not-allowed" });
    expect(await listingStatus()).toBe("pending");
    expect(await approveListing(LISTING, { actorId: "admin-1", strChecked: false })).toEqual({
      ok: true,
      from: "received",
      to: "published",
    });
    expect(await listingStatus()).toBe("published");

    expect(await rejectListing(LISTING, { actorId: "admin-1", reason: "A photo shows a street address." })).toMatchObject({
      ok: true,
      to: "rejected",
    });
    expect(await listingStatus()).toBe("rejected");

    const events = await getRuntime()
      .db.selectFrom("request_events")
      .select(["status", "note"])
      .where("request_id", "=", sent.id)
      .orderBy("created_at")
      .execute();
    expect(events).toEqual([
      { status: "received", note: null },
      { status: "published", note: null },
      { status: "rejected", note: "A photo shows a street address." },
    ]);
    const mail = await outboxTo("owner@example.com");
    expect(mail.map((m) => m.kind)).toEqual(["listing.customer", "listing.status", "listing.status"]);
    // The owner wrote in Canadian French: every email to them is in French; the operator's in English.
    expect(mail[0]!.subject).toBe(`Nous avons reçu votre demande — ${sent.reference}`);
    expect(mail[1]!.subject).toBe("Votre annonce est en ligne");
    expect(mail[2]!.subject).toBe("Votre annonce n'a pas été approuvée");
    expect(mail[1]!.text_body).toContain("Statut de votre demande\u00a0: Publiée");
    expect(mail[2]!.text_body).toContain("Statut de votre demande\u00a0: Non approuvée");
    expect(mail[2]!.text_body).toContain("A photo shows a street address.");
    const operator = await outboxTo("operator@example.test");
    expect(operator.find((m) => m.kind === "listing.operator")?.text_body).toContain("New request:");
  });

  it("keeps other kinds on the shared lifecycle", async () => {
    const sent = await submitRequest(
      "quick-booking",
      { fullName: "Grace", email: "grace@example.com", details: "Shelves" },
      ctx,
    );
    expect(await transitionRequest(sent.id, "published")).toEqual({ ok: false, reason: "not-allowed" });
    expect(await transitionRequest(sent.id, "in_review")).toMatchObject({ ok: true });
    // A booking is matched to a provider by the back office's matching (its effects), never bare.
    expect(await transitionRequest(sent.id, "matched")).toEqual({ ok: false, reason: "not-allowed" });
    const match = { effects: async () => {} };
    expect(await transitionRequest(sent.id, "matched", null, match)).toMatchObject({ ok: true });
    // The same move twice (two operators at once) happens once.
    expect(await transitionRequest(sent.id, "matched", null, match)).toEqual({ ok: false, reason: "not-allowed" });
    expect(await transitionRequest("no-such-id", "in_review")).toEqual({ ok: false, reason: "not-found" });
  });

  it("refuses a payload its kind does not declare, storing nothing", async () => {
    const before = (await getRuntime().db.selectFrom("requests").select("id").execute()).length;
    await expect(submitRequest("city-request", { city: 42 } as never, ctx)).rejects.toThrow();
    expect((await getRuntime().db.selectFrom("requests").select("id").execute()).length).toBe(before);
  });
});
