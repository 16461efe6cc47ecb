import { expect, test } from "@playwright/test";
import { expectNoHorizontalScroll, signUpAndVerify, uniqueAccount, waitForHydration } from "./support";

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
