import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";
import sharp from "sharp";
import type { SessionUser } from "~/lib/auth/session.server";
import { getRuntime } from "~/lib/runtime.server";
import { moveRequest } from "~/modules/admin/requests.server";
import { submitRequest, transitionRequest } from "~/modules/requests/requests.server";
import {
  expectFieldError,
  expectNoSeriousA11yViolations,
  expectToast,
  linkIn,
  signUpAndVerify,
  uniqueAccount,
  waitForEmail,
  waitForHydration,
  type TestAccount,
} from "./support";
import { makeLiveProvider } from "../support/providers";
import { withBackOfficeRuntime, whileBusy } from "./back-office";

/**
 * Community reviews, the acceptance in a browser (issue 14): only the customer of a
 * completed booking can review it (others, and the same customer before completion, get a clear
 * refusal); a review with a phone number is refused; once an admin approves it in the reviews
 * queue it appears on /reviews, on the provider's profile and on the service page; the
 * provider's reply appears after approval.
 *
 * The back office's side that is not this feature's is done here through its modules, as the
 * provider journey does: the booking is stored with submitRequest, the provider record is the
 * one an approval and profile set-up leave, and the request is matched (which records
 * requests.provider_id) and completed — completion through the back office's own moveRequest,
 * which emails the customer the review invitation followed below.
 */
withBackOfficeRuntime();

async function sessionUser(account: TestAccount): Promise<SessionUser> {
  const row = await getRuntime().db.selectFrom("user").select(["id", "name", "role"]).where("email", "=", account.email).executeTakeFirstOrThrow();
  return { id: row.id, name: row.name, email: account.email, phone: null, role: (row.role ?? "user") as SessionUser["role"], emailVerified: true };
}

