import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { HttpClient } from "../support/http-client";
import { insertProvider } from "../support/providers";

/**
 * Issue 30: what outside validators (Nu HTML Checker, axe, a search-engine crawl) found, checked
 * over the real server's HTML: every page of the sitemap names itself (canonical) and its
 * versions (reciprocal hreflang), its structured data parses and has what its type needs, and
 * the markup defects they reported stay gone.
 */
const SITE = "http://gta.example";
const ADMIN = { email: "admin.validators@example.test", password: "correct horse battery staple 30" };

type Head = { canonical: string | null; alternates: Map<string, string>; ogLocale: string | null; ogAlternates: string[]; lang: string | null; robots: string | null; ld: Record<string, unknown>[] };

const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`, "i"))?.[1] ?? null;
const unescape = (s: string) => s.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;/g, "'");

/** What a page's <head> says about it. */
function headOf(html: string): Head {
  const head = html.split("</head>")[0]!;
  const links = [...head.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]);
  const metas = [...head.matchAll(/<meta\b[^>]*>/g)].map((m) => m[0]);
  const canonicals = links.filter((l) => attr(l, "rel") === "canonical");
  expect(canonicals.length, "one canonical at most").toBeLessThanOrEqual(1);
  const alternates = new Map<string, string>();
  for (const l of links.filter((l) => attr(l, "rel") === "alternate" && attr(l, "hrefLang"))) {
    const lang = attr(l, "hrefLang")!;
    expect(alternates.has(lang), `hreflang ${lang} once`).toBe(false);
    alternates.set(lang, unescape(attr(l, "href")!));
  }
  const meta = (property: string) => metas.filter((m) => attr(m, "property") === property || attr(m, "name") === property).map((m) => unescape(attr(m, "content") ?? ""));
  return {
    canonical: canonicals[0] ? unescape(attr(canonicals[0], "href")!) : null,
    alternates,
    ogLocale: meta("og:locale")[0] ?? null,
    ogAlternates: meta("og:locale:alternate"),
    lang: html.match(/<html lang="([^"]+)"/)?.[1] ?? null,
    robots: meta("robots")[0] ?? null,
    ld: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>),
  };
}

const OG: Record<string, string> = { "en-US": "en_US", es: "es_ES", "fr-CA": "fr_CA", "pt-BR": "pt_BR" };
const PREFIX: Record<string, string> = { es: "/es", "fr-CA": "/fr", "pt-BR": "/pt" };

/** What schema.org (and search engines' rich results) need of each type we publish. */
function checkStructuredData(ld: Record<string, unknown>, canonical: string) {
  expect(ld["@context"]).toBe("https://schema.org");
  const type = ld["@type"] as string;
  const has = (...keys: string[]) => {
    for (const key of keys) expect(ld[key], `${type}.${key}`).toBeTruthy();
  };
  // The structured data's address of the page is the page's own, in its language space.
  expect(ld.url, `${type}.url`).toBe(canonical);
  switch (type) {
    case "LocalBusiness":
      has("name", "address", "areaServed");
      // The locality only when the provider named an area (providers/structured-data.ts).
      expect(ld.address).toMatchObject({ "@type": "PostalAddress", addressRegion: "ON", addressCountry: "CA" });
      // The areas the provider named, or none named: the GTA the marketplace serves.
      if (Array.isArray(ld.areaServed)) expect(ld.areaServed.length).toBeGreaterThan(0);
      else expect(ld.areaServed).toEqual({ "@type": "AdministrativeArea", name: "Greater Toronto Area" });
      break;
    case "Service":
      has("name", "provider", "areaServed");
      break;
    case "RealEstateListing":
      has("name", "offers", "mainEntity");
      expect(ld.offers).toMatchObject({ "@type": "Offer", price: expect.any(Number), priceCurrency: "CAD" });
      break;
    case "Organization":
      has("name");
      break;
    case "WebSite":
      has("name", "publisher", "potentialAction");
      expect(ld.potentialAction).toMatchObject({ "@type": "SearchAction", "query-input": "required name=search_term_string" });
      break;
    default:
      throw new Error(`unexpected structured data type ${type}`);
  }
  if (ld.aggregateRating) {
    expect(ld.aggregateRating).toMatchObject({ "@type": "AggregateRating", ratingValue: expect.any(Number), reviewCount: expect.any(Number) });
    for (const r of ld.review as Record<string, unknown>[]) {
      expect(r).toMatchObject({ "@type": "Review", author: { name: expect.any(String) }, reviewRating: { ratingValue: expect.any(Number) } });
    }
  }
}

describe.each(DIALECTS)("outside validators' findings on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  let providerId: string;
  const visitor = () => new HttpClient(server.url);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startAppServer({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, PUBLIC_URL: SITE, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    // A live provider, so the sitemap and its profile page are checked too.
    const { db, close } = connect(database.url);
    try {
      const admin = await db.selectFrom("user").select("id").where("email", "=", ADMIN.email).executeTakeFirstOrThrow();
      providerId = await insertProvider(db, admin.id, { name: "Validators' Plumbing", bio: "Leaks and taps.", services: ["plumbing"], areas: ["Etobicoke", "Mississauga"] });
    } finally {
      await close();
    }
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("lists every page with its last change, provider profiles included", async () => {
    const xml = await (await visitor().get("/sitemap.xml")).text();
    const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThan(100);
    for (const u of urls) expect(u).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    expect(xml).toContain(`<loc>${SITE}/fr/providers/${providerId}</loc>`);
    // The unprefixed URL follows the visitor's language: it is x-default, not en-US.
    expect(xml).not.toContain('hreflang="en-US"');
  });

  it("every page of the sitemap names itself (canonical), its versions both ways (hreflang), its language, and well-formed structured data", async () => {
    const xml = await (await visitor().get("/sitemap.xml")).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => unescape(m[1]!));
    const heads = new Map<string, Head>();
    // A few at a time: the box is shared.
    for (let i = 0; i < locs.length; i += 6) {
      await Promise.all(
        locs.slice(i, i + 6).map(async (loc) => {
          const res = await visitor().get(loc.slice(SITE.length) || "/");
          expect(res.status, loc).toBe(200);
          heads.set(loc, headOf(await res.text()));
        }),
      );
    }
    const types = new Set<string>();
    for (const [loc, head] of heads) {
      expect(head.canonical, loc).toBe(loc);
      expect(head.robots ?? "", loc).not.toMatch(/noindex/);
      expect([...head.alternates.keys()].sort(), loc).toEqual(["es", "fr-CA", "pt-BR", "x-default"]);
      // Reciprocal: each version names this page back, with the same set.
      for (const [lang, href] of head.alternates) {
        const other = heads.get(href);
        expect(other, `${loc} → ${lang} ${href} is in the sitemap`).toBeDefined();
        expect(other!.alternates, `${href} names the same versions as ${loc}`).toEqual(head.alternates);
        if (lang !== "x-default") expect(href.startsWith(`${SITE}${PREFIX[lang]}`), href).toBe(true);
      }
      expect([...head.alternates.values()]).toContain(loc);
      expect(head.ogLocale, loc).toBe(OG[head.lang!]);
      expect(head.ogAlternates.sort(), loc).toEqual(Object.values(OG).filter((o) => o !== head.ogLocale).sort());
      for (const ld of head.ld) {
        checkStructuredData(ld, loc);
        types.add(ld["@type"] as string);
      }
    }
    expect([...types].sort()).toEqual(["LocalBusiness", "Organization", "RealEstateListing", "Service", "WebSite"]);
    // The Portuguese profile's structured data is in the Portuguese space, with where it works.
    const business = heads.get(`${SITE}/pt/providers/${providerId}`)!.ld.find((j) => j["@type"] === "LocalBusiness")!;
    expect(business).toMatchObject({
      url: `${SITE}/pt/providers/${providerId}`,
      address: { addressLocality: "Etobicoke", addressRegion: "ON", addressCountry: "CA" },
      areaServed: [{ "@type": "Place", name: "Etobicoke" }, { "@type": "Place", name: "Mississauga" }],
    });
    // /reviews: the marketplace's rating and the reviews on the page.
    const reviews = heads.get(`${SITE}/es/reviews`)!.ld.find((j) => j["@type"] === "Organization")!;
    expect(reviews.aggregateRating).toMatchObject({ reviewCount: expect.any(Number) });
    expect((reviews.review as unknown[]).length).toBeGreaterThan(0);
  }, 180_000);

  it.each([
    ["/homes?q=Toronto", `${SITE}/homes`],
    ["/fr/homes?q=Toronto&sort=price-asc", `${SITE}/fr/homes`],
    ["/es/services?q=dj", `${SITE}/es/services`],
    ["/cars-rental", `${SITE}/cars`],
    ["/pt/cars-rental", `${SITE}/pt/cars`],
    ["/signup", `${SITE}/auth/signup`],
    ["/fr/signup", `${SITE}/fr/auth/signup`],
  ])("%s names %s as the page to index, and that page's versions", async (path, canonical) => {
    const head = headOf(await (await visitor().get(path)).text());
    expect(head.canonical).toBe(canonical);
    const bare = new URL(canonical).pathname.replace(/^\/(es|fr|pt)(?=\/|$)/, "");
    expect(head.alternates.get("x-default")).toBe(`${SITE}${bare}`);
    expect(head.alternates.get("fr-CA")).toBe(`${SITE}/fr${bare}`);
  });

  it("an unprefixed page in the visitor's language says so: x-default, Vary, its og:locale; the page store never mixes languages", async () => {
    const ask = (acceptLanguage?: string) => fetch(`${server.url}/about`, { headers: acceptLanguage ? { "Accept-Language": acceptLanguage } : {} });
    for (let round = 0; round < 2; round++) {
      // Twice: the second round comes from the page store.
      const french = await ask("fr-CA,fr;q=0.9");
      expect(french.headers.get("vary")).toMatch(/Accept-Language/);
      const fr = headOf(await french.text());
      expect([fr.lang, fr.ogLocale, fr.canonical]).toEqual(["fr-CA", "fr_CA", `${SITE}/about`]);
      const english = headOf(await (await ask()).text());
      expect([english.lang, english.ogLocale, english.canonical]).toEqual(["en-US", "en_US", `${SITE}/about`]);
      const spanish = headOf(await (await ask("es-MX")).text());
      expect([spanish.lang, spanish.ogLocale]).toEqual(["es", "es_ES"]);
    }
  });

  describe("markup the Nu HTML Checker and axe flagged", () => {
    it("the search box is a text input with the combobox role, inside a search landmark", async () => {
      for (const path of ["/services", "/homes", "/fr/homes?q=Toronto"]) {
        const html = await (await visitor().get(path)).text();
        const input = html.match(/<input\b[^>]*name="q"[^>]*>/)?.[0] ?? "";
        expect(input, path).toContain('type="text"');
        expect(input).toContain('role="combobox"');
        expect(input).toContain('aria-expanded="false"');
        expect(input).toContain('aria-autocomplete="list"');
        expect(html).toMatch(/<form[^>]*role="search"/);
        expect(html).not.toMatch(/<input\b[^>]*type="search"[^>]*role="combobox"/);
      }
    });

    it("no one-line input asks for a multi-line street address", async () => {
      for (const path of ["/cars/request?type=airport-transfer", "/cars/request?type=personal-ride", "/become-a-provider"]) {
        const html = await (await visitor().get(path)).text();
        expect(html, path).not.toContain('autoComplete="street-address"');
        expect(html, path).not.toContain('autocomplete="street-address"');
      }
      expect(await (await visitor().get("/cars/request?type=airport-transfer")).text()).toMatch(/<input[^>]*name="address"[^>]*autoComplete="address-line1"|<input[^>]*autoComplete="address-line1"[^>]*name="address"/);
    });

    it("a listing's price and host are part of the listing, not an <aside> in <main>", async () => {
      const html = await (await visitor().get("/homes/h-annex-studio")).text();
      expect(html).toContain("Request to Rent");
      expect(html).not.toContain("<aside");
    });

    it("the account button's name starts with the initials it shows; a back-office page's first heading is its <h1>", async () => {
      const admin = visitor();
      expect((await admin.post("/auth/login", { email: ADMIN.email, password: ADMIN.password })).status).toBe(302);
      const home = await (await admin.get("/")).text();
      const button = home.match(/<button\b[^>]*data-account-menu[^>]*>([^<]*)<\/button>/);
      expect(button).not.toBeNull();
      const initials = button![1]!;
      expect(initials).toMatch(/^[A-Z?]{1,2}$/);
      expect(attr(button![0], "aria-label")).toMatch(new RegExp(`^${initials}, account menu for `));
      for (const path of ["/admin", "/admin/requests", "/fr/admin/providers"]) {
        const main = (await (await admin.get(path)).text()).split('<main id="main"')[1]!;
        expect(main.match(/<h[1-6]\b/)?.[0], path).toBe("<h1");
      }
    });
  });
});
