import { expect, type Page, test } from "./fixtures";
import { labelled, moveInDate, OPERATOR_EMAIL, randomLetters, readEmails, waitForEmail, waitForHydration } from "./support";

/**
 * Issue 33 items 3 and 4, as a person meets them: a double click on Send without JavaScript
 * is one request with one receipt; the success page says when no confirmation was emailed (the
 * address's daily cap) and keeps the reference and tracking link across a reload — for this
 * browser only.
 */
const REFERENCE = /GTA-[2-9A-HJKMNP-TV-Z]{6}/;
const main = (page: Page) => page.getByRole("main");

/** The "Request this service" form on a search that finds nothing, filled in. */
async function fillServiceRequest(page: Page, { term, name, contact }: { term: string; name: string; contact: string }) {
  await page.goto(`/services?q=${encodeURIComponent(term)}`);
  const form = main(page).getByRole("region", { name: "Request this service" });
  await form.getByRole("textbox", { name: labelled("Your name") }).fill(name);
  await form.getByRole("textbox", { name: labelled("City / area") }).fill("Etobicoke");
  await form.getByRole("textbox", { name: /^Email or phone/ }).fill(contact);
  await expect(form.getByRole("textbox", { name: labelled("Service wanted") })).toHaveValue(term);
  return form.getByRole("button", { name: "Send Request" });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a double click on Send is one request: one receipt, one operator email, one confirmation", async ({ page }) => {
    const term = `Zebra grooming ${randomLetters()}`;
    const contact = `double.${randomLetters(8)}@example.com`;
    const send = await fillServiceRequest(page, { term, name: "Ada Double", contact });
    // A server slow to answer the first post, so the second click finds the form still there
    // (Chromium folds a double click sent within one task into one submission): the first post
    // reaches the server, its answer waits until the browser has sent the second.
    let posts = 0;
    let secondSent = () => {};
    const second = new Promise<void>((resolve) => (secondSent = resolve));
    await page.route(
      (url) => url.pathname === "/services",
      async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        if (++posts > 1) {
          secondSent();
          return route.continue();
        }
        const answer = await route.fetch({ maxRedirects: 0 });
        await second;
        await route.fulfill({ response: answer }).catch(() => {}); // the browser dropped it for the second
      },
    );
    // The mouse, not locator.click(), which would wait for the first click's navigation.
    await send.scrollIntoViewIfNeeded();
    const box = (await send.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    const firstPost = page.waitForRequest((r) => r.method() === "POST");
    await page.mouse.click(x, y);
    await firstPost;
    await page.mouse.click(x, y);
    await expect(page).toHaveURL(/\/request-success$/);
    expect(posts, "the browser sent the form twice").toBe(2);
    const reference = (await main(page).getByText(REFERENCE).textContent())?.match(REFERENCE)?.[0];
    expect(reference).toBeTruthy();

    // Whichever post answered, the receipt is the one request's, and so is the mail. (The
    // integration test idempotent-forms.test.ts counts rows and emails once both posts are
    // handled; here, what the person's mailbox and the operator's hold once the mail came.)
    const confirmation = await waitForEmail((m) => m.to.includes(contact), { message: "the confirmation" });
    expect(confirmation.subject).toContain(reference!);
    await waitForEmail((m) => m.to.includes(OPERATOR_EMAIL) && m.subject === `[Service Request] ${term}`, { message: "the operator email" });
    const mails = readEmails();
    expect(mails.filter((m) => m.to.includes(contact)), "one confirmation").toHaveLength(1);
    expect(mails.filter((m) => m.subject === `[Service Request] ${term}`), "one operator email").toHaveLength(1);

    // A reload of the success page keeps the receipt (no JavaScript needed).
    await page.reload();
    await expect(main(page).getByText(reference!)).toBeVisible();
    await expect(main(page).getByRole("link", { name: "Track your request" })).toBeVisible();
  });
});

