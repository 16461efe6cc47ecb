import { expect, type Page, test } from "./fixtures";
import { hasJava, validateHtml } from "../support/vnu";
import { axeViolations, describeViolations, labelled, randomLetters, signUpAndVerify, torontoDate, uniqueAccount, waitForHydration } from "./support";

/**
 * The crawl (tests/integration/site-crawl.test.ts) validates every page as the server sends it;
 * this validates what a person reaches only once the page runs: each dialog and menu open, the
 * suggestions shown, the listing wizard's steps, and forms showing their field messages after a
 * refused submit. The DOM of each state (page.content()) goes through the Nu HTML Checker in one
 * run at the end (vnu takes seconds to start): 0 errors; axe runs on each state as it is reached
 * (0 violations of any impact).
 */
const main = (page: Page) => page.getByRole("main");
const banner = (page: Page) => page.getByRole("banner");
const DIALOG = "[role=dialog]";

test.describe.configure({ mode: "serial" });

test("every dialog, menu, wizard step and refused form has valid HTML and 0 axe violations", async ({ page }) => {
  test.setTimeout(240_000);
  const states: { label: string; html: string }[] = [];
  const violations: string[] = [];
  /**
   * Keeps the state on screen: its DOM for vnu, and an axe scan of the whole page now (a modal
   * hides the rest of the page: aria-hidden on focusable parts shows up there).
   */
  async function snap(label: string) {
    states.push({ label, html: await page.content() });
    violations.push(...describeViolations(label, await axeViolations(page)));
  }
  async function open(path: string) {
    await page.goto(path);
    await waitForHydration(page);
  }
  /** Submits an untouched form and waits until its fields say what is wrong. */
  async function refuse(label: string, scope: string, button: string) {
    const form = page.locator(scope);
    await form.getByRole("button", { name: button, exact: true }).click();
    await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
    await snap(label);
  }
  async function suggestions(path: string, box: string, text: string, list: string) {
    await open(path);
    await main(page).getByRole("combobox", { name: box }).fill(text);
    await expect(page.getByRole("listbox", { name: list })).toBeVisible();
    await snap(`${path}: suggestions for "${text}"`);
  }

  /* ------------------------------------- Anonymous ------------------------------------------ */
  for (const prefix of ["", "/fr"]) {
    await open(prefix || "/");
    await banner(page).getByLabel(/^(Language|Langue)\s?:/).click();
    await expect(banner(page).getByRole("button", { name: "FR (Canada)", exact: true })).toBeVisible();
    await snap(`${prefix || "/"}: language menu open`);
  }
  await suggestions("/services", "Search services", "plu", "Suggestions");
  await suggestions("/homes", "Search homes", "tor", "Cities");

  await open("/services/handyman");
  await main(page).getByRole("link", { name: "Book Handyman" }).click();
  await expect(page.getByRole("dialog", { name: "Login Required" })).toBeVisible();
  await snap("/services/handyman: Login Required");

  await open("/cars");
  await main(page).getByRole("link", { name: "Contact a Chauffeur" }).click();
  const chauffeur = page.getByRole("dialog", { name: "Contact a Chauffeur" });
  await expect(chauffeur).toBeVisible();
  await snap("/cars: Contact a Chauffeur");
  await refuse("/cars: Contact a Chauffeur, refused", DIALOG, "Send");

  await open("/homes/h-annex-studio");
  await main(page).getByRole("link", { name: "Request to Rent" }).click();
  const rent = page.getByRole("dialog", { name: "Request to Rent" });
  await expect(rent).toBeVisible();
  await snap("/homes/h-annex-studio: Request to Rent");
  await refuse("/homes/h-annex-studio: Request to Rent, refused", DIALOG, "Send Request");

  for (const [path, button] of [
    ["/contact", "Send Message"],
    ["/cars/request?type=airport-transfer", "Submit Request"],
    ["/fr/cars/request?type=personal-ride", "Soumettre la demande"],
    ["/auth/login", "Log In"],
    ["/signup", "Create Account"],
    ["/auth/forgot", "Send Reset Link"],
  ] as const) {
    await open(path);
    await refuse(`${path}: refused`, "main", button);
  }

  /* ------------------------------------- Signed in ------------------------------------------ */
  const account = uniqueAccount("hydrated", `Ada Lovelace ${randomLetters()}`);
  await signUpAndVerify(page, account);
  await waitForHydration(page);
  await banner(page).getByRole("button", { name: `account menu for ${account.name}` }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  await snap("/account: account menu open");

  await open("/services/handyman");
  await main(page).getByRole("link", { name: "Book Handyman" }).click();
  const booking = page.getByRole("dialog", { name: "Request a booking" });
  await expect(booking).toBeVisible();
  await snap("/services/handyman: Request a booking");
  await booking.getByRole("textbox", { name: labelled("Area / neighborhood") }).fill("");
  await refuse("/services/handyman: Request a booking, refused", DIALOG, "Submit Request");

  await open("/become-a-provider");
  await refuse("/become-a-provider: refused", "#provider-application", "Submit Application");

  // The listing wizard, step by step, each also refused once.
  const WIZARD = "main form[method='post']";
  const wizard = page.locator(WIZARD);
  const field = (label: string) => wizard.getByLabel(labelled(label));
  const step = (title: string) => expect(main(page).getByRole("heading", { level: 2 }).first()).toHaveText(title);
  await open("/homes/new");
  await step("Owner Information");
  await snap("/homes/new: step 1");
  await refuse("/homes/new: step 1, refused", WIZARD, "Next");
  await wizard.getByRole("checkbox", { name: /^I agree to the Terms of Use/ }).check();
  await wizard.getByRole("button", { name: "Next", exact: true }).click();
  await step("Property Details");
  await snap("/homes/new: step 2");
  await refuse("/homes/new: step 2, refused", WIZARD, "Next");
  await field("Property type").selectOption("2BR");
  await field("Street address").fill(`${Date.now()} Validator Lane`);
  await field("City").fill("Toronto");
  await field("Bedrooms").fill("2");
  await field("Bathrooms").fill("1");
  await field("Description").fill("A quiet unit near the lake, with a balcony.");
  await wizard.getByRole("button", { name: "Next", exact: true }).click();
  await step("Pricing & Availability");
  await snap("/homes/new: step 3");
  await refuse("/homes/new: step 3, refused", WIZARD, "Next");
  await field("Price (CAD)").fill("2800");
  await field("Available from").fill(torontoDate(30));
  await wizard.getByRole("button", { name: "Next", exact: true }).click();
  await step("Photos");
  await snap("/homes/new: step 4");

  expect(states.length).toBeGreaterThan(25);
  expect(violations).toEqual([]);
  test.skip(!hasJava, "the Nu HTML Checker needs Java");
  expect(validateHtml(states)).toEqual([]);
});
