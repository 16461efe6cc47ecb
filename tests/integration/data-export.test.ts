import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { torontoToday } from "~/lib/forms/formats";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { pageHtml } from "../support/html";
import { HttpClient, linkIn } from "../support/http-client";
import { SmtpSink } from "../support/smtp-sink";

/**
 * "Download my data" (issue 28 item 2), end to end on a real server, database and SMTP sink: a
 * customer with a booking, a contact message, a listing with a photo and a review with a photo
 * asks for an export; the worker builds it and emails a link; the ZIP's data.json matches the
 * database, summary.html is there, and nothing of another person (their name, email, their
 * reply to the review, an operator's note naming them) is anywhere in the archive. Only the
 * owner can download it; logged out means log in first; a second request while one is waiting
 * is refused; past its expiry the link answers 410.
 */
const SECRET = "integration-test-secret-0123456789abcdef";
const PASSWORD = "plum tree by the lake";
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
let seq = 0;
const uniqueEmail = (tag: string) => `${tag}.${Date.now()}.${++seq}@example.com`;
const FAKE_WEBP = new Uint8Array([82, 73, 70, 70, 26, 0, 0, 0, 87, 69, 66, 80, 86, 80, 56, 76, 13, 0, 0, 0, 47, 0, 0, 0, 16, 7, 16, 17, 17, 136, 136, 254, 7, 0]);

