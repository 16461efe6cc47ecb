import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { type CrawledPage, crawl } from "../support/crawl";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { HttpClient } from "../support/http-client";
import { requestForms } from "../support/request-forms";
import { hasJava, validateHtml as validate } from "../support/vnu";

/**
 * Issue 30: the whole site through tools nobody here wrote, or a crawler that does what they do.
 * A crawl from / and each language root (anonymous), then of the account and the back office
 * (signed in), over the real production server:
 * - the Nu HTML Checker (vnu.jar, Java) on every page it found, the 404 page in four languages and
 *   the HTML part of every email the run queued: 0 errors;
 * - 0 broken links or assets, 0 links leaving the reader's language space;
 * - every indexable page names its canonical page, which names itself and its versions both ways;
 *   a page that is not to be indexed (error, 404, query variants people make) says noindex and
 *   names no canonical.
 * Markup does not depend on the database, so this runs on SQLite only (the pages' data paths run
 * on both in their own suites).
 */
const ADMIN = { email: "admin.crawl@example.test", password: "correct horse battery staple 30" };
const LANGS = ["", "/es", "/fr", "/pt"] as const;
const lang = (p: string) => p.match(/^\/(es|fr|pt)(?=\/|\?|$)/)?.[0] ?? "";
/** A log-in or sign-up link's return path makes a new URL per page: one of them is the page. */
const key = (p: string) => p.replace(/([?&])redirectTo=[^&]*&?/, "$1").replace(/[?&]$/, "");
/** Not followed: log-out ends the crawl's session; downloads are not pages. */
const follow = (p: string) => !/\/auth\/logout|\/export\/|\/data\/export|calendar\.ics/.test(p);

