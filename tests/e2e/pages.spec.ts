import { expect, test, type Page } from "./fixtures";
import { expectNoSeriousA11yViolations, waitForHydration } from "./support";

/**
 * Every public page renders the shell (header, footer), its own content and proper document
 * metadata, and has no serious WCAG 2.1 A/AA violations (spec core.md §2).
 */

const PAGES: { path: string; status: number; heading: string | RegExp }[] = [
  { path: "/", status: 200, heading: /Services, cars & homes/ },
  { path: "/about", status: 200, heading: "About GTA Connect" },
  { path: "/contact", status: 200, heading: "Contact us" },
  { path: "/request-success", status: 200, heading: "All set!" },
  { path: "/legal", status: 200, heading: "Legal Center" },
  { path: "/legal/terms", status: 200, heading: "Terms of Use" },
  { path: "/legal/privacy", status: 200, heading: "Privacy Policy" },
  { path: "/legal/reviews-policy", status: 200, heading: "Reviews Policy" },
  { path: "/legal/provider-guidelines", status: 200, heading: "Provider Guidelines" },
  { path: "/services", status: 200, heading: "Services" },
  { path: "/provider-signup", status: 200, heading: "Become a Verified Provider" },
  { path: "/become-a-provider", status: 200, heading: "Become a Provider" },
  { path: "/provider-pending", status: 200, heading: "Application Submitted" },
  { path: "/reviews", status: 200, heading: "Community Reviews" },
  { path: "/no-such-page", status: 404, heading: "Page Not Found" },
];

const FOOTER_GROUPS: { name: RegExp; links: [string, string][] }[] = [
  {
    name: /^quick links$/i,
    links: [
      ["Services", "/services"],
      ["Cars", "/cars"],
      ["Homes", "/homes"],
      ["Request", "/request"],
      ["Become a Provider", "/become-a-provider"],
    ],
  },
  {
    name: /^company$/i,
    links: [
      ["About", "/about"],
      ["Contact", "/contact"],
      ["Reviews", "/reviews"],
    ],
  },
  {
    name: /^legal$/i,
    links: [
      ["Legal Center", "/legal"],
      ["Terms of Use", "/legal/terms"],
      ["Privacy Policy", "/legal/privacy"],
      ["Reviews Policy", "/legal/reviews-policy"],
      ["Provider Guidelines", "/legal/provider-guidelines"],
    ],
  },
];

async function expectHeader(page: Page) {
  const header = page.getByRole("banner");
  await expect(header).toBeVisible();
  await expect(header.getByRole("link", { name: "GTA Connect home" })).toHaveAttribute("href", "/");

  const nav = header.getByRole("navigation", { name: "Main" });
  for (const [name, href] of [
    ["Services", "/services"],
    ["Cars", "/cars"],
    ["Homes", "/homes"],
    ["Request", "/request"],
  ]) {
    await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href!);
  }
  await expect(header.getByRole("link", { name: "For Providers", exact: true })).toHaveAttribute(
    "href",
    "/provider-signup",
  );
  // Logged out: Log In goes to the log-in page and Sign Up to /signup, each bringing the visitor
  // back to this page afterwards (?redirectTo=<path>), except from the home page.
  const from = new URL(page.url()).pathname;
  const back = from === "/" ? null : from;
  expect(await authLink(page, "Log In")).toEqual({ path: "/auth/login", redirectTo: back });
  expect(await authLink(page, "Sign Up")).toEqual({ path: "/signup", redirectTo: back });
}

/** Where a header auth link goes: its path and the ?redirectTo it carries (null if none). */
async function authLink(page: Page, name: "Log In" | "Sign Up") {
  const href = await page.getByRole("banner").getByRole("link", { name, exact: true }).getAttribute("href");
  const url = new URL(href ?? "", "http://x");
  return { path: url.pathname, redirectTo: url.searchParams.get("redirectTo") };
}

async function expectFooter(page: Page) {
  const footer = page.getByRole("contentinfo");
  await expect(footer).toBeVisible();
  await expect(footer.getByText("Service Area: Toronto & GTA, CA", { exact: true })).toBeVisible();
  const year = new Date().getFullYear();
  await expect(footer.getByText(`© ${year} GTA Connect. All rights reserved.`)).toBeVisible();
  for (const group of FOOTER_GROUPS) {
    const nav = footer.getByRole("navigation", { name: group.name });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link")).toHaveCount(group.links.length);
    for (const [name, href] of group.links) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
  }
  await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:.+@.+/);
}

