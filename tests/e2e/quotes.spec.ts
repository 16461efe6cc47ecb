import { getRuntime } from "~/lib/runtime.server";
import { quoteLapsed } from "../support/quotes";
import { whileBusy, withBackOfficeRuntime } from "./back-office";
import { type Browser, expect, type Page, test } from "./fixtures";
import {
  ADMIN,
  type CapturedEmail,
  expectNoSeriousA11yViolations,
  expectToast,
  labelled,
  linkStartingWith,
  OPERATOR_EMAIL,
  randomLetters,
  submitLogInForm,
  torontoDate,
  waitForEmail,
  waitForHydration,
} from "./support";

/**
 * Quotes as a step of the lifecycle (issue 50 acceptance), in a browser: the operator quotes a
 * chauffeur request with two line items on its back-office page → the customer receives it,
 * and accepts it from the status link without an account → the request is confirmed, with an
 * .ics. A revised quote replaces the one before it; once its validity has passed (the clock
 * moved in the stored quote) it cannot be accepted and offers to ask for a new one. Without
 * JavaScript, a customer declines a quote with a reason from the status link's confirmation step,
 * and the reason reaches the operator.
 */
withBackOfficeRuntime();
const CONSENT = "I agree to be contacted by email regarding my request.";

/** A chauffeur request, sent as a browser without JavaScript sends it (its form's one-time token included). */
async function chauffeurRequest(browser: Browser, email: string): Promise<{ reference: string; confirmation: CapturedEmail }> {
  const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await page.goto("/cars/request?type=chauffeur-hourly");
  const form = page.getByRole("main");
  await form.getByRole("textbox", { name: labelled("Full name") }).fill("Ada Lovelace");
  await form.getByRole("textbox", { name: labelled("Email") }).fill(email);
  await form.getByRole("textbox", { name: labelled("Pick-up address") }).fill("100 King St W");
  await form.getByLabel(labelled("Start date")).fill(torontoDate(6));
  await form.getByLabel(labelled("Start time")).fill("09:00");
  await form.getByLabel(labelled("Estimated hours")).selectOption("4");
  await form.getByLabel(labelled("Vehicle class")).selectOption("Luxury");
  await form.getByRole("checkbox", { name: CONSENT, exact: true }).check();
  await form.getByRole("button", { name: "Submit Request" }).click();
  const confirmation = await waitForEmail((m) => m.to.includes(email) && /^We received your request — GTA-/.test(m.subject));
  await page.context().close();
  return { reference: /GTA-[2-9A-Z]{6}/.exec(confirmation.subject)![0], confirmation };
}