type Head = { canonical: string | null; robots: string; alternates: Map<string, string> };
const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`, "i"))?.[1] ?? null;
const unescape = (s: string) => s.replace(/&amp;/g, "&");
function headOf(html: string): Head {
  const head = html.split("</head>")[0]!;
  const links = [...head.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]);
  const robots = [...head.matchAll(/<meta\b[^>]*>/g)].map((m) => m[0]).find((m) => attr(m, "name") === "robots");
  const canonical = links.find((l) => attr(l, "rel") === "canonical");
  return {
    canonical: canonical ? unescape(attr(canonical, "href")!) : null,
    robots: robots ? (attr(robots, "content") ?? "") : "",
    alternates: new Map(links.filter((l) => attr(l, "rel") === "alternate" && attr(l, "hrefLang")).map((l) => [attr(l, "hrefLang")!, unescape(attr(l, "href")!)])),
  };
}

describe("the whole site, crawled and validated", () => {
  let database: TestDatabase;
  let server: AppServer;
  let db: ReturnType<typeof connect>;
  const pages = new Map<string, CrawledPage>();
  const assets = new Map<string, CrawledPage>();
  const notFound: { label: string; html: string; status: number }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    server = await startAppServer({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      PUBLIC_URL: "http://gta.example",
      // The sample providers: their profiles are crawled and validated too.
      SAMPLE_PROVIDERS: "1",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMITS: "signUp=1000,forgotPassword=1000,confirmationsPerClient=1000,resendVerification=1000,writes=10000",
    });
    db = connect(database.url);
    // A customer with a request of every kind (a few in the other languages): their account
    // pages, the back office's request pages and the emails all have something to show.
    const customer = await signedInAccount(server.url, db.db, { email: "ada.crawl@example.com", name: "Ada Crawl" });
    for (const prefix of LANGS) {
      const forms = requestForms("ada.crawl@example.com").filter((f, i) => !prefix || f.kind === "contact-message" || i === 3 || f.path.includes("airport"));
      for (const form of forms) {
        const res = await customer.client.post(`${prefix}${form.path}`, form.fields);
        expect(res.status, `${prefix}${form.path}`).toBeLessThan(400);
      }
      // Account emails in this language: a sign-up's verification, a reset.
      const email = `reader${prefix.slice(1) || "en"}@example.com`;
      await new HttpClient(server.url).post(`${prefix}/signup`, { name: "Reader", email, password: "plum tree by the lake", adult: "on", terms: "on" });
      await new HttpClient(server.url).post(`${prefix}/auth/forgot`, { email });
    }

    const keep = (found: Awaited<ReturnType<typeof crawl>>) => {
      for (const [k, v] of found.pages) if (!pages.has(k)) pages.set(k, v);
      for (const [k, v] of found.assets) if (!assets.has(k)) assets.set(k, v);
    };
    keep(await crawl(new HttpClient(server.url), [...LANGS.map((l) => l || "/")], { key, follow }));
    const inside = (area: string) => (p: string) => follow(p) && new RegExp(`^(/(es|fr|pt))?/${area}(/|\\?|$)`).test(p);
    keep(await crawl(customer.client, LANGS.map((l) => `${l}/account`), { key, follow: inside("account") }));
    const admin = new HttpClient(server.url);
    expect((await admin.post("/auth/login", ADMIN)).status).toBe(302);
    keep(await crawl(admin, ["/", ...LANGS.map((l) => `${l}/admin`)], { key, follow: inside("admin") }));
    for (const prefix of LANGS) {
      const res = await fetch(`${server.url}${prefix}/no-such-page-${Date.now()}`);
      notFound.push({ label: `${prefix}/no-such-page`, status: res.status, html: await res.text() });
    }
  }, 300_000);
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await database?.drop();
  });

  it("found the public site in four languages, the account and the back office", () => {
    const paths = [...pages.keys()];
    for (const prefix of LANGS) {
      for (const p of ["/about", "/services/plumbing", "/providers/00000000-0000-4000-8000-000000000101", "/homes/h-annex-studio", "/legal/privacy", "/auth/login", "/account", "/account/bookings", "/admin", "/admin/requests", "/admin/outbox"]) {
        expect(paths, `${prefix}${p}`).toContain(`${prefix}${p}`);
      }
      expect(paths.some((p) => p.startsWith(`${prefix}/admin/requests/`))).toBe(true);
      expect(paths.some((p) => p.startsWith(`${prefix}/account/requests/`))).toBe(true);
    }
    expect(pages.size).toBeGreaterThan(300);
  });

  it.skipIf(!hasJava)(
    "the Nu HTML Checker finds 0 errors on every page, the 404 page and every email's HTML part",
    async () => {
      const files = [...pages.values()].filter((p) => p.html).map((p) => ({ label: p.path, html: p.html }));
      files.push(...notFound);
      const mails = await db.db.selectFrom("mail_outbox").select(["kind", "to_address", "html_body"]).execute();
      expect(new Set(mails.map((m) => m.kind)).size).toBeGreaterThan(10);
      files.push(...mails.map((m) => ({ label: `email ${m.kind} to ${m.to_address}`, html: m.html_body })));
      expect(validate(files)).toEqual([]);
      // And it does find errors (a page without a <title>): the check is live.
      expect(validate([{ label: "broken", html: "<!doctype html><html lang=en><head></head><body></body></html>" }])).toHaveLength(1);
    },
    300_000,
  );

  it("gives every page one <h1>, its own heading", () => {
    const wrong = [...pages.values()]
      .filter((p) => p.html && p.status === 200)
      .map((p) => `${p.path}: ${(p.html.match(/<h1[\s>]/g) ?? []).length} <h1>`)
      .filter((line) => !line.endsWith(": 1 <h1>"));
    expect(wrong).toEqual([]);
  });

  it("has 0 broken links or assets", () => {
    const broken = [...pages.values(), ...assets.values()].filter((p) => p.status >= 400).map((p) => `${p.status} ${p.path} linked from ${p.from.slice(0, 3).join(", ")}`);
    expect(broken).toEqual([]);
  });

  it("never links out of the reader's language space", () => {
    const strays: string[] = [];
    for (const page of pages.values()) {
      if (!page.html) continue;
      const here = lang(page.path);
      // A provider's document is a file, in no language (one route outside the language spaces).
      for (const link of page.links) if (lang(link) !== here && !link.startsWith("/admin/provider-documents/")) strays.push(`${page.path} → ${link}`);
    }
    expect(strays).toEqual([]);
  });

  it("every indexable page names its canonical page, which names itself and its versions both ways; others say noindex and name none", () => {
    const problems: string[] = [];
    const heads = new Map<string, Head>();
    for (const [k, page] of pages) if (page.status === 200 && page.html) heads.set(k, headOf(page.html));
    const byUrl = (url: string) => heads.get(key(new URL(url).pathname + new URL(url).search));
    for (const [p, head] of heads) {
      if (/noindex/.test(head.robots)) {
        if (head.canonical) problems.push(`${p}: noindex with a canonical`);
        continue;
      }
      if (!head.canonical) {
        problems.push(`${p}: indexable without a canonical`);
        continue;
      }
      const target = byUrl(head.canonical);
      if (!target) {
        problems.push(`${p}: canonical ${head.canonical} was not found by the crawl`);
        continue;
      }
      if (target.canonical !== head.canonical) problems.push(`${p}: canonical ${head.canonical} names ${target.canonical}`);
      if (target.alternates.size !== 4) problems.push(`${head.canonical}: ${target.alternates.size} hreflang versions`);
      for (const [hreflang, href] of target.alternates) {
        const other = byUrl(href);
        if (!other) problems.push(`${head.canonical}: its ${hreflang} version ${href} was not found by the crawl`);
        else if (JSON.stringify([...other.alternates]) !== JSON.stringify([...target.alternates])) problems.push(`${href} does not name the same versions as ${head.canonical}`);
      }
    }
    for (const page of notFound) {
      expect(page.status, page.label).toBe(404);
      const head = headOf(page.html);
      if (head.canonical) problems.push(`${page.label}: a 404 with a canonical`);
      if (!/noindex/.test(head.robots)) problems.push(`${page.label}: a 404 without noindex`);
    }
    expect(problems).toEqual([]);
  });
});
