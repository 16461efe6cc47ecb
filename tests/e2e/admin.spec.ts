import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "./fixtures";
import { getRuntime } from "~/lib/runtime.server";
import { submitRequest } from "~/modules/requests/requests.server";
import {
  ADMIN,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectToast,
  labelled,
  linkIn,
  signUpAndVerify,
  submitLogInForm,
  torontoDate,
  uniqueAccount,
  waitForEmail,
  waitForHydration,
} from "./support";
import { appointmentPassed } from "../support/appointments";
import { insertProvider } from "../support/providers";
import { whileBusy, withBackOfficeRuntime } from "./back-office";

/**
 * The operator's day in a browser (issue 13 acceptance): a customer's booking appears in the
 * inbox → the operator matches a verified provider and confirms (both sides emailed) → marks it
 * complete (the review invitation) → the customer's status page says Completed; a new service
 * request is deleted behind a confirmation ('Request Deleted') and stays gone after a reload.
 */
withBackOfficeRuntime();

const stamp = Date.now();
const PROVIDER = { name: `Rosa Gardens ${stamp}`, email: `rosa.${stamp}@example.com`, area: `Rosedale${stamp}` };

test.beforeAll(async () => {
  // A live, verified gardener in a neighbourhood of its own: what provider verification leaves behind.
  const { db } = getRuntime();
  const userId = randomUUID();
  const now = new Date().toISOString();
  await whileBusy(() =>
    db.transaction().execute(async (trx) => {
      await trx
        .insertInto("user")
        .values({ id: userId, name: PROVIDER.name, email: PROVIDER.email, emailVerified: 1, image: null, createdAt: now, updatedAt: now, phone: "416-555-0142", role: "provider", adultConfirmedAt: now, termsAcceptedAt: now })
        .execute();
      await insertProvider(trx, userId, { name: PROVIDER.name, bio: "Lawns, beds and hedges.", services: ["gardening"], areas: [PROVIDER.area] });
    }),
  );
});

async function logInAsAdmin(page: Page) {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fadmin$/);
  await submitLogInForm(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("navigation", { name: "Back office" })).toBeVisible();
}

test("a booking goes from the inbox to matched, completed and reviewed-by-invitation", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const customer = uniqueAccount("gardening", "Greta Green");
  await signUpAndVerify(page, customer);
  await page.goto("/services/gardening");
  await waitForHydration(page);
  await page.getByRole("main").getByRole("link", { name: "Book Gardener" }).click();
  const dialog = page.getByRole("dialog", { name: "Request a booking" });
  await dialog.getByRole("textbox", { name: labelled("Area / neighborhood") }).fill(PROVIDER.area);
  await dialog.getByLabel(labelled("Preferred date")).fill(torontoDate(4));
  await dialog.getByLabel(labelled("Preferred time")).fill("09:30");
  await dialog.getByRole("textbox", { name: labelled("Notes (optional)") }).fill("Hedge trimming, front and back.");
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  // The dialog ends on the booking's receipt (issue 49 item 5).
  await expect(dialog.getByRole("heading", { name: "Request received!" })).toBeVisible();
  const confirmation = await waitForEmail((m) => m.to.includes(customer.email) && /^We received your request — GTA-/.test(m.subject));
  const reference = /GTA-[2-9A-Z]{6}/.exec(confirmation.subject)![0];

  // The operator, in another browser.
  const operator = await (await browser.newContext()).newPage();
  await logInAsAdmin(operator);
  await operator.getByRole("link", { name: /^Inbox/ }).click();
  await expect(operator.getByRole("heading", { level: 1 })).toHaveText("Inbox");
  const row = operator.getByRole("row").filter({ hasText: reference });
  await expect(row).toContainText("Gardening");
  await expect(row).toContainText("Received");
  await expectNoSeriousA11yViolations(operator);

  // 1. Open it: the shortlist starts with the gardeners, those in the customer's area first.
  await row.getByRole("link", { name: reference }).click();
  await expect(operator.getByRole("heading", { level: 1 })).toContainText(reference);
  await expect(operator.getByText("Hedge trimming, front and back.")).toBeVisible();
  const shortlist = operator.getByRole("list", { name: "Verified providers" });
  await expect(shortlist.getByRole("listitem").first()).toContainText(PROVIDER.name);
  await expect(shortlist.getByRole("listitem").first()).toContainText("0 open matches");
  await expectNoSeriousA11yViolations(operator);
  // 2. Choose, 3. confirm — by keyboard.
  await shortlist.getByRole("link", { name: `Choose ${PROVIDER.name}` }).focus();
  await operator.keyboard.press("Enter");
  const confirm = operator.getByRole("button", { name: "Confirm match" });
  await expect(confirm).toBeVisible();
  await confirm.focus();
  await operator.keyboard.press("Enter");
  await expectToast(operator, "Provider matched", "The provider has been asked to accept, and the customer told who was asked.");
  await expect(operator.getByText(`Matched with ${PROVIDER.name}`)).toBeVisible();

  // The match is an offer (ADR 24): contacts are exchanged once the provider accepts (provider-jobs.spec.ts).
  const toCustomer = await waitForEmail((m) => m.to.includes(customer.email) && m.text.includes(PROVIDER.name), { message: "the customer's introduction" });
  expect(toCustomer.text).not.toContain(PROVIDER.email);
  const toProvider = await waitForEmail((m) => m.to.includes(PROVIDER.email), { message: "the provider's introduction" });
  expect(toProvider.subject).toBe(`New job for you: request ${reference}`);
  expect(toProvider.text).toContain("Hedge trimming, front and back.");
  expect(toProvider.text).not.toContain(customer.name);

  // Not before the appointment (issue 49 item 2): the page says from when; then its day comes.
  await expect(operator.getByText(/^It can be marked as complete once its appointment has started: /)).toBeVisible();
  await expect(operator.getByRole("link", { name: "Mark as Complete" })).toHaveCount(0);
  await whileBusy(async () => {
    const { id } = await getRuntime().db.selectFrom("requests").select("id").where("reference", "=", reference).executeTakeFirstOrThrow();
    await appointmentPassed(getRuntime().db, id);
  });
  await operator.reload();

  // Mark as Complete: confirmed first in the page's one dialog pattern (issue 33 item 9: it is
  // final and emails the customer), then the prototype's notification toast and the invitation.
  await waitForHydration(operator);
  await operator.getByRole("link", { name: "Mark as Complete" }).click();
  const confirmComplete = operator.getByRole("dialog", { name: `Mark ${reference} as complete?` });
  await expect(confirmComplete).toContainText("This can't be undone.");
  await confirmComplete.getByRole("button", { name: "Not yet" }).click();
  await expect(confirmComplete).toBeHidden();
  await expect(operator.getByRole("link", { name: "Mark as Complete" })).toBeFocused();
  await operator.getByRole("link", { name: "Mark as Complete" }).click();
  await confirmComplete.getByRole("button", { name: "Yes, mark as complete" }).click();
  await expectToast(operator, "Booking completed", "The customer has been notified and invited to leave a review.");
  const invitation = await waitForEmail((m) => m.to.includes(customer.email) && m.text.includes("Write a review"), { message: "the review invitation" });
  expect(linkIn(invitation, `/account/reviews/${reference}`).pathname).toBe(`/account/reviews/${reference}`);
  await expect(operator.getByRole("region", { name: "Audit log" })).toContainText("request.match");

  // The customer's page says Completed.
  await page.goto(`/account/requests/${reference}`);
  await expect(page.locator('[aria-current="step"]')).toContainText("Completed");
});

