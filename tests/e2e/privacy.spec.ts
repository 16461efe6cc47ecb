import { expect, test, type Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { readFile } from "node:fs/promises";
import {
  ADMIN,
  expectFieldError,
  expectNoSeriousA11yViolations,
  expectToast,
  labelled,
  randomLetters,
  signUpAndVerify,
  submitLogInForm,
  torontoDate,
  uniqueAccount,
  waitForEmail,
  waitForHydration,
} from "./support";

/**
 * Issue 28 in a browser: a person signs up, books, downloads their data (the ZIP opened and
 * checked), tries to delete the account while the booking is open (refused, the booking
 * listed), the operator cancels it, the deletion goes through (wrong password first); then the
 * operator finds nothing that identifies the person. And the operator's flow for someone
 * without an account: find by address, download, erase behind a confirmation.
 */
const main = (page: Page) => page.getByRole("main");

async function logInAsAdmin(page: Page) {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fadmin$/);
  await submitLogInForm(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
}

async function findAsOperator(page: Page, email: string) {
  await page.goto("/admin/privacy");
  await waitForHydration(page);
  await main(page).getByRole("textbox", { name: "Email address" }).fill(email);
  await main(page).getByRole("button", { name: "Find" }).click();
  await expect(main(page).getByRole("heading", { level: 2, name: "What matches" })).toBeVisible();
}

test("sign up, book, download my data, delete the account once the booking is cancelled; the operator finds nothing", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const account = uniqueAccount("erase", `Wilhelmina Ashdown ${randomLetters()}`);
  await signUpAndVerify(page, account);

  // A booking from a service page.
  await page.goto("/services/handyman");
  await waitForHydration(page);
  await main(page).getByRole("link", { name: "Book Handyman" }).click();
  const dialog = page.getByRole("dialog", { name: "Request a booking" });
  await dialog.getByRole("textbox", { name: labelled("Area / neighborhood") }).fill("Leslieville");
  await dialog.getByLabel(labelled("Preferred date")).fill(torontoDate(3));
  await dialog.getByLabel(labelled("Preferred time")).fill("10:30");
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expectToast(page, "Request received!", "We'll email you shortly to confirm your booking.");
  const CUSTOMER_SUBJECT = /^We received your request — (GTA-[2-9A-Z]{6})$/;
  const confirmation = await waitForEmail((m) => m.to.includes(account.email) && CUSTOMER_SUBJECT.test(m.subject), { message: "the booking confirmation" });
  const reference = CUSTOMER_SUBJECT.exec(confirmation.subject)![1]!;

  // Download my data: one click, an email, the ZIP holds the booking and the profile.
  await page.goto("/account/data");
  await waitForHydration(page);
  await main(page).getByRole("button", { name: "Request my data" }).click();
  await waitForEmail((m) => m.to.includes(account.email) && m.subject === "Your GTA Connect data is ready", { message: "the export email", timeout: 60_000 });
  await page.goto("/account/data");
  const downloading = page.waitForEvent("download");
  await main(page).getByRole("link", { name: "Download the ZIP file" }).click();
  const zip = unzipSync(new Uint8Array(await readFile((await (await downloading).path())!)));
  const data = JSON.parse(strFromU8(zip["data.json"]!)) as { profile: { name: string; email: string }; requests: { reference: string }[] };
  expect(data.profile).toMatchObject({ name: account.name, email: account.email });
  expect(data.requests.map((r) => r.reference)).toContain(reference);
  expect(strFromU8(zip["summary.html"]!)).toContain(account.name);

  // Delete the account: reached from the account menu, refused while the booking is open.
  await page.goto("/account");
  await waitForHydration(page);
  await main(page).getByRole("navigation", { name: "Account sections" }).getByRole("link", { name: "Delete account", exact: true }).click();
  await expect(page).toHaveURL(/\/account\/delete$/);
  const open = main(page).getByRole("region", { name: "Requests still open" });
  await expect(open).toBeVisible();
  await expect(open.getByRole("link", { name: reference })).toHaveAttribute("href", `/account/requests/${reference}`);
  await expect(open.getByRole("link", { name: "Contact us" })).toBeVisible();
  await expect(main(page).getByLabel(labelled("Your password"))).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The operator cancels it in the back office.
  const operator = await (await browser.newContext({ baseURL })).newPage();
  await logInAsAdmin(operator);
  await operator.goto(`/admin/requests/${reference}`);
  await waitForHydration(operator);
  await operator.getByRole("radio", { name: "Cancelled" }).check();
  await operator.getByRole("textbox", { name: "Note to the customer" }).fill("Cancelled at the customer's request.");
  await operator.getByRole("button", { name: "Update status" }).click();
  await expect(operator.getByRole("region", { name: "Status" })).toContainText("Now: Cancelled");

  // Now the form: a wrong password is refused on its field, then it goes.
  await page.reload();
  await waitForHydration(page);
  const password = main(page).getByLabel(labelled("Your password"));
  const word = main(page).getByLabel(labelled("Type DELETE to confirm"));
  await expect(main(page).getByText("Type the word DELETE in capital letters.")).toBeVisible();
  await password.fill("not my password at all");
  await word.fill("DELETE");
  await main(page).getByRole("button", { name: "Delete my account" }).click();
  await expectFieldError(password, "Your password is incorrect.");
  await password.fill(account.password);
  await word.fill("DELETE");
  await main(page).getByRole("button", { name: "Delete my account" }).click();
  await expectToast(page, "Account deleted", "Your account and your data have been deleted. Goodbye, and thank you.");
  await expect(page).toHaveURL(/\/$/);
  await waitForEmail((m) => m.to.includes(account.email) && m.subject === "Your GTA Connect account has been deleted", { message: "the goodbye email" });
  await page.goto("/account");
  await expect(page).toHaveURL(/\/auth\/login/);

  // As the operator: nothing identifies the person but the goodbye email; the booking stays, as "Deleted user".
  await findAsOperator(operator, account.email);
  await expect(main(operator).getByRole("link", { name: /^GTA-/ })).toHaveCount(0);
  await expect(main(operator).getByText("Emails in the outbox: 1")).toBeVisible();
  await expect(main(operator).getByText("This address or number belongs to an account", { exact: false })).toHaveCount(0);
  await operator.goto(`/admin/requests/${reference}`);
  await expect(main(operator)).toContainText("Deleted user");
  await expect(main(operator)).not.toContainText(account.name);
  await expect(main(operator)).not.toContainText(account.email);
});

