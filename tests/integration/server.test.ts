import { spawnSync } from "node:child_process";
import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { bareKeysIn, pageHtml } from "../support/html";
import { en } from "~/lib/i18n/messages/en";
import { PACKED_SEPARATOR } from "~/lib/i18n/packed-messages";

/** Every page of the foundation, and what its server-rendered HTML must already contain. */
const PAGES: [path: string, texts: string[]][] = [
  [
    "/",
    [
      "Services, cars &amp; homes",
      "connected with confidence",
      "Partner Ads",
      "Explore Popular Services",
      "More Services",
    ],
  ],
  ["/about", ["Why GTA Connect?", "How It Works", "Browse Services", "Request a Booking", "We Connect You"]],
  ["/contact", ["Send a message", 'name="subject"', 'name="message"']],
  ["/request-success", ["Your Request", "We have received your request and will be in touch shortly."]],
  ["/legal", ["Terms of Use", "Privacy Policy", "Reviews Policy", "Provider Guidelines"]],
  ["/legal/terms", ["Effective September 25, 2025", "not legal advice", "Ontario, Canada"]],
  ["/legal/privacy", ["password hash", "verification documents"]],
  ["/legal/reviews-policy", ["Effective September 25, 2025"]],
  ["/legal/provider-guidelines", ["1–3 business days"]],
  ["/services", ["Handyman Services", "Looking for something else?"]],
  ["/homes", ["List Your Property"]],
  ["/reviews", ["Community Reviews", "Sarah M.", "Rated 5 out of 5 stars", "/legal/reviews-policy"]],
  ["/cars", ["Chauffeur (Hourly)", "Contact a Chauffeur"]],
  ["/search", ["Find a Service"]],
  ["/request", ["A service", "A home"]],
];

