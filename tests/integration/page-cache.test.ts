import { createHash } from "node:crypto";
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { standIn } from "~/lib/http/signed-in-pages.server";
import { signedInAccount } from "../support/accounts";
import { HttpClient } from "../support/http-client";

/**
 * The cache of anonymous pages (app/lib/http/page-store.server.ts): what it may serve again,
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
    get db() {
      return db.db;
    },
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

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attrs]) => !/\ssrc=/.test(attrs!)).map(([, , text]) => text!);
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("anonymous page cache", () => {
  const app = listingServer({ PAGE_CACHE_SECONDS: "600", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const retitle = app.retitle;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${app.server.url}${path}`, { headers, redirect: "manual" });
    return { res, html: await res.text() };
  };

  /** The bytes as sent (fetch would ask for, and undo, compression by itself). */
  const raw = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; html: string }>((resolve, reject) => {
      http
        .get(`${app.server.url}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const body = Buffer.concat(chunks);
            const encoding = res.headers["content-encoding"];
            const plain = encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body;
            resolve({ status: res.statusCode!, headers: res.headers, body, html: plain.toString("utf8") });
          });
        })
        .on("error", reject);
    });
  const BROWSER = { "Accept-Encoding": "gzip, deflate, br, zstd" };

  it("serves an anonymous page again without rendering it, byte for byte, its inline scripts allowed by their hashes", async () => {
    const first = await retitle();
    const a = await raw(LISTING, BROWSER);
    expect(a.html).toContain(first);
    await retitle();
    const b = await raw(LISTING, BROWSER);
    expect(b.html).toContain(first);
    expect(b.body.equals(a.body)).toBe(true);

    // No nonce could allow them (the bytes are the same for everyone): each inline script of
    // the page is allowed by its hash, and nothing else inline is.
    for (const res of [a, b]) {
      const scriptSrc = String(res.headers["content-security-policy"]).match(/script-src ([^;]*)/)![1]!;
      expect(scriptSrc).not.toMatch(/nonce-/);
      const scripts = inlineScripts(res.html);
      expect(scripts.length).toBeGreaterThan(0);
      expect(new Set(scriptSrc.split(" ").filter((s) => s.startsWith("'sha256-")))).toEqual(new Set(scripts.map(sha256)));
    }
    expect(b.headers["cache-control"]).toBe("no-cache");
  });

  it("answers from the store with every header the page's first whole answer had, a new request id each time", async () => {
    // The store answers before helmet, the cache policy and compression (server/main.ts): what
    // they set on the first answer is what every later one carries, for each kind of visitor.
    const perResponse = (headers: http.IncomingHttpHeaders) => {
      const { date: _date, "x-request-id": _id, ...rest } = headers;
      return rest;
    };
    const visitors: Record<string, string>[] = [BROWSER, { ...BROWSER, Cookie: "lang=fr-CA" }, { "Accept-Language": "es-MX,es;q=0.9" }];
    for (const headers of visitors) {
      const path = `/about?headers=${encodeURIComponent(JSON.stringify(headers))}`;
      const [first, second, third] = [await raw(path, headers), await raw(path, headers), await raw(path, headers)];
      expect(first.status).toBe(200);
      expect(first.headers).toMatchObject({
        "x-frame-options": "DENY",
        "x-content-type-options": "nosniff",
        "referrer-policy": "strict-origin-when-cross-origin",
        "cross-origin-opener-policy": "same-origin",
        "permissions-policy": expect.stringContaining("camera=()"),
        "content-security-policy": expect.stringContaining("frame-ancestors 'none'"),
      });
      for (const again of [second, third]) {
        expect(perResponse(again.headers)).toEqual(perResponse(first.headers));
        expect(again.body.equals(first.body)).toBe(true);
        expect(again.headers["x-request-id"]).toMatch(/^[\w-]{36}$/);
      }
      expect(new Set([first, second, third].map((res) => res.headers["x-request-id"])).size).toBe(3);
    }
  });

  it("compresses a stored page once: Brotli, gzip or none as the request accepts, the same page in each", async () => {
    await get("/about"); // stored
    const br = await raw("/about", BROWSER);
    const gz = await raw("/about", { "Accept-Encoding": "gzip, deflate" });
    const none = await raw("/about");
    const refusesBr = await raw("/about", { "Accept-Encoding": "br;q=0, gzip" });
    expect([br.headers["content-encoding"], gz.headers["content-encoding"], none.headers["content-encoding"]]).toEqual(["br", "gzip", undefined]);
    expect(refusesBr.headers["content-encoding"]).toBe("gzip");
    for (const res of [br, gz, none, refusesBr]) {
      expect(res.status).toBe(200);
      expect(res.html).toBe(none.body.toString("utf8"));
      expect(Number(res.headers["content-length"])).toBe(res.body.length);
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(res.headers.vary).toMatch(/Accept-Language/);
    }
    expect(br.body.length).toBeLessThan(none.body.length / 3);
  });

  it("answers a repeat visit of an unchanged page 304 by its ETag, and a changed page 200 with a new one", async () => {
    const first = await raw("/about", BROWSER);
    const etag = first.headers.etag!;
    expect(etag).toBeTruthy();
    const again = await raw("/about", { ...BROWSER, "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers["cache-control"]).toBe("no-cache");

    // Changed behind the store (a post empties it): the old copy is no longer good.
    const latest = await retitle();
    await fetch(`${app.server.url}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.server.url },
      body: "intent=nothing",
    });
    const listing = await raw(LISTING, BROWSER);
    expect(listing.html).toContain(latest);
    const changed = await raw(LISTING, { ...BROWSER, "If-None-Match": `${etag}, W/"not-this-one"` });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).toBe(listing.headers.etag);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("never serves a page stored for one language or encoding to a request that negotiates another", async () => {
    const asks: [string, RegExp][] = [
      ["en-CA,en;q=0.9", /<html lang="en-US"/],
      ["fr-CA,fr;q=0.9", /<html lang="fr-CA"/],
      ["fr-FR,fr;q=0.9,en;q=0.5", /<html lang="fr-CA"/],
      ["es-MX,es;q=0.9", /<html lang="es"/],
      ["pt-BR,pt;q=0.9", /<html lang="pt-BR"/],
      ["pt-PT", /<html lang="pt-BR"/],
      ["de-DE,de;q=0.9", /<html lang="en-US"/],
    ];
    const encodings = ["gzip, deflate, br, zstd", "gzip", ""];
    // Interleaved, twice over: the second round comes from the store.
    for (let round = 0; round < 2; round++) {
      for (const [language, lang] of asks) {
        for (const encoding of encodings) {
          const res = await raw("/services", { "Accept-Language": language, ...(encoding ? { "Accept-Encoding": encoding } : {}) });
          expect(res.html, `${language} / ${encoding || "identity"}`).toMatch(lang);
          expect(res.headers["content-encoding"]).toBe(encoding.includes("br") ? "br" : encoding ? "gzip" : undefined);
        }
      }
    }
  });

  it("renders every request that carries a cookie other than the language choice alone", async () => {
    for (const cookie of ["_ga=GA1.1.1", "lang=en-US; theme=dark", "lang=en-XA"]) {
      const latest = await retitle();
      const { html, res } = await get(LISTING, { Cookie: cookie });
      expect(html, cookie).toContain(latest);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("serves a visitor whose only cookie is the language they chose from the store, in that language only", async () => {
    const first = await retitle();
    const chosen = await raw(LISTING, { ...BROWSER, Cookie: "lang=es", "Accept-Language": "en-CA" });
    expect(chosen.html).toMatch(/<html lang="es"/);
    expect(chosen.html).toContain(first);
    await retitle();
    const again = await raw(LISTING, { ...BROWSER, Cookie: "lang=es" });
    expect(again.body.equals(chosen.body)).toBe(true); // from the store
    // Never to a visitor who chose, or whose browser asks for, another language.
    expect((await raw(LISTING, { ...BROWSER, Cookie: "lang=fr-CA" })).html).toMatch(/<html lang="fr-CA"/);
    expect((await raw(LISTING, { ...BROWSER, "Accept-Language": "en-CA" })).html).toMatch(/<html lang="en-US"/);
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
    expect(anonymousFirst.html).not.toMatch(/aria-label="[^"]*, account menu for/);

    const admin = new HttpClient(app.server.url);
    const login = await admin.post("/auth/login", ADMIN);
    expect(login.status).toBe(302);
    expect(admin.sessionToken).toBeTruthy();
    const signedIn = await admin.get("/");
    const signedInHtml = await signedIn.text();
    expect(signedInHtml).toMatch(/aria-label="[^"]*, account menu for/);
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect(signedIn.headers.get("etag")).toBeNull();
    expect(signedIn.headers.get("content-security-policy")).toMatch(/'nonce-/);

    // The store was emptied by the log-in post; the next anonymous page is rendered afresh and
    // stored, and still names nobody.
    const anonymousAfter = await get("/");
    expect(anonymousAfter.html).not.toMatch(/aria-label="[^"]*, account menu for/);
    expect(anonymousAfter.html).not.toContain(ADMIN.email);
    expect(await (await admin.get("/")).text()).toMatch(/aria-label="[^"]*, account menu for/);

    // A personal path is rendered for each request even without a cookie: never stored, so
    // never an ETag, and its scripts are allowed by this response's nonce.
    for (let i = 0; i < 2; i++) {
      const personal = await raw("/auth/verify-sent", BROWSER);
      expect(personal.status).toBe(200);
      expect(personal.headers.etag).toBeUndefined();
      expect(personal.headers["content-security-policy"]).toMatch(/'nonce-/);
    }
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

describe("page stores turned off one by one (PAGE_STORES, for npm run bench:stores)", () => {
  const app = listingServer({ PAGE_CACHE_SECONDS: "600", PAGE_STORES: "signed-in,kept" });
  it("renders every anonymous visit when the anonymous store is off", async () => {
    for (let i = 0; i < 3; i++) {
      const title = await app.retitle();
      expect(await (await fetch(`${app.server.url}${LISTING}`)).text()).toContain(title);
    }
  });
});

describe("page renders, in turn", () => {
  // Without the store every page is rendered, and renders take turns (render-queue.server.ts):
  // none is lost, mixed up or stuck behind a visitor who left while waiting.
  const app = listingServer({ PAGE_CACHE_SECONDS: "0" });
  const PAGES = ["/", "/services", "/homes", LISTING, "/about", "/contact", "/fr/services", "/es/homes"];

  it("answers each of many pages asked for at once with its own page, even when some askers leave while they wait", async () => {
    // Twelve who leave after a moment, while most of them are still waiting their turn.
    const leaving = new AbortController();
    const leavers = Array.from({ length: 12 }, () =>
      fetch(`${app.server.url}/homes`, { signal: leaving.signal })
        .then((res) => res.text())
        .catch((error: Error) => error.name),
    );
    setTimeout(() => leaving.abort(), 30);
    const asked = Array.from({ length: 40 }, (_, i) => PAGES[i % PAGES.length]!);
    const answers = await Promise.all(
      [...asked, "/homes.data", "/no-such-page"].map(async (path) => {
        const res = await fetch(`${app.server.url}${path}`);
        return { path, status: res.status, body: await res.text() };
      }),
    );
    expect(await Promise.all(leavers)).toContain("AbortError");
    for (const { path, status, body } of answers) {
      if (path === "/no-such-page") expect(status).toBe(404);
      else if (path === "/homes.data") {
        expect(status).toBe(200);
        expect(body).toMatch(/^\[/);
      } else {
        expect(status).toBe(200);
        const canonical = body.match(/<link rel="canonical" href="([^"]*)"/)?.[1];
        expect(canonical && new URL(canonical).pathname).toBe(path);
      }
    }
    // The server still answers at once afterwards (nothing holds a turn).
    expect((await fetch(`${app.server.url}/about`)).status).toBe(200);
  });
});

/** Signed-in visitors of a listing server: `signUp` makes one, `page` asks for a page with their cookies. */
function signedInVisitors(app: ReturnType<typeof listingServer>, prefix: string) {
  let accounts = 0;
  const signUp = async (name: string) => {
    const email = `${prefix}-${++accounts}-${Date.now()}@example.test`;
    const { client } = await signedInAccount(app.server.url, app.db, { email, name });
    // Verified in the database here: the link would have forgotten the address awaiting it.
    client.cookies.delete("pending-verification");
    // Arrive once, as a browser does after signing in: the welcome toast is read and gone.
    await (await client.get("/account")).text();
    expect([...client.cookies.keys()]).toEqual(["gta.session_token"]);
    return { client, name, email };
  };
  const page = async (client: HttpClient, path: string, headers: Record<string, string> = {}) => {
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(`${app.server.url}${path}`, { headers: { Cookie: cookie, "Accept-Language": "en-CA,en;q=0.9", ...headers }, redirect: "manual" });
    return { res, html: await res.text() };
  };
  return { signUp, page };
}

/**
 * Each response has its own CSP nonce, and each render draws its request forms' one-time
 * tokens (ADR 28); apart from them, a page is the same bytes.
 */
const withoutNonce = (html: string) => html.replace(/ nonce="[^"]*"/g, ' nonce=""').replace(/name="formToken" value="[^"]*"/g, 'name="formToken" value=""');

describe("signed-in pages, made once with holes for who is looking", () => {
  // app/lib/http/signed-in-pages.server.ts. The listing's title, changed behind the app's back,
  // shows whether a page was made earlier (a hole-filled page) or rendered for this request.
  const app = listingServer({ PAGE_CACHE_SECONDS: "600" });
  const { signUp, page } = signedInVisitors(app, "holes");
  const asHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
  const WHOLE = { "Cache-Control": "no-cache" };

  it("gives a visitor, whatever their name holds, the very page a render for them makes, with this response's nonce", async () => {
    for (const name of [`O'Brien "Zed" <b>&amp; \\ 🙂`, "Zoë\u2028Line </script><script>alert(1)</script>", "José da Silva"]) {
      const visitor = await signUp(name);
      for (const path of ["/", "/services/handyman", "/homes", LISTING, "/cars/request?type=airport-transfer", "/fr/services", "/reviews"]) {
        const made = await page(visitor.client, path);
        const whole = await page(visitor.client, path, WHOLE);
        expect(made.res.status, path).toBe(200);
        expect(withoutNonce(made.html), `${path} for ${name}`).toBe(withoutNonce(whole.html));
        expect(made.html).toContain(asHtml(name));
        const nonce = /'nonce-([^']+)'/.exec(made.res.headers.get("content-security-policy") ?? "")?.[1];
        expect(made.html).toContain(` nonce="${nonce}"`);
        expect(made.res.headers.get("cache-control")).toBe("private, no-store");
      }
      // And those pages were made earlier, not rendered for this request.
      const title = await app.retitle();
      expect((await page(visitor.client, LISTING)).html).not.toContain(title);
    }
  });

  it("makes a page once for every visitor of the same kind, each seeing only their own name and address", async () => {
    const [ada, grace] = [await signUp("Ada Lovelace"), await signUp("Grace Hopper")];
    const before = await app.retitle();
    expect((await page(ada.client, LISTING)).html).toContain(before);
    const after = await app.retitle();
    const graces = await page(grace.client, LISTING);
    // Made for Ada's visit, filled for Grace's: the title it was made with, Grace's name, not Ada's.
    expect(graces.html).toContain(before);
    expect(graces.html).not.toContain(after);
    expect(graces.html).toContain(grace.name);
    expect(graces.html).toContain(grace.email);
    expect(graces.html).not.toContain(ada.name);
    expect(graces.html).not.toContain(ada.email);
    const adas = await page(ada.client, LISTING);
    expect(adas.html).toContain(ada.name);
    expect(adas.html).not.toContain(grace.name);
    // A reload the browser makes whole, a visitor with another cookie, or a form post: rendered afresh.
    expect((await page(ada.client, LISTING, WHOLE)).html).toContain(after);
    expect((await page(ada.client, LISTING, { Cookie: `${[...ada.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ")}; _ga=GA1.1.1.1` })).html).toContain(after);
    expect((await page(ada.client, LISTING)).html).toContain(before);
    await ada.client.post("/contact", {});
    expect((await page(grace.client, LISTING)).html).toContain(after);
  });

  it("renders, for each visitor, a page whose own content holds the stand-ins' characters", async () => {
    const visitor = await signUp("Dorothy Vaughan");
    const shape = { id: "", name: "", email: "", phone: null, role: "user", emailVerified: true } as const;
    const planted = `Annex ${standIn(1, shape).user.email} studio ${standIn(2, shape).user.name}`;
    await app.db.updateTable("home_listings").set({ title: planted }).where("id", "=", "h-annex-studio").execute();
    await visitor.client.post("/contact", {});
    for (let i = 0; i < 2; i++) {
      const { html } = await page(visitor.client, LISTING);
      expect(html).toContain(planted);
      expect(withoutNonce(html)).toBe(withoutNonce((await page(visitor.client, LISTING, WHOLE)).html));
    }
  });

  it("renders for each visitor a page whose loader asks who is signed in, and a name changed shows at once", async () => {
    const visitor = await signUp("Katherine Johnson");
    // The log-in page sends a signed-in visitor on: it asks for the session, so it is never made for anyone.
    for (let i = 0; i < 2; i++) expect((await page(visitor.client, "/auth/login")).res.status).toBe(302);
    expect((await page(visitor.client, "/")).html).toContain("Katherine Johnson");
    await app.db.updateTable("user").set({ name: "Katherine G. Johnson" }).where("email", "=", visitor.email).execute();
    const renamed = await page(visitor.client, "/");
    expect(renamed.html).toContain("Katherine G. Johnson");
    expect(renamed.html).toContain('aria-label="KG, account menu for Katherine G. Johnson"');
  });
});

describe("personal pages, rendered again only when their data changed", () => {
  // app/lib/http/rendered-pages.server.ts. A kept page is told from a render by its answer's
  // policy: kept bytes carry the nonce of the render that made them, so their scripts are
  // allowed by hash, and the answer's policy has no nonce.
  const app = listingServer({ PAGE_CACHE_SECONDS: "600" });
  const { signUp, page } = signedInVisitors(app, "kept");
  const policy = (res: Response) => res.headers.get("content-security-policy") ?? "";
  const rendered = ({ res, html }: { res: Response; html: string }) => {
    const nonce = /'nonce-([^']+)'/.exec(policy(res))?.[1];
    return nonce !== undefined && html.includes(` nonce="${nonce}"`);
  };

  it("keeps My Account once two renders agree, and sends the same page with its scripts allowed by hash", async () => {
    const visitor = await signUp("Mary Jackson");
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await page(visitor.client, "/account"));
    // Rendered twice (signUp's arrival took the welcome toast's cookie: never kept), then kept.
    expect(answers.map(rendered)).toEqual([true, true, false, false]);
    for (const answer of answers) {
      expect(answer.res.status).toBe(200);
      expect(answer.res.headers.get("cache-control")).toBe("private, no-store");
      expect(withoutNonce(answer.html)).toBe(withoutNonce(answers[0]!.html));
    }
    const kept = answers[3]!;
    expect(kept.html).toContain("Mary Jackson");
    expect(policy(kept.res)).not.toContain("'nonce-");
    const scripts = inlineScripts(kept.html);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(policy(kept.res)).toContain(sha256(script));
  });

  it("shows a change at once, whoever made it: the page's data is its key", async () => {
    const visitor = await signUp("Dorothy Height");
    for (let i = 0; i < 3; i++) await page(visitor.client, "/account");
    expect(rendered(await page(visitor.client, "/account"))).toBe(false);
    // Behind the app's back, as another process would.
    await app.db.updateTable("user").set({ name: "Dorothy I. Height" }).where("email", "=", visitor.email).execute();
    const renamed = await page(visitor.client, "/account");
    expect(rendered(renamed)).toBe(true);
    expect(renamed.html).toContain("Dorothy I. Height");
  });

  it("never gives one person's page to another", async () => {
    const [ada, grace] = [await signUp("Ada Byron"), await signUp("Grace Brewster")];
    for (let i = 0; i < 4; i++) {
      for (const [me, other] of [[ada, grace], [grace, ada]] as const) {
        for (const path of ["/account", "/account/bookings"]) {
          const { html } = await page(me.client, path);
          expect(html).toContain(me.email);
          expect(html).not.toContain(other.email);
          expect(html).not.toContain(other.name);
        }
      }
    }
  });

  it("gives each answer of a kept page with a request form its own one-time token", async () => {
    const visitor = await signUp("Annie Easley");
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await page(visitor.client, "/homes/new"));
    const tokens = answers.map(({ html }) => [...html.matchAll(/name="formToken" value="([^"]+)"/g)].map((m) => m[1]));
    expect(tokens[0]!.length).toBeGreaterThan(0);
    expect(answers.slice(2).some((answer) => !rendered(answer))).toBe(true);
    expect(new Set(tokens.flat()).size).toBe(tokens.flat().length);
    for (const answer of answers) expect(withoutNonce(answer.html)).toBe(withoutNonce(answers[0]!.html));
  });

  it("sends a kept page compressed as the browser asks, and a page no one has seen rendered", async () => {
    const visitor = await signUp("Evelyn Boyd");
    const cookie = [...visitor.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const bytes = async (encoding: string) => {
      const res = await new Promise<http.IncomingMessage & { body: Buffer }>((resolve, reject) => {
        http
          .get(`${app.server.url}/account/bookings`, { headers: { Cookie: cookie, "Accept-Encoding": encoding } }, (r) => {
            const chunks: Buffer[] = [];
            r.on("data", (c: Buffer) => chunks.push(c));
            r.on("end", () => resolve(Object.assign(r, { body: Buffer.concat(chunks) })));
          })
          .on("error", reject);
      });
      const plain = res.headers["content-encoding"] === "br" ? brotliDecompressSync(res.body) : res.headers["content-encoding"] === "gzip" ? gunzipSync(res.body) : res.body;
      return { encoding: res.headers["content-encoding"], vary: String(res.headers.vary), html: plain.toString("utf8"), kept: !String(res.headers["content-security-policy"]).includes("'nonce-") };
    };
    const answers = [];
    for (const encoding of ["gzip, deflate, br, zstd", "gzip, deflate, br, zstd", "gzip, deflate, br, zstd", "gzip", "identity"]) answers.push(await bytes(encoding));
    expect(answers.map((a) => a.kept)).toEqual([false, false, true, true, true]);
    expect(answers.map((a) => a.encoding)).toEqual(["br", "br", "br", "gzip", undefined]);
    for (const answer of answers) {
      expect(answer.vary).toContain("Accept-Encoding");
      expect(withoutNonce(answer.html)).toBe(withoutNonce(answers[0]!.html));
    }
  });
});
