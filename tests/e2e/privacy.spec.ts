import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "./fixtures";
import { strFromU8, unzipSync } from "fflate";
import sharp from "sharp";
import type { SessionUser } from "~/lib/auth/session.server";
import { getRuntime } from "~/lib/runtime.server";
import { moveRequest } from "~/modules/admin/requests.server";
import { transitionRequest } from "~/modules/requests/requests.server";
import {
  ADMIN,
  expectFieldError,
  expectNoSeriousA11yViolations,
  expectToast,
  labelled,
  linkIn,
  randomLetters,
  signUpAndVerify,
  submitLogInForm,
  torontoDate,
  uniqueAccount,
  waitForEmail,
  waitForHydration,
} from "./support";
import { appointmentPassed } from "../support/appointments";
import { makeLiveProvider } from "../support/providers";
import { withBackOfficeRuntime, whileBusy } from "./back-office";

/**
 * Issue 28 in a browser: a person signs up, books, lists a home with a photo, has the booking
 * matched (deleting the account is refused then, the booking listed), completed and reviews it,
 * downloads their data (the ZIP opened: booking, listing with its photo file, review), and
 * deletes the account (wrong password first); then the operator finds nothing that identifies
 * the person. And the operator's flow for someone without an account: find by address,
 * download, erase behind a confirmation.
 *
 * The back office's matching and completion are done through its modules (as reviews.spec.ts
 * does): a provider record as an approval leaves it, the request matched to it, then completed
 * with the back office's own moveRequest, which sends the review invitation followed here.
 */
const main = (page: Page) => page.getByRole("main");
withBackOfficeRuntime();

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

/** The listing wizard, its four steps filled as a person would, with one photo; ends on the success page. */
async function listAHome(page: Page, { address, neighborhood }: { address: string; neighborhood: string }) {
  const form = main(page).locator("form[method='post']");
  const field = (label: string) => form.getByLabel(labelled(label));
  const next = () => form.getByRole("button", { name: "Next", exact: true }).click();
  await page.goto("/homes/new");
  await waitForHydration(page);
  await form.getByRole("checkbox", { name: "I agree to the Terms of Use and the Privacy Policy, and I am allowed to rent out this property.", exact: true }).check();
  await next();
  await field("Property type").selectOption("2BR");
  await field("Street address").fill(address);
  await field("City").fill("Toronto");
  await field("Neighborhood (optional)").fill(neighborhood);
  await field("Bedrooms").fill("2");
  await field("Bathrooms").fill("1");
  await field("Description").fill("A quiet unit near the lake, with a balcony.");
  await next();
  await field("Price (CAD)").fill("2400");
  await field("Available from").fill(torontoDate(30));
  await next();
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 160 } } }).png().toBuffer();
  await main(page).getByLabel(/^Choose photos/).setInputFiles({ name: "balcony.png", mimeType: "image/png", buffer: photo });
  await expect(main(page).getByText("1 of 12 photos", { exact: true })).toBeVisible();
  await form.getByRole("button", { name: "Submit Listing", exact: true }).click();
  await expect(page).toHaveURL(/\/request-success$/);
}