test.describe("every page renders the shell, its metadata and accessible content", () => {
  for (const { path, status, heading } of PAGES) {
    test(`${path} (${status})`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status(), `HTTP status of ${path}`).toBe(status);

      await expect(page).toHaveTitle(/\S/);
      await expect(page.locator('head meta[name="description"]')).toHaveAttribute("content", /\S/);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);

      await expectHeader(page);
      await expectFooter(page);
      // Audit the page as the visitor ends up with it: hydrated.
      await waitForHydration(page);
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test("home shows the hero, partner ads and popular services", async ({ page }) => {
  await page.goto("/");
  const main = page.getByRole("main");

  const hero = main.getByRole("heading", { level: 1 });
  await expect(hero).toContainText("Services, cars & homes");
  await expect(hero).toContainText("connected with confidence");
  await expect(
    main.getByText("Browse trusted providers. Request a booking. We'll personally match you.", {
      exact: true,
    }),
  ).toBeVisible();
  await expect(main.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/signup");
  await expect(main.getByRole("link", { name: "Request a Quote" })).toHaveAttribute("href", "/request");

  const ads = main.getByRole("region", { name: "Partner Ads" });
  await expect(ads).toBeVisible();
  // Five ads; the looping copy of the strip is hidden from assistive technology.
  const adImages = ads.getByRole("img");
  await expect(adImages).toHaveCount(5);
  for (const img of await adImages.all()) {
    await expect(img).toHaveAttribute("alt", /\S/);
  }

  const popular = main.getByRole("region", { name: "Explore Popular Services" });
  await expect(popular.getByRole("heading", { level: 2, name: "Explore Popular Services" })).toBeVisible();
  for (const [name, href] of [
    ["Handyman", "/services/handyman"],
    ["Car & Driver", "/cars"],
    ["DJ/Events", "/services/dj-events"],
    ["Salon/Beauty", "/services/salon-beauty"],
    ["Gardening", "/services/gardening"],
    ["Plumbing", "/services/plumbing"],
  ]) {
    await expect(popular.getByRole("link", { name: name!, exact: true })).toHaveAttribute("href", href!);
  }
  await expect(popular.getByRole("link", { name: /More Services/ })).toHaveAttribute("href", "/services");
});

test("about explains why GTA Connect and how it works", async ({ page }) => {
  await page.goto("/about");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 2, name: "Why GTA Connect?" })).toBeVisible();
  await expect(main.getByRole("region", { name: "Why GTA Connect?" }).getByRole("listitem")).toHaveCount(4);

  const how = main.getByRole("region", { name: "How It Works" });
  await expect(how.getByRole("listitem")).toHaveCount(3);
  await expect(how.getByRole("heading", { level: 3 })).toHaveText([
    "Browse Services",
    "Request a Booking",
    "We Connect You",
  ]);
});

test("request-success shows the default service name and message", async ({ page }) => {
  await page.goto("/request-success");
  const main = page.getByRole("main");
  await expect(main.getByText("Your Request", { exact: true })).toBeVisible();
  await expect(
    main.getByText("We have received your request and will be in touch shortly.", { exact: true }),
  ).toBeVisible();
  await expect(main.getByRole("link", { name: "Browse Services" })).toHaveAttribute("href", "/services");
  await expect(main.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
});

test("the not-found page links back home", async ({ page }) => {
  await page.goto("/no-such-page");
  await expect(
    page.getByRole("main").getByText("The page you're looking for doesn't exist or has moved."),
  ).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Go Back Home" })).toHaveAttribute(
    "href",
    "/",
  );
});

test("a page is painted before its scripts are asked for, then hydrates (issue #11)", async ({ page }) => {
  // The first frame's time, taken in that frame's animation callbacks (before any of the page's).
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      (window as unknown as { firstFrame: number }).firstFrame = performance.now();
    });
  });
  await page.goto("/services/handyman");
  await waitForHydration(page);
  const { firstFrame, scripts } = await page.evaluate(() => ({
    firstFrame: (window as unknown as { firstFrame: number }).firstFrame,
    scripts: performance
      .getEntriesByType("resource")
      .filter((e) => /\/assets\/[^/]+\.js$/.test(e.name))
      .map((e) => ({ name: e.name, startTime: e.startTime })),
  }));
  expect(scripts.length).toBeGreaterThan(4);
  for (const script of scripts) expect(script.startTime, script.name).toBeGreaterThan(firstFrame);
  expect(await page.evaluate(() => performance.getEntriesByType("paint").map((e) => e.name))).toContain("first-contentful-paint");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("home renders its content", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("connected with confidence");
    await expect(page.getByRole("link", { name: "Get Started" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Partner Ads" }).getByRole("img")).toHaveCount(5);
    await expect(
      page.getByRole("region", { name: "Explore Popular Services" }).getByRole("link"),
    ).toHaveCount(7);
    await expect(page.getByRole("contentinfo")).toContainText("Service Area: Toronto & GTA, CA");
  });

  test("contact renders its form", async ({ page }) => {
    const response = await page.goto("/contact");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Contact us" })).toBeVisible();
    for (const label of ["Name", "Email", "Subject", "Message"]) {
      await expect(
        page.getByRole("main").getByRole("textbox", { name: new RegExp(`^${label}\\b`) }),
      ).toBeVisible();
    }
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });
});

test("the header's Log In and Sign Up bring the visitor back, except from home and the auth pages", async ({
  page,
}) => {
  await page.goto("/legal/terms");
  expect(await authLink(page, "Log In")).toEqual({ path: "/auth/login", redirectTo: "/legal/terms" });
  expect(await authLink(page, "Sign Up")).toEqual({ path: "/signup", redirectTo: "/legal/terms" });

  for (const path of ["/", "/signup", "/auth/login", "/auth/forgot"]) {
    await page.goto(path);
    expect(await authLink(page, "Log In"), `Log In on ${path}`).toEqual({
      path: "/auth/login",
      redirectTo: null,
    });
    expect(await authLink(page, "Sign Up"), `Sign Up on ${path}`).toEqual({
      path: "/signup",
      redirectTo: null,
    });
  }
});
