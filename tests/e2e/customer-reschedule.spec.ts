import { type Browser, expect, type Page, test } from "./fixtures";
import { getRuntime } from "~/lib/runtime.server";
import {
  type CapturedEmail,
  expectNoSeriousA11yViolations,
  expectToast,
  linkStartingWith,
  OPERATOR_EMAIL,
  signUpAndVerify,
  type TestAccount,
  torontoDate,
  uniqueAccount,
  waitForEmail,
  waitForHydration,
} from "./support";
import { makeLiveProvider } from "../support/providers";
import { whileBusy, withBackOfficeRuntime } from "./back-office";
import { book as bookIn, invite, operatorPage } from "./customer-requests";

/**
 * Customers propose a new date and time (issue 49 item 1 acceptance, ADR 43), in a browser: the
 * customer reschedules, the provider accepts the new time in My Jobs, and the invite's SEQUENCE
 * rises (REQUEST, same UID, the new start). With JavaScript from the status link of the
 * confirmation email, signed out, by keyboard through the dialog; without JavaScript from My
 * Bookings' request page through the `?reschedule` step, and the provider's answer a plain form.
 */
withBackOfficeRuntime();

const stamp = Date.now();
const AREA = `Danforth${stamp}`;

/** A live provider of this file's area, signed in in their own browser context. */
async function liveProvider(browser: Browser, name: string): Promise<{ page: Page; account: TestAccount }> {
  const account = uniqueAccount("resched-provider", name);
  const page = await (await browser.newContext()).newPage();
  await signUpAndVerify(page, account);
  await whileBusy(() =>
    getRuntime()
      .db.transaction()
      .execute((trx) => makeLiveProvider(trx, account.email, { name, areas: [AREA] })),
  );
  return { page, account };
}

async function matchTo(operator: Page, reference: string, providerName: string) {
  await operator.goto(`/admin/requests/${reference}`);
  await operator.getByRole("list", { name: "Verified providers" }).getByRole("link", { name: `Choose ${providerName}` }).click();
  await operator.getByRole("button", { name: "Confirm match" }).click();
  await expectToast(operator, "Provider matched", "The provider has been asked to accept, and the customer told who was asked.");
}

const confirmedWith = (email: string, reference: string, moved: boolean) => (m: CapturedEmail) =>
  m.to.includes(email) && m.subject === `Your provider confirmed: request ${reference}` && m.text.includes("The new date and time") === moved;

