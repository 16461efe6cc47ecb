import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAccount } from "../support/accounts";
import { type AppServer, postForm, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { encryptedPdf, PDF_SCRIPT } from "../support/hostile-pdf";
import { pageHtml } from "../support/html";
import { applicationForm } from "../support/providers";
import { linkIn } from "../support/http-client";
import { rawRequest } from "../support/raw-request";
import { SmtpSink } from "../support/smtp-sink";

/**
 * Issue 47 ("Security, fourth probe"), items 9, 3 and 7, against the running production server
 * on every database. Each test failed before its fix.
 */
const SITE = "http://gta.test";
const BAD_URL = "This address is not valid. Please check the link and try again.";

/** Every file under a folder (none if it does not exist). */
const filesUnder = (dir: string): string[] =>
  (existsSync(dir) ? readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name)) : []);

type LogLine = { level: string; event?: string; reqId?: string; msg?: string; err?: { stack?: string } };
/** The server's log lines for one request (by its X-Request-Id), once its request line is written (the log is flushed every 250 ms). */
async function linesOf(server: AppServer, reqId: string): Promise<LogLine[]> {
  const read = () =>
    server
      .output()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as LogLine)
      .filter((l) => l.reqId === reqId);
  await expect.poll(() => read().some((l) => l.event === "http.request"), { timeout: 5_000 }).toBe(true);
  return read();
}

