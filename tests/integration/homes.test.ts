import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { torontoToday } from "~/lib/forms/fields";
import { formattersFor } from "~/lib/i18n/format";
import { monthlyPrice, searchText } from "~/modules/homes/derived";
import { BROAD_MATCHES } from "~/modules/homes/listings.server";
import { HOME_LISTINGS, type SeedHomeListing } from "../../db/seed/data";
import { signedInAccount } from "../support/accounts";
import { type AppServer, postForm, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { pageHtml } from "../support/html";
import { HttpClient } from "../support/http-client";
import { SmtpSink } from "../support/smtp-sink";

const PASSWORD = "orchard by the river";
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The page's <main> only (header and footer links are not results). */
const mainOf = (html: string) => html.match(/<main[\s\S]*<\/main>/)?.[0] ?? "";
/** Listing ids in the order the grid links to them. */
const gridIds = (html: string) => [...mainOf(html).matchAll(/href="\/homes\/(h-[a-z0-9-]+)"/g)].map((m) => m[1]);
/** The <input>/<select>/<textarea> tag with the given name, to check its attributes in any order. */
const tagOf = (html: string, name: string) => html.match(new RegExp(`<(?:input|select|textarea)[^>]*name="${name}"[^>]*>`))?.[0] ?? "";
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

// The order each sort must produce, computed from the seed data the server loaded: created_at
// is now − createdDaysAgo days (− 1 minute), ties broken by id; prices compare per month.
const newest = (a: SeedHomeListing, b: SeedHomeListing) => a.createdDaysAgo - b.createdDaysAgo || (a.id < b.id ? -1 : 1);
const ids = (list: SeedHomeListing[]) => list.map((h) => h.id);
const EXPECTED: Record<string, string[]> = {
  newest: ids([...HOME_LISTINGS].sort(newest)),
  "24h": ids(HOME_LISTINGS.filter((h) => h.createdDaysAgo < 1).sort(newest)),
  "7d": ids(HOME_LISTINGS.filter((h) => h.createdDaysAgo < 7).sort(newest)),
  "30d": ids(HOME_LISTINGS.filter((h) => h.createdDaysAgo < 30).sort(newest)),
  "price-asc": ids([...HOME_LISTINGS].sort((a, b) => monthlyPrice(a.price, a.priceUnit) - monthlyPrice(b.price, b.priceUnit) || newest(a, b))),
  "price-desc": ids([...HOME_LISTINGS].sort((a, b) => monthlyPrice(b.price, b.priceUnit) - monthlyPrice(a.price, a.priceUnit) || newest(a, b))),
};
/** What a search must find: every word somewhere in title, city, neighbourhood or description. */
const matching = (q: string) =>
  ids([...HOME_LISTINGS].filter((h) => q.toLowerCase().split(/\s+/).filter(Boolean).every((w) => searchText(h).includes(w))).sort(newest));

describe.each(DIALECTS)("homes on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await sink.start(0);
    server = await startAppServer({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, SMTP_URL: sink.url });
    db = connect(database.url);
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  const get = async (path: string) => {
    const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
    return { status: res.status, html: await pageHtml(res) };
  };
  const requestCount = async () =>
    Number((await db.db.selectFrom("requests").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const outboxCount = async () =>
    Number((await db.db.selectFrom("mail_outbox").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

  describe("/homes", () => {
    it("shows the search form, sort select, List Your Property and every published listing, newest first", async () => {
      const { status, html } = await get("/homes");
      expect(status).toBe(200);
      const main = mainOf(html);
      expect(main).toMatch(/<form[^>]*method="get"/);
      for (const attr of ['type="text"', 'role="combobox"', 'aria-expanded="false"', 'aria-autocomplete="list"', 'aria-controls="homes-search-suggestions"']) {
        expect(tagOf(main, "q")).toContain(attr);
      }
      expect(main).toContain('<label for="homes-search"');
      expect(main).toMatch(/<select[^>]*name="sort"/);
      for (const label of ["Newest", "Added within 24 hours", "Added within 7 days", "Added within 30 days", "Price: low to high", "Price: high to low"]) {
        expect(main).toContain(`>${label}</option>`);
      }
      expect(main).toContain("Nightly prices are compared as 30 nights.");
      expect(main).toMatch(/<button[^>]*type="submit"[^>]*>Search<\/button>/);
      expect(main).toContain('href="/homes/new"');
      expect(main).toContain("List Your Property");
      expect(main).toContain("12 homes");
      expect(gridIds(html)).toEqual(EXPECTED.newest);
      expect(main).toContain("line-clamp-2");
      expect(main).toContain("$2,450 / month");
      expect(main).toContain("$180 / night");
      expect(html).toMatch(/<title>Homes for rent in Toronto &amp; the GTA — GTA Connect<\/title>/);
    });

    it.each(Object.keys(EXPECTED))("orders the grid for sort=%s", async (sort) => {
      const { html } = await get(`/homes?sort=${sort}`);
      expect(gridIds(html)).toEqual(EXPECTED[sort]);
      expect(mainOf(html)).toMatch(new RegExp(`<option value="${sort}" selected`));
    });

    it("keeps only listings added within 24 hours, 7 days and 30 days for those sorts", () => {
      // The seed spreads listings over 0–75 days ago, so each window cuts somewhere (the
      // previous test checked the grid shows exactly these).
      expect(EXPECTED["24h"]).toHaveLength(2);
      expect(EXPECTED["7d"]).toHaveLength(5);
      expect(EXPECTED["30d"]).toHaveLength(9);
    });

    it.each([
      ["a city", "Mississauga"],
      ["a city, any case", "mIsSiSsAuGa"],
      ["a neighbourhood", "Leslieville"],
      ["two words of a neighbourhood", "port credit"],
      ["a word from a description", "BLUFFER"],
      ["part of a word", "bluf"],
      ["words from the title and the city", "downtown brampton"],
      ["a two-letter word", "GO"],
    ])("matches %s (%s)", async (_case, q) => {
      const expected = matching(q);
      expect(expected.length).toBeGreaterThan(0);
      const { html } = await get(`/homes?q=${encodeURIComponent(q)}`);
      expect(gridIds(html)).toEqual(expected);
      expect(mainOf(html)).toContain(`value="${esc(q)}"`);
      expect(mainOf(html)).toContain(expected.length === 1 ? `1 home matches &quot;${esc(q)}&quot;` : `${expected.length} homes match`);
    });

    it("combines a search term with a sort", async () => {
      const { html } = await get("/homes?q=toronto&sort=price-desc");
      expect(gridIds(html)).toEqual(EXPECTED["price-desc"]!.filter((id) => matching("toronto").includes(id)));
    });

    it("treats LIKE wildcards and FTS syntax in the term literally", async () => {
      for (const q of ["%", "_", "50%", '"or', "a*"]) {
        const { status, html } = await get(`/homes?q=${encodeURIComponent(q)}`);
        expect(status, q).toBe(200);
        expect(gridIds(html), q).toEqual([]);
      }
    });

    it("shows the empty state with a city request form and four popular cities when nothing matches", async () => {
      const { status, html } = await get("/homes?q=Oakville");
      expect(status).toBe(200);
      const main = mainOf(html);
      expect(main).toContain("We don&#x27;t have listings in &quot;Oakville&quot; yet.");
      expect(main).toMatch(/<form[^>]*method="post"/);
      for (const name of ["city", "name", "contact", "note"]) expect(main).toContain(`name="${name}"`);
      expect(tagOf(main, "city")).toContain('value="Oakville"');
      expect(main).toContain("Popular cities");
      const popular = [...main.matchAll(/href="\/homes\?q=([A-Za-z]+)"/g)].map((m) => m[1]);
      // Most listings first (Toronto 4; then 2 each, alphabetically).
      expect(popular).toEqual(["Toronto", "Brampton", "Mississauga", "Scarborough"]);
      expect(gridIds(html)).toEqual([]);
    });

    it("shows the city request form on arrival with ?request=city (from /request), without a term", async () => {
      const { html } = await get("/homes?request=city");
      const main = mainOf(html);
      expect(tagOf(main, "contact")).toBeTruthy();
      expect(tagOf(main, "city")).toBeTruthy();
      expect(tagOf(main, "city")).not.toMatch(/value="[^"]/);
      expect(gridIds(html)).toEqual(EXPECTED.newest);
    });

    it("stores a city request, emails '[City Request] Oakville' to the operator and shows the success page", async () => {
      const client = new HttpClient(server.url);
      const res = await client.post("/homes?q=Oakville", { city: "Oakville", name: "Ada Lovelace", contact: "ada@example.com", note: "Near the lake" });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/request-success");
      const success = mainOf(await pageHtml(await client.get("/request-success")));
      expect(success).toContain("Homes in Oakville");
      expect(success).toMatch(/GTA-[2-9A-Z]{6}/);

      const operator = await sink.waitFor((m) => m.subject === "[City Request] Oakville");
      expect(operator.to).toEqual(["operator@example.test"]);
      for (const line of ["City: Oakville", "Name: Ada Lovelace", "Contact: ada@example.com", "Note: Near the lake", "Submitted at:"]) {
        expect(operator.text).toContain(line);
      }
      await sink.waitFor((m) => m.to.includes("ada@example.com") && m.subject.startsWith("We received your request"));
      const row = await db.db.selectFrom("requests").selectAll().where("kind", "=", "city-request").where("data", "like", "%Oakville%").executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: "Ada Lovelace", email: "ada@example.com", status: "received", locale: "en-US" });
      expect(JSON.parse(row.data)).toEqual({ city: "Oakville", name: "Ada Lovelace", contact: "ada@example.com", note: "Near the lake" });
    });

    it("takes a phone number as the contact (no confirmation email then) and an empty note", async () => {
      const res = await postForm(`${server.url}/homes?request=city`, { city: "Milton", name: "Alan Turing", contact: "+1 905 555 0100", note: "" });
      expect(res.status).toBe(302);
      const operator = await sink.waitFor((m) => m.subject === "[City Request] Milton");
      expect(operator.text).toContain("Note: N/A");
      const row = await db.db.selectFrom("requests").select("email").where("kind", "=", "city-request").where("data", "like", "%Milton%").executeTakeFirstOrThrow();
      expect(row.email).toBeNull();
    });

    it.each([
      ["name", { name: "" }, "Your name is required."],
      ["contact", { contact: "" }, "Email or phone is required."],
      ["a valid contact", { contact: "call me" }, "Please enter a valid email or phone number."],
      ["the city", { city: "" }, "City is required."],
    ])("refuses a city request without %s and stores nothing", async (_case, override, message) => {
      const before = [await requestCount(), await outboxCount()];
      const res = await postForm(`${server.url}/homes?q=Oakville`, { city: "Oakville", name: "Ada", contact: "ada@example.com", note: "", ...override });
      expect(res.status).toBe(400);
      const html = mainOf(await pageHtml(res));
      expect(html).toContain(message);
      expect(html).toContain("aria-invalid");
      if (!("name" in override)) expect(tagOf(html, "name")).toContain('value="Ada"'); // what was typed stays
      expect([await requestCount(), await outboxCount()]).toEqual(before);
    });
  });

  describe("/homes/{id}", () => {
    it("shows a verified owner's listing: gallery, price with unit, Hosted by, about, amenities, rules, location", async () => {
      const { status, html } = await get("/homes/h-liberty-village-1br");
      expect(status).toBe(200);
      const main = mainOf(html);
      expect(main).toContain("<h1");
      expect(main).toContain("Bright 1BR Condo in Liberty Village");
      expect(main).toContain("$2,450 / month");
      expect(main).toContain("Canadian dollars (CAD)");
      expect(main).toContain("Request to Rent");
      expect(main).toContain('href="/homes/h-liberty-village-1br?rent#rent-request"');
      expect(main).toContain("Hosted by");
      expect(main).toContain("Priya Sharma");
      expect(main).toContain("Verified Owner");
      for (const heading of ["About", "Amenities", "Rules", "Location"]) expect(main).toMatch(new RegExp(`<h2[^>]*>${heading}</h2>`));
      for (const amenity of ["Wi-Fi", "Laundry", "Gym", "Kitchen"]) expect(main).toContain(amenity);
      expect(main).toContain("No smoking");
      expect(main).toContain("No loud parties");
      expect(main).toContain("Liberty Village");
      expect(main).not.toContain("41 Foundry Lane"); // the street address stays private
      // Gallery: the first photo large, thumbnail buttons with labels, previous/next buttons.
      expect(main).toContain('alt="Bright 1BR Condo in Liberty Village, photo 1 of 4"');
      expect(main.match(/aria-label="Show photo \d of 4"/g)).toHaveLength(4);
      expect(main).toContain('aria-label="Next photo"');
      expect(main).toContain('aria-label="Previous photo"');
    });

    it("describes the listing for sharing (Open Graph) and search engines (schema.org JSON-LD)", async () => {
      const { html } = await get("/homes/h-liberty-village-1br");
      expect(html).toContain('<meta property="og:title" content="Bright 1BR Condo in Liberty Village — GTA Connect"/>');
      expect(html).toMatch(/<meta property="og:description" content="\$2,450 \/ month · Liberty Village, Toronto\. A sunny/);
      // At the build's versioned address, as the page shows it (ADR 48).
      expect(html).toMatch(/<meta property="og:image" content="http[^"]+\/images\/homes\/h-liberty-village-1br-1\.svg\?v=[0-9a-f]{10}"\/>/);
      const json = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
      expect(json).toBeTruthy();
      const ld: unknown = JSON.parse(json!);
      expect(ld).toMatchObject({
        "@context": "https://schema.org",
        name: "Bright 1BR Condo in Liberty Village",
        mainEntity: { "@type": "Apartment", numberOfRooms: 1, address: { addressLocality: "Toronto", addressCountry: "CA" } },
        offers: { "@type": "Offer", price: 2450, priceCurrency: "CAD" },
      });
    });

    it("prices a short stay per night, and shows no badge for an unverified owner", async () => {
      const night = mainOf((await get("/homes/h-scarborough-bluffs-shortterm")).html);
      expect(night).toContain("$180 / night");
      expect(night).toContain("Verified Owner");
      const unverified = mainOf((await get("/homes/h-springdale-room")).html);
      expect(unverified).toContain("Harpreet Gill");
      expect(unverified).not.toContain("Verified Owner");
      const house = (await get("/homes/h-woodbridge-wholehome")).html;
      expect(house).toContain('"@type":"House"');
      expect(house).toContain('"numberOfRooms":3');
    });

    it("answers 404 'Listing Not Found' with a Go Back Home link for an unknown id", async () => {
      const { status, html } = await get("/homes/h-does-not-exist");
      expect(status).toBe(404);
      const main = mainOf(html);
      expect(main).toContain("Listing Not Found");
      expect(main).toMatch(/<a[^>]*href="\/"[^>]*>Go Back Home<\/a>/);
      expect(html).toContain('<meta name="robots" content="noindex"/>');
    });

    it("renders the Request to Rent form inline with ?rent (before JavaScript), defaults adults 1 and children 0", async () => {
      const main = mainOf((await get("/homes/h-annex-studio?rent")).html);
      expect(main).toContain('id="rent-request"');
      for (const name of ["fullName", "email", "phone", "moveInDate", "moveOutDate", "lengthOfStay", "adults", "children", "budget", "message"]) {
        expect(main).toContain(`name="${name}"`);
      }
      expect(tagOf(main, "adults")).toContain('value="1"');
      expect(tagOf(main, "adults")).toContain('min="1"');
      expect(tagOf(main, "children")).toContain('value="0"');
      for (const option of ["&lt;3 months", "3-6 months", "6-12 months", "12+ months"]) expect(main).toContain(`>${option}</option>`);
      const form = main.match(/<form[^>]*>/g)?.find((f) => f.includes('action="/homes/h-annex-studio#rent-request"')) ?? "";
      // A refused plain post opens the page at the form (its section), not at the top.
      expect(form).toContain('method="post"');
      expect(main.match(/id="rent-request"/g)).toHaveLength(1);
    });
  });

  describe("the search understands people (issue 51)", () => {
    const seedOf = (id: string) => HOME_LISTINGS.find((h) => h.id === id)!;
    const chipsOf = (html: string) =>
      [...mainOf(html).matchAll(/<a[^>]*aria-label="Remove filter: ([^"]+)"[^>]*href="([^"]+)"|<a[^>]*href="([^"]+)"[^>]*aria-label="Remove filter: ([^"]+)"/g)].map((m) => ({
        label: (m[1] ?? m[4])!.replace(/&amp;/g, "&"),
        href: (m[2] ?? m[3])!.replace(/&amp;/g, "&"),
      }));
    const apartmentUnder = (max: number) =>
      ids(HOME_LISTINGS.filter((h) => ["Studio", "1BR", "2BR"].includes(h.propertyType) && monthlyPrice(h.price, h.priceUnit) <= max).sort(newest));

    it("reads 'condo under 2000' as type and price filters, shown as chips, the words kept in the box", async () => {
      const { status, html } = await get("/homes?q=condo+under+2000");
      expect(status).toBe(200);
      expect(apartmentUnder(2000)).toEqual(["h-annex-studio"]);
      expect(gridIds(html)).toEqual(apartmentUnder(2000));
      expect(tagOf(mainOf(html), "q")).toContain('value="condo under 2000"');
      expect(chipsOf(html)).toEqual([
        { label: "Apartment or condo", href: "/homes?q=under+2000" },
        { label: "Up to $2,000 / month", href: "/homes?q=condo" },
      ]);
      // The chip's link is the search without that filter: all apartments, any price.
      expect(gridIds((await get("/homes?q=condo")).html)).toEqual(apartmentUnder(1e9));
    });

    it("reads '2 bed pets ok Brampton' as bedrooms, pets and area; removing one chip widens the results", async () => {
      const { html } = await get(`/homes?q=${encodeURIComponent("2 bed pets ok Brampton")}`);
      expect(gridIds(html)).toEqual(["h-downtown-brampton-2br"]);
      const chips = chipsOf(html);
      expect(chips.map((c) => c.label)).toEqual(["2+ bedrooms", "Pets allowed", "Brampton"]);
      const withoutArea = chips.find((c) => c.label === "Brampton")!.href;
      expect(withoutArea).toBe("/homes?q=2+bed+pets+ok");
      const wider = ids(HOME_LISTINGS.filter((h) => h.bedrooms >= 2 && h.petFriendly).sort(newest));
      expect(wider.length).toBeGreaterThan(1);
      expect(gridIds((await get(withoutArea)).html)).toEqual(wider);
    });

    it("offers a city request only for an unknown place; known filters with no match get their own notice", async () => {
      const unknown = mainOf((await get(`/homes?q=${encodeURIComponent("condo in Oshawa")}`)).html);
      expect(unknown).toContain("We don&#x27;t have listings in &quot;Oshawa&quot; yet.");
      expect(tagOf(unknown, "city")).toContain('value="Oshawa"');

      const filtered = mainOf((await get(`/homes?q=${encodeURIComponent("5 bedrooms under 1000 Toronto")}`)).html);
      expect(filtered).toContain("No homes match these filters");
      expect(tagOf(filtered, "city")).toBe("");
    });

    it("keeps 'added within' as a filter, old ?sort=24h links included, and Sort by offers only orders", async () => {
      const { html } = await get("/homes?added=7d&sort=price-asc");
      const week = HOME_LISTINGS.filter((h) => h.createdDaysAgo < 7);
      expect(gridIds(html)).toEqual(EXPECTED["price-asc"]!.filter((id) => week.some((h) => h.id === id)));
      const sortSelect = mainOf(html).match(/<select[^>]*name="sort"[\s\S]*?<\/select>/)?.[0] ?? "";
      expect([...sortSelect.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1])).toEqual(["newest", "price-asc", "price-desc"]);
      expect(chipsOf(html)).toEqual([{ label: "Added within 7 days", href: "/homes?sort=price-asc" }]);
      expect(gridIds((await get("/homes?sort=24h")).html)).toEqual(EXPECTED["24h"]);
    });

    it("answers the type filter from the (status, property_type, created_at) index", async () => {
      if (dialect === "sqlite") {
        const plan = await sql<{ detail: string }>`explain query plan select id from home_listings where status = 'published' and property_type in ('Room') order by created_at desc limit 25`.execute(db.db);
        expect(plan.rows.map((r) => r.detail).join(" | ")).toContain("home_listings_status_type_created_idx");
      } else {
        const idx = await sql<{ indexdef: string }>`select indexdef from pg_indexes where indexname = 'home_listings_status_type_created_idx'`.execute(db.db);
        expect(idx.rows[0]?.indexdef).toMatch(/\(status, property_type, created_at\)/);
      }
    });

    it("refuses a move-in date before the listing's available date, with a field message, and the field's min says so", async () => {
      const l = seedOf("h-port-credit-wholehome");
      const before = addDays(l.availableFrom, -1) > torontoToday() ? addDays(l.availableFrom, -1) : null;
      const main = mainOf((await get(`/homes/${l.id}?rent`)).html);
      expect(tagOf(main, "moveInDate")).toContain(`min="${l.availableFrom > torontoToday() ? l.availableFrom : torontoToday()}"`);
      if (!before) return; // the sample date has passed: nothing before it is still in the future
      const res = await postForm(`${server.url}/homes/${l.id}`, {
        fullName: "Dorothy Vaughan",
        email: "dorothy@example.com",
        phone: "4165550123",
        moveInDate: before,
        adults: "1",
        children: "0",
        message: "Hello!",
      });
      expect(res.status).toBe(400);
      expect(mainOf(await pageHtml(res))).toContain(`This home is available from ${formattersFor("en-US").calendarDay(l.availableFrom)}: please choose that day or later.`);
    });
  });

  describe("Request to Rent", () => {
    const valid = () => ({
      fullName: "Grace Hopper",
      email: "grace.rent@example.com",
      phone: "416-555-0199",
      moveInDate: addDays(torontoToday(), 10),
      moveOutDate: addDays(torontoToday(), 100),
      lengthOfStay: "3-6 months",
      adults: "2",
      children: "1",
      budget: "$1,800 / month",
      message: "Quiet professional, no pets.",
    });

    it("stores the request, emails the operator with every field and lands a plain post on its receipt", async () => {
      const res = await postForm(`${server.url}/homes/h-annex-studio`, valid());
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/request-success");
      expect(res.headers.getSetCookie().join()).toMatch(/request-success=/);

      const operator = await sink.waitFor((m) => m.subject === "Home/Rental Request — Charming Studio in the Annex — Grace Hopper");
      expect(operator.to).toEqual(["operator@example.test"]);
      for (const line of [
        "Listing: Charming Studio in the Annex",
        "Full name: Grace Hopper",
        "Email: grace.rent@example.com",
        "Phone: 416-555-0199",
        // Dates as the operator's language writes them (issue 33 item 6); stored as typed.
        `Move-in date: ${formattersFor("en-US").date(valid().moveInDate)}`,
        `Move-out date: ${formattersFor("en-US").date(valid().moveOutDate)}`,
        "Length of stay: 3-6 months",
        "Adults: 2",
        "Children: 1",
        "Budget: $1,800 / month",
        "Message: Quiet professional, no pets.",
      ]) {
        expect(operator.text).toContain(line);
      }
      await sink.waitFor((m) => m.to.includes("grace.rent@example.com"));
      const row = await db.db.selectFrom("requests").selectAll().where("kind", "=", "rent-request").executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: "Grace Hopper", email: "grace.rent@example.com", user_id: null, subject_type: "listing" });
      expect(JSON.parse(row.data)).toMatchObject({ listing: "Charming Studio in the Annex", listingId: row.subject_id });
    });

    it("accepts the optional fields left empty", async () => {
      const res = await postForm(`${server.url}/homes/h-agincourt-room`, { ...valid(), fullName: "Linus T", moveOutDate: "", lengthOfStay: "", budget: "" });
      expect(res.status).toBe(303);
      const operator = await sink.waitFor((m) => m.subject === "Home/Rental Request — Furnished Room in Agincourt, Close to Transit — Linus T");
      expect(operator.text).toContain("Move-out date: N/A");
    });

    it.each([
      ["a move-out before the move-in", { moveOutDate: addDays(torontoToday(), 5) }, "Move-out date must be after the move-in date."],
      ["0 adults", { adults: "0" }, "Adults must be between 1 and 20."],
      ["21 children", { children: "21" }, "Children must be between 0 and 20."],
      ["a past move-in date", { moveInDate: addDays(torontoToday(), -1) }, "Please choose today or a later date."],
      ["no message", { message: "" }, "Message is required."],
      ["no phone", { phone: "" }, "Phone is required."],
      ["a bad email", { email: "grace@" }, "Please enter a valid email."],
      ["an unknown length of stay", { lengthOfStay: "forever" }, "Please choose a valid option for Length of stay."],
    ])("refuses %s with a 400 and stores nothing", async (_case, override, message) => {
      const before = [await requestCount(), await outboxCount()];
      const res = await postForm(`${server.url}/homes/h-annex-studio`, { ...valid(), ...override });
      expect(res.status).toBe(400);
      const main = mainOf(await pageHtml(res));
      expect(main).toContain(message);
      expect(main).toContain('id="rent-request"'); // the form stays on the page with its errors
      expect([await requestCount(), await outboxCount()]).toEqual(before);
    });

    it("answers 404 for a request on an unknown listing and stores nothing", async () => {
      const before = await requestCount();
      const res = await postForm(`${server.url}/homes/h-nope`, valid());
      expect(res.status).toBe(404);
      expect(await requestCount()).toBe(before);
    });

    it("prefills the form from the signed-in account and keeps the user with the request", async () => {
      const email = `renter.${Date.now()}@example.com`;
      const user = (await signedInAccount(server.url, db.db, { email, name: "Katherine Johnson", password: PASSWORD })).client;
      const main = mainOf(await pageHtml(await user.get("/homes/h-leslieville-1br?rent")));
      expect(tagOf(main, "fullName")).toContain('value="Katherine Johnson"');
      expect(tagOf(main, "email")).toContain(`value="${email}"`);
      // Leslieville is free from its available date: a move-in before it is refused (see the test below).
      const res = await user.post("/homes/h-leslieville-1br", { ...valid(), moveInDate: "2031-06-16", moveOutDate: "", fullName: "Katherine Johnson", email });
      expect(res.status).toBe(303);
      const row = await db.db.selectFrom("requests").select("user_id").where("email", "=", email).executeTakeFirstOrThrow();
      expect(row.user_id).toBeTruthy();
    });
  });

  describe("owner listings, unpublished listings and pagination", () => {
    const now = Date.now();
    const listing = (id: string, over: Partial<Record<string, unknown>> = {}) => {
      const base = {
        id,
        title: `Zephyr Loft ${id}`,
        property_type: "1BR",
        price: 1500,
        price_unit: "month" as const,
        city: "Toronto",
        neighborhood: "Zephyrville",
        address: "1 Test Street",
        bedrooms: 1,
        bathrooms: 1,
        furnished: 0 as const,
        pet_friendly: 0 as const,
        parking: 0 as const,
        amenities: "[]",
        // In the past: a request may ask to move in today (the move-in date cannot precede it).
        available_from: "2026-01-01",
        images: "[]",
        description: "A zephyrtest listing.",
        landlord_name: "Owner Person",
        landlord_avatar: "",
        landlord_verified: 0 as const,
        status: "published" as const,
        created_at: new Date(now - 400 * 86_400_000).toISOString(),
        ...over,
      };
      return { ...base, price_monthly: monthlyPrice(base.price, base.price_unit), search_text: searchText(base) };
    };

    it("copies a listing's owner on its rent requests", async () => {
      await db.db.insertInto("home_listings").values(listing("h-zz-owner", { owner_email: "owner@example.test" })).execute();
      const res = await postForm(`${server.url}/homes/h-zz-owner`, {
        fullName: "Mary Jackson",
        email: "mary@example.com",
        phone: "4165550100",
        moveInDate: torontoToday(),
        adults: "1",
        children: "0",
        message: "Hello!",
      });
      expect(res.status).toBe(303);
      const subject = "Home/Rental Request — Zephyr Loft h-zz-owner — Mary Jackson";
      await sink.waitFor((m) => m.subject === subject && m.to.includes("owner@example.test"));
      await sink.waitFor((m) => m.subject === subject && m.to.includes("operator@example.test"));
    });

    it("never shows a pending listing, in search or on its page", async () => {
      await db.db.insertInto("home_listings").values(listing("h-zz-pending", { status: "pending", description: "A quuxpending home." })).execute();
      expect(gridIds((await get("/homes?q=quuxpending")).html)).toEqual([]);
      expect((await get("/homes/h-zz-pending")).status).toBe(404);
    });

    it("pages through 24 results at a time with next and previous links", async () => {
      const rows = Array.from({ length: 30 }, (_, i) =>
        listing(`h-zz-page-${String(i).padStart(2, "0")}`, { created_at: new Date(now - (100 + i) * 86_400_000).toISOString() }),
      );
      await db.db.insertInto("home_listings").values(rows).execute();
      const expected = rows.map((r) => r.id);

      const first = await get("/homes?q=zephyrtest");
      expect(gridIds(first.html)).toEqual([...expected, "h-zz-owner"].slice(0, 24));
      expect(mainOf(first.html)).toContain("31 homes match");
      expect(mainOf(first.html)).toContain("Showing 1–24");
      expect(mainOf(first.html)).toContain('href="/homes?q=zephyrtest&amp;page=2"');

      const second = await get("/homes?q=zephyrtest&page=2");
      expect(gridIds(second.html)).toEqual([...expected, "h-zz-owner"].slice(24));
      expect(mainOf(second.html)).toContain("Showing 25–31");
      expect(mainOf(second.html)).toContain('href="/homes?q=zephyrtest"');
      expect(mainOf(second.html)).not.toContain("page=3");

      const past = await get("/homes?q=zephyrtest&page=9");
      expect(past.status).toBe(200);
      expect(gridIds(past.html)).toEqual([]);
      expect(mainOf(past.html)).toContain("No more listings");
    });

    it("orders and counts a broad term the same way (on SQLite: the index-driven plan)", async () => {
      const day = 86_400_000;
      const rows = Array.from({ length: BROAD_MATCHES + 100 }, (_, i) =>
        listing(`h-zz-bulk-${String(i).padStart(4, "0")}`, {
          description: "A plantest home.",
          price: 500 + ((i * 7919) % 4000),
          price_unit: i % 5 === 0 ? "night" : "month",
          created_at: new Date(now - (i % 60) * day - i * 1000).toISOString(),
        }),
      );
      for (let i = 0; i < rows.length; i += 200) await db.db.insertInto("home_listings").values(rows.slice(i, i + 200)).execute();
      try {
        const byNewest = (a: (typeof rows)[number], b: (typeof rows)[number]) => b.created_at.localeCompare(a.created_at) || (a.id < b.id ? -1 : 1);
        const expected: Record<string, string[]> = {
          newest: [...rows].sort(byNewest).map((r) => r.id),
          "24h": rows.filter((r) => Date.parse(r.created_at) > now - day).sort(byNewest).map((r) => r.id),
          "price-asc": [...rows].sort((a, b) => a.price_monthly - b.price_monthly || byNewest(a, b)).map((r) => r.id),
          "price-desc": [...rows].sort((a, b) => b.price_monthly - a.price_monthly || byNewest(a, b)).map((r) => r.id),
        };
        for (const [sort, order] of Object.entries(expected)) {
          const first = await get(`/homes?q=plantest&sort=${sort}`);
          expect(gridIds(first.html), sort).toEqual(order.slice(0, 24));
          const second = await get(`/homes?q=plantest&sort=${sort}&page=2`);
          expect(gridIds(second.html), sort).toEqual(order.slice(24, 48));
        }
        expect(mainOf((await get("/homes?q=plantest")).html)).toContain("1,000+ homes match");
        expect(mainOf((await get("/homes?q=plantest&sort=24h")).html)).toContain(`${expected["24h"]!.length} homes match`);
      } finally {
        await db.db.deleteFrom("home_listings").where("id", "like", "h-zz-bulk-%").execute();
      }
    });
  });
});
