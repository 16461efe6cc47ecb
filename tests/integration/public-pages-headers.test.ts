import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { OTHER_PUBLIC_PAGES, SPEED_PAGES } from "../support/speed-budget";

/**
 * docs/pages.md 1a: the page store sends the first anonymous visitor's page to every visitor of
 * the URL in that language for PAGE_CACHE_SECONDS, so a public page may depend on the URL, the
 * negotiated language and the database, and on no other part of the request. Each public page is
 * rendered (store off) for two very different browsers and a crawler in the same language; all must be the
 * same page but for what each response draws afresh (the CSP nonce, request forms' one-time tokens).
 */
const PHONE_BROWSER = {
  "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Sec-CH-UA-Mobile": "?1",
  "Save-Data": "on",
  DNT: "1",
  Referer: "https://www.google.com/",
  "X-Forwarded-For": "203.0.113.7",
  Accept: "*/*",
};
const DESKTOP_BROWSER = {
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  "Sec-CH-UA-Mobile": "?0",
  "Sec-Fetch-Mode": "navigate",
  "Sec-Fetch-Site": "none",
  "Upgrade-Insecure-Requests": "1",
  "X-Forwarded-For": "198.51.100.23",
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
};
/** A crawler gets its page whole (isbot): a stored page may be one a crawler asked for first. */
const CRAWLER = { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", Accept: "text/html" };
const withoutFreshDraws = (html: string) =>
  html.replace(/ nonce="[^"]*"/g, ' nonce=""').replace(/name="formToken" value="[^"]*"/g, 'name="formToken" value=""');

describe("public pages", () => {
  let database: TestDatabase;
  let server: AppServer;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    server = await startAppServer({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, PAGE_CACHE_SECONDS: "0" });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("are the same page for every anonymous visitor of the URL in a language, whatever else the browser sends", async () => {
    const differing: string[] = [];
    for (const path of [...SPEED_PAGES, ...OTHER_PUBLIC_PAGES]) {
      const get = async (headers: Record<string, string>) => {
        const res = await fetch(`${server.url}${path}`, { headers: { "Accept-Language": "en-CA,en;q=0.9", ...headers }, redirect: "manual" });
        return { status: res.status, html: withoutFreshDraws(await res.text()) };
      };
      const [phone, desktop, crawler] = [await get(PHONE_BROWSER), await get(DESKTOP_BROWSER), await get(CRAWLER)];
      expect(phone.status, path).toBe(200);
      for (const other of [desktop, crawler]) if (other.status !== phone.status || other.html !== phone.html) differing.push(path);
    }
    expect(differing, "these pages depend on a request header other than the language: the page store would send one visitor's page to all").toEqual([]);
  });
});
