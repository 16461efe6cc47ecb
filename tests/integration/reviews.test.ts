import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/lib/auth/session.server";
import { parseEnv } from "~/lib/env.server";
import { getRuntime, type Runtime, startRuntime } from "~/lib/runtime.server";
import { seedAtStart } from "../../db/seed/start.server";
import { submitRequest, transitionRequest } from "~/modules/requests/requests.server";
import { REVIEWABLE_KINDS } from "~/modules/reviews/eligibility";
import { KINDS } from "~/modules/requests/kinds";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { pageHtml } from "../support/html";
import { HttpClient } from "../support/http-client";
import { makeLiveProvider } from "../support/providers";
import { SmtpSink } from "../support/smtp-sink";

/**
 * Community reviews over HTTP, as a browser without JavaScript posts them (issue 14, and the
 * back office's reviews queue, issue 13 item 7): who may review what, the Reviews Policy's
 * checks (nothing stored on a refusal), moderation with reasons, audit and emails, the public
 * lists with JSON-LD, the provider's reply, and user text escaped everywhere.
 *
 * Requests are completed here the way the back office does it: received → in review → matched
 * (the matching sets requests.provider_id, done here in the move's effects) → completed.
 */
const PASSWORD = "orchard by the river";
const ADMIN = { email: "admin@example.test", password: "correct horse battery staple" };
const HOSTILE = `Great plumber <script>alert("x")</script> & <b>bold</b> "quoted" fixed the leak fast.`;

const png = (shade = 200) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: shade, g: 180, b: 160 } } })
    .withMetadata({ exif: { IFD0: { Copyright: "Secret Camera 3000" } } })
    .png()
    .toBuffer();
const GIF = Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");

type Upload = { name: string; type: string; body: Uint8Array };

describe("reviewable kinds", () => {
  it("are the kinds the back office matches to a provider", () => {
    const matched = Object.entries(KINDS)
      .filter(([, k]) => "match" in k && k.match)
      .map(([name]) => name)
      .sort();
    expect([...REVIEWABLE_KINDS].sort()).toEqual(matched);
  });
});