describe.each(DIALECTS)("production server on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startAppServer({ DATABASE_URL: database.url, DATA_DIR: database.dataDir });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("answers /healthz when the database answers", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it.each(PAGES)("renders %s on the server with its content, title and description", async (path, texts) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(200);
    const html = await pageHtml(res);
    for (const text of texts) expect(html).toContain(text);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toContain("Service Area: Toronto &amp; GTA, CA");
    expect(html).toContain(`© ${new Date().getFullYear()} GTA Connect`);
  });

  it("sends each page the texts of its own namespaces only, and shows no bare catalogue key", async () => {
    const keys = Object.keys(en);
    for (const [path] of PAGES) {
      const raw = await (await fetch(`${server.url}${path}`)).text();
      expect(bareKeysIn(raw, keys), path).toEqual([]);
      // The hydration data holds the page's namespaces, not the whole catalogue (packed: a key
      // is between separators, or first after the string's quote).
      const sent = keys.filter((key) => raw.includes(`${PACKED_SEPARATOR}${key}${PACKED_SEPARATOR}`) || raw.includes(`\\"${key}${PACKED_SEPARATOR}`));
      expect(sent.length, path).toBeGreaterThan(20);
      expect(sent.length, path).toBeLessThan(keys.length / 2);
    }
  });

  it("answers 404 with the Page Not Found screen for unknown paths", async () => {
    for (const path of ["/no-such-page", "/services/x/y/z", "/legal/cookies"]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await pageHtml(res)).toContain("Page Not Found");
    }
  });

  it("sends security headers and a script nonce on a rendered page, script hashes on a stored one", async () => {
    // A cookie: the page is rendered for this response, its inline scripts carry its nonce.
    const res = await fetch(`${server.url}/`, { headers: { Cookie: "theme=dark" } });
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    // Issue 30: X-Frame-Options says what frame-ancestors says, and powerful features are off.
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("permissions-policy")).toMatch(/(^|, )camera=\(\)(,|$)/);
    expect(res.headers.get("permissions-policy")).toContain("geolocation=()");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-powered-by")).toBeNull();
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    // Inline scripts carry the nonce (raw HTML on purpose: the scripts are what is checked).
    expect(await res.text()).toContain(`<script nonce="${nonce}"`);

    // No cookie: the page store's bytes, the same for everyone, allowed by hash (ADR 23;
    // page-cache.test.ts checks the hashes against the scripts).
    await fetch(`${server.url}/`);
    const stored = await fetch(`${server.url}/`);
    const storedCsp = stored.headers.get("content-security-policy") ?? "";
    expect(storedCsp).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
    expect(storedCsp).not.toContain("'nonce-");
    expect(storedCsp).toContain("frame-ancestors 'none'");
    expect(stored.headers.get("x-frame-options")).toBe("DENY");
  });

  it("asks for the page's stylesheet in the head and its scripts only after the first paint", async () => {
    const html = await (await fetch(`${server.url}/services`)).text();
    const [head, body] = html.split("</head>") as [string, string];
    expect(head).toMatch(/<link[^>]*rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"/);
    expect(head).not.toContain("modulepreload");
    const bootstrap = body.match(/<script nonce="[^"]+" type="module" async="">([\s\S]*?)<\/script>/)?.[1] ?? "";
    expect(bootstrap).toMatch(/^\(\(start\) => document\.visibilityState === "hidden" \? start\(\) : requestAnimationFrame/);
    // Every module at once (framework and route modules alike), the entry last.
    const imports = [...bootstrap.matchAll(/import\("([^"]+)"\)/g)].map((m) => m[1]!);
    expect(imports.length).toBeGreaterThan(4);
    expect(imports.at(-1)).toMatch(/\/assets\/entry\.client-[\w-]+\.js$/);
    expect(imports.some((u) => /\/assets\/framework-[\w-]+\.js$/.test(u))).toBe(true);
    expect(bootstrap).not.toMatch(/^\s*import\s/m);
  });

  it("names public/'s pictures with the build's version, cached a year; a plain address is revalidated (issue 51)", async () => {
    // Every picture and the favicon a page names carries ?v=: the logo and favicon (every page),
    // the home page's cards and partner ads, the catalogue's pictures, a seeded listing's
    // photos and its landlord's avatar.
    const homes = await (await fetch(`${server.url}/homes`)).text();
    const listing = homes.match(/href="(\/homes\/(?!new")[^"/?#]+)"/)?.[1];
    expect(listing).toBeTruthy();
    const named = new Set<string>();
    for (const path of ["/", "/services", "/services/handyman", "/request", listing!]) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      for (const m of html.matchAll(/(?:src|href)="(\/(?:images\/|favicon\.svg)[^"]*)"/g)) named.add(m[1]!);
    }
    const list = [...named];
    expect(list.filter((u) => !/\?v=[0-9a-f]{10}$/.test(u)), "named without a version").toEqual([]);
    for (const kind of ["/images/logo.svg", "/favicon.svg", "/images/ads/", "/images/services/", "/images/homes/", "/images/avatars/"]) {
      expect(list.some((u) => u.startsWith(kind)), kind).toBe(true);
    }
    // One version for the whole build: every address names the same.
    expect(new Set(list.map((u) => u.split("?v=")[1])).size).toBe(1);
    const logo = list.find((u) => u.startsWith("/images/logo.svg"))!;
    const versioned = await fetch(`${server.url}${logo}`);
    expect(versioned.status).toBe(200);
    expect(versioned.headers.get("content-type")).toContain("image/svg+xml");
    expect(versioned.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // The address emails and JSON-LD give (no version), and an older page's version, still
    // answer, but each use asks again (an ETag, 304 when unchanged): the file may change.
    for (const plain of ["/images/logo.svg", "/images/logo.svg?v=0000000000"]) {
      const res = await fetch(`${server.url}${plain}`);
      expect(res.status, plain).toBe(200);
      expect(res.headers.get("cache-control"), plain).toBe("public, max-age=0, must-revalidate");
      const etag = res.headers.get("etag");
      expect(etag, plain).toBeTruthy();
      // As a browser revalidates (fetch() would add "no-cache", which asks for the body).
      const again = await fetch(`${server.url}${plain}`, { headers: { "If-None-Match": etag!, "Cache-Control": "max-age=0" } });
      expect(again.status, plain).toBe(304);
    }
  });

  it("serves fingerprinted assets with a long immutable cache and compresses pages", async () => {
    // Raw HTML: the page's scripts are named by its bootstrap script (imported after the first paint).
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const res = await fetch(`${server.url}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    // Page-only headers stay off scripts: each asset of a first visit would carry them.
    expect(res.headers.get("content-security-policy")).toBeNull();
    // Every script of the page worth compressing (compression() leaves those under 1 KB alone).
    const assets = [...new Set(html.match(/\/assets\/[^"]+\.js/g) ?? [])];
    let compressed = 0;
    for (const path of assets) {
      const raw = (
        await (
          await fetch(`${server.url}${path}`, { headers: { "Accept-Encoding": "identity" } })
        ).arrayBuffer()
      ).byteLength;
      const gzipped = await fetch(`${server.url}${path}`, { headers: { "Accept-Encoding": "gzip" } });
      if (raw >= 2048) {
        expect(gzipped.headers.get("content-encoding"), path).toBe("gzip");
        compressed++;
      }
    }
    expect(compressed).toBeGreaterThan(0);
    // Browsers that accept Brotli get the file compressed at build, which is the same script
    // in fewer bytes than the gzip made as it is sent (node's fetch decodes both).
    const framework = assets.find((a) => a.includes("/framework-"))!;
    const viaHttp = (encoding: string) =>
      new Promise<{ encoding?: string; vary?: string; body: Buffer }>((resolve, reject) =>
        request(`${server.url}${framework}`, { headers: { "Accept-Encoding": encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({
              encoding: res.headers["content-encoding"],
              vary: res.headers.vary,
              body: Buffer.concat(chunks),
            }),
          );
        })
          .on("error", reject)
          .end(),
      );
    const [br, gzip, identity] = [
      await viaHttp("br, gzip"),
      await viaHttp("gzip"),
      await viaHttp("identity"),
    ];
    expect(br.encoding).toBe("br");
    expect(br.vary).toContain("Accept-Encoding");
    expect(gzip.encoding).toBe("gzip");
    expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true);
    expect(br.body.length).toBeLessThan(gzip.body.length);
    const page = await fetch(`${server.url}/about`, { headers: { "Accept-Encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
    // React Router's route manifest, fetched on client navigations (issue 51 item 5: it was sent
    // uncompressed, 1.5 KB and more for a few routes).
    const version = /"version":\s*"([^"]+)"/.exec(html)?.[1];
    expect(version).toBeTruthy();
    const manifest = await new Promise<{ status?: number; encoding?: string; body: Buffer }>((resolve, reject) =>
      request(`${server.url}/__manifest?paths=${encodeURIComponent("/services,/homes,/cars,/reviews,/about")}&version=${version}`, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode, encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
      })
        .on("error", reject)
        .end(),
    );
    expect(manifest.status).toBe(200);
    expect(manifest.encoding).toBe("gzip");
    expect(JSON.parse(gunzipSync(manifest.body).toString("utf8"))).toHaveProperty("root");
  });

  it("remembers the language choice in a cookie and returns to the page", async () => {
    const res = await fetch(`${server.url}/set-locale`, {
      method: "POST",
      body: new URLSearchParams({ locale: "fr-CA", returnTo: "/about" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/about");
    expect(res.headers.getSetCookie().join("\n")).toMatch(/lang=fr-CA;.*Max-Age=31536000/);
    const page = await pageHtml(await fetch(`${server.url}/about`, { headers: { Cookie: "lang=fr-CA" } }));
    expect(page).toContain("FR");
    // The page really is in Canadian French, and says so.
    expect(page).toContain('<html lang="fr-CA"');
    expect(page).toContain("Pourquoi GTA Connect?");
    const terms = await pageHtml(
      await fetch(`${server.url}/legal/terms`, { headers: { Cookie: "lang=fr-CA" } }),
    );
    expect(terms).toContain("Conditions d");
    expect(terms).toContain("la version anglaise prévaut");
    expect(terms).toContain("En vigueur le 25 septembre 2025");
    const services = await pageHtml(
      await fetch(`${server.url}/services/cleaning`, { headers: { Cookie: "lang=fr-CA" } }),
    );
    expect(services).toContain("<title>Services de ménage à Toronto et dans le GTA — GTA Connect</title>");
    expect(services).toContain("Nettoyage après rénovation");
    const bad = await fetch(`${server.url}/set-locale`, {
      method: "POST",
      body: new URLSearchParams({ locale: "xx", returnTo: "https://evil.example" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(bad.status).toBe(400);
  });

  it("seeded the spec's sample data exactly once", async () => {
    await server.stop();
    server = await startAppServer({ DATABASE_URL: database.url, DATA_DIR: database.dataDir });
    const { db, close } = connect(database.url);
    try {
      const n = async (
        table: "service_categories" | "provider_services" | "home_listings" | "community_reviews",
      ) =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect([await n("service_categories"), await n("provider_services"), await n("home_listings")]).toEqual(
        [7, 18, 12],
      );
      expect(await n("community_reviews")).toBeGreaterThan(0);
      const plumbing = await db
        .selectFrom("provider_services")
        .selectAll()
        .where("slug", "=", "plumbing")
        .executeTakeFirstOrThrow();
      expect(plumbing).toMatchObject({ requires_license: 1, license_type: "Trade/Plumber License" });
    } finally {
      await close();
    }
  });
});

describe("start-up", () => {
  it("stops with a message naming a bad variable", () => {
    const result = spawnSync(process.execPath, ["build/server/main.js"], {
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", PORT: "not-a-port", SMTP_URL: "http://x" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Invalid configuration");
    expect(result.stderr).toMatch(/PORT: /);
    expect(result.stderr).toMatch(/SMTP_URL: must start with smtp/);
  });

  it("shuts down gracefully on SIGTERM", async () => {
    const database = await createTestDatabase("sqlite");
    const server = await startAppServer({ DATABASE_URL: database.url, DATA_DIR: database.dataDir });
    server.child.kill("SIGTERM");
    const code = await new Promise<number | null>((resolve) => server.child.once("exit", (c) => resolve(c)));
    expect(code).toBe(0);
    expect(server.output()).toContain("SIGTERM");
  });
});