describe.each(DIALECTS)("security, fourth probe, on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  const stamp = Date.now();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await sink.start(0);
    server = await startAppServer({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      SMTP_URL: sink.url,
      RATE_LIMITS: "writes=100000",
      // The anonymous page store on, as in production (its default).
      PAGE_CACHE_SECONDS: "30",
      PUBLIC_URL: SITE,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  describe("item 9: dot segments do not skip the personal-path rule", () => {
    let token = "";
    beforeAll(async () => {
      const contact = `dots.${stamp}@example.com`;
      const res = await postForm(`${server.url}/services`, { service: "Pool cleaning", name: "Ada", location: "Leslieville", contact });
      expect(res.status).toBe(302);
      const mail = await sink.waitFor((m) => m.to.includes(contact));
      token = new URL(linkIn(mail.text, "/requests/")).pathname.split("/").at(-1)!;
    });

    it("the status page by its own path is private, no-store", async () => {
      const answer = await rawRequest(server.url, "GET", `/requests/${token}`, {});
      expect(answer.status).toBe(200);
      expect(answer.headers["cache-control"]).toBe("private, no-store");
    });

    it.each([
      (t: string) => `/./requests/${t}`,
      (t: string) => `/es/../requests/${t}`,
      (t: string) => `/%2e/requests/${t}`,
      (t: string) => `/es/%2E%2e/requests/${t}`,
      (t: string) => `/fr/.%2E/requests/${t}`,
      (t: string) => `/requests/x/../${t}`,
      (t: string) => `/./requests/${t}.data`,
      (t: string) => `/about/../requests/${t}`,
    ])("%s is refused (400, no-store), twice: never rendered, never kept in the page store", async (spell) => {
      const target = spell(token);
      for (const round of [1, 2]) {
        const answer = await rawRequest(server.url, "GET", target, {});
        const context = `${target} (${round}) → ${answer.status} ${answer.headers["cache-control"]}`;
        expect(answer.status, context).toBe(400);
        expect(answer.headers["cache-control"], context).toBe("no-store");
        expect(answer.body, context).toBe(BAD_URL);
      }
    });

    it("a public page by a dot-segment path is refused too (never stored under that spelling), its own path still served", async () => {
      expect((await rawRequest(server.url, "GET", "/./about", {})).status).toBe(400);
      expect((await rawRequest(server.url, "GET", "/about", {})).status).toBe(200);
    });
  });

  describe("item 3: an applicant's PDF the sanitiser cannot parse and rewrite is refused, never stored", () => {
    it.each([
      ["encrypted (empty user password), with #xx-escaped script names", encryptedPdf],
      ["damaged", async () => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog /Open#41ction << /S /J#61vaScript /JS (${PDF_SCRIPT}) >> >> endobj\n%%EOF\n`)],
    ])("%s: the licence field says so, nothing is kept", async (_case, make) => {
      const db = connect(database.url);
      try {
        const email = `pdf.${_case.length}.${stamp}@example.com`;
        const { client } = await signedInAccount(server.url, db.db, { email, name: "Mario Plumber", password: "orchard by the river" });
        const form = await applicationForm({ name: "Mario Plumber", email }, await make());
        const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
        const res = await fetch(`${server.url}/become-a-provider`, { method: "POST", body: form, headers: { Cookie: cookie, Origin: server.url }, redirect: "manual" });
        expect(res.status).toBe(400);
        expect(await pageHtml(res)).toContain("This PDF is encrypted or damaged. Export it again and upload the new file.");
        const user = await db.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
        expect(await db.db.selectFrom("provider_documents").select("id").where("user_id", "=", user.id).where("content_type", "=", "application/pdf").execute()).toEqual([]);
        // Nor held for the next try: no stored file anywhere carries the script.
        for (const file of filesUnder(path.join(database.dataDir, "uploads"))) expect(readFileSync(file).includes(Buffer.from(PDF_SCRIPT)), file).toBe(false);
      } finally {
        await db.close();
      }
    });
  });

  describe("item 7: a Host that is not PUBLIC_URL's is refused at the edge, with one warn line", () => {
    const port = () => new URL(server.url).port;

    it.each([
      ["GET", "/"],
      ["GET", "/contact"],
      ["GET", "/requests/abcdefghijklmnopqrstuvwxyz012345"],
      ["GET", "/assets/missing.js"],
      ["HEAD", "/about"],
      ["OPTIONS", "/contact"],
    ])("%s %s for evil.example: 400, one warn line, no error", async (method, target) => {
      const answer = await rawRequest(server.url, method, target, { Host: "evil.example" });
      expect(answer.status).toBe(400);
      expect(answer.headers["cache-control"]).toBe("no-store");
      if (method !== "HEAD") expect(answer.body).toBe(BAD_URL);
      const lines = await linesOf(server, answer.headers["x-request-id"]!);
      expect(lines.filter((l) => l.level === "warn").map((l) => l.event)).toEqual(["http.host"]);
      expect(lines.filter((l) => l.level === "error" || l.level === "fatal")).toEqual([]);
    });

    it("a form post with our Origin to a forged Host: 400 and a warn line, not React Router's logged error with a stack", async () => {
      for (const host of ["evil.example", `evil.example:${port()}`, "gta.test.evil.example", "gta.test:8080"]) {
        const body = new URLSearchParams({ name: "Ada", email: "ada@example.com", subject: "Host", message: "Hello" }).toString();
        const answer = await rawRequest(server.url, "POST", "/contact", {
          Host: host,
          Origin: SITE,
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": String(Buffer.byteLength(body)),
        }, { body });
        expect(answer.status, host).toBe(400);
        const lines = await linesOf(server, answer.headers["x-request-id"]!);
        expect(lines.filter((l) => l.level === "error" || l.level === "fatal" || l.err?.stack), host).toEqual([]);
        expect(lines.filter((l) => l.level === "warn").map((l) => l.event), host).toEqual(["http.host"]);
      }
    });

    it("our Origin posted to this machine's own address (a loopback Host) is a clean 403, not a logged error", async () => {
      const body = new URLSearchParams({ name: "Ada", email: "ada@example.com", subject: "Host", message: "Hello" }).toString();
      const answer = await rawRequest(server.url, "POST", "/contact", {
        Origin: SITE,
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(Buffer.byteLength(body)),
      }, { body });
      expect(answer.status).toBe(403);
      const lines = await linesOf(server, answer.headers["x-request-id"]!);
      expect(lines.filter((l) => l.level === "error" || l.level === "fatal")).toEqual([]);
    });

    it("PUBLIC_URL's host (any case) and this machine's loopback names at its port are served; the health check answers any Host", async () => {
      for (const host of ["gta.test", "GTA.test", `127.0.0.1:${port()}`, `localhost:${port()}`]) {
        expect((await rawRequest(server.url, "GET", "/about", { Host: host })).status, host).toBe(200);
      }
      for (const host of [`localhost:${Number(port()) + 1}`, "localhost", "127.0.0.1", "gta.test:80.evil", "10.0.0.5:" + port()]) {
        expect((await rawRequest(server.url, "GET", "/about", { Host: host })).status, host).toBe(400);
      }
      expect((await rawRequest(server.url, "GET", "/healthz", { Host: "10.0.0.5" })).status).toBe(200);
    });

    it("without a trusted proxy, X-Forwarded-Host changes nothing", async () => {
      expect((await rawRequest(server.url, "GET", "/about", { "X-Forwarded-Host": "evil.example" })).status).toBe(200);
    });
  });
});

describe("item 7: behind a trusted proxy, with PUBLIC_URL unset (local development's default)", () => {
  let database: TestDatabase;
  let server: AppServer;
  const port = () => new URL(server.url).port;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    server = await startAppServer({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, TRUST_PROXY: "loopback" });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("localhost, 127.0.0.1 and [::1] at the server's port are served, as React Router sees them (X-Forwarded-Host first)", async () => {
    for (const host of [`localhost:${port()}`, `127.0.0.1:${port()}`, `[::1]:${port()}`]) {
      expect((await rawRequest(server.url, "GET", "/about", { Host: host })).status, host).toBe(200);
      expect((await rawRequest(server.url, "GET", "/about", { Host: "evil.example", "X-Forwarded-Host": host })).status, host).toBe(200);
    }
  });

  it("a forwarded host that is not ours is refused, whatever the Host", async () => {
    for (const forwarded of ["evil.example", `evil.example:${port()}`, `localhost:${Number(port()) + 1}`]) {
      const answer = await rawRequest(server.url, "GET", "/about", { "X-Forwarded-Host": forwarded });
      expect(answer.status, forwarded).toBe(400);
    }
  });
});
