import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { pageHtml } from "../support/html";
import { HttpClient, linkIn } from "../support/http-client";
import { SmtpSink } from "../support/smtp-sink";

/**
 * Each language's own URL space (issue 15 item 3, ADR 13): /es, /fr and /pt pages in their
 * language whatever the cookie says, links and redirects that stay in the space, the picker
 * moving between spaces, hreflang alternates, the sitemap and robots.txt, and emails whose
 * links open in the customer's language.
 */
/** The site's public address (links in pages, emails and the sitemap are built on it). */
const SITE = "http://gta.example";

describe("language URLs", () => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    await sink.start(0);
    server = await startAppServer({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, SMTP_URL: sink.url, OPERATOR_EMAIL: "operator@example.test", PUBLIC_URL: SITE });
  });
  afterAll(async () => {
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  const visitor = () => new HttpClient(server.url);

  it.each([
    ["/fr/services", "fr-CA", "Services"],
    ["/fr", "fr-CA", ""],
    ["/es/services/handyman", "es", ""],
    ["/pt/homes", "pt-BR", ""],
    ["/services", "en-US", "Services"],
  ])("%s is in %s, its links stay in its space, and it names every language's version", async (path, lang) => {
    const res = await visitor().get(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(new RegExp(`<html lang="${lang}"`));
    const bare = path.replace(/^\/(es|fr|pt)(?=\/|$)/, "") || "/";
    const prefix = path.match(/^\/(es|fr|pt)(?=\/|$)/)?.[0] ?? "";
    for (const [code, p] of [["es", "/es"], ["fr-CA", "/fr"], ["pt-BR", "/pt"]] as const) {
      const href = `${SITE}${bare === "/" ? p : p + bare}`;
      expect(html).toContain(`<link rel="alternate" hrefLang="${code}" href="${href}"/>`);
    }
    // The unprefixed URL follows the visitor's language (cookie, Accept-Language): it is the
    // x-default, and claims no language of its own (issue 30).
    expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="${SITE}${bare}"/>`);
    expect(html).not.toContain('hrefLang="en-US"');
    expect(html).toContain(`<link rel="canonical" href="${SITE}${prefix ? (bare === "/" ? prefix : prefix + bare) : bare}"/>`);
    // The header's links and the language picker's form stay in the page's space.
    expect(html).toContain(`href="${prefix}/homes"`);
    expect(html).toContain(`action="${prefix}/set-locale"`);
  });

  it("describes the marketplace to search engines on the home page: its organization and its search, in the page's space", async () => {
    for (const [path, lang, prefix] of [["/", "en-US", ""], ["/fr", "fr-CA", "/fr"]] as const) {
      const html = await (await visitor().get(path)).text();
      const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
      expect(ld.find((n) => n["@type"] === "WebSite")).toMatchObject({
        url: `${SITE}${prefix || "/"}`,
        publisher: { "@type": "Organization", name: "GTA Connect", url: `${SITE}/`, logo: `${SITE}/images/logo.svg` },
        inLanguage: lang,
        potentialAction: { "@type": "SearchAction", target: { urlTemplate: `${SITE}${prefix}/search?type={search_term_string}` }, "query-input": "required name=search_term_string" },
      });
    }
    // The search it names answers with results for a term.
    const found = await (await visitor().get("/search?type=plumb")).text();
    expect(found).toMatch(/Plumbing/);
  });

  it("shows the prefix's language whatever the remembered choice", async () => {
    const french = await fetch(`${server.url}/fr/about`, { headers: { Cookie: "lang=es" } });
    expect(await french.text()).toMatch(/<html lang="fr-CA"/);
    const remembered = await fetch(`${server.url}/about`, { headers: { Cookie: "lang=es" } });
    expect(await remembered.text()).toMatch(/<html lang="es"/);
  });

  it("keeps log-in redirects in the space, without the prefix twice", async () => {
    const res = await visitor().get("/fr/account/bookings");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/fr/auth/login?redirectTo=%2Faccount%2Fbookings");
    expect((await visitor().get("/fr/nowhere")).status).toBe(404);
  });

  it("moves the picker's visitor to the same page in the chosen language's space", async () => {
    const from = (path: string, locale: string, returnTo: string) => visitor().post(path, { locale, returnTo });
    expect((await from("/fr/set-locale", "es", "/services?q=dj")).headers.get("location")).toBe(`${SITE}/es/services?q=dj`);
    expect((await from("/es/set-locale", "en-US", "/homes")).headers.get("location")).toBe(`${SITE}/homes`);
    expect((await from("/pt/set-locale", "fr-CA", "/")).headers.get("location")).toBe(`${SITE}/fr`);
    // From an unprefixed page the choice is remembered and the URL stays as it was.
    const plain = await from("/set-locale", "fr-CA", "/homes");
    expect(plain.headers.get("location")).toBe("/homes");
    expect(plain.headers.getSetCookie().join(";")).toContain("lang=fr-CA");
  });

  it("lists every public page in each language in the sitemap, and points robots at it", async () => {
    const res = await visitor().get("/sitemap.xml");
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    for (const p of ["", "/es", "/fr", "/pt"]) {
      expect(xml).toContain(`<loc>${SITE}${p}/services/handyman</loc>`);
      expect(xml).toContain(`<loc>${SITE}${p}/homes/h-annex-studio</loc>`);
      expect(xml).toContain(`<loc>${SITE}${p}/legal/privacy</loc>`);
    }
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="fr-CA" href="${SITE}/fr/about"/>`);
    expect(xml).not.toMatch(/\/admin|\/account|\/requests\//);
    const robots = await (await visitor().get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(robots).toContain("Disallow: /fr/admin");
  });

  it("sends a customer who wrote in French a status link in the French space", async () => {
    const res = await visitor().post("/fr/contact", { name: "Zoé", email: "zoe@example.com", subject: "Bonjour", message: "Une question sur les déménagements." });
    expect(res.status).toBeLessThan(400);
    const mail = await sink.waitFor((m) => m.to.includes("zoe@example.com"));
    expect(linkIn(mail.text, "/fr/requests/")).toMatch(/\/fr\/requests\/[\w-]{20,}$/);
    // And the page it opens is in French.
    const status = await visitor().get(new URL(linkIn(mail.text, "/fr/requests/")).pathname);
    expect(await pageHtml(status)).toMatch(/<html lang="fr-CA"/);
  });

  // Issue 15 item 4: the homes pages write their prices, counts and dates in the reader's
  // language; they are formatted by the loader (the pages' scripts have no room for formatters).
  it.each([
    ["/homes", "$2,450 / month", "$180 / night"],
    ["/fr/homes", "2\u00a0450\u00a0$ / mois", "180\u00a0$ / nuit"],
    ["/es/homes", "2450\u00a0$ / mes", "180\u00a0$ / noche"],
    ["/pt/homes", "$\u00a02.450 / mês", "$\u00a0180 / noite"],
  ])("%s writes Canadian dollars the reader's way: %s", async (path, monthly, nightly) => {
    const html = await pageHtml(await visitor().get(path));
    expect(html).toContain(monthly);
    expect(html).toContain(nightly);
  });

  it("writes a listing's price and date of availability in the page's language", async () => {
    const french = await pageHtml(await visitor().get("/fr/homes/h-liberty-village-1br"));
    expect(french).toContain("2\u00a0450\u00a0$ / mois");
    expect(french).not.toMatch(/December|\$2,450/);
    // Available from 1 December 2026: written as a French date until then.
    if (new Date().toISOString().slice(0, 10) < "2026-12-01") expect(french).toContain("1 décembre 2026");
    const portuguese = await pageHtml(await visitor().get("/pt/homes/h-liberty-village-1br"));
    expect(portuguese).toContain("$\u00a02.450 / mês");
  });

  it.each([
    ["/es", "1 a 3 días hábiles"],
    ["/fr", "1 à 3 jours ouvrables"],
    ["/pt", "1 a 3 dias úteis"],
  ])("%s/provider-signup says how long a review takes in its language", async (prefix, time) => {
    const html = await pageHtml(await visitor().get(`${prefix}/provider-signup`));
    expect(html).toContain(time);
    expect(html).not.toContain("business days");
  });

  it("keeps the error page's way home in the page's space", async () => {
    const res = await visitor().get("/fr/providers/no-such-provider");
    expect(res.status).toBe(404);
    const main = (await pageHtml(res)).match(/<main[\s\S]*<\/main>/)?.[0] ?? "";
    expect(main).toContain('href="/fr"');
    expect(main).not.toContain('href="/"');
  });
});

// Issue 15 item 6: the pseudo-locale exists only for the tests that ask for it.
describe("the pseudo-locale", () => {
  let database: TestDatabase;
  let withFlag: AppServer;
  let withoutFlag: AppServer;
  const pseudo = { headers: { Cookie: "lang=en-XA" } };
  const heroOf = async (res: Response) => (await pageHtml(res)).match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1] ?? "";

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    withFlag = await startAppServer({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, PSEUDO_LOCALE: "1" });
    withoutFlag = await startAppServer({ DATABASE_URL: database.url, DATA_DIR: `${database.dataDir}/second` });
  });
  afterAll(async () => {
    await withFlag?.stop();
    await withoutFlag?.stop();
    await database?.drop();
  });

  it("accents English for the en-XA cookie when the server runs with PSEUDO_LOCALE=1", async () => {
    const hero = await heroOf(await fetch(`${withFlag.url}/`, pseudo));
    expect(hero).toContain("Šéŕṽíçéš, çáŕš &amp; ĥóɱéš");
    const html = await (await fetch(`${withFlag.url}/`, pseudo)).text();
    expect(html).toMatch(/<html lang="en-US"/);
    // Never offered: not among the alternates.
    expect(html).not.toContain("en-XA");
  });

  it("is plain English without the flag, for a cookie-less visitor, and in a language's own space", async () => {
    expect(await heroOf(await fetch(`${withoutFlag.url}/`, pseudo))).toContain("Services, cars &amp; homes");
    expect(await heroOf(await fetch(`${withFlag.url}/`))).toContain("Services, cars &amp; homes");
    expect(await heroOf(await fetch(`${withFlag.url}/fr`, pseudo))).toContain("Services, voitures et logements");
  });
});