test("a new service request is deleted behind a confirmation and stays gone", async ({ page }) => {
  test.setTimeout(90_000);
  const service = `Aquarium cleaning ${stamp}`;
  const sent = await whileBusy(() =>
    submitRequest("service-request", { name: "Ivy Fish", location: "Etobicoke", contact: `ivy.${stamp}@example.com`, service }, { user: null, clientIp: "127.0.0.9", locale: "en-US" }),
  );
  await logInAsAdmin(page);
  await page.getByRole("link", { name: /^Inbox/ }).click();
  await page.getByRole("link", { name: "New Service Requests" }).click();
  await expect(page).toHaveURL(/kind=service-request&status=received/);
  await page.getByRole("row").filter({ hasText: service }).getByRole("link", { name: sent.reference }).click();
  await waitForHydration(page);

  await page.getByRole("link", { name: "Delete request" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete request ${sent.reference}?` });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Cancel keeps it.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("link", { name: "Delete request" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete request" }).click();
  await expectToast(page, "Request Deleted", "The request has been removed.");
  await expect(page).toHaveURL(/\/admin\/requests$/);
  await expect(page.getByText(service)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inbox");
  await expect(page.getByText(service)).toHaveCount(0);
});

test("works on a tablet, and without JavaScript: filter, open, note, cancel with a reason", async ({ browser }) => {
  test.setTimeout(90_000);
  const sent = await whileBusy(() =>
    submitRequest("city-request", { city: `Oshawa${stamp}`, name: "Olu", contact: `olu.${stamp}@example.com` }, { user: null, clientIp: "127.0.0.9", locale: "en-US" }),
  );
  const context = await browser.newContext({ viewport: { width: 768, height: 1024 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/auth/login?redirectTo=%2Fadmin%2Frequests");
  await page.getByRole("main").getByRole("textbox", { name: /^Email/ }).fill(ADMIN.email);
  await page.getByRole("main").getByLabel(/^Password/).fill(ADMIN.password);
  await page.getByRole("main").getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/admin\/requests$/);
  await expectNoHorizontalScroll(page);
  await page.getByRole("searchbox", { name: /^Search/ }).fill(`Oshawa${stamp}`);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`q=Oshawa${stamp}`));
  await page.getByRole("link", { name: sent.reference }).click();
  await expectNoHorizontalScroll(page);
  await page.getByRole("textbox", { name: "Add a note" }).fill("Asked a colleague about Oshawa coverage.");
  await page.getByRole("button", { name: "Save note" }).click();
  await expect(page.getByText("Asked a colleague about Oshawa coverage.")).toBeVisible();
  // Cancelling without a reason is refused by its field; with one, done.
  await page.getByRole("radio", { name: "Cancelled" }).check();
  await page.getByRole("button", { name: "Update status" }).click();
  await expect(page.getByText("Give the reason for cancelling: the customer receives it.")).toBeVisible();
  await page.getByRole("radio", { name: "Cancelled" }).check();
  await page.getByRole("textbox", { name: "Note to the customer" }).fill("We do not serve Oshawa yet.");
  await page.getByRole("button", { name: "Update status" }).click();
  await expect(page.getByRole("region", { name: "Status" })).toContainText("Now: Cancelled");
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText("We do not serve Oshawa yet.");
  await context.close();
});
