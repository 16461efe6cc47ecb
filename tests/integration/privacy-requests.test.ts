import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { torontoToday } from "~/lib/forms/formats";
import { signedInAccount } from "../support/accounts";
import { type AppServer, postForm, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { rowsContaining } from "../support/db-scan";
import { pageHtml } from "../support/html";
import { HttpClient } from "../support/http-client";
import { confirmedPrivacyStep } from "../support/privacy";
import { SmtpSink } from "../support/smtp-sink";

/**
 * Requests from people without an account (issue 28 item 5), on a real server and database: a
 * visitor asked to rent a home and wrote through the contact form, then asks us for their data
 * and its erasure. The operator finds both by address (and the rental by phone, typed another
 * way), downloads the export (the personal export's format: data.json + summary.html, nothing
 * of another visitor), is refused while the rental is open, then erases after the confirmation
 * step: no table holds the name, address or phone any more, the other visitor's request is
 * untouched, and the audit log has each step with the operator, never the address. Nobody but
 * an admin reaches the page or its actions.
 */
const ADMIN = { email: "admin@example.test", password: "correct horse battery staple" };
const PASSWORD = "plum tree by the lake";
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const tag = () => Math.random().toString(36).slice(2, 8);
const digits4 = () => String(1000 + Math.floor(Math.random() * 8999));

describe.each(DIALECTS)("privacy requests in the back office on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>;

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
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  const rent = (fullName: string, email: string, phone: string) =>
    postForm(`${server.url}/homes/h-annex-studio`, {
      fullName,
      email,
      phone,
      moveInDate: addDays(torontoToday(), 10),
      moveOutDate: addDays(torontoToday(), 100),
      lengthOfStay: "3-6 months",
      adults: "2",
      children: "0",
      budget: "$1,800 / month",
      message: `Quiet professional. — ${fullName}`,
    });

  /** The confirmation step of an export or an erasure: what the operator confirms (`included`). */
  it("finds, exports and erases what matches an address or a phone, audited without the address", async () => {
    const name = `Philippa Outhwaite ${tag()}`;
    const email = `philippa.${Date.now()}.${tag()}@example.com`;
    const last = digits4();
    const phone = `416-555-${last}`;
    const otherName = `Bartholomew Quist ${tag()}`;
    const otherEmail = `bart.${Date.now()}.${tag()}@example.com`;
    expect((await rent(name, email, phone)).status).toBe(303);
    expect((await postForm(`${server.url}/contact`, { name, email, subject: "My data", message: `Please erase me, ${name}` })).status).toBeLessThan(400);
    expect((await rent(otherName, otherEmail, `905-555-${digits4()}`)).status).toBe(303);
    const rental = await db.db.selectFrom("requests").select(["id", "reference"]).where("email", "=", email).where("kind", "=", "rent-request").executeTakeFirstOrThrow();
    const contact = await db.db.selectFrom("requests").select(["id", "reference"]).where("email", "=", email).where("kind", "=", "contact-message").executeTakeFirstOrThrow();
    const others = await db.db.selectFrom("requests").selectAll().where("email", "=", otherEmail).executeTakeFirstOrThrow();

    const admin = new HttpClient(server.url);
    expect((await admin.post("/auth/login", ADMIN)).status).toBe(302);
    const page = await admin.get("/admin/privacy");
    expect(page.status).toBe(200);
    const html = await pageHtml(page);
    expect(html).toContain("Privacy requests");
    expect(html).toContain('href="/admin/privacy"');

    // Nothing typed: 400 and the reason.
    const empty = await admin.post("/admin/privacy", { intent: "find", email: "", phone: "12" });
    expect(empty.status).toBe(400);
    expect(await pageHtml(empty)).toContain("Enter an email address or a full phone number (10 digits, or + and the country code).");

    // By address: the rental and the contact message, with links to them.
    const byEmail = await pageHtml(await admin.post("/admin/privacy", { intent: "find", email: email.toUpperCase(), phone: "" }));
    expect(byEmail).toContain(`href="/admin/requests/${rental.reference}"`);
    expect(byEmail).toContain(`href="/admin/requests/${contact.reference}"`);
    expect(byEmail).toMatch(/Emails in the outbox: [1-9]/);
    expect(byEmail).not.toContain(others.reference);
    // By phone, typed another way: the rental only.
    const byPhone = await pageHtml(await admin.post("/admin/privacy", { intent: "find", email: "", phone: `+1 (416) 555 ${last}` }));
    expect(byPhone).toContain(rental.reference);
    expect(byPhone).not.toContain(contact.reference);
    expect(byPhone).not.toContain(others.reference);

    // The export: only once the operator confirmed what it holds, then a ZIP in the personal
    // export's format, with hers and nothing of his.
    expect((await admin.post("/admin/privacy/export", { email, phone })).status).toBe(409);
    const download = await admin.post("/admin/privacy/export", { email, phone, included: await confirmedPrivacyStep(admin, "confirm-export", { email, phone }) });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/zip");
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="gta-connect-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const zip = unzipSync(new Uint8Array(await download.arrayBuffer()));
    expect(Object.keys(zip).sort()).toEqual(["data.json", "summary.html"]);
    const json = strFromU8(zip["data.json"]!);
    const data = JSON.parse(json) as { format: string; profile: { email: string; name: string }; requests: { reference: string; kind: string }[] };
    expect(data.format).toBe("gta-connect-data-export/1");
    expect(data.profile).toMatchObject({ email, name });
    expect(data.requests.map((r) => r.reference).sort()).toEqual([rental.reference, contact.reference].sort());
    for (const s of [otherName, otherEmail, others.reference]) expect(json + strFromU8(zip["summary.html"]!)).not.toContain(s);

    // The confirmation step, then a refusal while the rental is open.
    const confirm = await admin.post("/admin/privacy", { intent: "confirm", email, phone: "" });
    expect(confirm.status).toBe(200);
    const confirmHtml = await pageHtml(confirm);
    expect(confirmHtml).toContain("Erase everything that matches?");
    expect(confirmHtml).toContain('value="erase"');
    const included = /name="included" value="([^"]+)"/.exec(confirmHtml)![1]!;
    const blocked = await admin.post("/admin/privacy", { intent: "erase", email, phone: "", included });
    expect(blocked.status).toBe(409);
    expect(await pageHtml(blocked)).toContain(rental.reference);
    expect((await db.db.selectFrom("requests").select("name").where("id", "=", rental.id).executeTakeFirstOrThrow()).name).toBe(name);

    // Cancelled by the operator, then erased.
    await db.db.updateTable("requests").set({ status: "cancelled" }).where("id", "=", rental.id).execute();
    const erased = await admin.post("/admin/privacy", { intent: "erase", email, phone, included: await confirmedPrivacyStep(admin, "confirm", { email, phone }) });
    expect(erased.status).toBe(303);
    expect(erased.headers.get("location")).toBe("/admin/privacy");

    expect(await rowsContaining(db.db, dialect, [name, email, phone])).toEqual([]);
    const kept = await db.db.selectFrom("requests").selectAll().where("id", "=", rental.id).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ name: "Deleted user", email: null, kind: "rent-request", status: "cancelled" });
    expect(JSON.parse(kept.data)).toMatchObject({ lengthOfStay: "3-6 months", fullName: "", phone: "", message: "" });
    expect(await db.db.selectFrom("requests").selectAll().where("id", "=", others.id).executeTakeFirstOrThrow()).toEqual(others);
    // Stored as a marker in no one's language; each operator reads it in theirs.
    for (const [prefix, shown] of [["", "Deleted user"], ["/fr", "Utilisateur supprimé"], ["/es", "Usuario eliminado"], ["/pt", "Usuário excluído"]] as const) {
      for (const path of [`/admin/requests/${rental.reference}`, `/admin/requests?q=${rental.reference}`]) {
        const html = await pageHtml(await admin.get(`${prefix}${path}`));
        expect(html, `${prefix}${path}`).toContain(shown);
        if (prefix) expect(html, `${prefix}${path}`).not.toContain("Deleted user");
      }
    }

    // The audit log: each step, by the operator, under the same pseudonym, never the address.
    const adminId = (await db.db.selectFrom("user").select("id").where("email", "=", ADMIN.email).executeTakeFirstOrThrow()).id;
    const entries = await db.db.selectFrom("audit_log").selectAll().where("entity_type", "=", "privacy-subject").orderBy("created_at").execute();
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(["privacy.find", "privacy.export", "privacy.erase-confirm", "privacy.erase"]));
    for (const e of entries) expect(e.actor_user_id).toBe(adminId);
    const erase = entries.find((e) => e.action === "privacy.erase")!;
    expect(JSON.parse(erase.after!)).toMatchObject({ requests: 2, accounts: 0 });
    expect(erase.entity_id).toMatch(/^[0-9a-f]{16}$/);

    // Found again: nothing.
    expect(await pageHtml(await admin.post("/admin/privacy", { intent: "find", email, phone: "" }))).toContain("Nothing matches.");
  }, 120_000);

  it("matches a phone only as the same whole number: near misses and shared last digits include nobody (issue 47 item 2)", async () => {
    // Ada's account has 416-555-0101; Bo asked for a rental from 905-555-0101 (the same last seven
    // digits); Cy's account has 905-555-0123.
    const ada = { email: `ada.${Date.now()}.${tag()}@example.com`, name: `Ada Phoneowner ${tag()}` };
    const cy = { email: `cy.${Date.now()}.${tag()}@example.com`, name: `Cy Eastend ${tag()}` };
    for (const [who, phone] of [[ada, "416-555-0101"], [cy, "905-555-0123"]] as const) {
      await signedInAccount(server.url, db.db, { ...who, password: PASSWORD });
      await db.db.updateTable("user").set({ phone }).where("email", "=", who.email).execute();
    }
    const bo = { name: `Bo Sevendigits ${tag()}`, email: `bo.${Date.now()}.${tag()}@example.com` };
    expect((await rent(bo.name, bo.email, "905-555-0101")).status).toBe(303);
    const boRequest = await db.db.selectFrom("requests").select("reference").where("email", "=", bo.email).executeTakeFirstOrThrow();
    const admin = new HttpClient(server.url);
    expect((await admin.post("/auth/login", ADMIN)).status).toBe(302);
    const find = async (phone: string) => admin.post("/admin/privacy", { intent: "find", email: "", phone });

    // Nobody's number, and the last seven digits alone: nobody.
    const nearMiss = await pageHtml(await find("+99 416 555 0101"));
    expect(nearMiss).toContain("Nothing matches.");
    expect(nearMiss).not.toContain("belongs to an account");
    for (const s of [ada.email, ada.name, bo.name, boRequest.reference]) expect(nearMiss).not.toContain(s);
    const partial = await find("555-0101");
    expect(partial.status).toBe(400);
    expect(await pageHtml(partial)).toContain("full phone number");
    // Another country's number that ends like Cy's: nobody, and erasing by it erases nobody.
    const otherCountry = await pageHtml(await find("+7 905 555 0123"));
    expect(otherCountry).toContain("Nothing matches.");
    expect(otherCountry).not.toContain("belongs to an account");
    const wrongErase = await admin.post("/admin/privacy", { intent: "erase", email: "", phone: "+7 905 555 0123", included: "" });
    expect(wrongErase.status).not.toBe(303);
    expect(await db.db.selectFrom("user").select("id").where("email", "=", cy.email).executeTakeFirst()).toBeDefined();

    // Ada's whole number, typed another way: her account, listed for the operator to check; not Bo.
    const adaFound = await pageHtml(await find("(416) 555-0101"));
    expect(adaFound).toContain(ada.email);
    expect(adaFound).not.toContain(boRequest.reference);
    // The export holds exactly what the confirmation step listed: Ada, nothing of Bo.
    const listed = await pageHtml(await admin.post("/admin/privacy", { intent: "confirm-export", email: "", phone: "(416) 555-0101" }));
    expect(listed).toContain("Download everything listed?");
    expect(listed).toContain(ada.email);
    const included = /name="included" value="([^"]+)"/.exec(listed)![1]!;
    const zip = unzipSync(new Uint8Array(await (await admin.post("/admin/privacy/export", { email: "", phone: "(416) 555-0101", included })).arrayBuffer()));
    const text = strFromU8(zip["data.json"]!) + strFromU8(zip["summary.html"]!);
    expect(text).toContain(ada.email);
    for (const s of [bo.name, bo.email, boRequest.reference, cy.email]) expect(text).not.toContain(s);

    // The audit says what was done to which subject reference, with no one's address, name or number.
    const entries = await db.db.selectFrom("audit_log").selectAll().where("entity_type", "=", "privacy-subject").where("action", "=", "privacy.export").orderBy("created_at").execute();
    const last = entries.at(-1)!;
    expect(JSON.parse(last.after!)).toMatchObject({ accounts: 1, references: [] });
    const audit = JSON.stringify(await db.db.selectFrom("audit_log").selectAll().where("entity_type", "=", "privacy-subject").execute());
    for (const s of [ada.email, ada.name, "416-555-0101", "4165550101", "9055550123", bo.name, cy.email]) expect(audit).not.toContain(s);
  }, 120_000);

  it("sends the goodbye email, in the person's language, when the address erased has an account; none when it has no account", async () => {
    const name = `Fleur Fontaine ${tag()}`;
    const email = `fleur.${Date.now()}.${tag()}@example.com`;
    const { client } = await signedInAccount(server.url, db.db, { email, name, password: PASSWORD, lang: "fr-CA" });
    // She last wrote to us in French, from the French pages.
    expect((await client.post("/fr/contact", { name, email, subject: "Mes données", message: "Effacez mes données, s'il vous plaît" })).status).toBeLessThan(400);
    expect((await db.db.selectFrom("requests").select("locale").where("email", "=", email).executeTakeFirstOrThrow()).locale).toBe("fr-CA");
    const nobody = `nadia.${Date.now()}.${tag()}@example.com`;
    expect((await postForm(`${server.url}/contact`, { name: "Nadia Noaccount", email: nobody, subject: "Erase me", message: "I have no account" })).status).toBeLessThan(400);
    const goodbyeSubjects = ["Your GTA Connect account has been deleted", "Votre compte GTA Connect a été supprimé", "Su cuenta de GTA Connect se eliminó", "Sua conta GTA Connect foi excluída"];

    // The operator reads the back office in English.
    const admin = new HttpClient(server.url);
    expect((await admin.post("/auth/login", ADMIN)).status).toBe(302);

    // No account at that address: erased, and no goodbye queued (the operator answers her).
    const erase = async (query: { email: string; phone: string }) => admin.post("/admin/privacy", { intent: "erase", ...query, included: await confirmedPrivacyStep(admin, "confirm", query) });
    expect((await erase({ email: nobody, phone: "" })).status).toBe(303);
    expect(await db.db.selectFrom("mail_outbox").select("kind").where("kind", "=", "account.deleted").where("to_address", "=", nobody).execute()).toEqual([]);

    // An account: deleted, and the goodbye queued with it, in French.
    expect((await erase({ email, phone: "" })).status).toBe(303);
    expect(await db.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
    const outbox = await db.db.selectFrom("mail_outbox").select(["kind", "subject"]).where("to_address", "=", email).execute();
    expect(outbox).toEqual([{ kind: "account.deleted", subject: "Votre compte GTA Connect a été supprimé" }]);
    const goodbye = await sink.waitFor((m) => m.to.includes(email) && goodbyeSubjects.includes(m.subject), 30_000);
    expect(goodbye.subject).toBe("Votre compte GTA Connect a été supprimé");
    expect(goodbye.text).toContain("Votre compte a été supprimé");
    expect(goodbye.text).not.toContain(name);
    expect(await rowsContaining(db.db, dialect, [name])).toEqual([]);

    // Her goodbye was queued after the other erasure: by now the worker would have sent one to the address without an account.
    expect(sink.messages.filter((m) => m.to.includes(nobody) && goodbyeSubjects.includes(m.subject))).toEqual([]);
    const erasures = await db.db.selectFrom("audit_log").select("after").where("action", "=", "privacy.erase").orderBy("created_at", "desc").limit(2).execute();
    expect(erasures.map((e) => JSON.parse(e.after!).accounts)).toEqual([1, 0]);
  }, 120_000);

  it("refuses everyone but an admin, for the page and every action", async () => {
    const email = `carl.${Date.now()}.${tag()}@example.com`;
    const customer = (await signedInAccount(server.url, db.db, { email, name: "Carl Customer", password: PASSWORD })).client;
    const victim = `victim.${Date.now()}.${tag()}@example.com`;
    expect((await postForm(`${server.url}/contact`, { name: "Vera Victim", email: victim, subject: "Hello", message: "A question" })).status).toBeLessThan(400);
    const before = await db.db.selectFrom("requests").selectAll().where("email", "=", victim).execute();
    const audited = async () => (await db.db.selectFrom("audit_log").select("id").where("entity_type", "=", "privacy-subject").execute()).length;
    const auditedBefore = await audited();

    expect((await customer.get("/admin/privacy")).status).toBe(403);
    const anonymous = await new HttpClient(server.url).get("/admin/privacy");
    expect(anonymous.status).toBe(302);
    for (const [path, intent] of [["/admin/privacy", "find"], ["/admin/privacy/export", "export"], ["/admin/privacy", "confirm"], ["/admin/privacy", "erase"]] as const) {
      for (const client of [customer, new HttpClient(server.url)]) {
        const res = await client.post(path, { intent, email: victim, phone: "" });
        expect(res.status, intent).toBe(403);
        expect(await res.text()).not.toContain("Vera Victim");
      }
    }
    expect(await db.db.selectFrom("requests").selectAll().where("email", "=", victim).execute()).toEqual(before);
    expect(await audited()).toBe(auditedBefore);
  }, 60_000);
});
