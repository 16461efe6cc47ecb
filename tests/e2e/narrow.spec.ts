import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "./fixtures";
import sharp from "sharp";
import { getRuntime } from "~/lib/runtime.server";
import { monthlyPrice, searchText } from "~/modules/homes/derived";
import { submitRequest } from "~/modules/requests/requests.server";
import {
  ADMIN,
  expectNoHorizontalScroll,
  signUpAndVerify,
  submitLogInForm,
  uniqueAccount,
  waitForHydration,
} from "./support";
import { makeLiveProvider } from "../support/providers";
import { whileBusy, withBackOfficeRuntime } from "./back-office";

/**
 * The narrowest phone we design for (360 px): no page scrolls sideways, public or personal,
 * with a long name in the account header and every dialog opened at its own URL.
 */
const NARROW = { width: 360, height: 780 };

const PUBLIC = [
  "/",
  "/about",
  "/contact",
  "/services",
  "/services/handyman",
  "/services/handyman?book",
  "/services?q=zzzqqq",
  "/search?type=plumbing",
  "/request",
  "/request-success",
  "/cars",
  "/cars?contact",
  "/cars/request?type=airport-transfer",
  "/cars/request?type=event-wedding",
  "/homes",
  "/homes?q=zzzqqq",
  "/homes/h-annex-studio",
  "/homes/h-annex-studio?rent",
  "/homes/new",
  "/legal",
  "/legal/terms",
  "/legal/privacy",
  "/auth/login",
  "/signup",
  "/auth/forgot",
  "/auth/verify-sent",
  "/reviews",
  "/provider-signup",
  "/become-a-provider",
  "/provider-pending",
  "/no-such-page",
];

test.use({ viewport: NARROW });

test("no public page scrolls sideways at 360 px", async ({ page }) => {
  for (const path of PUBLIC) {
    await page.goto(path);
    await expectNoHorizontalScroll(page);
  }
});

test("the account pages do not scroll sideways at 360 px, even with a very long name", async ({ page }) => {
  const account = uniqueAccount("narrow", "Maximiliana Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh");
  await signUpAndVerify(page, account);
  const personal = ["/account", "/account/bookings", "/account/listings", "/account/reviews", "/account/security", "/account/data", "/account/delete", "/homes/new"];
  for (const path of [...personal, "/become-a-provider"]) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page);
  }
});

/* ------------------------------------------------------------------------------------------ */
/* Account and back-office pages with content in them (issue 33 item 2)                        */
/* ------------------------------------------------------------------------------------------ */

/**
 * Text squeezed into a column a few letters wide: any run of text in the main region that the
 * browser breaks over three lines or more, each narrower than 40% of the screen (My Listings
 * once did that to a listing's title, address and date on a phone). Measured from the line boxes
 * the browser laid out (Range.getClientRects), so it holds whatever CSS caused it; a long word
 * in a large heading that takes several full-width lines is not squeezed.
 */
async function expectNoSqueezedText(page: Page): Promise<void> {
  const squeezed = await page.evaluate(() => {
    const found: string[] = [];
    const root = document.querySelector("main") ?? document.body;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? "").replace(/\s+/g, " ").trim();
      if (text.length < 16) continue;
      const parent = node.parentElement;
      if (!parent || parent.closest(".sr-only, [hidden], [aria-hidden='true'], script, style, template")) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops = new Set<number>();
      let widest = 0;
      for (const rect of Array.from(range.getClientRects())) {
        if (rect.width === 0) continue;
        tops.add(Math.round(rect.top));
        widest = Math.max(widest, rect.width);
      }
      if (tops.size >= 3 && widest < 0.4 * document.documentElement.clientWidth) {
        found.push(`${tops.size} lines at most ${Math.round(widest)} px wide: "${text.slice(0, 60)}"`);
      }
    }
    return found;
  });
  // Soft: one run lists every page that is not readable, not just the first.
  expect.soft(squeezed, `text squeezed into a narrow column on ${page.url()}`).toEqual([]);
}