describe.each(DIALECTS)("data export on %s", (dialect) => {
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

  const signUpAndVerify = (name: string, email: string) => signedInAccount(server.url, db.db, { email, name, password: PASSWORD, verifyBy: sink });

  async function book(client: HttpClient, fullName: string, email: string, notes: string) {
    const res = await client.post("/book", {
      form: "service",
      returnTo: "/services/handyman",
      service: "Handyman Services",
      fullName,
      email,
      area: "Leslieville",
      preferredDate: addDays(torontoToday(), 3),
      preferredTime: "10:30",
      notes,
    });
    expect(res.status).toBe(303);
  }

  async function storeFile(key: string) {
    const file = path.join(database.dataDir, "uploads", ...key.split("/"));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, FAKE_WEBP);
  }

  it("builds the ZIP in the background, emails the link, and gives the owner only their own data", async () => {
    const email = uniqueEmail("marie");
    const name = "Marie Sklodowska";
    const otherEmail = uniqueEmail("otto");
    const otherName = "Otto Nebenmensch";
    const { client, id } = await signUpAndVerify(name, email);
    const other = await signUpAndVerify(otherName, otherEmail);

    // Hers: a booking and a contact message (real forms), a listing with a photo, a review with a photo.
    await book(client, name, email, "Two shelves to mount");
    expect((await client.post("/contact", { name, email, subject: "Deck repair", message: "Do you cover Etobicoke?" })).status).toBeLessThan(400);
    // His: his own booking, which must not show up in hers.
    await book(other.client, otherName, otherEmail, "Fix the fence");

    const now = new Date().toISOString();
    const listingId = randomUUID();
    await db.db
      .insertInto("home_listings")
      .values({
        id: listingId,
        title: "Sunny loft near the lake",
        property_type: "apartment",
        price: 2100,
        price_unit: "month",
        city: "Toronto",
        neighborhood: "Leslieville",
        address: "12 Example St",
        bedrooms: 1,
        bathrooms: 1,
        furnished: 0,
        pet_friendly: 1,
        parking: 0,
        amenities: JSON.stringify(["laundry"]),
        available_from: addDays(torontoToday(), 10),
        images: "[]",
        description: "Bright loft with a view.",
        landlord_name: name,
        landlord_avatar: "",
        landlord_verified: 0,
        status: "published",
        created_at: now,
        owner_user_id: id,
        owner_name: name,
        owner_email: email,
        owner_phone: "416-555-0199",
        province: "ON",
        postal: "M4M 1A1",
        deposit: null,
        min_stay: null,
        lease_term: null,
        str_registration: null,
      })
      .execute();
    const photoId = randomUUID();
    await db.db.insertInto("listing_photos").values({ id: photoId, user_id: id, draft_id: null, listing_id: listingId, position: 0, width: 1200, height: 800, created_at: now }).execute();
    await storeFile(`listings/${photoId}/gallery.webp`);

    const booking = await db.db.selectFrom("requests").select(["id", "reference"]).where("user_id", "=", id).where("kind", "=", "booking").executeTakeFirst();
    const bookingRow = booking ?? (await db.db.selectFrom("requests").select(["id", "reference"]).where("user_id", "=", id).where("kind", "<>", "contact-message").executeTakeFirstOrThrow());
    const reviewId = randomUUID();
    await db.db
      .insertInto("community_reviews")
      .values({
        id: reviewId,
        username: "Marie S.",
        review_date: now.slice(0, 10),
        rating: 5,
        comment: "Shelves are level and solid.",
        service: "Handyman Services",
        status: "published",
        created_at: now,
        author_user_id: id,
        request_id: bookingRow.id,
        provider_id: null,
        service_slug: "handyman",
        locale: "en-US",
        reject_reason: null,
        decided_at: now,
        updated_at: now,
      })
      .execute();
    const reviewPhotoId = randomUUID();
    await db.db.insertInto("review_photos").values({ id: reviewPhotoId, review_id: reviewId, user_id: id, position: 0, width: 800, height: 600, created_at: now }).execute();
    await storeFile(`reviews/${reviewPhotoId}/gallery.webp`);
    // Someone else's words about her things: his reply to her review, an operator's note naming him.
    await db.db
      .insertInto("review_replies")
      .values({ id: randomUUID(), review_id: reviewId, provider_id: "p-other", author_user_id: other.id, body: "Reply written by the other person", status: "published", reject_reason: null, locale: "en-US", created_at: now, updated_at: now, decided_at: now })
      .execute();
    await db.db
      .insertInto("request_notes")
      .values({ id: randomUUID(), request_id: bookingRow.id, author_user_id: other.id, author_name: otherName, body: `Called ${otherName} about it`, created_at: now })
      .execute();

    // The page, before: a button, no export yet.
    const before = await client.get("/account/data");
    expect(before.status).toBe(200);
    expect(before.headers.get("cache-control")).toContain("no-store");
    const beforeHtml = await pageHtml(before);
    expect(beforeHtml).toContain("Download your data");
    expect(beforeHtml).toContain("Request my data");

    // One click (a plain post).
    const queued = await client.post("/account/data", { intent: "export" });
    expect(queued.status).toBe(303);
    expect(queued.headers.get("location")).toBe("/account/data");

    const mail = await sink.waitFor((m) => m.to.includes(email) && m.subject === "Your GTA Connect data is ready", 30_000);
    expect(mail.text).toContain(`Hi ${name}, the copy`);
    const pageLink = new URL(linkIn(mail.text, "/account/data"));
    expect(pageLink.pathname).toBe("/account/data");

    const row = await db.db.selectFrom("data_exports").selectAll().where("user_id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("ready");
    expect(Date.parse(row.expires_at!) - Date.parse(row.ready_at!)).toBe(7 * 86_400_000);
    const page = await pageHtml(await client.get("/account/data"));
    const downloadPath = `/account/data/export/${row.id}`;
    expect(page).toContain(`href="${downloadPath}"`);
    expect(page).toContain("Download the ZIP file");

    const download = await client.get(downloadPath);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/zip");
    expect(download.headers.get("cache-control")).toBe("private, no-store");
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="[a-z0-9-]+\.zip"$/);
    const files = unzipSync(new Uint8Array(await download.arrayBuffer()));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(["data.json", "summary.html", `photos/listings/${photoId}.webp`, `photos/reviews/${reviewPhotoId}.webp`]));
    expect(files[`photos/listings/${photoId}.webp`]).toEqual(FAKE_WEBP);

    const data = JSON.parse(strFromU8(files["data.json"]!)) as {
      about: { keys: Record<string, string> };
      profile: { email: string; name: string; emailVerified: boolean };
      requests: { reference: string; kind: string; payload: unknown; timeline: { status: string }[]; emails: { subject: string; body: string; to: string }[] }[];
      listings: { id: string; title: string; photos: { id: string; file: string }[] }[];
      reviews: { id: string; comment: string; request: string; photos: { id: string }[] }[];
      reviewReplies: unknown[];
      sessions: { signedInAt: string; browser: string | null }[];
      providerDocuments: unknown[];
      consents: { documents: { document: string; version: string; method: string }[] };
    };
    expect(data.profile).toMatchObject({ email, name, emailVerified: true });
    // The Terms and the Privacy Policy she accepted at sign-up, at the versions the database holds.
    const accepted = await db.db.selectFrom("consents").select(["document", "version", "method"]).where("user_id", "=", id).execute();
    expect(accepted.map((c) => c.document).sort()).toEqual(["privacy", "terms"]);
    expect(data.consents.documents).toEqual(expect.arrayContaining(accepted.map((c) => expect.objectContaining(c))));
    for (const key of ["profile", "requests", "listings", "reviews", "sessions", "providerDocuments"]) expect(data.about.keys[key]).toBeTruthy();

    // Every request of hers, and only those, each with its timeline and the emails sent to her.
    const mine = await db.db.selectFrom("requests").select(["reference", "kind"]).where("user_id", "=", id).orderBy("created_at").execute();
    expect(mine.map((r) => r.kind).sort()).toEqual(expect.arrayContaining(["contact-message"]));
    expect(data.requests.map((r) => r.reference).sort()).toEqual(mine.map((r) => r.reference).sort());
    for (const r of data.requests) {
      expect(r.timeline.length).toBeGreaterThan(0);
      expect(r.emails.length).toBeGreaterThan(0);
      for (const m of r.emails) expect(m.to).toBe(email);
    }
    const sentToHer = await db.db
      .selectFrom("mail_outbox")
      .select("subject")
      .where("to_address", "=", email)
      .where("request_id", "is not", null)
      .execute();
    expect(data.requests.flatMap((r) => r.emails.map((m) => m.subject)).sort()).toEqual(sentToHer.map((m) => m.subject).sort());
    expect(data.listings).toEqual([expect.objectContaining({ id: listingId, title: "Sunny loft near the lake", photos: [expect.objectContaining({ id: photoId })] })]);
    expect(data.reviews).toEqual([
      expect.objectContaining({ id: reviewId, comment: "Shelves are level and solid.", request: bookingRow.reference, photos: [expect.objectContaining({ id: reviewPhotoId })] }),
    ]);
    expect(data.reviewReplies).toEqual([]);
    expect(data.sessions.length).toBeGreaterThan(0);

    const summary = strFromU8(files["summary.html"]!);
    expect(summary).toContain("<html lang=\"en-US\"");
    expect(summary).toContain(email);
    expect(summary).toContain("Sunny loft near the lake");
    // In the site's words (issue 51 item 2): the kind and its state as My Bookings says them, the
    // account as what it is — never the stored codes.
    expect(summary).toMatch(new RegExp(`<strong>${bookingRow.reference}</strong> — (Booking|Quick booking) — [A-Z][a-z]`));
    expect(summary).toContain("Customer account");
    expect(summary).not.toMatch(/ · (booking|quick-booking|received|pending|in_review) · |>user<|Role/);

    // Nothing of anyone else, in any file; no session token, no live one-time link.
    const everything = Object.values(files)
      .map((bytes) => Buffer.from(bytes).toString("latin1") + Buffer.from(bytes).toString("utf8"))
      .join("\n");
    for (const foreign of [otherEmail, otherName, "Otto", "Fix the fence", "Reply written by the other person"]) expect(everything).not.toContain(foreign);
    expect(everything).not.toContain(client.sessionToken!.split(".")[0]!);
    expect(everything).not.toMatch(/token=(?!\[removed\])[A-Za-z0-9]/);

    // Only hers: another account gets 404; logged out, a log-in first.
    const notHis = await other.client.get(downloadPath);
    expect(notHis.status).toBe(404);
    expect(notHis.headers.get("content-disposition")).toBeNull();
    expect((await other.client.get(`/account/data/export/${randomUUID()}`)).status).toBe(404);
    const anonymous = await new HttpClient(server.url).get(downloadPath);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/auth\/login\?/);

    // Past the expiry: 410 with a clear message; the page says it expired.
    await db.db.updateTable("data_exports").set({ expires_at: new Date(Date.now() - 60_000).toISOString() }).where("id", "=", row.id).execute();
    const expired = await client.get(downloadPath);
    expect(expired.status).toBe(410);
    expect(expired.headers.get("cache-control")).toBe("private, no-store");
    const expiredPage = await expired.text();
    expect(expiredPage).toContain("This download has expired");
    // A page of its own, in the reader's language, readable on a phone.
    expect(expiredPage).toMatch(/<html lang="en-US">/);
    expect(expiredPage).toContain('<meta name="viewport"');
    expect(await pageHtml(await client.get("/account/data"))).toContain("Your last export expired on");
  });

  it("refuses a second export while one is waiting, with a clear message", async () => {
    const email = uniqueEmail("waiting");
    const { client, id } = await signUpAndVerify("Wanda Waiting", email);
    // One being built right now (claimed this instant by some process).
    const claimed = new Date().toISOString();
    await db.db.insertInto("data_exports").values({ id: randomUUID(), user_id: id, status: "building", locale: "en-US", created_at: claimed, claimed_at: claimed }).execute();
    const page = await pageHtml(await client.get("/account/data"));
    expect(page).toContain("is being prepared");
    expect(page).not.toContain("Request my data");

    const again = await client.post("/account/data", { intent: "export" });
    expect(again.status).toBe(409);
    expect(await pageHtml(again)).toContain("An export of your data is already being prepared.");
    expect((await db.db.selectFrom("data_exports").select("id").where("user_id", "=", id).execute()).length).toBe(1);
    // The database holds the line too: one waiting export per person.
    await expect(
      db.db.insertInto("data_exports").values({ id: randomUUID(), user_id: id, status: "queued", locale: "en-US", created_at: claimed }).execute(),
    ).rejects.toThrow();
    // Logged out, the form post is refused without queuing anything.
    const anonymous = await new HttpClient(server.url).post("/account/data", { intent: "export" });
    expect(anonymous.status).toBeGreaterThanOrEqual(300);
    expect((await db.db.selectFrom("data_exports").select("id").where("user_id", "=", id).execute()).length).toBe(1);
  });

  it("writes the email and the summary in the reader's language", async () => {
    const email = uniqueEmail("lucia");
    const { client, id } = await signUpAndVerify("Lucía Pérez", email);
    client.cookies.set("lang", "es");
    expect((await client.post("/account/data", { intent: "export" })).status).toBe(303);
    const mail = await sink.waitFor((m) => m.to.includes(email) && m.subject === "Sus datos de GTA Connect están listos", 30_000);
    expect(mail.text).toContain("Hola, Lucía Pérez");
    // Its link opens in the reader's language space.
    expect(new URL(linkIn(mail.text, "/account/data")).pathname).toBe("/es/account/data");
    const row = await db.db.selectFrom("data_exports").select("id").where("user_id", "=", id).executeTakeFirstOrThrow();
    const files = unzipSync(new Uint8Array(await (await client.get(`/account/data/export/${row.id}`)).arrayBuffer()));
    const summary = strFromU8(files["summary.html"]!);
    expect(summary).toContain('lang="es"');
    expect(summary).toContain("Solicitudes y reservas");
    expect(summary).toContain("Cuenta de cliente");
    expect(JSON.parse(strFromU8(files["data.json"]!)).profile.language).toBe("es");
  });
});