test("sign up, book, list a home, review, download my data, delete the account once nothing is open; the operator finds nothing", async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
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
  // The dialog ends on the booking's receipt (issue 49 item 5).
  await expect(dialog.getByRole("heading", { name: "Request received!" })).toBeVisible();
  const CUSTOMER_SUBJECT = /^We received your request — (GTA-[2-9A-Z]{6})$/;
  const confirmation = await waitForEmail((m) => m.to.includes(account.email) && CUSTOMER_SUBJECT.test(m.subject), { message: "the booking confirmation" });
  const reference = CUSTOMER_SUBJECT.exec(confirmation.subject)![1]!;

  // A home listed with a photo.
  const neighborhood = `Ashdown Mews ${randomLetters(6)}`;
  await listAHome(page, { address: `${Date.now()} Erasure Lane`, neighborhood });
  const listingTitle = `2BR in ${neighborhood}, Toronto`;

  // The operator matches the booking to a live provider.
  const providerAccount = uniqueAccount("handy", `Hattie Handy ${randomLetters()}`);
  const providerPage = await (await browser.newContext({ baseURL })).newPage();
  await signUpAndVerify(providerPage, providerAccount);
  const providerId = randomUUID();
  const booking = await whileBusy(async () => {
    const db = getRuntime().db;
    await makeLiveProvider(db, providerAccount.email, { id: providerId, bio: "Shelves, doors and small repairs in the east end." });
    return db.selectFrom("requests").select("id").where("reference", "=", reference).executeTakeFirstOrThrow();
  });
  expect((await whileBusy(() => transitionRequest(booking.id, "in_review", null))).ok).toBe(true);
  const matched = await whileBusy(() =>
    transitionRequest(booking.id, "matched", null, {
      effects: async (trx) => void (await trx.updateTable("requests").set({ provider_id: providerId }).where("id", "=", booking.id).execute()),
    }),
  );
  expect(matched.ok).toBe(true);

  // Delete the account: reached from the account menu, refused while the booking is open.
  await page.goto("/account");
  await waitForHydration(page);
  await main(page).getByRole("navigation", { name: "Account sections" }).getByRole("link", { name: "Delete account", exact: true }).click();
  await expect(page).toHaveURL(/\/account\/delete$/);
  const open = main(page).getByRole("region", { name: "Requests still open" });
  await expect(open).toBeVisible();
  await expect(open.getByRole("link", { name: reference, exact: true })).toHaveAttribute("href", `/account/requests/${reference}`);
  // Their own request links to its cancel step (issue 49 item 1), not to "write to us".
  await expect(open.getByRole("link", { name: `Cancel ${reference}` })).toHaveAttribute("href", `/account/requests/${reference}?cancel#cancel-request`);
  await expect(open.getByRole("link", { name: "Contact us" })).toHaveCount(0);
  await expect(main(page).getByLabel(labelled("Your password"))).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The job is done: completed in the back office, and the customer reviews it from the invitation.
  const admin = await whileBusy(() => getRuntime().db.selectFrom("user").select(["id", "name"]).where("email", "=", ADMIN.email).executeTakeFirstOrThrow());
  const adminUser: SessionUser = { id: admin.id, name: admin.name, email: ADMIN.email, phone: null, role: "admin", emailVerified: true };
  // Its day has come: a booking is completed only from its appointment on (issue 49 item 2).
  await whileBusy(() => appointmentPassed(getRuntime().db, booking.id));
  expect((await whileBusy(() => moveRequest(adminUser, booking.id, "completed", null))).ok).toBe(true);
  const writePath = `/account/reviews/${reference}`;
  const invitation = await waitForEmail((m) => m.to.includes(account.email) && m.text.includes(writePath), { message: "the review invitation" });
  await page.goto(linkIn(invitation, writePath).pathname);
  await waitForHydration(page);
  // The stars are a radio group: by keyboard, as reviews.spec.ts does.
  const stars = page.getByRole("group", { name: /Your rating/ });
  await stars.getByRole("radio", { name: "4 stars" }).focus();
  await page.keyboard.press("Space");
  await expect(stars.getByRole("radio", { name: "4 stars" })).toBeChecked();
  const reviewText = `Hung three shelves level in an afternoon, ${randomLetters(6)}.`;
  await page.getByRole("textbox", { name: /Your comment/ }).fill(reviewText);
  await page.getByRole("button", { name: "Submit Review" }).click();
  await expectToast(page, "Thank you for your review!", "It will appear once our team has checked it. You can follow its status here.");

  // Download my data: one click, an email; the ZIP holds the booking, the listing with its photo, the review.
  await page.goto("/account/data");
  await waitForHydration(page);
  await main(page).getByRole("button", { name: "Request my data" }).click();
  await waitForEmail((m) => m.to.includes(account.email) && m.subject === "Your GTA Connect data is ready", { message: "the export email", timeout: 60_000 });
  await page.goto("/account/data");
  const downloading = page.waitForEvent("download");
  await main(page).getByRole("link", { name: "Download the ZIP file" }).click();
  const zip = unzipSync(new Uint8Array(await readFile((await (await downloading).path())!)));
  const data = JSON.parse(strFromU8(zip["data.json"]!)) as {
    profile: { name: string; email: string };
    requests: { reference: string }[];
    listings: { title: string; photos: { file: string }[] }[];
    reviews: { comment: string; request: string | null }[];
  };
  expect(data.profile).toMatchObject({ name: account.name, email: account.email });
  expect(data.requests.map((r) => r.reference)).toContain(reference);
  const listing = data.listings.find((l) => l.title === listingTitle);
  expect(listing?.photos).toHaveLength(1);
  const photoFile = zip[listing!.photos[0]!.file];
  expect(photoFile && (await sharp(photoFile).metadata()).width).toBeGreaterThan(0);
  expect(data.reviews).toEqual([expect.objectContaining({ comment: reviewText, request: reference })]);
  const summary = strFromU8(zip["summary.html"]!);
  for (const text of [account.name, listingTitle, reference]) expect(summary).toContain(text);

  // Nothing open any more: the form, a wrong password refused on its field, then it goes.
  await page.goto("/account/delete");
  await waitForHydration(page);
  await expect(main(page).getByRole("region", { name: "Requests still open" })).toHaveCount(0);
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

  // As the operator: nothing identifies the person but the goodbye email; the booking stays, as
  // "Deleted user"; the listing and the review are gone (the Privacy Policy says reviews are removed).
  const operator = await (await browser.newContext({ baseURL })).newPage();
  await logInAsAdmin(operator);
  await findAsOperator(operator, account.email);
  await expect(main(operator).getByRole("link", { name: /^GTA-/ })).toHaveCount(0);
  await expect(main(operator).getByText("Emails in the outbox: 1")).toBeVisible();
  await expect(main(operator).getByText("This address or number belongs to an account", { exact: false })).toHaveCount(0);
  await operator.goto(`/admin/requests/${reference}`);
  await expect(main(operator)).toContainText("Deleted user");
  await expect(main(operator)).not.toContainText(account.name);
  await expect(main(operator)).not.toContainText(account.email);
  for (const path of ["/admin/listings", "/admin/reviews"]) {
    await operator.goto(path);
    await expect(main(operator)).not.toContainText(neighborhood);
    await expect(main(operator)).not.toContainText(reviewText);
    await expect(main(operator)).not.toContainText(account.name);
  }
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

  // The export is confirmed first, against the exact list it will hold (issue 47 item 2).
  await main(page).getByRole("button", { name: "Export…" }).click();
  const exporting = main(page).getByRole("alertdialog", { name: "Download everything listed?" });
  await expect(exporting).toBeVisible();
  const downloading = page.waitForEvent("download");
  await exporting.getByRole("button", { name: "Download the export (ZIP)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^gta-connect-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  expect(strFromU8(zip["data.json"]!)).toContain(name);

  // The download leaves the page as it was: back to the list, then erase.
  await exporting.getByRole("button", { name: "Cancel" }).click();
  await main(page).getByRole("button", { name: "Erase…" }).click();
  const confirm = main(page).getByRole("alertdialog", { name: "Erase everything that matches?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Erase for good" }).click();
  await expectToast(page, "Erased", "Requests anonymized: 1. Emails removed or trimmed: 2. Accounts deleted: 0.");
  await findAsOperator(page, email);
  await expect(main(page).getByText("Nothing matches.")).toHaveCount(1);
  await expect(main(page).getByText("Emails in the outbox: 0")).toHaveCount(0);
});