/** A page readable on the narrowest phone: rendered, no sideways scroll, no squeezed text. */
async function expectReadable(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBeLessThan(500);
  await waitForHydration(page);
  // Any heading will do here: site-crawl.test checks that each page has exactly one h1.
  await expect(page.getByRole("main").getByRole("heading").first(), `a heading on ${path}`).toBeVisible();
  const { scrollWidth, clientWidth, widest } = await page.evaluate(() => {
    const clientWidth = document.documentElement.clientWidth;
    // The innermost elements that reach past the screen's edge, to say what to fix.
    const over = Array.from(document.querySelectorAll("body *")).filter((el) => el.getBoundingClientRect().right > clientWidth + 1);
    const widest = over
      .filter((el) => !over.some((other) => other !== el && el.contains(other)))
      .slice(0, 5)
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}">${(el.textContent ?? "").slice(0, 40)}`);
    return { scrollWidth: document.documentElement.scrollWidth, clientWidth, widest };
  });
  expect.soft(scrollWidth, `no horizontal scroll at ${clientWidth} px on ${page.url()}; too wide: ${widest.join(" | ")}`).toBeLessThanOrEqual(clientWidth);
  await expectNoSqueezedText(page);
}

test.describe("account and back-office pages with content", () => {
  withBackOfficeRuntime();

  test("every account and back-office page is readable at 360 px: listings, requests, applications, jobs", async ({ page, browser, baseURL }) => {
    test.setTimeout(180_000);
    const account = uniqueAccount("narrow-pages", "Maximiliana Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh");
    await signUpAndVerify(page, account);
    const { db } = getRuntime();
    const user = await db.selectFrom("user").select(["id", "name", "email", "phone", "role"]).where("email", "=", account.email).executeTakeFirstOrThrow();
    const sessionUser = { ...user, role: "user" as const, emailVerified: true };

    // A listing of theirs as the wizard leaves it (its options only: the pseudo-locale journey
    // reads whatever listing the back office shows first), with a title and address of ordinary length.
    const listingId = `l-${randomBytes(8).toString("hex")}`;
    const title = "2BR in St. Lawrence, Toronto — bright corner unit";
    const address = "55 The Esplanade, Toronto, ON M5E 1A6";
    await whileBusy(() =>
      db
        .insertInto("home_listings")
        .values({
          id: listingId,
          title,
          property_type: "2BR",
          price: 2850,
          price_unit: "month",
          city: "Toronto",
          neighborhood: "St. Lawrence",
          address,
          bedrooms: 2,
          bathrooms: 1,
          furnished: 0,
          pet_friendly: 1,
          parking: 0,
          amenities: JSON.stringify(["Laundry", "Wi-Fi"]),
          available_from: "2030-06-01",
          images: JSON.stringify(["/images/homes/h-annex-studio-1.svg"]),
          description: "Corner unit over the market, a short walk to Union Station.",
          landlord_name: user.name,
          landlord_avatar: "/images/avatars/default.svg",
          landlord_verified: 0,
          status: "pending",
          created_at: new Date().toISOString(),
          owner_user_id: user.id,
          owner_name: user.name,
          owner_email: user.email,
          owner_phone: null,
          province: "Ontario",
          postal: "M5E 1A6",
          deposit: null,
          min_stay: null,
          lease_term: "12+ months",
          str_registration: null,
          price_monthly: monthlyPrice(2850, "month"),
          search_text: searchText({ title, city: "Toronto", neighborhood: "St. Lawrence", description: "Corner unit" }),
        })
        .execute(),
    );
    const listingRequest = await whileBusy(() =>
      submitRequest(
        "listing",
        { listingId, title, ownerName: user.name, ownerEmail: user.email, address, photoCount: 0, priceType: "month" },
        { user: sessionUser, clientIp: "198.51.100.41", locale: "en-US" },
      ),
    );
    // A booking of theirs, with notes long enough to wrap.
    const booking = await whileBusy(() =>
      submitRequest(
        "service-request",
        { name: user.name, location: "St. Lawrence Market, Toronto", contact: user.email, service: "Repainting a two-bedroom apartment before the new tenants move in" },
        { user: sessionUser, clientIp: "198.51.100.41", locale: "en-US" },
      ),
    );

    const personal = [
      "/account",
      "/account/bookings",
      `/account/requests/${booking.reference}`,
      "/account/listings",
      "/account/reviews",
      "/account/security",
      "/account/data",
      "/account/delete",
    ];
    for (const path of personal) await expectReadable(page, path);
    await expect(page.getByText(title)).toHaveCount(0); // (on /account/delete)
    await page.goto("/account/listings");
    await expect(page.getByText(title)).toBeVisible();

    // A provider application of theirs (the form's post, as a browser sends it).
    const idPhoto = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 200, g: 210, b: 230 } } }).png().toBuffer();
    const form = new FormData();
    const fields = {
      fullName: user.name,
      email: user.email,
      phone: "416 555 0142",
      address: "55 The Esplanade, Toronto",
      serviceArea: "Toronto, St. Lawrence, Distillery District",
      workStatus: "citizen",
      confirmEligibility: "on",
      idType: "passport",
      idNumber: "P1234567",
      idExpiry: "2035-01-31",
      agreeToPolicies: "on",
      consentToChecks: "on",
      services: "handyman",
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append("govIdFileFront", new File([new Uint8Array(idPhoto)], "passport.png", { type: "image/png" }));
    for (const k of ["govIdFileBack", "workPermitFile", "licenseFile"]) form.append(k, new File([], "", { type: "application/octet-stream" }));
    const applied = await page.request.post("/become-a-provider", { headers: { Origin: baseURL! }, maxRedirects: 0, multipart: form });
    expect(applied.status()).toBe(303);
    const application = await db
      .selectFrom("requests")
      .select(["subject_id"])
      .where("kind", "=", "provider-application")
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();

    // Waiting for a decision, the profile set-up page says so in the site's layout (issue 33 item 12).
    await expectReadable(page, "/provider-profile-setup");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your application is being reviewed");
    await expect(page.getByRole("main")).toContainText("Review typically takes 1–3 business days.");
    await page.getByRole("main").getByRole("link", { name: "See your application" }).click();
    await expect(page).toHaveURL(/\/provider-pending$/);

    // The back office, on the same phone.
    const operator = await (await browser.newContext({ viewport: NARROW })).newPage();
    await operator.goto("/admin");
    await submitLogInForm(operator, ADMIN);
    await expect(operator).toHaveURL(/\/admin$/);
    await operator.goto("/admin/outbox");
    const firstMessage = await operator.locator('main a[href^="/admin/outbox/"]').first().getAttribute("href");
    const backOffice = [
      "/admin",
      "/admin/requests",
      `/admin/requests/${booking.reference}`,
      `/admin/requests/${listingRequest.reference}`,
      "/admin/listings",
      `/admin/listings/${listingId}`,
      "/admin/providers",
      `/admin/providers/${application.subject_id}`,
      "/admin/reviews",
      "/admin/outbox",
      ...(firstMessage ? [firstMessage] : []),
      "/admin/privacy",
      "/admin/system",
    ];
    for (const path of backOffice) await expectReadable(operator, path);
    await operator.context().close();

    // Made a provider (what approval leaves behind): their workspace pages too.
    await whileBusy(() =>
      db.transaction().execute((trx) =>
        makeLiveProvider(trx, user.email, {
          applicationId: application.subject_id!,
          phone: "416-555-0142",
          bio: "Walls, ceilings and trim, two coats.",
          areas: ["St. Lawrence"],
        }),
      ),
    );
    for (const path of ["/account/jobs", "/account/availability", "/provider-profile-setup"]) await expectReadable(page, path);
  });
});
