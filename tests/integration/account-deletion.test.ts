import { randomUUID } from "node:crypto";
import { access, mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { torontoToday } from "~/lib/forms/formats";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { rowsContaining } from "../support/db-scan";
import { pageHtml } from "../support/html";
import { HttpClient } from "../support/http-client";
import { insertProvider } from "../support/providers";
import { SmtpSink } from "../support/smtp-sink";

/**
 * "Delete my account" (issue 28 item 3) on a real server, database and SMTP sink. A person with
 * everything — a booking, a car request, a contact message, a listing with a photo, a review
 * with a photo, a provider application with a document and a provider profile, a data export
 * ZIP — deletes the account: first refused while the booking is open (listed, with how to
 * cancel), refused with field messages for a wrong password or a wrong word (nothing changes),
 * a replay from another signed-in person cannot touch it; then it goes through, in French.
 * Afterwards every table of the database (read from its catalogue, not a list) is searched for
 * the person's name, email and phone, and the uploads folder for their files: only the goodbye
 * email is left.
 */
const SECRET = "integration-test-secret-0123456789abcdef";
const PASSWORD = "plum tree by the lake";
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const tag = () => Math.random().toString(36).slice(2, 8);
const FAKE_WEBP = new Uint8Array([82, 73, 70, 70, 26, 0, 0, 0, 87, 69, 66, 80, 86, 80, 56, 76, 13, 0, 0, 0, 47, 0, 0, 0, 16, 7, 16, 17, 17, 136, 136, 254, 7, 0]);

describe.each(DIALECTS)("account deletion on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await sink.start(0);
    server = await startAppServer({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, SMTP_URL: sink.url, AUTH_SECRET: SECRET });
    db = connect(database.url);
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  const signUpAndVerify = (name: string, email: string, password = PASSWORD) => signedInAccount(server.url, db.db, { email, name, password, verifyBy: sink });

  const fileOf = (key: string) => path.join(database.dataDir, "uploads", ...key.split("/"));
  async function storeFile(key: string) {
    await mkdir(path.dirname(fileOf(key)), { recursive: true });
    await writeFile(fileOf(key), FAKE_WEBP);
  }
  const exists = (file: string) => access(file).then(() => true, () => false);

  async function snapshot(userId: string) {
    return {
      user: await db.db.selectFrom("user").select("id").where("id", "=", userId).executeTakeFirst(),
      requests: (await db.db.selectFrom("requests").select(["id", "name", "status"]).where("user_id", "=", userId).orderBy("id").execute()).length,
      listings: (await db.db.selectFrom("home_listings").select("id").where("owner_user_id", "=", userId).execute()).length,
      sessions: (await db.db.selectFrom("session").select("id").where("userId", "=", userId).execute()).length,
    };
  }

  it("refuses while a request is open, refuses bad input, then deletes everything but the goodbye email", async () => {
    const name = `Quintessa Vandermolen ${tag()}`;
    const email = `quintessa.${Date.now()}.${tag()}@example.com`;
    const phone = `647-555-${String(1000 + Math.floor(Math.random() * 8999))}`;
    const { client, id } = await signUpAndVerify(name, email);
    await db.db.updateTable("user").set({ phone }).where("id", "=", id).execute();
    const other = await signUpAndVerify(`Otto Nebenmensch ${tag()}`, `otto.${Date.now()}.${tag()}@example.com`, "another long passphrase here");

    // Requests through the real forms: a booking, a car request, a contact message.
    expect(
      (
        await client.post("/book", {
          form: "service",
          returnTo: "/services/handyman",
          service: "Handyman Services",
          fullName: name,
          email,
          area: "Leslieville",
          preferredDate: addDays(torontoToday(), 3),
          preferredTime: "10:30",
          notes: `Call me on ${phone}`,
        })
      ).status,
    ).toBe(303);
    expect(
      (
        await client.post("/cars/request?type=custom", { fullName: name, email, description: "A moving van with two helpers.", consent: "on" })
      ).status,
    ).toBeLessThan(400);
    expect((await client.post("/contact", { name, email, subject: "Deck repair", message: `It is ${name} again` })).status).toBeLessThan(400);
    const booking = await db.db.selectFrom("requests").select(["id", "reference"]).where("user_id", "=", id).where("kind", "=", "booking").executeTakeFirstOrThrow();
    expect(await db.db.selectFrom("requests").select("id").where("user_id", "=", id).where("kind", "=", "car-request").executeTakeFirst()).toBeTruthy();

    // A listing with a photo (and its listing request), a review with a photo, an application with a document.
    const now = new Date().toISOString();
    const listingId = randomUUID();
    await db.db
      .insertInto("home_listings")
      .values({
        id: listingId, title: "Sunny loft near the lake", property_type: "apartment", price: 2100, price_unit: "month", city: "Toronto",
        neighborhood: "Leslieville", address: "12 Example St", bedrooms: 1, bathrooms: 1, furnished: 0, pet_friendly: 1, parking: 0,
        amenities: "[]", available_from: addDays(torontoToday(), 10), images: "[]", description: "Bright loft.", landlord_name: name,
        landlord_avatar: "", landlord_verified: 0, status: "published", created_at: now, owner_user_id: id, owner_name: name,
        owner_email: email, owner_phone: phone, province: "ON", postal: "M4M 1A1", deposit: null, min_stay: null, lease_term: null, str_registration: null,
      })
      .execute();
    const listingRequestId = randomUUID();
    await db.db
      .insertInto("requests")
      .values({
        id: listingRequestId, reference: `GTA-L${tag().toUpperCase()}`, token_hash: randomUUID(), kind: "listing", status: "published", user_id: id, name, email,
        data: JSON.stringify({ listingId, title: "Sunny loft near the lake", ownerName: name, ownerEmail: email, address: "12 Example St", photoCount: 1 }),
        locale: "en-US", subject_type: "listing", subject_id: listingId, created_at: now, updated_at: now, deleted_at: null, provider_id: null,
      })
      .execute();
    const photoId = randomUUID();
    await db.db.insertInto("listing_photos").values({ id: photoId, user_id: id, draft_id: null, listing_id: listingId, position: 0, width: 1200, height: 800, created_at: now }).execute();
    await storeFile(`listings/${photoId}/gallery.webp`);

    const reviewId = randomUUID();
    await db.db
      .insertInto("community_reviews")
      .values({
        id: reviewId, username: name, review_date: now.slice(0, 10), rating: 5, comment: `Great work — ${name}`, service: "Handyman Services", status: "published",
        created_at: now, author_user_id: id, request_id: booking.id, provider_id: null, service_slug: "handyman", locale: "en-US", reject_reason: null, decided_at: now, updated_at: now,
      })
      .execute();
    const reviewPhotoId = randomUUID();
    await db.db.insertInto("review_photos").values({ id: reviewPhotoId, review_id: reviewId, user_id: id, position: 0, width: 800, height: 600, created_at: now }).execute();
    await storeFile(`reviews/${reviewPhotoId}/gallery.webp`);

    const applicationId = randomUUID();
    await db.db
      .insertInto("requests")
      .values({
        id: randomUUID(), reference: `GTA-P${tag().toUpperCase()}`, token_hash: randomUUID(), kind: "provider-application", status: "approved", user_id: id, name, email,
        data: JSON.stringify({ applicationId, fullName: name, email, phone, address: "12 Example St", services: ["handyman"], idNumber: "X1234567" }),
        locale: "en-US", subject_type: "provider-application", subject_id: applicationId, created_at: now, updated_at: now, deleted_at: null, provider_id: null,
      })
      .execute();
    const documentId = randomUUID();
    const documentKey = `provider-documents/${documentId}.jpg`;
    await db.db
      .insertInto("provider_documents")
      .values({
        id: documentId, application_id: applicationId, user_id: id, kind: "id_front", original_name: `${name} passport.jpg`, storage_key: documentKey,
        content_type: "image/jpeg", size: 10, expires_on: null, status: "approved", reminded_days: null, delete_after: null, deleted_at: null, created_at: now,
      })
      .execute();
    await storeFile(documentKey);
    await insertProvider(db.db, id, { applicationId, name, bio: `I am ${name}`, categories: [], areas: [] });
    // An operator's earlier audit entry that names her (it must lose her details, not its action).
    await db.db
      .insertInto("audit_log")
      .values({ id: randomUUID(), actor_user_id: other.id, action: "listing.approve", entity_type: "listing", entity_id: listingId, before: null, after: JSON.stringify({ owner: name, email }), note: `Checked with ${phone}`, created_at: now })
      .execute();

    // Her data export: a ZIP on disk.
    expect((await client.post("/account/data", { intent: "export" })).status).toBe(303);
    await sink.waitFor((m) => m.to.includes(email) && m.subject === "Your GTA Connect data is ready", 30_000);
    const exportRow = await db.db.selectFrom("data_exports").select("file_key").where("user_id", "=", id).executeTakeFirstOrThrow();
    expect(await exists(fileOf(exportRow.file_key!))).toBe(true);

    // The page: what goes, what stays, and the open booking listed with how to cancel it.
    const page = await client.get("/account/delete");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await pageHtml(page);
    expect(html).toContain("Delete my account");
    expect(html).toContain("Requests still open");
    expect(html).toContain(`href="/account/requests/${booking.reference}"`);
    expect(html).toContain('href="/contact"');
    expect(html).not.toContain('name="password"');

    // Posted anyway while open: 409, the list, nothing changed.
    const before = await snapshot(id);
    const blocked = await client.post("/account/delete", { password: PASSWORD, confirmation: "DELETE" });
    expect(blocked.status).toBe(409);
    expect(await pageHtml(blocked)).toContain(booking.reference);
    expect(await snapshot(id)).toEqual(before);

    // Once the booking and the car request are closed (an operator cancelled them), the form shows.
    await db.db.updateTable("requests").set({ status: "cancelled" }).where("user_id", "=", id).where("kind", "in", ["booking", "car-request"]).execute();
    expect(await pageHtml(await client.get("/account/delete"))).toContain('name="password"');

    // Wrong password, wrong word, nothing typed: 400 with the field's message, nothing changed.
    const wrongPassword = await client.post("/account/delete", { password: "not my password at all", confirmation: "DELETE" });
    expect(wrongPassword.status).toBe(400);
    expect(await pageHtml(wrongPassword)).toContain("Your password is incorrect.");
    const wrongWord = await client.post("/account/delete", { password: PASSWORD, confirmation: "delete it" });
    expect(wrongWord.status).toBe(400);
    expect(await pageHtml(wrongWord)).toContain("Type DELETE to confirm.");
    const empty = await client.post("/account/delete", {});
    expect(empty.status).toBe(400);
    expect(await pageHtml(empty)).toContain("Your password is required.");
    expect(await snapshot(id)).toEqual(before);

    // Replayed by another signed-in person, with her password and any id: it is his account that is asked about, and refused.
    const replay = await other.client.post("/account/delete", { password: PASSWORD, confirmation: "DELETE", userId: id });
    expect(replay.status).toBe(400);
    expect(await snapshot(id)).toEqual(before);
    expect(await db.db.selectFrom("user").select("id").where("id", "=", other.id).executeTakeFirst()).toBeTruthy();

    // Logged out: to the log-in page.
    const anonymous = await new HttpClient(server.url).post("/account/delete", { password: PASSWORD, confirmation: "DELETE" });
    expect(anonymous.status).toBeGreaterThanOrEqual(300);
    expect(anonymous.status).toBeLessThan(500);
    expect(await snapshot(id)).toEqual(before);

    // In French: the word is SUPPRIMER (any case), the goodbye email is in French.
    const done = await client.post("/fr/account/delete", { password: PASSWORD, confirmation: " supprimer " });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/fr");
    expect(client.sessionToken).toBeUndefined();
    const after = await client.get("/account");
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toContain("/auth/login");
    const goodbye = await sink.waitFor((m) => m.to.includes(email) && m.subject.includes("a été supprimé"), 30_000);
    expect(goodbye.text).not.toContain(name);

    // Kept for the other party, anonymized.
    const kept = await db.db.selectFrom("requests").selectAll().where("id", "=", booking.id).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ name: "Deleted user", email: null, user_id: null, status: "cancelled" });
    expect(JSON.parse(kept.data)).toMatchObject({ service: "Handyman Services", area: "Leslieville", fullName: "", email: "", notes: "" });
    const listingRequest = await db.db.selectFrom("requests").select("status").where("id", "=", listingRequestId).executeTakeFirstOrThrow();
    expect(listingRequest.status).toBe("cancelled");
    expect(await db.db.selectFrom("community_reviews").select("id").where("id", "=", reviewId).executeTakeFirst()).toBeUndefined();

    // The audit log says an account was deleted, not whose.
    const entry = await db.db.selectFrom("audit_log").selectAll().where("action", "=", "account.delete").executeTakeFirstOrThrow();
    expect(entry.actor_user_id).toBe("account-holder");
    expect(entry.entity_id).not.toBe(id);
    expect(JSON.stringify(entry)).not.toContain(id);

    // Every table, every row: nothing of her but the goodbye email.
    const found = (await rowsContaining(db.db, dialect, [name, email, phone, id])).filter((f) => !(f.table === "mail_outbox" && f.row.includes('"account.deleted"')));
    expect(found).toEqual([]);
    const outbox = await db.db.selectFrom("mail_outbox").select(["kind"]).where("to_address", "=", email).execute();
    expect(outbox.map((m) => m.kind)).toEqual(["account.deleted"]);

    // And no file of hers on disk.
    for (const key of [`listings/${photoId}/gallery.webp`, `reviews/${reviewPhotoId}/gallery.webp`, documentKey, exportRow.file_key!]) {
      expect(await exists(fileOf(key)), key).toBe(false);
    }
    const uploads = await readdir(path.join(database.dataDir, "uploads"), { recursive: true });
    for (const entryName of uploads) expect(entryName).not.toMatch(new RegExp(`${photoId}|${reviewPhotoId}|${documentId}`));
  }, 120_000);

  it("answers 429 with Retry-After after ten wrong passwords; then even the right one waits and the account stays", async () => {
    const { client, id } = await signUpAndVerify(`Guesser ${tag()}`, `guesser.${Date.now()}.${tag()}@example.com`);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await client.post("/account/delete", { password: `wrong guess ${i}`, confirmation: "DELETE" })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
    const right = await client.post("/account/delete", { password: PASSWORD, confirmation: "DELETE" });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await pageHtml(right)).toMatch(/Too many attempts\. Please wait \d+ minutes? and try again\./);
    expect((await snapshot(id)).user).toBeDefined();
  }, 120_000);
});
