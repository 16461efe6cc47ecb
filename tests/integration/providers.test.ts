import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { RECIPIENT_CAPS } from "~/lib/mail/recipients.server";
import { getRuntime, type Runtime, startRuntime } from "~/lib/runtime.server";
import { seedAtStart } from "../../db/seed/start.server";
import { approveApplication, rejectApplication } from "~/modules/providers/decisions.server";
import { purgeExpiredRetention } from "~/modules/providers/documents.server";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { pageHtml } from "../support/html";
import { monthYear, torontoToday } from "~/lib/forms/formats";
import { whenDates } from "~/modules/search/understand";
import { HttpClient, linkIn } from "../support/http-client";
import { SmtpSink } from "../support/smtp-sink";

/**
 * Provider verification over HTTP, as a browser without JavaScript posts it (issue 12): the
 * application's rules and messages, documents checked by their bytes and never stored when
 * refused, private storage readable by admins only (each read recorded), the decision
 * operations, profile set-up, the public profile, and an expired licence hiding the provider.
 */
const PASSWORD = "orchard by the river";
const ADMIN = { email: "admin@example.test", password: "correct horse battery staple" };

type Upload = { name: string; type: string; body: Uint8Array };
const png = () =>
  sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 200, g: 200, b: 220 } } })
    .withMetadata({ exif: { IFD0: { Copyright: "Secret Camera 3000" } } })
    .png()
    .toBuffer();
/** A well-formed PDF (the sanitiser refuses one it cannot parse and rewrite), padded to `bytes`. */
const pdf = (bytes = 2048) => {
  const head = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n");
  const tail = Buffer.from("trailer << /Root 1 0 R >>\n%%EOF\n");
  return Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length - tail.length), 0x20), tail]);
};
const GIF = Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");

const BASE = {
  fullName: "Mario Plumber",
  phone: "416 555 0142",
  address: "20 Dundas St W, Toronto",
  serviceArea: "Toronto, Etobicoke",
  workStatus: "citizen",
  confirmEligibility: "on",
  idType: "passport",
  idNumber: "P1234567",
  idExpiry: "2035-01-31",
  agreeToPolicies: "on",
  consentToChecks: "on",
};
const LICENCE = {
  licenseType: "Trade/Plumber License",
  licenseNumber: "PL-778",
  licenseRegion: "Ontario",
  licenseExpiry: "2027-08-31",
};