test("the operator finds, downloads and erases what a person without an account sent", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const name = `Ignatius Pemberton ${randomLetters()}`;
  const email = `ignatius.${Date.now()}@example.com`;
  const visitor = await (await browser.newContext({ baseURL })).newPage();
  await visitor.goto("/contact");
  await waitForHydration(visitor);
  const form = visitor.getByRole("region", { name: "Send a message" });
  await form.getByRole("textbox", { name: /^Name\b/ }).fill(name);
  await form.getByRole("textbox", { name: /^Email\b/ }).fill(email);
  await form.getByRole("textbox", { name: /^Subject\b/ }).fill("My data");
  await form.getByRole("textbox", { name: /^Message\b/ }).fill("Please tell me what you hold about me.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await waitForEmail((m) => m.to.includes(email), { message: "the contact acknowledgement" });

  await logInAsAdmin(page);
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Privacy" }).click();
  await expect(page).toHaveURL(/\/admin\/privacy$/);
  await expectNoSeriousA11yViolations(page);
  await findAsOperator(page, email);
  const messages = main(page).getByRole("link", { name: /^GTA-/ });
  await expect(messages).toHaveCount(1);

  const downloading = page.waitForEvent("download");
  await main(page).getByRole("button", { name: "Download the export (ZIP)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^gta-connect-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  expect(strFromU8(zip["data.json"]!)).toContain(name);

  await main(page).getByRole("button", { name: "Erase…" }).click();
  const confirm = main(page).getByRole("alertdialog", { name: "Erase everything that matches?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Erase for good" }).click();
  await expectToast(page, "Erased", "Requests anonymized: 1. Emails removed or trimmed: 2. Accounts deleted: 0.");
  await findAsOperator(page, email);
  await expect(main(page).getByText("Nothing matches.")).toHaveCount(1);
  await expect(main(page).getByText("Emails in the outbox: 0")).toHaveCount(0);
});