test("only a completed booking's customer reviews it; approved reviews and replies appear on every page", async ({ browser, page }) => {
  test.setTimeout(240_000);
  const stamp = randomUUID().slice(0, 6);
  const customer = uniqueAccount("reviewer", "Rita Reviewer");
  const provider = uniqueAccount("provider", "Paulo Pipes");
  const admin = uniqueAccount("admin", "Ada Admin");
  const providerName = `Paulo's Plumbing ${stamp}`;
  // Each person in their own browser context (axe needs pages made this way).
  const newPage = async () => (await browser.newContext()).newPage();

  // Three accounts; the provider and the admin get their roles as the back office would give them.
  await signUpAndVerify(page, customer);
  const other = await newPage();
  await signUpAndVerify(other, provider);
  const office = await newPage();
  await signUpAndVerify(office, admin);
  const customerUser = await sessionUser(customer);
  const adminUser = { ...(await sessionUser(admin)), role: "admin" as const };
  const providerId = randomUUID();
  await whileBusy(async () => {
    const db = getRuntime().db;
    await db.updateTable("user").set({ role: "admin" }).where("id", "=", adminUser.id).execute();
    await makeLiveProvider(db, provider.email, {
      id: providerId,
      name: providerName,
      bio: "Leaks, taps and water heaters across the west end.",
      services: ["plumbing"],
      areas: ["Etobicoke"],
    });
  });

  // The customer's booking of the plumbing page, not completed yet.
  const booking = await whileBusy(() =>
    submitRequest(
      "booking",
      {
        service: "Plumbing",
        fullName: customer.name,
        email: customer.email,
        area: "Etobicoke",
        // In the past: a booking is completed only once its appointment has started (issue 49 item 2).
        preferredDate: "2025-03-02",
        preferredTime: "09:30",
        notes: "",
        serviceSlug: "plumbing",
      },
      { user: customerUser, clientIp: "127.0.0.1", locale: "en-US" },
    ),
  );
  const writePath = `/account/reviews/${booking.reference}`;

  // Before completion the customer is told why there is no form.
  await page.goto(writePath);
  await expect(page.getByRole("heading", { name: "Not completed yet" })).toBeVisible();
  await expect(page.getByRole("radio")).toHaveCount(0);

  // Matched (the back office records the provider) and completed: the invitation email.
  for (const step of ["in_review", "matched"] as const) {
    const moved = await whileBusy(() =>
      transitionRequest(booking.id, step, null, step === "matched" ? { effects: async (trx) => void (await trx.updateTable("requests").set({ provider_id: providerId }).where("id", "=", booking.id).execute()) } : {}),
    );
    expect(moved.ok).toBe(true);
  }
  expect((await whileBusy(() => moveRequest(adminUser, booking.id, "completed", null))).ok).toBe(true);
  const invitation = await waitForEmail((m) => m.to.includes(customer.email) && m.text.includes(writePath), { message: "the review invitation" });
  const link = linkIn(invitation, writePath);

  // Someone else following the same link is refused, clearly (the provider here).
  const refused = await other.goto(link.pathname);
  expect(refused?.status()).toBe(404);
  await expect(other.getByRole("heading", { name: "You can't review this request" })).toBeVisible();
  await expect(other.getByRole("radio")).toHaveCount(0);

  // The customer writes the review: keyboard rating, a phone number refused by name.
  await page.goto(link.pathname);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Write a review" })).toBeVisible();
  await expect(page.getByText("Provider: " + providerName)).toBeVisible();
  await expect(page.getByRole("link", { name: "Read our Reviews Policy" })).toHaveAttribute("href", "/legal/reviews-policy");
  await expect(page.getByText(/Between 20 and 1000 characters/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const group = page.getByRole("group", { name: /Your rating/ });
  await group.getByRole("radio", { name: "3 stars" }).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(group.getByRole("radio", { name: "5 stars" })).toBeChecked();
  const comment = page.getByRole("textbox", { name: /Your comment/ });
  await comment.fill(`Fixed our leaking kitchen tap in an hour ${stamp}. Call him at 416-555-0142!`);
  await page.getByRole("button", { name: "Submit Review" }).click();
  await expectFieldError(comment, "Please remove the phone number: reviews can't contain personal contact details.");
  expect(await whileBusy(() => getRuntime().db.selectFrom("community_reviews").select("id").where("author_user_id", "=", customerUser.id).execute())).toHaveLength(0);

  const text = `Fixed our leaking kitchen tap in an hour ${stamp}, tidy and friendly.`;
  await comment.fill(text);
  await page.getByLabel("Photos (optional)").setInputFiles({
    name: "tap.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 90, g: 140, b: 200 } } }).png().toBuffer(),
  });
  await page.getByRole("button", { name: "Submit Review" }).click();
  await expect(page).toHaveURL(/\/account\/reviews$/);
  await expectToast(page, "Thank you for your review!", "It will appear once our team has checked it. You can follow its status here.");
  const mine = page.getByRole("region", { name: "My Reviews" });
  await expect(mine.getByText(text)).toBeVisible();
  await expect(mine.getByText("Pending review", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Not public until approved.
  const visitor = await newPage();
  await visitor.goto("/reviews");
  await expect(visitor.getByText(text)).toHaveCount(0);
  await expect(visitor.getByText("Admin Area")).toHaveCount(0);

  // The admin publishes it from the reviews queue.
  // (Each page is still signed in from its sign-up; roles are read from the account on every request.)
  await office.goto("/admin/reviews");
  await waitForHydration(office);
  await expect(office.getByRole("heading", { name: "Reviews queue", level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(office);
  const queued = office.getByRole("article", { name: /Rita R\. on Plumbing/ });
  await expect(queued.getByText(text)).toBeVisible();
  await queued.getByRole("button", { name: /^Publish: Rita R\. on Plumbing/ }).click();
  await expectToast(office, "Published", "It is public now, and the author has been emailed.");
  await waitForEmail((m) => m.to.includes(customer.email) && m.subject === "Your review is published");

  // Public on /reviews (newest first), on the provider's profile and on the plumbing page.
  await visitor.goto("/reviews");
  const first = visitor.getByRole("article").first();
  await expect(first.getByText(text)).toBeVisible();
  await expect(first.getByText("Rita R.")).toBeVisible();
  await expect(first.getByText("Rated 5 out of 5 stars")).toBeAttached();
  await expect(first.getByRole("img", { name: /Photo 1 from the review by Rita R\./ })).toBeVisible();
  await expectNoSeriousA11yViolations(visitor);
  await visitor.goto(`/providers/${providerId}`);
  const providerReviews = visitor.getByRole("region", { name: "Reviews" });
  await expect(providerReviews.getByText(text)).toBeVisible();
  await expect(providerReviews.getByText("1 review", { exact: true })).toBeVisible();
  await visitor.goto("/services/plumbing");
  await expect(visitor.getByRole("region", { name: "Reviews" }).getByText(text)).toBeVisible();

  // The admin sees the Admin Area card on /reviews; it leads to the back office.
  await office.goto("/reviews");
  await office.getByRole("link", { name: "Access Admin Panel" }).click();
  await expect(office).toHaveURL(/\/admin$/);

  // The provider replies once; the reply shows only after approval.
  await other.goto("/account/reviews");
  await waitForHydration(other);
  const ofMine = other.getByRole("region", { name: "Reviews of your work" });
  const reply = `Thank you, Rita! Glad the tap is quiet now ${stamp}.`;
  await ofMine.getByRole("textbox", { name: /Your public reply to Rita R\./ }).fill(reply);
  await ofMine.getByRole("button", { name: "Post Reply" }).click();
  await expectToast(other, "Reply sent", "It will appear under the review once our team has checked it.");
  await expect(other.getByRole("region", { name: "Reviews of your work" }).getByText("Pending review", { exact: true })).toBeVisible();
  await visitor.goto("/reviews");
  await expect(visitor.getByText(reply)).toHaveCount(0);

  await office.goto("/admin/reviews");
  await waitForHydration(office);
  const queuedReply = office.getByRole("article", { name: new RegExp(`${providerName}'s reply to Rita R\\.`) });
  await queuedReply.getByRole("button", { name: /^Publish:/ }).click();
  await expectToast(office, "Published", "It is public now, and the author has been emailed.");

  for (const url of ["/reviews", `/providers/${providerId}`, "/services/plumbing"]) {
    await visitor.goto(url);
    await expect(visitor.getByText(`Reply from ${providerName}`).first(), url).toBeVisible();
    await expect(visitor.getByText(reply).first(), url).toBeVisible();
  }
  await page.reload();
  await expect(page.getByRole("region", { name: "My Reviews" }).getByText("Published", { exact: true })).toBeVisible();
  await expect(page.getByText("The provider replied")).toBeVisible();
});

test("the rating and comment work without JavaScript, with the server's messages", async ({ browser }) => {
  test.setTimeout(120_000);
  const customer = uniqueAccount("nojs", "Nora Nojs");
  const setup = await (await browser.newContext()).newPage();
  await signUpAndVerify(setup, customer);
  const user = await sessionUser(customer);
  const booking = await whileBusy(() =>
    submitRequest("quick-booking", { fullName: customer.name, email: customer.email, details: "Fix a squeaky door" }, { user, clientIp: "127.0.0.1", locale: "en-US" }),
  );
  for (const step of ["in_review", "matched", "completed"] as const) {
    const moved = await whileBusy(() => transitionRequest(booking.id, step, null, step === "matched" ? { effects: async () => {} } : {}));
    expect(moved.ok).toBe(true);
  }
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await setup.context().storageState() });
  const page = await context.newPage();
  await page.goto(`/account/reviews/${booking.reference}`);
  await page.getByRole("button", { name: "Submit Review" }).click();
  await expect(page.getByText("Please choose a star rating.")).toBeVisible();
  await page.getByRole("radio", { name: "4 stars" }).check({ force: true });
  await page.getByRole("textbox", { name: /Your comment/ }).fill("Door fixed, see www.squeaky-doors.com for more.");
  await page.getByRole("button", { name: "Submit Review" }).click();
  await expect(page.getByText("Please remove the link: reviews can't contain links to websites.")).toBeVisible();
  await page.getByRole("radio", { name: "4 stars" }).check({ force: true });
  await page.getByRole("textbox", { name: /Your comment/ }).fill("The door no longer squeaks and the visit was quick.");
  await page.getByRole("button", { name: "Submit Review" }).click();
  await expect(page).toHaveURL(/\/account\/reviews$/);
  await expect(page.getByText("Pending review", { exact: true })).toBeVisible();
  await context.close();
});