describe.each(DIALECTS)("provider verification on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  let runtime: Runtime;
  const sink = new SmtpSink();
  const applicantEmail = `mario.${Date.now()}@example.com`;
  const applicant = { client: undefined as unknown as HttpClient, id: "" };
  let other: HttpClient;
  let admin: HttpClient;

  const account = (email: string, name: string) => signedInAccount(server.url, getRuntime().db, { email, name, password: PASSWORD });

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await sink.start(0);
    server = await startAppServer({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      SMTP_URL: sink.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Decisions and expiries are made here, in a second process, behind the server's back (no
      // post empties its page store), so anonymous pages are rendered on every request.
      PAGE_CACHE_SECONDS: "0",
      // Only the per-mailbox cap may withhold a confirmation here.
      RATE_LIMITS: "confirmationsPerClient=1000",
    });
    // The back office's side: the module's decision operations, on the same database and files.
    const env = parseEnv({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      OPERATOR_EMAIL: "operator@example.test",
      PUBLIC_URL: server.url,
    });
    runtime = await startRuntime(env, { startMailWorker: false, seed: seedAtStart, log: () => {} });
    Object.assign(applicant, await account(applicantEmail, "Mario Plumber"));
    other = (await account(`other.${Date.now()}@example.com`, "Olive Other")).client;
    admin = new HttpClient(server.url);
    expect((await admin.post("/auth/login", ADMIN)).status).toBe(302);
  });
  afterAll(async () => {
    await runtime?.stop();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  /**
   * The decision operations run in this process, a second writer on the server's SQLite file:
   * a transaction that read before the server's mail worker wrote is refused (SQLITE_BUSY) and
   * simply tried again, as a back office would.
   */
  async function decide<T>(operation: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await operation();
      } catch (error) {
        if (attempt > 20 || !/database is locked/.test(String(error))) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  /** A multipart post as the browser sends it without JavaScript. */
  async function apply(
    client: HttpClient,
    fields: Record<string, string | string[]>,
    files: Record<string, Upload> = {},
  ) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) form.append(k, one);
    for (const name of ["govIdFileFront", "govIdFileBack", "workPermitFile", "licenseFile"]) {
      const f = files[name];
      form.append(
        name,
        f
          ? new File([new Uint8Array(f.body)], f.name, { type: f.type })
          : new File([], "", { type: "application/octet-stream" }),
      );
    }
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    return client.remember(
      await fetch(`${server.url}/become-a-provider`, {
        method: "POST",
        body: form,
        headers: { Cookie: cookie, Origin: server.url },
        redirect: "manual",
      }),
    );
  }
  const applications = () =>
    getRuntime().db.selectFrom("requests").selectAll().where("kind", "=", "provider-application").execute();
  const documents = () => getRuntime().db.selectFrom("provider_documents").selectAll().execute();
  const storedFiles = () => {
    const dir = path.join(database.dataDir, "uploads", "provider-documents");
    // Not the files held for a form sent back (held/<userId>/): those are no application's documents.
    return existsSync(dir) ? readdirSync(dir).filter((f) => f !== "held") : [];
  };
  const nothingStored = async () => {
    expect(await applications()).toHaveLength(0);
    expect(await documents()).toHaveLength(0);
    expect(storedFiles()).toEqual([]);
  };
  const idPng = async (): Promise<Upload> => ({
    name: "my-passport.png",
    type: "image/png",
    body: await png(),
  });

  it("/provider-signup explains the checks and the review time, and leads through sign-up back to the application", async () => {
    const visitor = new HttpClient(server.url);
    const html = await pageHtml(await visitor.get("/provider-signup"));
    expect(html).toContain("Become a Verified Provider");
    expect(html).toContain("1–3 business days");
    expect(html).toContain("What we check");
    expect(html).toContain('href="/auth/signup?redirectTo=%2Fbecome-a-provider"');
    expect(html).not.toMatch(/<iframe/i);
    const signedIn = await pageHtml(await applicant.client.get("/provider-signup"));
    expect(signedIn).toContain('href="/become-a-provider"');
  });

  it("asks a visitor to log in or sign up, and refuses a visitor's post", async () => {
    const visitor = new HttpClient(server.url);
    const html = await pageHtml(await visitor.get("/become-a-provider"));
    expect(html).toContain("Login Required");
    expect(html).toContain('href="/auth/login?redirectTo=%2Fbecome-a-provider"');
    expect(html).not.toContain('name="fullName"');
    expect((await apply(visitor, BASE)).status).toBe(401);
  });

  it("shows every field, with the account's name and email filled in and the consent to checks", async () => {
    const html = await pageHtml(await applicant.client.get("/become-a-provider"));
    for (const name of [
      ...Object.keys(BASE),
      "email",
      "services",
      "customService",
      "workPermitExpiry",
      "govIdFileFront",
      "govIdFileBack",
      "workPermitFile",
      ...Object.keys(LICENCE),
      "licenseFile",
    ]) {
      expect(html).toContain(`name="${name}"`);
    }
    expect(html).toContain(`value="${applicantEmail}"`);
    expect(html).toContain('value="Mario Plumber"');
    expect(html.match(/<input[^>]*name="services"/g)).toHaveLength(18);
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
  });

  it("refuses an empty application with each message and 'Incomplete Form', storing nothing", async () => {
    const res = await apply(applicant.client, {});
    expect(res.status).toBe(400);
    const html = await pageHtml(res);
    for (const m of [
      "Please enter your full name.",
      "Please enter a valid email.",
      "Please enter a valid phone number.",
      "Please enter your address.",
      "Please add at least one service area.",
      "Please select at least one service (max 5).",
      "Please select your work status.",
      "Please confirm your authorization to work.",
      "Please upload the front of your government ID.",
      "Please select an ID type.",
      "Please enter your ID number.",
      "You must agree to the policies to continue.",
      "You must consent to the verification checks to continue.",
      "Incomplete Form",
      "Please review the errors and try again.",
    ]) {
      expect(html).toContain(m.replace(/'/g, "&#x27;"));
    }
    await nothingStored();
  });

  it("applies the conditional rules: licence, work permit, national ID", async () => {
    const licence = await pageHtml(
      await apply(
        applicant.client,
        { ...BASE, email: applicantEmail, services: ["handyman", "plumbing"] },
        { govIdFileFront: await idPng() },
      ),
    );
    for (const m of [
      "Please enter the license number.",
      "Please enter the issuing region.",
      "Please enter the license expiry date.",
      "A valid license is required for the service(s) you selected.",
    ]) {
      expect(licence).toContain(m);
    }
    expect(licence).toContain("Please enter the license type.");
    // Prefilled after the post, also without JavaScript: the first licensed service's type.
    expect(licence).toContain('value="Trade/Plumber License"');

    const permit = await pageHtml(
      await apply(
        applicant.client,
        { ...BASE, email: applicantEmail, services: "handyman", workStatus: "employer_permit" },
        { govIdFileFront: await idPng() },
      ),
    );
    expect(permit).toContain("Please provide your permit expiry date.");
    expect(permit).toContain("Please upload your work permit.");
    expect(permit).not.toContain("Please enter the license number.");

    const noExpiry = { ...BASE, email: applicantEmail, services: "handyman", idExpiry: "" };
    expect(await pageHtml(await apply(applicant.client, noExpiry, {}))).toContain(
      "Please provide your ID expiry date.",
    );
    const national = await pageHtml(
      await apply(applicant.client, { ...noExpiry, idType: "national_id" }, {}),
    );
    expect(national).not.toContain("Please provide your ID expiry date.");
    expect(national).toContain("Please upload the front of your government ID.");
    await nothingStored();
  });

  it("refuses a sixth service with 'Maximum services reached'", async () => {
    const six = ["handyman", "cleaning", "gardening", "moving", "painting", "tutoring"];
    const res = await apply(
      applicant.client,
      { ...BASE, email: applicantEmail, services: six },
      { govIdFileFront: await idPng() },
    );
    expect(res.status).toBe(400);
    const html = await pageHtml(res);
    expect(html).toContain("Please select a maximum of 5 services.");
    expect(html).toContain("Maximum services reached");
    expect(html).toContain("You can select up to 5 services.");
    await nothingStored();
  });

  it("refuses a text file named .png, a GIF and an 11 MB PDF by their bytes, storing nothing", async () => {
    const fields = { ...BASE, email: applicantEmail, services: "handyman" };
    const text = await apply(applicant.client, fields, {
      govIdFileFront: {
        name: "id.png",
        type: "image/png",
        body: Buffer.from("just some text, not an image"),
      },
    });
    expect(text.status).toBe(400);
    let html = await pageHtml(text);
    expect(html).toContain("Unsupported file type");
    expect(html).toContain("Please upload a PNG, JPG, or PDF.");

    for (const type of ["image/gif", "image/png"]) {
      html = await pageHtml(
        await apply(applicant.client, fields, {
          govIdFileFront: await idPng(),
          govIdFileBack: { name: "back.gif", type, body: GIF },
        }),
      );
      expect(html).toContain("Please upload a PNG, JPG, or PDF.");
    }

    const big = await apply(
      applicant.client,
      { ...fields, services: "plumbing", ...LICENCE },
      {
        govIdFileFront: await idPng(),
        licenseFile: { name: "licence.pdf", type: "application/pdf", body: pdf(11 * 1024 * 1024) },
      },
    );
    expect(big.status).toBe(400);
    html = await pageHtml(big);
    expect(html).toContain("File too large");
    expect(html).toContain("File must be under 10MB.");
    await nothingStored();
  });

  let requestId = "";

  it("stores a valid application as pending with private documents, emails the operator and the applicant, and shows the pending page", async () => {
    const res = await apply(
      applicant.client,
      {
        ...BASE,
        email: applicantEmail,
        services: ["plumbing", "handyman"],
        customService: "Water heaters",
        ...LICENCE,
      },
      {
        govIdFileFront: await idPng(),
        licenseFile: { name: "plumber-licence.pdf", type: "application/pdf", body: pdf() },
      },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/provider-pending");

    const [row] = await applications();
    expect(row).toMatchObject({
      status: "received",
      user_id: applicant.id,
      email: applicantEmail,
      subject_type: "provider-application",
    });
    const data = JSON.parse(row!.data);
    requestId = row!.id;
    expect(data).toMatchObject({
      services: ["plumbing", "handyman"],
      serviceAreas: ["Toronto", "Etobicoke"],
      licenseExpiry: "2027-08-31",
      consentToChecks: true,
    });
    expect(data.documents).toEqual([
      { kind: "id_front", name: "my-passport.png" },
      { kind: "licence", name: "plumber-licence.pdf" },
    ]);

    const docs = await documents();
    expect(docs.map((d) => [d.kind, d.content_type, d.expires_on, d.status])).toEqual([
      ["id_front", "image/png", "2035-01-31", "pending"],
      ["licence", "application/pdf", "2027-08-31", "pending"],
    ]);
    // Generated names, outside anything served; the image re-encoded without its EXIF; the PDF
    // rewritten by the sanitiser (a PDF it cannot rewrite is refused: issue 47 item 3).
    expect(storedFiles().sort()).toEqual(docs.map((d) => path.basename(d.storage_key)).sort());
    for (const d of docs) expect(d.storage_key).not.toContain("passport");
    const image = readFileSync(path.join(database.dataDir, "uploads", docs[0]!.storage_key));
    expect((await sharp(image).metadata()).exif).toBeUndefined();
    expect(image.includes(Buffer.from("Secret Camera"))).toBe(false);
    expect(readFileSync(path.join(database.dataDir, "uploads", docs[1]!.storage_key)).subarray(0, 5).toString()).toBe("%PDF-");

    const pending = await pageHtml(await applicant.client.get("/provider-pending"));
    // The toast (in the page's noscript fallback too).
    expect(pending).toContain("Thanks—your GTA Connect verification is pending");
    expect(pending).toContain(
      "We received your application. You&#x27;ll hear back within 1–3 business days.",
    );
    expect(pending).toContain("Application Submitted");
    expect(pending).toContain(applicantEmail);
    expect(pending).toContain("1–3 business days");
    expect(pending).toContain("general guidance");
    expect(pending).toContain("my-passport.png");
    expect(pending).not.toContain("/admin/provider-documents");
    expect(pending).not.toContain(docs[0]!.id);
    expect(await pageHtml(await new HttpClient(server.url).get("/provider-pending"))).toContain("your email");

    // The profile set-up page is for approved providers: a pending applicant gets a real page in
    // the site's layout and in their language (still 403) saying it is being reviewed, the
    // review time and a way on — not a bare 403 (issue 33 item 12).
    const early = await applicant.client.get("/provider-profile-setup");
    expect(early.status).toBe(403);
    const earlyHtml = await pageHtml(early);
    expect(earlyHtml).toContain("<header");
    expect(earlyHtml).toContain("Your application is being reviewed");
    expect(earlyHtml).toContain("Review typically takes 1–3 business days.");
    expect(earlyHtml).toContain('href="/provider-pending"');
    expect(earlyHtml).not.toContain('name="bio"');
    const french = await applicant.client.get("/fr/provider-profile-setup");
    expect(french.status).toBe(403);
    const frenchHtml = await pageHtml(french);
    expect(frenchHtml).toContain("Votre candidature est en cours d&#x27;examen");
    expect(frenchHtml).toContain("L&#x27;examen prend habituellement 1 à 3 jours ouvrables.");
    // Someone who never applied is shown where to apply.
    const stranger = await other.get("/provider-profile-setup");
    expect(stranger.status).toBe(403);
    const strangerHtml = await pageHtml(stranger);
    expect(strangerHtml).toContain("Only approved providers can set up a profile.");
    expect(strangerHtml).toContain('href="/become-a-provider"');

    // One application at a time: the form gives way to a notice, and a second post is refused.
    const again = await pageHtml(await applicant.client.get("/become-a-provider"));
    expect(again).toContain("You already have an application under review.");
    expect(again).not.toContain('name="fullName"');
    const second = await apply(
      applicant.client,
      { ...BASE, email: applicantEmail, services: "handyman" },
      { govIdFileFront: await idPng() },
    );
    expect(second.status).toBe(409);
    expect(await applications()).toHaveLength(1);
    expect(storedFiles()).toHaveLength(2);

    const operator = await sink.waitFor(
      (m) => m.to.includes("operator@example.test") && m.subject.includes("Mario Plumber"),
    );
    expect(operator.subject).toBe("[Provider Application] Mario Plumber");
    expect(operator.text).toContain("Plumbing, Handyman");
    expect(operator.text).toContain("plumber-licence.pdf");
    // The operator gets the admin-only document links; the applicant never does.
    for (const d of docs) expect(operator.text).toContain(`/admin/provider-documents/${d.id}`);
    // The ID number never travels whole by email.
    expect(operator.text).toContain("••••4567");
    expect(operator.text).not.toContain("P1234567");
    const confirmation = await sink.waitFor(
      (m) => m.to.includes(applicantEmail) && m.text.includes(row!.reference),
    );
    expect(confirmation.text).toContain("We received your application.");
    // Written to someone who offers services, not to a customer who pays one.
    expect(confirmation.text).toContain("Applying is free and nothing is charged on this site.");
    expect(confirmation.text).not.toContain("arranged directly with the provider");
    expect(confirmation.text).not.toContain("/admin/provider-documents");
    // A file's name is the applicant's words: the confirmation to the typed address names none
    // (issue 47 item 8); the documents are listed behind the status link.
    expect(confirmation.text).not.toContain("my-passport.png");
    expect(linkIn(confirmation.text, "/requests/")).toContain("/requests/");
  });

  it("serves a document to admins only, recording each access", async () => {
    const docs = await documents();
    const url = `/admin/provider-documents/${docs[1]!.id}`;
    // Issue 13 item 1: everyone but an admin gets 403 — the applicant, another user, a logged-out
    // visitor — for a document that exists and for one that does not alike (nothing to learn).
    const missing = "/admin/provider-documents/00000000-0000-4000-8000-000000000000";
    for (const client of [applicant.client, other, new HttpClient(server.url)]) {
      for (const target of [url, `${url}?view=inline`, missing]) {
        const refused = await client.get(target);
        expect(refused.status).toBe(403);
        expect(refused.headers.get("cache-control")).toContain("no-store");
        expect(await refused.text()).toBe("Forbidden");
      }
    }
    expect(await getRuntime().db.selectFrom("document_access_log").selectAll().execute()).toHaveLength(0);
    expect((await admin.get(missing)).status).toBe(404);
    const res = await admin.get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="licence-/);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const stored = readFileSync(path.join(database.dataDir, "uploads", docs[1]!.storage_key));
    expect(Buffer.from(await res.arrayBuffer()).equals(stored)).toBe(true);
    const log = await getRuntime().db.selectFrom("document_access_log").selectAll().execute();
    const adminId = (
      await getRuntime()
        .db.selectFrom("user")
        .select("id")
        .where("email", "=", ADMIN.email)
        .executeTakeFirstOrThrow()
    ).id;
    expect(log).toEqual([expect.objectContaining({ document_id: docs[1]!.id, admin_user_id: adminId })]);

    // A PDF is never shown in a page (issue 32 item 2): asked for inline, it is still an
    // unframable attachment, sandboxed, never cached or sniffed, and logged like a download.
    const inline = await admin.get(`${url}?view=inline`);
    expect(inline.status).toBe(200);
    expect(inline.headers.get("content-type")).toBe("application/pdf");
    expect(inline.headers.get("content-disposition")).toMatch(/^attachment; filename="licence-/);
    expect(inline.headers.get("cache-control")).toContain("no-store");
    expect(inline.headers.get("x-content-type-options")).toContain("nosniff");
    const csp = inline.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("sandbox");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(Buffer.from(await inline.arrayBuffer()).equals(stored)).toBe(true);
    expect(await getRuntime().db.selectFrom("document_access_log").selectAll().execute()).toHaveLength(2);
    // A download stays unframable.
    expect(res.headers.get("content-security-policy")).not.toContain("frame-ancestors 'self'");
  });

  let providerId = "";

  it("approves with the services granted: provider role, approval email, profile set-up for that provider only", async () => {
    expect(await decide(() => approveApplication(requestId, { services: ["bogus"] }))).toEqual({
      ok: false,
      reason: "no-services",
    });
    expect(
      await decide(() => approveApplication(requestId, { services: ["plumbing", "handyman"] })),
    ).toMatchObject({ ok: true, to: "approved" });
    expect(
      (
        await getRuntime()
          .db.selectFrom("user")
          .select("role")
          .where("id", "=", applicant.id)
          .executeTakeFirstOrThrow()
      ).role,
    ).toBe("provider");
    expect((await documents()).every((d) => d.status === "approved")).toBe(true);
    getRuntime().mail.kick();

    const approval = await sink.waitFor((m) => m.to.includes(applicantEmail) && m.text.includes("Approved"));
    expect(linkIn(approval.text, "/provider-profile-setup")).toContain("/provider-profile-setup");

    expect((await other.get("/provider-profile-setup")).status).toBe(403);
    expect((await new HttpClient(server.url).get("/provider-profile-setup")).status).toBe(302);
    // A provider is still not an admin: documents stay closed to them.
    expect((await applicant.client.get(`/admin/provider-documents/${(await documents())[0]!.id}`)).status).toBe(403);

    const setup = await pageHtml(await applicant.client.get("/provider-profile-setup"));
    expect(setup).toContain("Verification Successful!");
    expect(setup).toContain("Profile Bio");
    const checkbox = (value: string) =>
      setup.match(new RegExp(`<input[^>]*name="categories"[^>]*value="${value}"[^>]*>`))?.[0] ?? "";
    expect(setup).toContain("Save and Go Live");
    // One catalogue (ADR 40): approved for Plumbing (licence approved) and Handyman, the set-up
    // offers exactly those two, both turned on to start with.
    expect([...setup.matchAll(/<input[^>]*name="categories"[^>]*value="([^"]+)"/g)].map((m) => m[1])).toEqual(["handyman", "plumbing"]);
    expect(checkbox("handyman")).toContain("checked");
    expect(checkbox("plumbing")).toContain("checked");
    expect(setup).toContain("You can turn on the categories you were approved for.");

    // A trade never approved is refused with a message, whatever the form sent, and nothing is saved.
    const unapproved = await applicant.client.post("/provider-profile-setup", {
      bio: "Licensed plumber, 12 years in the GTA.",
      categories: ["plumbing", "electrical"],
    });
    expect(unapproved.status).toBe(400);
    expect(await pageHtml(unapproved)).toContain("Electrical is not among your approved categories.");
    // So is a six-item id of before: it is no longer a catalogue entry.
    const oldId = await applicant.client.post("/provider-profile-setup", { bio: "Plumber.", categories: "salon" });
    expect(oldId.status).toBe(400);
    expect(await pageHtml(oldId)).toContain("Please choose a valid option for Categories.");
    expect(
      (
        await getRuntime()
          .db.selectFrom("providers")
          .select(["status", "categories"])
          .where("user_id", "=", applicant.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).not.toBe("live");

    const empty = await applicant.client.post("/provider-profile-setup", { bio: "" });
    expect(empty.status).toBe(400);
    expect(await pageHtml(empty)).toContain("Profile Bio is required.");

    const saved = await applicant.client.post("/provider-profile-setup", {
      bio: "Licensed plumber, 12 years in the GTA.",
      categories: ["plumbing", "handyman"],
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/account");
    const accountPage = await pageHtml(await applicant.client.get("/account"));
    expect(accountPage).toContain("Profile Saved!");
    expect(accountPage).toContain('href="/provider-profile-setup"');
    // Its links, by name: of the provider's texts, the profile page is sent those alone.
    for (const label of ["Edit your provider profile", "Set your availability: hours, days away, areas", "Your documents and renewals"])
      expect(accountPage).toContain(label);
    expect(accountPage).not.toContain("Save and Go Live");
    providerId = (
      await getRuntime()
        .db.selectFrom("providers")
        .select(["id", "status"])
        .where("user_id", "=", applicant.id)
        .executeTakeFirstOrThrow()
    ).id;
  });

  it("shows the live provider's public profile with a scoped Verified badge, and on its service pages", async () => {
    const res = await new HttpClient(server.url).get(`/providers/${providerId}`);
    expect(res.status).toBe(200);
    const html = await pageHtml(res);
    expect(html).toContain("Mario Plumber");
    expect(html).toContain("Licensed plumber, 12 years in the GTA.");
    // The badge says what it covers and what each part rests on (ADR 40); checked today.
    const month = (locale: string) => monthYear(new Date().toISOString(), locale);
    expect(html).toContain(`✓ Verified: Plumbing — license checked ${month("en-US")} · Handyman — ID checked ${month("en-US")}`);
    expect(html).toContain("License valid to Aug 2027");
    expect(html).toContain("Etobicoke");
    expect(html).toContain("No reviews yet.");
    for (const page of ["/services/plumbing", "/services/handyman"]) {
      expect(await pageHtml(await new HttpClient(server.url).get(page))).toContain(
        `href="/providers/${providerId}"`,
      );
    }
    expect(await pageHtml(await new HttpClient(server.url).get("/services/cleaning"))).not.toContain(
      `href="/providers/${providerId}"`,
    );
    // Each service shown once, in catalogue order.
    const listed = html.match(/id="provider-categories"[\s\S]*?<\/ul>/)?.[0] ?? "";
    expect(listed.match(/<li[^>]*>[^<]*<\/li>/g)?.map((li) => li.replace(/<[^>]+>/g, ""))).toEqual([
      "Handyman",
      "Plumbing",
    ]);
    // In the reader's language, the licence's check month included.
    const badges: [string, string, string][] = [
      ["/fr", "fr-CA", `✓ Vérifié\u00a0: Plomberie — permis vérifié en ${month("fr-CA")} · Homme à tout faire — identité vérifiée en ${month("fr-CA")}`],
      ["/es", "es", `✓ Verificado: Plomería — licencia verificada en ${month("es")} · Mantenimiento y reparaciones — identidad verificada en ${month("es")}`],
      ["/pt", "pt-BR", `✓ Verificado: Encanamento — licença verificada em ${month("pt-BR")} · Reparos e manutenção — identidade verificada em ${month("pt-BR")}`],
    ];
    for (const [prefix, , text] of badges)
      expect(await pageHtml(await new HttpClient(server.url).get(`${prefix}/providers/${providerId}`))).toContain(text);
  });

  it("marks the bio with the language it was written in where the page is in another (issue 51 item 5)", async () => {
    const visitor = new HttpClient(server.url);
    const bioTag = async (path: string, bio: string) =>
      (await pageHtml(await visitor.get(path))).match(new RegExp(`<p[^>]*>${bio.replace(/\./g, "\\.")}</p>`))?.[0] ?? `${path}: bio not found`;
    const english = "Licensed plumber, 12 years in the GTA.";
    const profile = `/providers/${providerId}`;
    // Saved from the English page: English, said on the other languages' pages only.
    expect(await bioTag(profile, english)).toMatch(/^<p(?![^>]*\slang=)/);
    for (const space of ["/fr", "/es", "/pt"]) expect(await bioTag(`${space}${profile}`, english)).toContain('lang="en-US"');
    const bioLocale = async () =>
      (await getRuntime().db.selectFrom("providers").select("bio_locale").where("id", "=", providerId).executeTakeFirstOrThrow()).bio_locale;
    expect(await bioLocale()).toBe("en-US");
    // Services saved again from a French page do not make the English bio French.
    const save = (path: string, bio: string) => applicant.client.post(path, { bio, categories: ["plumbing", "handyman"] });
    expect((await save("/fr/provider-profile-setup", english)).status).toBe(303);
    expect(await bioLocale()).toBe("en-US");
    // A bio written on the French page is French: marked so on the English page, not on the French one.
    const french = "Plombier agréé, 12 ans dans le GTA.";
    expect((await save("/fr/provider-profile-setup", french)).status).toBe(303);
    expect(await bioLocale()).toBe("fr-CA");
    expect(await bioTag(profile, french)).toContain('lang="fr-CA"');
    expect(await bioTag(`/fr${profile}`, french)).toMatch(/^<p(?![^>]*\slang=)/);
    expect((await save("/provider-profile-setup", english)).status).toBe(303);
    expect(await bioLocale()).toBe("en-US");
  });

  it("never shows a service the approval does not cover, even one stored before the rule", async () => {
    const { db } = getRuntime();
    await db
      .updateTable("providers")
      .set({ categories: JSON.stringify(["handyman", "salon-beauty", "handyman", "salon", "plumbing"]) })
      .where("id", "=", providerId)
      .execute();
    const salonPage = await pageHtml(await new HttpClient(server.url).get("/services/salon-beauty"));
    expect(salonPage).not.toContain(`/providers/${providerId}`);
    expect(await pageHtml(await new HttpClient(server.url).get("/search?category=salon-beauty"))).not.toContain(
      `/providers/${providerId}`,
    );
    const setup = await pageHtml(await applicant.client.get("/provider-profile-setup"));
    expect(setup).not.toMatch(/<input[^>]*name="categories"[^>]*value="salon-beauty"/);
    const listed = (await pageHtml(await new HttpClient(server.url).get(`/providers/${providerId}`))).match(/id="provider-categories"[\s\S]*?<\/ul>/)?.[0] ?? "";
    expect(listed.match(/<li[^>]*>[^<]*<\/li>/g)?.map((li) => li.replace(/<[^>]+>/g, ""))).toEqual(["Handyman", "Plumbing"]);
  });

  it("neither offers nor shows a licensed trade without an approved licence on file", async () => {
    const { db } = getRuntime();
    const licences = (await db.selectFrom("provider_documents").select("id").where("user_id", "=", applicant.id).where("kind", "=", "licence").where("status", "=", "approved").execute()).map((d) => d.id);
    expect(licences).toHaveLength(1);
    await db.updateTable("provider_documents").set({ status: "superseded" }).where("id", "in", licences).execute();
    try {
      const setup = await pageHtml(await applicant.client.get("/provider-profile-setup"));
      expect([...setup.matchAll(/<input[^>]*name="categories"[^>]*value="([^"]+)"/g)].map((m) => m[1])).toEqual(["handyman"]);
      const refused = await applicant.client.post("/provider-profile-setup", { bio: "Plumber.", categories: ["handyman", "plumbing"] });
      expect(refused.status).toBe(400);
      expect(await pageHtml(refused)).toContain("Plumbing is not among your approved categories.");
      const html = await pageHtml(await new HttpClient(server.url).get(`/providers/${providerId}`));
      expect(html).not.toContain("license checked");
      expect(html).toContain("✓ Verified: Handyman — ID checked");
      expect(await pageHtml(await new HttpClient(server.url).get("/services/plumbing"))).not.toContain(`/providers/${providerId}`);
    } finally {
      await db.updateTable("provider_documents").set({ status: "approved" }).where("id", "in", licences).execute();
    }
  });

  it("finds the provider in /search by category, area and verified licence", async () => {
    const search = async (q: string) => pageHtml(await new HttpClient(server.url).get(`/search?${q}`));
    expect(await search("category=plumbing&location=etobicoke")).toContain(`href="/providers/${providerId}"`);
    expect(await search("licensed=1")).toContain(`href="/providers/${providerId}"`);
    expect(await search("type=plumb")).toContain(`href="/providers/${providerId}"`);
    expect(await search("category=plumbing&location=scarborough")).not.toContain(`/providers/${providerId}`);
    expect(await search("category=cleaning")).not.toContain(`/providers/${providerId}`);
    // Issue 51: the service box's words are understood: a service, an area, when.
    const understood = await search("type=plumber+in+Etobicoke");
    expect(understood).toContain(`href="/providers/${providerId}"`);
    expect(understood).toContain('aria-label="Remove filter: Plumbing"');
    expect(await search("type=plumber+Scarborough")).not.toContain(`/providers/${providerId}`);
    expect(await search("type=plumber+this+weekend+Etobicoke")).toContain(`href="/providers/${providerId}"`);
    // Away all weekend: not among the providers for "this weekend" (a new phrasing: no stored page).
    const weekend = whenDates("weekend", torontoToday());
    await getRuntime()
      .db.updateTable("providers")
      .set({ away_periods: JSON.stringify([{ from: weekend[0], to: weekend.at(-1) }]) })
      .where("id", "=", providerId)
      .execute();
    try {
      expect(await search("type=plombier+ce+week-end+Etobicoke")).not.toContain(`/providers/${providerId}`);
    } finally {
      await getRuntime().db.updateTable("providers").set({ away_periods: null }).where("id", "=", providerId).execute();
    }
    const filters = await search("");
    expect(filters).toContain('name="licensed"');
    expect(filters).toContain("Verified license only");
  });

  it("hides a provider whose licence has expired, on its profile and its service pages", async () => {
    await getRuntime()
      .db.updateTable("provider_documents")
      .set({ expires_on: "2020-01-31" })
      .where("kind", "=", "licence")
      .execute();
    expect((await new HttpClient(server.url).get(`/providers/${providerId}`)).status).toBe(404);
    expect(await pageHtml(await new HttpClient(server.url).get("/services/plumbing"))).not.toContain(
      `/providers/${providerId}`,
    );
    await getRuntime()
      .db.updateTable("provider_documents")
      .set({ expires_on: "2027-08-31" })
      .where("kind", "=", "licence")
      .execute();
    expect((await new HttpClient(server.url).get(`/providers/${providerId}`)).status).toBe(200);
  });

  it("rejects with the reason, emails it, and deletes the documents after the retention period", async () => {
    const second = await account(`second.${Date.now()}@example.com`, "Sam Second");
    const res = await apply(
      second.client,
      { ...BASE, fullName: "Sam Second", email: `sam.${Date.now()}@example.com`, services: "cleaning" },
      { govIdFileFront: await idPng() },
    );
    expect(res.status).toBe(303);
    const row = (await applications()).find((r) => r.user_id === second.id)!;
    expect(await decide(() => rejectApplication(row.id, "The ID photo is unreadable."))).toMatchObject({
      ok: true,
      to: "rejected",
    });
    getRuntime().mail.kick();
    const email = await sink.waitFor((m) => m.to.includes(row.email!) && m.text.includes("Not approved"));
    expect(email.text).toContain("The ID photo is unreadable.");
    expect(email.text).toContain("30 days");
    expect(
      (
        await getRuntime()
          .db.selectFrom("user")
          .select("role")
          .where("id", "=", second.id)
          .executeTakeFirstOrThrow()
      ).role,
    ).toBe("user");

    const docs = (await documents()).filter((d) => d.user_id === second.id);
    expect(docs.every((d) => d.status === "rejected" && d.delete_after)).toBe(true);
    expect(await purgeExpiredRetention(new Date())).toBe(0);
    expect(await purgeExpiredRetention(new Date(Date.now() + 31 * 24 * 3600 * 1000))).toBe(docs.length);
    for (const d of docs)
      expect(existsSync(path.join(database.dataDir, "uploads", d.storage_key))).toBe(false);
    expect((await admin.get(`/admin/provider-documents/${docs[0]!.id}`)).status).toBe(404);
  });

  it("refuses hostile uploads without storing anything, and never uses the applicant's file name for storage", async () => {
    const third = await account(`third.${Date.now()}@example.com`, "Tess Third");
    const fields = {
      ...BASE,
      fullName: "Tess Third",
      email: `tess.${Date.now()}@example.com`,
      services: "moving",
    };
    const good = await png();
    const before = {
      apps: (await applications()).length,
      docs: (await documents()).length,
      files: storedFiles().length,
    };
    const hostile: Upload[] = [
      {
        name: "broken.png",
        type: "image/png",
        body: Buffer.concat([good.subarray(0, 16), Buffer.alloc(200, 7)]),
      },
      {
        name: "broken.jpg",
        type: "image/jpeg",
        body: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]),
      },
      {
        name: "x.png",
        type: "image/png",
        body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      },
      {
        name: "page.pdf",
        type: "application/pdf",
        body: Buffer.from("<html><script>alert(1)</script></html>"),
      },
      { name: "empty.png", type: "image/png", body: Buffer.alloc(0) },
    ];
    for (const file of hostile) {
      const res = await apply(third.client, fields, { govIdFileFront: file });
      expect(res.status, file.name).toBe(400);
      expect(await pageHtml(res)).toContain("Please upload a PNG, JPG, or PDF.");
    }
    expect({
      apps: (await applications()).length,
      docs: (await documents()).length,
      files: storedFiles().length,
    }).toEqual(before);

    const res = await apply(third.client, fields, {
      govIdFileFront: { name: "../../../etc/passwd", type: "image/png", body: good },
    });
    expect(res.status).toBe(303);
    const doc = (await documents()).find((d) => d.user_id === third.id)!;
    expect(doc.original_name).not.toContain("/");
    expect(doc.storage_key).toMatch(/^provider-documents\/[0-9a-f-]{36}\.png$/);
  });

  it("sends no confirmation to a mailbox that has had its day's confirmations; the operator is told (issue 32)", async () => {
    const stamp = Date.now();
    const capped = (i: number) => `fourth.${stamp}+${i}@example.com`;
    for (let i = 0; i < RECIPIENT_CAPS.confirmation.limit; i++) {
      const contact = { name: "Cap", email: capped(i), subject: "Hi", message: "Hello" };
      expect((await new HttpClient(server.url).post("/contact", contact)).status).toBe(302);
    }
    const fourth = await account(`fourth.${stamp}@example.com`, "Finn Fourth");
    const email = capped(RECIPIENT_CAPS.confirmation.limit);
    const fields = { ...BASE, fullName: "Finn Fourth", email, services: "moving" };
    expect((await apply(fourth.client, fields, { govIdFileFront: await idPng() })).status).toBe(303);
    const row = (await applications()).find((a) => a.user_id === fourth.id)!;
    expect(row.email).toBe(email);
    const mails = await getRuntime()
      .db.selectFrom("mail_outbox")
      .select("kind")
      .where("request_id", "=", row.id)
      .execute();
    expect(mails.map((m) => m.kind)).toEqual(["provider-application.operator"]);
  });
});
