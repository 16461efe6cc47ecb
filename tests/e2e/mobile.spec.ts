import { expect, test, type Page } from "./fixtures";
import {
  expectNoSeriousA11yViolations,
  NOTIFICATIONS,
  signUpAndVerify,
  uniqueAccount,
  waitForHydration,
} from "./support";

/**
 * Phone layout (run by the "mobile" project, 390×844 touch): the navigation lives in the
 * Menu disclosure (spec core.md §2 Header: "A mobile menu offers the same links") and the
 * page never scrolls sideways.
 */

const MENU_LINKS: [string, string][] = [
  ["Services", "/services"],
  ["Cars", "/cars"],
  ["Homes", "/homes"],
  ["Request", "/request"],
  ["For Providers", "/provider-signup"],
  // From the home page the auth links carry no ?redirectTo (there is nowhere to come back to).
  ["Log In", "/auth/login"],
  ["Sign Up", "/signup"],
];

function mobileMenu(page: Page) {
  const banner = page.getByRole("banner");
  // A <summary> has no ARIA role, so find it by its (visually hidden) text.
  const toggle = banner.locator("summary", { has: page.getByText("Menu", { exact: true }) });
  return { toggle, nav: banner.getByRole("navigation", { name: "Menu" }) };
}

test("the main navigation is folded into the Menu disclosure", async ({ page }) => {
  await page.goto("/");
  const banner = page.getByRole("banner");
  const menu = mobileMenu(page);

  await expect(menu.toggle).toBeVisible();
  await expect(menu.toggle).toHaveAccessibleName("Menu");
  // The desktop navigation is not shown on a phone; the menu starts closed.
  await expect(banner.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(menu.nav).toBeHidden();

  await menu.toggle.tap();
  await expect(menu.nav).toBeVisible();
  await expect(menu.nav.getByRole("link")).toHaveText(MENU_LINKS.map(([name]) => name));
  for (const [name, href] of MENU_LINKS) {
    const links = menu.nav.getByRole("link", { name, exact: true });
    for (const link of await links.all()) await expect(link).toHaveAttribute("href", href);
  }
  await expectNoSeriousA11yViolations(page);
});

test("choosing Services in the menu navigates there", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const menu = mobileMenu(page);
  await menu.toggle.tap();
  await menu.nav.getByRole("link", { name: "Services", exact: true }).tap();

  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Services");
});

test("the menu closes after navigating", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const menu = mobileMenu(page);
  await menu.toggle.tap();
  await menu.nav.getByRole("link", { name: "Services", exact: true }).tap();
  await expect(page).toHaveURL(/\/services$/);
  await expect(menu.nav, "the open menu keeps covering the new page").toBeHidden();
});

test("logged in, the menu adds My Account and Log Out, and logging out works from it", async ({ page }) => {
  test.setTimeout(120_000);
  const account = uniqueAccount("turing", "Alan Turing");
  await signUpAndVerify(page, account);

  await page.goto("/");
  await waitForHydration(page);
  const banner = page.getByRole("banner");
  await expect(
    banner.getByRole("button", { name: `account menu for ${account.name}` }),
  ).toBeVisible();
  const menu = mobileMenu(page);
  await menu.toggle.tap();
  await expect(menu.nav.getByRole("link")).toHaveText([
    "Services",
    "Cars",
    "Homes",
    "Request",
    "For Providers",
    "My Account",
  ]);
  await expect(menu.nav.getByRole("link", { name: "My Account", exact: true })).toHaveAttribute(
    "href",
    "/account",
  );
  await expect(menu.nav.getByRole("link", { name: "Log In", exact: true })).toHaveCount(0);

  await menu.nav.getByRole("button", { name: "Log Out", exact: true }).tap();
  const notifications = page.getByRole("region", NOTIFICATIONS);
  await expect(notifications.getByText("Logged Out", { exact: true })).toBeVisible();
  await expect(
    notifications.getByText("You have been successfully logged out.", { exact: true }),
  ).toBeVisible();
  await expect(banner.getByRole("button", { name: /account menu for/i })).toHaveCount(0);
  if (!(await menu.nav.isVisible())) await menu.toggle.tap();
  await expect(menu.nav.getByRole("link", { name: "Log In", exact: true })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the menu still opens and its links work", async ({ page }) => {
    await page.goto("/");
    const menu = mobileMenu(page);
    await menu.toggle.tap();
    await expect(menu.nav).toBeVisible();
    await menu.nav.getByRole("link", { name: "Cars", exact: true }).tap();
    await expect(page).toHaveURL(/\/cars$/);
    // The cars page rendered (its own heading, not the home page's).
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).not.toContainText("connected with confidence");
  });
});

test("the home page does not scroll horizontally", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const overflow = () =>
    page.evaluate(() => ({
      scrollWidth: document.scrollingElement!.scrollWidth,
      innerWidth: window.innerWidth,
    }));
  const closed = await overflow();
  expect(closed.scrollWidth).toBeLessThanOrEqual(closed.innerWidth);

  // Opening the menus must not push the page sideways either.
  await mobileMenu(page).toggle.tap();
  const open = await overflow();
  expect(open.scrollWidth).toBeLessThanOrEqual(open.innerWidth);
});
