import { expect, test, type Page } from "./fixtures";
import { expectNoSeriousA11yViolations, labelled, newPhonePage, signUpAndVerify, uniqueAccount, OPERATOR_EMAIL, moveInDate, randomLetters, waitForEmail, waitForHydration } from "./support";

/**
 * Issue 49 items 5 and 6, as a person meets them. A dialog ends on a receipt that stays (the
 * form's "sent" words, what was asked, the reference, the status link, what happens next) — and
 * without JavaScript the post lands on the success page showing the same receipt. A dialog keeps
 * what was typed after Esc, Close, or a reload, until it is sent or cleared. On a phone it opens
 * without focusing a field, and its submit button is in view.
 * (The booking dialogs, which need an account: services.spec.ts; the mailbox cap's wording:
 * request-receipt.spec.ts.)
 */
const REFERENCE = /GTA-[2-9A-HJKMNP-TV-Z]{6}/;
const main = (page: Page) => page.getByRole("main");
const LISTING = "/homes/h-annex-studio";

async function openRent(page: Page) {
  await main(page).getByRole("link", { name: "Request to Rent" }).click();
  const dialog = page.getByRole("dialog", { name: "Request to Rent" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("with JavaScript", () => {
  test("Contact a Chauffeur ends on a receipt that stays; opened again, the form is empty", async ({ page }) => {
    await page.goto("/cars");
    await waitForHydration(page);
    const opener = main(page).getByRole("link", { name: "Contact a Chauffeur" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Contact a Chauffeur" });
    const who = `Ada ${randomLetters()}`;
    await dialog.getByRole("textbox", { name: labelled("Full name") }).fill(who);
    await dialog.getByRole("textbox", { name: labelled("Email") }).fill(`chauffeur.${randomLetters(8)}@example.com`);
    await dialog.getByRole("textbox", { name: labelled("Pick-up area") }).fill("Annex");
    await dialog.getByRole("textbox", { name: labelled("Short message") }).fill("A van for Saturday?");
    await dialog.getByRole("button", { name: "Send", exact: true }).click();

    // The receipt, in place of the form, focused, and still there a while later (no toast that fades).
    const heading = dialog.getByRole("heading", { name: "Request Sent!" });
    await expect(heading).toBeFocused();
    await expect(dialog.getByText("We'll get back to you by email shortly.")).toBeVisible();
    await expect(dialog.getByText(REFERENCE)).toBeVisible();
    await expect(dialog.getByText("A van for Saturday?")).toBeVisible();
    await expect(dialog.getByText("We've emailed you a confirmation", { exact: false })).toBeVisible();
    const track = dialog.getByRole("link", { name: "Track your request" });
    await expect(track).toHaveAttribute("href", /^\/requests\//);
    await expectNoSeriousA11yViolations(page);
    await page.waitForTimeout(5_500);
    await expect(heading).toBeVisible();
    await waitForEmail((m) => m.to.includes(OPERATOR_EMAIL) && m.text.includes(who), { message: "the operator email" });

    // Done closes it; the form opens empty again (what was typed went with the request).
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
    await opener.click();
    await expect(dialog.getByRole("textbox", { name: labelled("Full name") })).toHaveValue("");
    await expect(dialog.getByRole("textbox", { name: labelled("Short message") })).toHaveValue("");
  });

  test("Request to Rent keeps what was typed after Esc, after Close and after a reload, until cleared", async ({ page }) => {
    await page.goto(LISTING);
    await waitForHydration(page);
    let dialog = await openRent(page);
    const message = `Could I see it on Sunday? ${randomLetters()}`;
    await dialog.getByLabel(labelled("Full name")).fill("Alan Draft");
    await dialog.getByLabel(labelled("Message")).fill(message);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);

    dialog = await openRent(page);
    await expect(dialog.getByLabel(labelled("Full name"))).toHaveValue("Alan Draft");
    await expect(dialog.getByLabel(labelled("Message"))).toHaveValue(message);
    await dialog.getByLabel(labelled("Phone")).fill("416-555-0199");
    // The draft reaches the server as the dialog closes.
    const kept = page.waitForResponse((r) => r.url().endsWith("/form-draft") && r.request().method() === "POST");
    await dialog.getByRole("button", { name: "Close" }).click();
    expect((await kept).status()).toBe(204);

    await page.reload();
    await waitForHydration(page);
    dialog = await openRent(page);
    await expect(dialog.getByLabel(labelled("Full name"))).toHaveValue("Alan Draft");
    await expect(dialog.getByLabel(labelled("Phone"))).toHaveValue("416-555-0199");
    await expect(dialog.getByLabel(labelled("Message"))).toHaveValue(message);

    // Cleared by the person: empty now, after closing, and after a reload.
    const cleared = page.waitForResponse((r) => r.url().endsWith("/form-draft"));
    await dialog.getByRole("button", { name: "Clear" }).click();
    await cleared;
    await expect(dialog.getByRole("button", { name: "Clear" })).toBeFocused();
    await expect(dialog.getByLabel(labelled("Message"))).toHaveValue("");
    await expect(dialog.getByLabel(labelled("Full name"))).toHaveValue("");
    await page.keyboard.press("Escape");
    await page.reload();
    await waitForHydration(page);
    dialog = await openRent(page);
    await expect(dialog.getByLabel(labelled("Message"))).toHaveValue("");
  });

  test("Request to Rent: a draft is sent with the request, ends on the receipt, and is gone afterwards", async ({ page }) => {
    await page.goto(LISTING);
    await waitForHydration(page);
    let dialog = await openRent(page);
    await dialog.getByLabel(labelled("Full name")).fill("Alan Sent");
    await dialog.getByLabel(labelled("Email")).fill(`rent.${randomLetters(8)}@example.com`);
    await dialog.getByLabel(labelled("Phone")).fill("416-555-0134");
    // The draft travels as the dialog closes; a reload sent in the same millisecond may reach the
    // server before it (the cookie it sets is then not on that reload) — wait for it, as a person's
    // reload a moment later would.
    const kept = page.waitForResponse((r) => r.url().endsWith("/form-draft") && r.request().method() === "POST");
    await page.keyboard.press("Escape");
    expect((await kept).status()).toBe(204);
    await page.reload();
    await waitForHydration(page);
    dialog = await openRent(page);
    await expect(dialog.getByLabel(labelled("Full name"))).toHaveValue("Alan Sent");
    await dialog.getByLabel(labelled("Move-in date")).fill(moveInDate("h-annex-studio", 3));
    await dialog.getByLabel(labelled("Message")).fill("Is parking included?");
    await dialog.getByRole("button", { name: "Send Request" }).click();
    await expect(dialog.getByRole("heading", { name: "Request Sent!" })).toBeVisible();
    await expect(dialog.getByText("Thanks! We'll get back to you shortly.")).toBeVisible();
    await expect(dialog.getByText(REFERENCE)).toBeVisible();
    await expect(dialog.getByText("Is parking included?")).toBeVisible();
    await page.keyboard.press("Escape");

    await page.reload();
    await waitForHydration(page);
    dialog = await openRent(page);
    await expect(dialog.getByLabel(labelled("Full name"))).toHaveValue("");
    await expect(dialog.getByLabel(labelled("Message"))).toHaveValue("");
  });

  test("a signed-in booking keeps what was typed after Esc and after a reload, for that account", async ({ page }) => {
    test.setTimeout(90_000);
    const account = uniqueAccount("keeper", `Ada Keeper ${randomLetters()}`);
    await signUpAndVerify(page, account);
    await page.goto("/services/handyman");
    await waitForHydration(page);
    const opener = main(page).getByRole("link", { name: "Book Handyman" });
    const dialog = page.getByRole("dialog", { name: "Request a booking" });
    const notes = dialog.getByRole("textbox", { name: labelled("Notes (optional)") });
    const area = dialog.getByRole("textbox", { name: labelled("Area / neighborhood") });
    await opener.click();
    const typed = `Hang three frames ${randomLetters()}`;
    await area.fill("Leslieville");
    await notes.fill(typed);
    const kept = page.waitForResponse((r) => r.url().endsWith("/form-draft") && r.request().method() === "POST");
    await page.keyboard.press("Escape");
    expect((await kept).status()).toBe(204);
    await opener.click();
    await expect(notes).toHaveValue(typed);
    await expect(area).toHaveValue("Leslieville");
    await expect(dialog.getByRole("textbox", { name: labelled("Full name") })).toHaveValue(account.name);
    // Closed again with nothing changed: the draft kept at the first Escape is the one to reload.
    await page.keyboard.press("Escape");
    await page.reload();
    await waitForHydration(page);
    await opener.click();
    await expect(notes).toHaveValue(typed);
    await expect(area).toHaveValue("Leslieville");
  });

  test("in French, the receipt speaks French", async ({ page }) => {
    await page.goto("/fr/cars");
    await waitForHydration(page);
    await main(page).getByRole("link", { name: "Joindre un chauffeur" }).click();
    const dialog = page.getByRole("dialog", { name: "Joindre un chauffeur" });
    await dialog.getByRole("textbox", { name: labelled("Nom complet") }).fill("Ada Fr");
    await dialog.getByRole("textbox", { name: labelled("Courriel") }).fill(`fr.${randomLetters(8)}@example.com`);
    await dialog.getByRole("textbox", { name: labelled("Secteur de prise en charge") }).fill("Annex");
    await dialog.getByRole("textbox", { name: labelled("Court message") }).fill("Une fourgonnette samedi?");
    await dialog.getByRole("button", { name: "Envoyer", exact: true }).click();
    await expect(dialog.getByRole("heading", { name: "Demande envoyée!" })).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Suivre votre demande" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Terminé" })).toBeVisible();
  });

  test("on a phone (390 px) the dialog opens without focusing a field, and Send Request is in view", async ({ browser, baseURL }) => {
    const page = await newPhonePage(browser, baseURL);
    await page.goto(LISTING);
    await waitForHydration(page);
    const dialog = await openRent(page);
    const focused = await page.evaluate(() => document.activeElement?.tagName);
    expect(focused).not.toMatch(/INPUT|TEXTAREA|SELECT/);
    await expect(dialog).toBeFocused();
    const send = dialog.getByRole("button", { name: "Send Request" });
    await expect(send).toBeInViewport();
    // Typing further down keeps it in view (the row is sticky at the dialog's bottom).
    await dialog.getByLabel(labelled("Message")).fill("A question");
    await expect(send).toBeInViewport();
    await page.context().close();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Request to Rent sent as a plain form lands on the same receipt, kept across a reload", async ({ page }) => {
    await page.goto(`${LISTING}?rent`);
    const section = page.getByRole("region", { name: "Request to Rent" });
    await section.getByLabel(labelled("Full name")).fill("Alan Plain");
    await section.getByLabel(labelled("Email")).fill(`plain.${randomLetters(8)}@example.com`);
    await section.getByLabel(labelled("Phone")).fill("416-555-0177");
    await section.getByLabel(labelled("Move-in date")).fill(moveInDate("h-annex-studio", 5));
    await section.getByLabel(labelled("Message")).fill("Plain post, no script.");
    await section.getByRole("button", { name: "Send Request" }).click();
    // (The form's #rent-request fragment stays with the redirect: the browser keeps it.)
    await expect(page).toHaveURL(/\/request-success(#rent-request)?$/);
    const receipt = async () => {
      await expect(main(page).getByRole("heading", { level: 1, name: "Request Sent!" })).toBeVisible();
      await expect(main(page).getByText("Thanks! We'll get back to you shortly.")).toBeVisible();
      await expect(main(page).getByText("Plain post, no script.")).toBeVisible();
      await expect(main(page).getByText(REFERENCE)).toBeVisible();
      await expect(main(page).getByRole("link", { name: "Track your request" })).toBeVisible();
    };
    await receipt();
    await page.reload();
    await receipt();
  });
});