test("with JavaScript, from the status link and by keyboard: the provider accepts the new time and the invite's SEQUENCE rises", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const customer = uniqueAccount("resched", "Ada Lovelace");
  await signUpAndVerify(page, customer);
  const { reference, confirmation } = await bookIn(page, customer, "Mount a television.", AREA);
  const providerName = `Pat Resched ${stamp}`;
  const pat = await liveProvider(browser, providerName);
  await matchTo(await operatorPage(browser), reference, providerName);
  await pat.page.goto("/account/jobs");
  await waitForHydration(pat.page);
  await pat.page.getByRole("article").filter({ hasText: reference }).getByRole("button", { name: "Accept job" }).click();
  await expectToast(pat.page, "Job accepted", "The customer has been emailed your confirmation.");
  const before = invite(await waitForEmail(confirmedWith(customer.email, reference, false)));
  expect(before.method).toBe("REQUEST");

  // The status link, in a browser where nobody is signed in: the dialog, by keyboard.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(linkStartingWith(confirmation, "/requests/").pathname);
  await waitForHydration(visitor);
  const opener = visitor.getByRole("link", { name: "Change the date or time" });
  await opener.focus();
  await visitor.keyboard.press("Enter");
  const dialog = visitor.getByRole("dialog", { name: `Propose a new date and time for ${reference}` });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(visitor);
  // Escape closes it and focus returns to the link; it opens again.
  await visitor.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  await visitor.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  const newDate = torontoDate(9);
  await dialog.getByLabel("New date").fill(newDate);
  await dialog.getByLabel("New time").fill("11:45");
  await dialog.getByRole("button", { name: "Propose this time" }).focus();
  await visitor.keyboard.press("Enter");
  await expectToast(visitor, "New time proposed", "We emailed you and asked your provider to accept it.");
  await expect(visitor.getByTestId("reschedule-pending")).toContainText("You asked to move it to");
  await waitForEmail((m) => m.to.includes(customer.email) && m.subject === `New time asked for request ${reference}`);
  await waitForEmail((m) => m.to.includes(pat.account.email) && m.subject === `New time asked for job ${reference}`);
  await waitForEmail((m) => m.to.includes(OPERATOR_EMAIL) && m.subject === `[New time asked by customer] Request ${reference}`);

  // The provider sees the new time with the old one, and accepts it.
  await pat.page.goto("/account/jobs");
  await waitForHydration(pat.page);
  const card = pat.page.getByRole("article").filter({ hasText: reference });
  await expect(card.getByTestId("job-moved")).toContainText("The customer asks for this new time");
  await card.getByRole("button", { name: "Accept job" }).click();
  await expectToast(pat.page, "Job accepted", "The customer has been emailed your confirmation.");

  // Both invites: REQUEST, the same UID, a higher SEQUENCE, the new start.
  const after = invite(await waitForEmail(confirmedWith(customer.email, reference, true)));
  expect(after).toMatchObject({ method: "REQUEST", uid: before.uid, start: `${newDate.replaceAll("-", "")}T114500` });
  expect(after.sequence).toBeGreaterThan(before.sequence);
  const theirs = await waitForEmail((m) => m.to.includes(pat.account.email) && m.subject === `You accepted request ${reference}` && m.text.includes("The new date and time"));
  expect(invite(theirs)).toMatchObject({ method: "REQUEST", uid: before.uid, sequence: after.sequence });
  await visitor.reload();
  await expect(visitor.getByTestId("reschedule-pending")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test("from My Bookings through the ?reschedule step; the provider accepts with a plain form; the SEQUENCE rises", async ({ page, browser }) => {
    test.setTimeout(180_000);
    const customer = uniqueAccount("resched-nojs", "Ada Lovelace");
    await signUpAndVerify(page, customer);
    const { reference } = await bookIn(page, customer, "Patch a wall.", AREA);
    const providerName = `Sam Resched ${stamp}`;
    const sam = await liveProvider(browser, providerName);
    await matchTo(await operatorPage(browser), reference, providerName);
    const samPlain = await (await browser.newContext({ javaScriptEnabled: false, storageState: await sam.page.context().storageState() })).newPage();
    await samPlain.goto("/account/jobs");
    await samPlain.getByRole("article").filter({ hasText: reference }).getByRole("button", { name: "Accept job" }).click();
    const before = invite(await waitForEmail(confirmedWith(customer.email, reference, false)));

    const noJs = await (await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() })).newPage();
    await noJs.goto(`/account/requests/${reference}`);
    await noJs.getByRole("link", { name: "Change the date or time" }).click();
    await expect(noJs).toHaveURL(new RegExp(`/account/requests/${reference}\\?reschedule#reschedule-request$`));
    const step = noJs.getByRole("region", { name: `Propose a new date and time for ${reference}` });
    await expect(step).toBeVisible();
    // A time already past today: refused on the time field, the step still there.
    await step.getByLabel("New date").fill(torontoDate(0));
    await step.getByLabel("New time").fill("00:00");
    await step.getByRole("button", { name: "Propose this time" }).click();
    await expect(noJs.getByRole("alert").filter({ hasText: "Choose a time that is still ahead." })).toBeVisible();
    const newDate = torontoDate(11);
    const again = noJs.getByRole("region", { name: `Propose a new date and time for ${reference}` });
    await again.getByLabel("New date").fill(newDate);
    await again.getByLabel("New time").fill("08:30");
    await again.getByRole("button", { name: "Propose this time" }).click();
    await expect(noJs).toHaveURL(new RegExp(`/account/requests/${reference}$`));
    await expect(noJs.getByTestId("reschedule-pending")).toContainText("You asked to move it to");

    await samPlain.goto("/account/jobs");
    const card = samPlain.getByRole("article").filter({ hasText: reference });
    await expect(card.getByTestId("job-moved")).toContainText("The customer asks for this new time");
    await card.getByRole("button", { name: "Accept job" }).click();
    const after = invite(await waitForEmail(confirmedWith(customer.email, reference, true)));
    expect(after).toMatchObject({ method: "REQUEST", uid: before.uid, start: `${newDate.replaceAll("-", "")}T083000` });
    expect(after.sequence).toBeGreaterThan(before.sequence);
    await noJs.reload();
    await expect(noJs.getByTestId("reschedule-pending")).toHaveCount(0);
  });
});