async function operatorPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/admin");
  await submitLogInForm(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

/** The operator writes the two-line quote and sends it. */
async function sendQuote(operator: Page, reference: string) {
  await operator.goto(`/admin/requests/${reference}`);
  await waitForHydration(operator);
  const panel = operator.getByRole("region", { name: "Quote" });
  const line = (n: number) => panel.getByRole("group", { name: `Line ${n}` });
  await line(1).getByRole("textbox", { name: "Description" }).fill("Chauffeur, 4 hours (Luxury sedan)");
  await line(1).getByRole("textbox", { name: "Quantity" }).fill("4");
  await line(1).getByRole("textbox", { name: "Unit price (CA$)" }).fill("85");
  await line(2).getByRole("textbox", { name: "Description" }).fill("Airport meet and greet");
  await line(2).getByRole("textbox", { name: "Quantity" }).fill("1");
  await line(2).getByRole("textbox", { name: "Unit price (CA$)" }).fill("45.50");
  await panel.getByRole("textbox", { name: "Included", exact: true }).fill("Fuel, tolls, waiting up to 15 minutes");
  await panel.getByRole("button", { name: "Send quote" }).click();
  await expectToast(operator, "Quote sent", "The customer was emailed the quote in their language.");
  await expect(panel.getByTestId("quote-total")).toHaveText("CA$435.62");
}

test("the operator quotes a chauffeur request with two lines; the customer accepts from the status link, no account: confirmed with an .ics", async ({ browser }) => {
  test.setTimeout(180_000);
  const email = `quote.${randomLetters(8)}@example.com`;
  const { reference, confirmation } = await chauffeurRequest(browser, email);
  const operator = await operatorPage(browser);
  await sendQuote(operator, reference);

  const quoteMail = await waitForEmail((m) => m.to.includes(email) && m.subject === `Your quote for request ${reference}`);
  expect(quoteMail.text).toContain("HST (13%): CA$50.12");
  expect(quoteMail.text).toContain("Total: CA$435.62");
  // The quote's link is the status page of the confirmation.
  const statusPath = linkStartingWith(confirmation, "/requests/").pathname;
  expect(linkStartingWith(quoteMail, "/requests/").pathname).toBe(statusPath);

  // No account: a browser where nobody is signed in.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(statusPath);
  await waitForHydration(visitor);
  const quote = visitor.getByRole("region", { name: "Your quote" });
  await expect(quote.getByTestId("quote-hst")).toHaveText("CA$50.12");
  await expect(quote.getByTestId("quote-total")).toHaveText("CA$435.62");
  await expectNoSeriousA11yViolations(visitor);
  // Printed (issue 50 item 5): the quote and its terms, without the site's header and footer or the buttons.
  await visitor.emulateMedia({ media: "print" });
  await expect(quote.getByTestId("quote-total")).toBeVisible();
  await expect(quote.getByText("Valid until")).toBeVisible();
  await expect(visitor.getByRole("banner")).toBeHidden();
  await expect(quote.getByRole("button", { name: "Accept quote" })).toBeHidden();
  await expect(quote.getByRole("link", { name: /PDF/ })).toBeHidden();
  await visitor.emulateMedia({ media: "screen" });
  await quote.getByRole("button", { name: "Accept quote" }).click();
  await expectToast(visitor, "Quote accepted", "Your request is confirmed. We emailed you the details and a calendar invite.");
  await expect(quote).toContainText("You accepted this quote on");
  await expect(quote.getByRole("button", { name: "Accept quote" })).toHaveCount(0);
  await expect(visitor.getByRole("link", { name: "Add to calendar" })).toBeVisible();

  const confirmed = await waitForEmail((m) => m.to.includes(email) && m.subject === `Request ${reference} confirmed`);
  expect(confirmed.calendars).toHaveLength(1);
  expect(confirmed.calendars[0]).toContain("METHOD:REQUEST");
  await waitForEmail((m) => m.to.includes(OPERATOR_EMAIL) && m.subject === `[Quote accepted] ${reference}`);
  await operator.reload();
  await expect(operator.getByTestId("quote-flag")).toHaveText("The customer accepted the quote");
});

test("a revised quote replaces the old one; once it has lapsed (clock moved) it cannot be accepted, and a new one can be asked for", async ({ browser }) => {
  test.setTimeout(180_000);
  const email = `quote.revised.${randomLetters(8)}@example.com`;
  const { reference, confirmation } = await chauffeurRequest(browser, email);
  const operator = await operatorPage(browser);
  await sendQuote(operator, reference);
  await waitForEmail((m) => m.to.includes(email) && m.subject === `Your quote for request ${reference}`);

  // The operator revises the second line (45.50 → 30) and sends the revision.
  const panel = operator.getByRole("region", { name: "Quote" });
  await panel.getByRole("group", { name: "Line 2" }).getByRole("textbox", { name: "Unit price (CA$)" }).fill("30");
  await panel.getByRole("button", { name: "Send revised quote" }).click();
  await expectToast(operator, "Quote sent", "The customer was emailed the quote in their language.");
  const revised = await waitForEmail((m) => m.to.includes(email) && m.subject === `Your revised quote for request ${reference}`);
  expect(revised.text).toContain("This quote replaces the one we sent you before; only this one can be accepted.");
  expect(revised.text).toContain("Total: CA$418.10");

  const statusPath = linkStartingWith(confirmation, "/requests/").pathname;
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(statusPath);
  await waitForHydration(visitor);
  const quote = visitor.getByRole("region", { name: "Your quote" });
  await expect(quote).toContainText("This quote replaces the one sent on");
  await expect(quote.getByTestId("quote-total")).toHaveText("CA$418.10");

  // A week goes by: the stored quote's validity ends yesterday.
  await whileBusy(async () => {
    const { db } = getRuntime();
    const request = await db.selectFrom("requests").select("id").where("reference", "=", reference).executeTakeFirstOrThrow();
    const latest = await db.selectFrom("quotes").select("id").where("request_id", "=", request.id).where("status", "=", "sent").executeTakeFirstOrThrow();
    await quoteLapsed(db, latest.id);
  });
  await visitor.reload();
  await waitForHydration(visitor);
  await expect(quote).toContainText("can no longer be accepted");
  await expect(quote.getByRole("button", { name: "Accept quote" })).toHaveCount(0);
  await quote.getByRole("button", { name: "Ask for a new quote" }).click();
  await expectToast(visitor, "New quote requested", "Our team was told and will send you a new quote by email.");
  await waitForEmail((m) => m.to.includes(OPERATOR_EMAIL) && m.subject === `[New quote asked] ${reference}`);
});

test.describe("without JavaScript", () => {
  test("the customer declines from the status link's confirmation step, with a reason that reaches the operator", async ({ browser }) => {
    test.setTimeout(180_000);
    const email = `quote.nojs.${randomLetters(8)}@example.com`;
    const { reference, confirmation } = await chauffeurRequest(browser, email);
    const operator = await operatorPage(browser);
    await sendQuote(operator, reference);
    await waitForEmail((m) => m.to.includes(email) && m.subject === `Your quote for request ${reference}`);

    const noJs = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    const statusPath = linkStartingWith(confirmation, "/requests/").pathname;
    await noJs.goto(statusPath);
    await noJs.getByRole("link", { name: "Decline quote" }).click();
    await expect(noJs).toHaveURL(new RegExp(`${statusPath}\\?decline-quote#decline-quote$`));
    const step = noJs.getByRole("region", { name: "Decline this quote?" });
    await step.getByRole("textbox", { name: "Why? (optional)" }).fill("We found a cheaper ride.");
    await step.getByRole("button", { name: "Decline quote" }).click();
    await expect(noJs).toHaveURL(new RegExp(`${statusPath}$`));
    await expect(noJs.getByRole("main")).toContainText("You declined this quote on");
    const ops = await waitForEmail((m) => m.to.includes(OPERATOR_EMAIL) && m.subject === `[Quote declined] ${reference}`);
    expect(ops.text).toContain("We found a cheaper ride.");
  });
});
