import { expect, test } from "./fixtures";
import { getRuntime } from "~/lib/runtime.server";
import {
  expectNoSeriousA11yViolations,
  expectToast,
  linkStartingWith,
  OPERATOR_EMAIL,
  signUpAndVerify,
  uniqueAccount,
  waitForEmail,
  waitForHydration,
} from "./support";
import { makeLiveProvider } from "../support/providers";
import { whileBusy, withBackOfficeRuntime } from "./back-office";
import { book as bookIn, invite, operatorPage } from "./customer-requests";

/**
 * Customers cancel their own requests (issue 49 item 1 acceptance), in a browser: with
 * JavaScript, from the status link of the confirmation email, in a browser with no account
 * signed in, by keyboard through the confirm dialog — the customer, the provider who accepted
 * and the operator are emailed, and the calendar invites follow (METHOD:CANCEL, same UID, higher
 * SEQUENCE). Without JavaScript, from My Bookings' request page: the link leads to the
 * confirmation step, a plain form.
 */
withBackOfficeRuntime();

const stamp = Date.now();
const AREA = `Riverdale${stamp}`;

test("from the status link, with JavaScript and by keyboard: everyone is emailed and every calendar invite is cancelled", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const customer = uniqueAccount("cancel", "Grace Hopper");
  await signUpAndVerify(page, customer);
  const { reference, confirmation } = await bookIn(page, customer, "Hang three pictures.", AREA);

  // A live provider is matched and accepts: both calendars hold the event now.
  const providerName = `Pat Cancel ${stamp}`;
  const provider = uniqueAccount("cancel-provider", providerName);
  const pat = await (await browser.newContext()).newPage();
  await signUpAndVerify(pat, provider);
  await whileBusy(() =>
    getRuntime()
      .db.transaction()
      .execute((trx) => makeLiveProvider(trx, provider.email, { name: providerName, areas: [AREA] })),
  );
  const operator = await operatorPage(browser);
  await operator.goto(`/admin/requests/${reference}`);
  await operator.getByRole("list", { name: "Verified providers" }).getByRole("link", { name: `Choose ${providerName}` }).click();
  await operator.getByRole("button", { name: "Confirm match" }).click();
  await expectToast(operator, "Provider matched", "The provider has been asked to accept, and the customer told who was asked.");
  await pat.goto("/account/jobs");
  await waitForHydration(pat);
  await pat.getByRole("article").filter({ hasText: reference }).getByRole("button", { name: "Accept job" }).click();
  await expectToast(pat, "Job accepted", "The customer has been emailed your confirmation.");
  const confirmed = await waitForEmail((m) => m.to.includes(customer.email) && m.subject === `Your provider confirmed: request ${reference}`);
  const accepted = invite(confirmed);
  expect(accepted.method).toBe("REQUEST");

  // The status link, in a browser where nobody is signed in.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(linkStartingWith(confirmation, "/requests/").pathname);
  await waitForHydration(visitor);
  const opener = visitor.getByRole("link", { name: "Cancel this request" });
  await opener.focus();
  await visitor.keyboard.press("Enter");
  const dialog = visitor.getByRole("dialog", { name: `Cancel request ${reference}?` });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(visitor);
  // Escape closes it and focus returns to the link; it opens again.
  await visitor.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  await visitor.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("radio", { name: "My plans changed" }).focus();
  await visitor.keyboard.press("Space");
  await expect(dialog.getByRole("radio", { name: "My plans changed" })).toBeChecked();
  await visitor.keyboard.press("Tab");
  await visitor.keyboard.type("We are moving across town.");
  await dialog.getByRole("button", { name: "Cancel request" }).focus();
  await visitor.keyboard.press("Enter");
  await expectToast(visitor, "Request cancelled", "We emailed you a confirmation and told everyone concerned.");
  await expect(visitor.getByRole("main")).toContainText("You cancelled this request on");
  await expect(visitor.getByRole("main")).toContainText("Your reason: My plans changed");
  await expect(visitor.getByRole("link", { name: "Cancel this request" })).toHaveCount(0);

  // Every party's email, and the calendars: CANCEL, the same UID, a higher SEQUENCE.
  const mine = await waitForEmail((m) => m.to.includes(customer.email) && m.subject === `Request ${reference} is cancelled`);
  const cancelled = invite(mine);
  expect(cancelled).toMatchObject({ method: "CANCEL", uid: accepted.uid });
  expect(cancelled.sequence).toBeGreaterThan(accepted.sequence);
  const theirs = await waitForEmail((m) => m.to.includes(provider.email) && m.subject === `Job cancelled by the customer: request ${reference}`);
  expect(invite(theirs)).toMatchObject({ method: "CANCEL", uid: accepted.uid, sequence: cancelled.sequence });
  const ops = await waitForEmail((m) => m.to.includes(OPERATOR_EMAIL) && m.subject === `[Cancelled by customer] Request ${reference}`);
  expect(ops.text).toContain("We are moving across town.");
  // The operator's page says who cancelled and why.
  await operator.goto(`/admin/requests/${reference}`);
  await expect(operator.getByTestId("admin-cancellation")).toContainText("Cancelled by the customer");
  await expect(operator.getByTestId("admin-cancellation")).toContainText("My plans changed");
});

test.describe("without JavaScript", () => {
  test("from My Bookings: the link leads to the confirmation step, a plain form", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const customer = uniqueAccount("cancel-nojs", "Grace Hopper");
    await signUpAndVerify(page, customer);
    const { reference } = await bookIn(page, customer, "Fix a wobbly table.", AREA);
    const noJs = await (await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() })).newPage();
    await noJs.goto(`/account/requests/${reference}`);
    await noJs.getByRole("link", { name: "Cancel this request" }).click();
    await expect(noJs).toHaveURL(new RegExp(`/account/requests/${reference}\\?cancel#cancel-request$`));
    const step = noJs.getByRole("region", { name: `Cancel request ${reference}?` });
    await expect(step).toBeVisible();
    await step.getByRole("radio", { name: "I found someone else" }).check();
    await step.getByRole("button", { name: "Cancel request" }).click();
    await expect(noJs).toHaveURL(new RegExp(`/account/requests/${reference}$`));
    await expect(noJs.getByRole("main")).toContainText("You cancelled this request on");
    await expect(noJs.getByRole("main")).toContainText("Your reason: I found someone else");
    const mine = await waitForEmail((m) => m.to.includes(customer.email) && m.subject === `Request ${reference} is cancelled`);
    expect(invite(mine).method).toBe("CANCEL");
    await waitForEmail((m) => m.to.includes(OPERATOR_EMAIL) && m.subject === `[Cancelled by customer] Request ${reference}`);
  });
});
