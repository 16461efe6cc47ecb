import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { HttpClient } from "../support/http-client";

/**
 * The cache of anonymous pages (app/lib/http/page-handler.server.ts): what it may serve again,
 * and what it must never serve. The listing's title is changed behind the app's back, in the
 * database, so a page shows whether it was rendered or served from the store.
 */
const LISTING = "/homes/h-annex-studio";
const ADMIN = { email: "cache-admin@example.test", password: "cache-admin-password-1" };

/**
 * A production server on a fresh SQLite database (`env` added), for one describe block, and
 * `retitle()`: changes the listing's title behind the app's back and returns the new title.
 */
function listingServer(env: Record<string, string>) {
  let database: TestDatabase;
  let db: ReturnType<typeof connect>;
  let titles = 0;
  const ctx = {
    server: undefined as unknown as AppServer,
    retitle: async () => {
      const title = `Annex studio, edition ${++titles}`;
      await db.db.updateTable("home_listings").set({ title }).where("id", "=", "h-annex-studio").execute();
      return title;
    },
  };
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    ctx.server = await startAppServer({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, ...env });
    db = connect(database.url);
  });
  afterAll(async () => {
    await db?.close();
    await ctx.server?.stop();
    await database?.drop();
  });
  return ctx;
}

describe("anonymous page cache", () => {
  const app = listingServer({ PAGE_CACHE_SECONDS: "600", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const retitle = app.retitle;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${app.server.url}${path}`, { headers, redirect: "manual" });
    return { res, html: await res.text() };
  };
  const nonceOf = (res: Response) => res.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];

  it("serves an anonymous page again without rendering it, each time with that response's own CSP nonce", async () => {
    const first = await retitle();
    const a = await get(LISTING);
    expect(a.html).toContain(first);
    await retitle();
    const b = await get(LISTING);
    expect(b.html).toContain(first);

    const [nonceA, nonceB] = [nonceOf(a.res), nonceOf(b.res)];
    expect(nonceA).toBeTruthy();
    expect(nonceB).toBeTruthy();
    expect(nonceA).not.toBe(nonceB);
    const scriptNonces = (html: string) => new Set([...html.matchAll(/<script[^>]*nonce="([^"]+)"/g)].map((m) => m[1]));
    expect(scriptNonces(a.html)).toEqual(new Set([nonceA]));
    expect(scriptNonces(b.html)).toEqual(new Set([nonceB]));
    expect(b.res.headers.get("cache-control")).toBe("no-cache");
  });

  it("renders every request that carries a cookie, whatever the cookie", async () => {
    const latest = await retitle();
    const { html, res } = await get(LISTING, { Cookie: "lang=en-US" });
    expect(html).toContain(latest);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("is emptied by any form post, even a refused one", async () => {
    const latest = await retitle();
    expect((await get(LISTING)).html).not.toContain(latest);
    const refused = await fetch(`${app.server.url}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.server.url },
      body: "intent=nothing",
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect((await get(LISTING)).html).toContain(latest);
  });

  it("never stores a signed-in visitor's page, nor serves a stored page to one", async () => {
    const anonymousFirst = await get("/");
    expect(anonymousFirst.html).not.toContain('aria-label="Account menu for');

    const admin = new HttpClient(app.server.url);
    const login = await admin.post("/auth/login", ADMIN);
    expect(login.status).toBe(302);
    expect(admin.sessionToken).toBeTruthy();
    const signedIn = await admin.get("/");
    const signedInHtml = await signedIn.text();
    expect(signedInHtml).toContain('aria-label="Account menu for');
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");

    // The store was emptied by the log-in post; the next anonymous page is rendered afresh and
    // stored, and still names nobody.
    const anonymousAfter = await get("/");
    expect(anonymousAfter.html).not.toContain('aria-label="Account menu for');
    expect(anonymousAfter.html).not.toContain(ADMIN.email);
    expect(await (await admin.get("/")).text()).toContain('aria-label="Account menu for');
  });

  it("gives a first visit the browser's language, and keeps each language's stored page apart", async () => {
    const french = await get("/about", { "Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5" });
    expect(french.html).toMatch(/<html lang="fr-CA"/);
    expect(french.res.headers.get("vary")).toMatch(/Accept-Language/);
    const english = await get("/about", { "Accept-Language": "en-GB" });
    expect(english.html).toMatch(/<html lang="en-US"/);
    const portuguese = await get("/about", { "Accept-Language": "pt-PT" });
    expect(portuguese.html).toMatch(/<html lang="pt-BR"/);
    // A remembered choice wins over the browser's preference.
    expect((await get("/about", { "Accept-Language": "fr-CA", Cookie: "lang=es" })).html).toMatch(/<html lang="es"/);
  });
});

describe("anonymous page cache, after an entry's time", () => {
  const TTL = 2;
  const app = listingServer({ PAGE_CACHE_SECONDS: String(TTL) });
  const retitle = app.retitle;
  const html = async () => (await (await fetch(`${app.server.url}${LISTING}`)).text()).match(/<title>([^<]*)/)?.[1] ?? "";
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("serves a stale page once more while one render replaces it, so no visitor waits for that render", async () => {
    const first = await retitle();
    expect(await html()).toContain(first);
    const second = await retitle();
    expect(await html()).toContain(first); // fresh: from the store

    await sleep(TTL * 1000 + 100);
    // Stale: still served at once, and a render starts in the background.
    expect(await html()).toContain(first);
    let latest = "";
    for (let i = 0; i < 80 && !latest.includes(second); i++) {
      await sleep(25);
      latest = await html();
    }
    expect(latest).toContain(second);
  });

  it("renders afresh once an entry is older than twice its time (a page nobody asked for meanwhile)", async () => {
    await sleep(TTL * 2000 + 100);
    const before = await retitle();
    expect(await html()).toContain(before);
    const after = await retitle();
    await sleep(TTL * 2000 + 100);
    expect(await html()).toContain(after);
  });
});
