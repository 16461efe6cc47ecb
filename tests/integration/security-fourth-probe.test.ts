import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, postForm, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { linkIn } from "../support/http-client";
import { rawRequest } from "../support/raw-request";
import { SmtpSink } from "../support/smtp-sink";

/**
 * Issue 47 ("Security, fourth probe"), items 9, 7 and 3, against the running production server
 * on every database. Each test failed before its fix.
 */
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
        expect(answer.body, context).toBe("This address is not valid. Please check the link and try again.");
      }
    });

    it("a public page by a dot-segment path is refused too (never stored under that spelling), its own path still served", async () => {
      expect((await rawRequest(server.url, "GET", "/./about", {})).status).toBe(400);
      expect((await rawRequest(server.url, "GET", "/about", {})).status).toBe(200);
    });
  });
});
