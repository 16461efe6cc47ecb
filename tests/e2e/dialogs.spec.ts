import { expect, test, type Page } from "./fixtures";
import {
  expectNoSeriousA11yViolations,
  expectUniqueIds,
  labelled,
  OPERATOR_EMAIL,
  randomLetters,
  waitForEmail,
  waitForHydration,
} from "./support";

/**
 * The one link-dialog pattern (app/components/link-dialog.tsx) on every page that uses it:
 * focus goes back to the opener on Esc and on Close (issue 17 item 7), arriving at `?param`
 * opens the dialog once hydrated, and before JavaScript the same link leads to a working
 * inline form whose inputs belong to it (issue 17 item 2).
 */
const main = (page: Page) => page.getByRole("main");

const OPENERS = [
  { path: "/services/handyman", link: "Book Handyman", dialog: "Login Required" },
  { path: "/cars", link: "Contact a Chauffeur", dialog: "Contact a Chauffeur" },
  { path: "/homes/h-annex-studio", link: "Request to Rent", dialog: "Request to Rent" },
  { path: "/search?type=zzzz", link: "Request a Booking", dialog: "Login Required" },
];

test.describe("link dialogs", () => {
  for (const { path, link, dialog } of OPENERS) {
    test(`${link} on ${path}: Esc and Close both return focus to the opener`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      const opener = main(page).getByRole("link", { name: link });
      const box = page.getByRole("dialog", { name: dialog });

      await opener.focus();
      await page.keyboard.press("Enter");
      await expect(box).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(box).toHaveCount(0);
      await expect(opener).toBeFocused();

      await opener.click();
      await expect(box).toBeVisible();
      await box.getByRole("button", { name: "Close" }).click();
      await expect(box).toHaveCount(0);
      await expect(opener).toBeFocused();
    });
  }

  test("/cars?contact opens the dialog once hydrated, drops the parameter, and closing focuses the trigger", async ({
    page,
  }) => {
    await page.goto("/cars?contact");
    await waitForHydration(page);
    const box = page.getByRole("dialog", { name: "Contact a Chauffeur" });
    await expect(box).toBeVisible();
    await expect(page).toHaveURL(/\/cars$/);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(box).toHaveCount(0);
    await expect(main(page).getByRole("link", { name: "Contact a Chauffeur" })).toBeFocused();
  });
});

test.describe("link dialogs without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Contact a Chauffeur: the link leads to an inline form whose inputs are its own; it refuses, then sends", async ({
    page,
  }) => {
    await page.goto("/cars");
    await main(page).getByRole("link", { name: "Contact a Chauffeur" }).click();
    await expect(page).toHaveURL(/\/cars\?contact#chauffeur-contact$/);
    const section = page.getByRole("region", { name: "Contact a Chauffeur" });
    await expect(section).toBeVisible();
    // Every input posts with the form it sits in (a duplicate id once left them ownerless).
    const owners = await section
      .locator("input, textarea")
      .evaluateAll((els) => els.map((el) => (el as HTMLInputElement).form?.getAttribute("method") ?? null));
    expect(owners.length).toBeGreaterThan(3);
    expect(owners.every((m) => m === "post")).toBe(true);
    await expectUniqueIds(page);

    const who = `Ada ${randomLetters()}`;
    await section.getByRole("textbox", { name: labelled("Full name") }).fill(who);
    await section.getByRole("textbox", { name: labelled("Email") }).fill("ada@example.com");
    await section.getByRole("textbox", { name: labelled("Pick-up area") }).fill("Annex");
    await section.getByRole("button", { name: "Send", exact: true }).click();

    const again = page.getByRole("region", { name: "Contact a Chauffeur" });
    await expect(again.getByText("Short message is required.", { exact: true })).toBeVisible();
    await expect(again.getByRole("textbox", { name: labelled("Full name") })).toHaveValue(who);
    await again.getByRole("textbox", { name: labelled("Short message") }).fill("A van for Saturday?");
    await again.getByRole("button", { name: "Send", exact: true }).click();

    // The post lands on its receipt, the same as the dialog ends on (issue 49 item 5).
    await expect(page).toHaveURL(/\/request-success(#[\w-]+)?$/);
    await expect(main(page).getByRole("heading", { level: 1, name: "Request Sent!" })).toBeVisible();
    await expect(main(page).getByText("A van for Saturday?")).toBeVisible();
    await expect(main(page).getByRole("link", { name: "Track your request" })).toBeVisible();
    const mail = await waitForEmail(
      (m) =>
        m.to.includes(OPERATOR_EMAIL) &&
        m.subject === "New Chauffeur Contact Request" &&
        m.text.includes(who),
    );
    expect(mail.text).toContain("Message: A van for Saturday?");
  });

  test("Request to Rent: the link leads to the inline form, ids unique", async ({ page }) => {
    await page.goto("/homes/h-annex-studio");
    await main(page).getByRole("link", { name: "Request to Rent" }).click();
    const section = page.getByRole("region", { name: "Request to Rent" });
    await expect(section).toBeVisible();
    await expect(section.getByRole("button", { name: "Send Request" })).toBeVisible();
    await expectUniqueIds(page);
  });
});