test.describe("with JavaScript", () => {
  test("the 6th request to one address in a day says it was not emailed; the receipt survives a reload, in this browser only", async ({
    page,
    browser,
  }) => {
    const contact = `capped.${randomLetters(8)}@example.com`;
    // Five requests to that address already today (their confirmations reach the cap).
    for (let i = 0; i < 5; i++) {
      const send = await fillServiceRequest(page, { term: `Capped ${i} ${randomLetters()}`, name: "Ada Capped", contact });
      await send.click();
      await expect(page).toHaveURL(/\/request-success$/);
      await expect(main(page).getByText("We've emailed you a confirmation.", { exact: false })).toBeVisible();
    }
    const send = await fillServiceRequest(page, { term: `Capped 6 ${randomLetters()}`, name: "Ada Capped", contact });
    await send.click();
    await expect(page).toHaveURL(/\/request-success$/);
    const notice = main(page).getByText("We did not email you a confirmation this time", { exact: false });
    await expect(notice).toBeVisible();
    await expect(main(page).getByText("We've emailed you", { exact: false })).toHaveCount(0);
    const reference = (await main(page).getByText(REFERENCE).textContent())?.match(REFERENCE)?.[0];
    expect(reference).toBeTruthy();
    const track = main(page).getByRole("link", { name: "Track your request" });
    const statusPath = await track.getAttribute("href");
    expect(statusPath).toMatch(/^\/requests\//);

    await page.reload();
    await expect(notice).toBeVisible();
    await expect(main(page).getByText(reference!)).toBeVisible();
    await expect(track).toHaveAttribute("href", statusPath!);
    await track.click();
    await expect(page).toHaveURL(new RegExp(`${statusPath}$`));
    await expect(main(page).getByText(reference!)).toBeVisible();

    // Another browser on the same page gets no one's receipt.
    const other = await browser.newContext();
    const stranger = await other.newPage();
    await stranger.goto("/request-success");
    await expect(main(stranger).getByRole("heading", { level: 1 })).toHaveText("All set!");
    await expect(main(stranger).getByText(REFERENCE)).toHaveCount(0);
    await expect(main(stranger).getByRole("link", { name: "Track your request" })).toHaveCount(0);
    await other.close();
  });

  test("a rent request over the address's daily cap: the dialog's receipt says why it was not emailed, with the reference", async ({ page }) => {
    const contact = `capped.rent.${randomLetters(8)}@example.com`;
    // Five confirmations to that address already today (the cap).
    for (let i = 0; i < 5; i++) {
      const send = await fillServiceRequest(page, { term: `Capped rent ${i} ${randomLetters()}`, name: "Alan Capped", contact });
      await send.click();
      await expect(page).toHaveURL(/\/request-success$/);
    }
    await page.goto("/homes/h-annex-studio");
    await waitForHydration(page);
    await main(page).getByRole("link", { name: "Request to Rent" }).click();
    const dialog = page.getByRole("dialog", { name: "Request to Rent" });
    await dialog.getByLabel(labelled("Full name")).fill("Alan Capped");
    await dialog.getByLabel(labelled("Email")).fill(contact);
    await dialog.getByLabel(labelled("Phone")).fill("416-555-0134");
    await dialog.getByLabel(labelled("Move-in date")).fill(moveInDate("h-annex-studio", 3));
    await dialog.getByLabel(labelled("Message")).fill("Could I see it this weekend?");
    await dialog.getByRole("button", { name: "Send Request" }).click();
    // Issue 49 item 5: the dialog ends on the receipt, which says why (the mailbox's cap) and how to keep the link.
    await expect(dialog.getByRole("heading", { name: "Request Sent!" })).toBeVisible();
    const notice = dialog.getByText("We did not email you a confirmation this time", { exact: false });
    await expect(notice).toContainText("we have already emailed this address five times today");
    await expect(notice).toContainText("bookmark the link below");
    await expect(dialog.getByText(REFERENCE)).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Track your request" })).toHaveAttribute("href", /^\/requests\//);
    await expect(dialog.getByText("We've emailed you", { exact: false })).toHaveCount(0);
  });
});