describe.each(DIALECTS)("community reviews on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  let runtime: Runtime;
  const sink = new SmtpSink();
  const stamp = Date.now();
  type Account = { client: HttpClient; user: SessionUser };
  let customer: Account;
  let other: Account;
  let pro: Account;
  let admin: HttpClient;
  let providerId = "";

  async function account(email: string, name: string): Promise<Account> {
    const { client, id } = await signedInAccount(server.url, getRuntime().db, { email, name, password: PASSWORD });
    return { client, user: { id, name, email, phone: null, role: "user", emailVerified: true } };
  }

  /** A second writer on the server's SQLite file retries when the file is busy. */
  async function retry<T>(operation: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await operation();
      } catch (error) {
        if (attempt > 20 || !/database is locked/.test(String(error))) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  /** A booking for the plumbing page by `who`, moved along the lifecycle to `to`. */
  async function booking(who: Account, to: "received" | "in_review" | "matched" | "completed" = "completed", provider: string | null = providerId) {
    const submitted = await retry(() =>
      submitRequest(
        "booking",
        {
          service: "Plumbing",
          fullName: who.user.name,
          email: who.user.email,
          area: "Etobicoke",
          // In the past: a booking is completed only once its appointment has started (issue 49 item 2).
          preferredDate: "2025-01-15",
          preferredTime: "10:00",
          notes: "",
          serviceSlug: "plumbing",
        },
        { user: who.user, clientIp: "127.0.0.9", locale: "en-US" },
      ),
    );
    const steps = ["in_review", "matched", "completed"] as const;
    for (const step of steps.slice(0, steps.indexOf(to as never) + 1)) {
      const moved = await retry(() =>
        transitionRequest(submitted.id, step, null, {
          // The matching workbench records the provider with the Matched move.
          ...(step === "matched" ? { effects: async (trx) => void (await trx.updateTable("requests").set({ provider_id: provider }).where("id", "=", submitted.id).execute()) } : {}),
        }),
      );
      expect(moved.ok).toBe(true);
    }
    return submitted;
  }

  async function postReview(client: HttpClient, reference: string, fields: Record<string, string>, files: Upload[] = []) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (files.length === 0) form.append("photos", new File([], "", { type: "application/octet-stream" }));
    for (const f of files) form.append("photos", new File([new Uint8Array(f.body)], f.name, { type: f.type }));
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    return client.remember(
      await fetch(`${server.url}/account/reviews/${reference}`, { method: "POST", body: form, headers: { Cookie: cookie, Origin: server.url }, redirect: "manual" }),
    );
  }

  const reviewsBy = (userId: string) => getRuntime().db.selectFrom("community_reviews").selectAll().where("author_user_id", "=", userId).execute();
  const reviewFiles = () => {
    const dir = path.join(database.dataDir, "uploads", "reviews");
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  const operatorMails = async () =>
    Number(
      (await getRuntime().db.selectFrom("mail_outbox").select((eb) => eb.fn.countAll<number>().as("n")).where("kind", "=", "review.operator").executeTakeFirstOrThrow()).n,
    );

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await sink.start(0);
    server = await startAppServer({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      SMTP_URL: sink.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Requests are completed here, behind the server's back: no page store.
      PAGE_CACHE_SECONDS: "0",
    });
    const env = parseEnv({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, OPERATOR_EMAIL: "operator@example.test", PUBLIC_URL: server.url });
    runtime = await startRuntime(env, { startMailWorker: false, seed: seedAtStart, log: () => {} });
    customer = await account(`cora.${stamp}@example.com`, "Cora Customer");
    other = await account(`olive.${stamp}@example.com`, "Olive Other");
    pro = await account(`pat.${stamp}@example.com`, "Pat Plumber");
    // An approved, live provider (what the provider issue's approval and profile set-up leave).
    ({ id: providerId } = await retry(() =>
      makeLiveProvider(getRuntime().db, pro.user.email, { name: "Pat's Plumbing", bio: "Leaks, taps and water heaters.", services: ["plumbing"], areas: ["Etobicoke"] }),
    ));
    pro.user.role = "provider";
    // The role is read from the session's user; log in again so it is the provider's.
    pro = { ...pro, client: new HttpClient(server.url) };
    expect((await pro.client.post("/auth/login", { email: pro.user.email, password: PASSWORD })).status).toBe(302);
    admin = new HttpClient(server.url);
    expect((await admin.post("/auth/login", ADMIN)).status).toBe(302);
  }, 120_000);
  afterAll(async () => {
    await runtime?.stop();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  it("decides who may review what (status and page for each case)", async () => {
    const done = await booking(customer);
    const received = await booking(customer, "received");
    const matched = await booking(customer, "matched");
    const deleted = await booking(customer);
    await retry(() => getRuntime().db.updateTable("requests").set({ deleted_at: new Date().toISOString() }).where("id", "=", deleted.id).execute());
    const ownJob = await booking(pro); // the provider booked their own service
    const serviceRequest = await retry(() =>
      submitRequest(
        "service-request",
        { name: customer.user.name, location: "Toronto", contact: customer.user.email, service: "Piano tuning" },
        { user: customer.user, clientIp: "127.0.0.9", locale: "en-US" },
      ),
    );

    const cases: [who: HttpClient, reference: string, status: number, text: string][] = [
      [customer.client, done.reference, 200, "Write a review"],
      [other.client, done.reference, 404, "You can&#x27;t review this request"],
      [admin, done.reference, 404, "You can&#x27;t review this request"],
      [customer.client, received.reference, 403, "Not completed yet"],
      [customer.client, matched.reference, 403, "Not completed yet"],
      [customer.client, deleted.reference, 404, "You can&#x27;t review this request"],
      [pro.client, ownJob.reference, 403, "You can&#x27;t review your own work"],
      [customer.client, "GTA-ZZZZZZ", 404, "You can&#x27;t review this request"],
      [customer.client, "not-a-reference", 404, "You can&#x27;t review this request"],
    ];
    for (const [who, reference, status, text] of cases) {
      const res = await who.get(`/account/reviews/${reference}`);
      expect(res.status, `${reference}`).toBe(status);
      const html = await pageHtml(res);
      expect(html).toContain(text);
      expect(html.includes('name="comment"'), reference).toBe(status === 200);
      expect(html).toContain('href="/legal/reviews-policy"');
    }
    // A new-service request is no job a provider carried out.
    const res = await customer.client.get(`/account/reviews/${serviceRequest.reference}`);
    expect(res.status).toBe(403);
    expect(await pageHtml(res)).toContain("This request can&#x27;t be reviewed");
    // Logged out: log in first, then back here.
    const visitor = await new HttpClient(server.url).get(`/account/reviews/${done.reference}`);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe(`/auth/login?redirectTo=${encodeURIComponent(`/account/reviews/${done.reference}`)}`);
    // And a post by someone else is refused without storing anything.
    const post = await postReview(other.client, done.reference, { rating: "5", comment: "I was never there but it was great service." });
    expect(post.status).toBe(404);
    expect(await reviewsBy(other.user.id)).toHaveLength(0);
    expect((await postReview(new HttpClient(server.url), done.reference, { rating: "5", comment: "Logged out but writing a review." })).status).toBe(401);
  });

  it("shows the form with the rating radios, the length limits and the photo input", async () => {
    const done = await booking(customer);
    const html = await pageHtml(await customer.client.get(`/account/reviews/${done.reference}`));
    expect(html.match(/<input[^>]*type="radio"[^>]*name="rating"|<input[^>]*name="rating"[^>]*type="radio"/g)).toHaveLength(5);
    expect(html).toContain("Between 20 and 1000 characters");
    expect(html).toMatch(/<input[^>]*type="file"[^>]*name="photos"|<input[^>]*name="photos"[^>]*type="file"/);
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
    expect(html).toContain("Provider: Pat&#x27;s Plumbing");
  });

  it("refuses what the Reviews Policy forbids, naming the problem, and stores nothing", async () => {
    const done = await booking(customer);
    const before = await operatorMails();
    const table: [comment: string, message: string][] = [
      ["Call him at 416-555-0142, he did a great job with the sink.", "Please remove the phone number"],
      ["Excellent work, reach him on +44 20 7946 0958 for quotes.", "Please remove the phone number"],
      ["Write to mario.plumber@gmail.com for the same great service.", "Please remove the email address"],
      ["He came to 12 Elm Street on time and fixed the tap quickly.", "Please remove the street address"],
      ["Book him at https://cheap-plumbers.example.com instead of here.", "Please remove the link"],
      ["great great great great great great service from this plumber", "Please remove the repeated text"],
      ["Use promo code SAVE20 when you book the plumber, great job.", "Please remove the advertising"],
      ["Too short", "Comment must be at least 20 characters."],
      ["x".repeat(1001), "Comment must be at most 1000 characters."],
    ];
    for (const [comment, message] of table) {
      const res = await postReview(customer.client, done.reference, { rating: "4", comment }, [{ name: "p.png", type: "image/png", body: await png() }]);
      expect(res.status, comment).toBe(400);
      expect(await pageHtml(res)).toContain(message);
    }
    const noRating = await postReview(customer.client, done.reference, { comment: "The plumber fixed the leak and cleaned up after." });
    expect(noRating.status).toBe(400);
    expect(await pageHtml(noRating)).toContain("Please choose a star rating.");
    const gif = await postReview(customer.client, done.reference, { rating: "4", comment: "The plumber fixed the leak and cleaned up after." }, [
      { name: "fake.png", type: "image/png", body: GIF },
    ]);
    expect(gif.status).toBe(400);
    expect(await pageHtml(gif)).toContain("Please upload a JPG or PNG image.");
    const four = await postReview(
      customer.client,
      done.reference,
      { rating: "4", comment: "The plumber fixed the leak and cleaned up after." },
      await Promise.all([1, 2, 3, 4].map(async (i) => ({ name: `p${i}.png`, type: "image/png", body: await png(100 + i) }))),
    );
    expect(four.status).toBe(400);
    expect(await pageHtml(four)).toContain("You can add at most 3 photos.");

    expect(await reviewsBy(customer.user.id)).toHaveLength(0);
    expect(await getRuntime().db.selectFrom("review_photos").selectAll().execute()).toHaveLength(0);
    expect(reviewFiles()).toEqual([]);
    expect(await operatorMails()).toBe(before);
  });

  let reviewed: { reference: string; id: string };

  it("stores a review as pending with its photos (metadata stripped), shows it in My Reviews only, and tells the operators", async () => {
    const done = await booking(customer);
    const res = await postReview(customer.client, done.reference, { rating: "4", comment: HOSTILE }, [
      { name: "a.png", type: "image/png", body: await png(120) },
      { name: "b.png", type: "image/png", body: await png(140) },
    ]);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/account/reviews");
    const [row] = await reviewsBy(customer.user.id);
    expect(row).toMatchObject({ status: "pending", rating: 4, comment: HOSTILE, username: "Cora C.", provider_id: providerId, service_slug: "plumbing", service: "Plumbing" });
    reviewed = { reference: done.reference, id: row!.id };
    const photos = await getRuntime().db.selectFrom("review_photos").selectAll().where("review_id", "=", row!.id).orderBy("position").execute();
    expect(photos).toHaveLength(2);
    expect(reviewFiles().sort()).toEqual(photos.map((p) => p.id).sort());
    const photoUrl = `/media/reviews/${photos[0]!.id}/card`;
    const own = await customer.client.get(photoUrl);
    expect(own.status).toBe(200);
    const meta = await sharp(Buffer.from(await own.arrayBuffer())).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect((await new HttpClient(server.url).get(photoUrl)).status).toBe(404);
    expect((await other.client.get(photoUrl)).status).toBe(404);

    const mine = await pageHtml(await customer.client.get("/account/reviews"));
    expect(mine).toContain("Pending review");
    expect(mine).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(mine).not.toContain('<script>alert("x")</script>');
    const publicPage = await pageHtml(await new HttpClient(server.url).get("/reviews"));
    expect(publicPage).not.toContain("Great plumber");

    const operator = await sink.waitFor((m) => m.to.includes("operator@example.test") && m.subject === `[Review] 4/5 – ${done.reference}`);
    expect(operator.html).toContain("&lt;script&gt;");
    expect(operator.html).not.toContain("<script>alert");

    // One review per request.
    const again = await postReview(customer.client, done.reference, { rating: "5", comment: "A second review of the same booking." });
    expect(again.status).toBe(409);
    expect(await pageHtml(again)).toContain("You have already reviewed this booking.");
    expect(await reviewsBy(customer.user.id)).toHaveLength(1);
    expect((await customer.client.get(`/account/reviews/${done.reference}`)).status).toBe(409);
  });

  it("keeps the queue to admins", async () => {
    for (const who of [customer.client, pro.client]) {
      expect((await who.get("/admin/reviews")).status).toBe(403);
      const post = await who.post("/admin/reviews", { intent: "publish-review", id: reviewed.id });
      expect(post.status).toBe(403);
    }
    const visitor = await new HttpClient(server.url).get("/admin/reviews");
    expect(visitor.status).toBe(302);
    expect((await getRuntime().db.selectFrom("community_reviews").select("status").where("id", "=", reviewed.id).executeTakeFirstOrThrow()).status).toBe("pending");
  });

  it("declines with a reason (audited, emailed, shown in My Reviews), takes a corrected version, then publishes it", async () => {
    const queue = await pageHtml(await admin.get("/admin/reviews"));
    expect(queue).toContain("Reviews queue");
    expect(queue).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(queue).not.toContain('<script>alert("x")</script>');
    expect(queue).toContain(`/media/reviews/`);

    const noReason = await admin.post("/admin/reviews", { intent: "reject-review", id: reviewed.id, reason: "  " });
    expect(noReason.status).toBe(400);
    expect(await pageHtml(noReason)).toContain("Please give the reason for declining.");

    const reason = "Please describe the service itself; <b>markup</b> is not shown.";
    const declined = await admin.post("/admin/reviews", { intent: "reject-review", id: reviewed.id, reason });
    expect(declined.status).toBe(303);
    const audit = await getRuntime().db.selectFrom("audit_log").selectAll().where("entity_id", "=", reviewed.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "review.reject", entity_type: "review", note: reason });
    expect(JSON.parse(audit[0]!.before!)).toMatchObject({ status: "pending" });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ status: "rejected", reason });
    const email = await sink.waitFor((m) => m.to.includes(customer.user.email) && m.subject === "Your review was not published");
    expect(email.text).toContain(reason);
    expect(email.html).toContain("&lt;b&gt;markup&lt;/b&gt;");
    expect(email.html).not.toContain("<script>alert");
    const mine = await pageHtml(await customer.client.get("/account/reviews"));
    expect(mine).toContain("Declined");
    expect(mine).toContain("Reason: Please describe the service itself; &lt;b&gt;markup&lt;/b&gt; is not shown.");
    // Deciding twice is refused.
    expect((await admin.post("/admin/reviews", { intent: "reject-review", id: reviewed.id, reason: "again" })).status).toBe(409);

    // A corrected version replaces it and waits again.
    const form = await pageHtml(await customer.client.get(`/account/reviews/${reviewed.reference}`));
    expect(form).toContain("Your previous review was declined.");
    const corrected = await postReview(customer.client, reviewed.reference, { rating: "5", comment: HOSTILE.replace("fixed", "quickly fixed") });
    expect(corrected.status).toBe(303);
    const [row] = await reviewsBy(customer.user.id);
    expect(row).toMatchObject({ id: reviewed.id, status: "pending", rating: 5, reject_reason: null });
    expect(await getRuntime().db.selectFrom("review_photos").selectAll().where("review_id", "=", reviewed.id).execute()).toHaveLength(0);
    expect(reviewFiles()).toEqual([]);

    const published = await admin.post("/admin/reviews", { intent: "publish-review", id: reviewed.id });
    expect(published.status).toBe(303);
    await sink.waitFor((m) => m.to.includes(customer.user.email) && m.subject === "Your review is published");
    // The provider of the job is told, and invited to reply.
    const told = await sink.waitFor((m) => m.to.includes(pro.user.email) && m.subject === "A new review of your work");
    expect(told.text).toContain("/account/reviews");
    expect(told.html).not.toContain("<script>alert");
    expect(await getRuntime().db.selectFrom("audit_log").select("action").where("entity_id", "=", reviewed.id).orderBy("created_at").execute()).toEqual([
      { action: "review.reject" },
      { action: "review.publish" },
    ]);
    expect(await pageHtml(await customer.client.get("/account/reviews"))).toContain("Published");
  });

  it("shows the published review first on /reviews, on the provider's profile and on the service page, escaped, with JSON-LD", async () => {
    const visitor = new HttpClient(server.url);
    const list = await pageHtml(await visitor.get("/reviews"));
    const first = list.indexOf("Great plumber");
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(list.indexOf("Sarah M."));
    expect(list).toContain("Cora C.");
    expect(list).not.toContain("Cora Customer");
    expect(list).toContain("Rated 5 out of 5 stars");
    expect(list).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(list).not.toContain('<script>alert("x")</script>');
    expect(list).toMatch(/7 reviews/);
    expect(list).toContain('href="/legal/reviews-policy"');
    expect(list).not.toContain("Admin Area");
    expect(list).not.toContain("Access Admin Panel");

    const profile = await visitor.get(`/providers/${providerId}`);
    const profileHtml = await pageHtml(profile);
    expect(profileHtml).toContain("quickly fixed the leak fast");
    expect(profileHtml).toContain("1 review");
    const ld = [...profileHtml.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    const business = ld.map((j) => JSON.parse(j) as Record<string, unknown>).find((j) => j["@type"] === "LocalBusiness")!;
    expect(business).toMatchObject({
      name: "Pat's Plumbing",
      aggregateRating: { "@type": "AggregateRating", ratingValue: 5, reviewCount: 1, bestRating: 5 },
    });
    expect((business.review as { author: { name: string }; reviewBody: string }[])[0]).toMatchObject({ author: { name: "Cora C." }, reviewBody: HOSTILE.replace("fixed", "quickly fixed") });
    // The comment cannot close the script element: < and > are escaped inside it.
    expect(ld.join("")).toContain("\\u003cscript\\u003e");

    const service = await pageHtml(await visitor.get("/services/plumbing"));
    expect(service).toContain("quickly fixed the leak fast");
    expect(service).toContain("Mei L."); // the seeded plumbing review
    const serviceLd = [...service.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    expect(serviceLd.find((j) => j["@type"] === "Service")).toMatchObject({ aggregateRating: { reviewCount: 2, ratingValue: 4 } });

    // The photo of a published review is public.
    const adminList = await pageHtml(await admin.get("/reviews"));
    expect(adminList).toContain("Access Admin Panel");
    expect(adminList).toMatch(/href="\/admin"[^>]*>Access Admin Panel|Access Admin Panel/);
  });

  it("lets the provider of the job post one moderated public reply", async () => {
    // Only the provider of that job: another user's post is refused.
    const refused = await other.client.post("/account/reviews", { reviewId: reviewed.id, body: "Thank you for the kind words about the job!" });
    expect(refused.status).toBe(404);

    const page = await pageHtml(await pro.client.get("/account/reviews"));
    expect(page).toContain("Reviews of your work");
    expect(page).toContain("Your public reply to Cora C.");

    const phone = await pro.client.post("/account/reviews", { reviewId: reviewed.id, body: "Thanks! Call me at (647) 555-0199 next time." });
    expect(phone.status).toBe(400);
    expect(await pageHtml(phone)).toContain("Please remove the phone number");
    expect(await getRuntime().db.selectFrom("review_replies").selectAll().execute()).toHaveLength(0);

    const body = "Thank you, Cora! Glad the <em>leak</em> is gone.";
    const ok = await pro.client.post("/account/reviews", { reviewId: reviewed.id, body });
    expect(ok.status).toBe(303);
    const [reply] = await getRuntime().db.selectFrom("review_replies").selectAll().execute();
    expect(reply).toMatchObject({ status: "pending", provider_id: providerId, author_user_id: pro.user.id, body });
    expect((await pro.client.post("/account/reviews", { reviewId: reviewed.id, body: "A second reply to the same review." })).status).toBe(409);
    expect(await pageHtml(await new HttpClient(server.url).get("/reviews"))).not.toContain("Glad the");

    const queue = await pageHtml(await admin.get("/admin/reviews"));
    expect(queue).toContain("Pat&#x27;s Plumbing&#x27;s reply to Cora C.");
    expect((await admin.post("/admin/reviews", { intent: "publish-reply", id: reply!.id })).status).toBe(303);
    await sink.waitFor((m) => m.to.includes(pro.user.email) && m.subject === "Your reply is published");

    const visitor = new HttpClient(server.url);
    for (const url of ["/reviews", `/providers/${providerId}`, "/services/plumbing"]) {
      const html = await pageHtml(await visitor.get(url));
      expect(html, url).toContain("Reply from Pat&#x27;s Plumbing");
      expect(html, url).toContain("Glad the &lt;em&gt;leak&lt;/em&gt; is gone.");
    }
    expect(await pageHtml(await customer.client.get("/account/reviews"))).toContain("The provider replied");

    // People's words carry the language they were written in where the page is in another
    // (issue 51 item 5): the review and the reply, both sent from English pages, and a seeded
    // review (the sample data is English; not on the provider's profile); on English pages, nothing.
    const WORDS = [/<p[^>]*>Great plumber &lt;script&gt;/, /<p[^>]*>Thank you, Cora!/, /<p[^>]*>The plumber fixed the leak under our sink/];
    for (const [url, words] of [
      ["/reviews", WORDS],
      [`/providers/${providerId}`, WORDS.slice(0, 2)],
      ["/services/plumbing", WORDS],
    ] as const) {
      const tags = (html: string) => words.map((w) => html.match(w)?.[0] ?? `${w.source} not found`);
      expect(tags(await pageHtml(await visitor.get(url))).filter((tag) => !tag.startsWith("<") || tag.includes(" lang=")), url).toEqual([]);
      for (const space of ["/fr", "/es", "/pt"]) {
        const marked = tags(await pageHtml(await visitor.get(`${space}${url}`)));
        expect(marked.filter((tag) => !tag.includes('lang="en-US"')), `${space}${url}`).toEqual([]);
      }
    }
    expect(await getRuntime().db.selectFrom("audit_log").select("action").where("entity_id", "=", reply!.id).execute()).toEqual([{ action: "reply.publish" }]);
  });

  it("takes a review off the site when the back office deletes its request", async () => {
    const visitor = new HttpClient(server.url);
    const reviewId = randomUUID();
    const done = await booking(other);
    const now = new Date().toISOString();
    await retry(() =>
      getRuntime()
        .db.insertInto("community_reviews")
        .values({
          id: reviewId,
          username: "Olive O.",
          review_date: "2025-12-31",
          rating: 2,
          comment: "A review of a request that turns out to be spam.",
          service: "Plumbing",
          service_slug: "plumbing",
          status: "published",
          created_at: now,
          author_user_id: other.user.id,
          request_id: done.id,
          provider_id: providerId,
          locale: "en-US",
          reject_reason: null,
          decided_at: now,
          updated_at: now,
        })
        .execute(),
    );
    expect(await pageHtml(await visitor.get(`/providers/${providerId}`))).toContain("turns out to be spam");
    await retry(() => getRuntime().db.updateTable("requests").set({ deleted_at: new Date().toISOString() }).where("id", "=", done.id).execute());
    for (const url of ["/reviews", `/providers/${providerId}`, "/services/plumbing"]) {
      expect(await pageHtml(await visitor.get(url)), url).not.toContain("turns out to be spam");
    }
  });

  it("pages /reviews newest first, ten at a time", async () => {
    const now = new Date().toISOString();
    await retry(() =>
      getRuntime()
        .db.insertInto("community_reviews")
        .values(
          Array.from({ length: 8 }, (_, i) => ({
            id: randomUUID(),
            username: `Paged ${i}.`,
            review_date: `2024-01-${String(10 + i).padStart(2, "0")}`,
            rating: 3,
            comment: `An older review number ${i} about a plumbing job.`,
            service: "Plumbing",
            service_slug: "plumbing",
            status: "published" as const,
            created_at: now,
            author_user_id: null,
            request_id: null,
            provider_id: null,
            locale: null,
            reject_reason: null,
            decided_at: null,
            updated_at: null,
          })),
        )
        .execute(),
    );
    const visitor = new HttpClient(server.url);
    const one = await pageHtml(await visitor.get("/reviews"));
    expect(one).toContain("15 reviews");
    expect(one).toContain("Page 1 of 2");
    expect(one).toContain('href="/reviews?page=2"');
    expect(one).not.toContain("Paged 0.");
    const two = await pageHtml(await visitor.get("/reviews?page=2"));
    expect(two).toContain("Paged 0.");
    expect(two.indexOf("Paged 7.")).toBeLessThan(two.indexOf("Paged 0."));
    expect(two).toContain('name="robots" content="noindex, follow"');
    expect((await visitor.get("/reviews?page=3")).status).toBe(404);
    expect((await visitor.get("/reviews?page=abc")).status).toBe(404);
  });
});
