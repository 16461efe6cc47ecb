import { formattersFor } from "~/lib/i18n/format";
import { expect, test, type Page, type Request } from "./fixtures";
import {
  expectNoSeriousA11yViolations,
  focusAndLoadValidation,
  HASHING,
  labelled,
  linkStartingWith,
  NOTIFICATIONS,
  OPERATOR_EMAIL,
  randomLetters,
  readEmails,
  signUpAndVerify,
  submitLogInForm,
  torontoDate,
  uniqueAccount,
  waitForEmail,
  waitForHydration,
} from "./support";

/**
 * Services journeys (spec core.md §2 /services, /services/{slug}, /search, /request,
 * /request-success; §4 booking modal and service page dialog; §5; §7 mail subjects; §9
 * suggestion limits). Every email travels through the real SMTP sink started by serve.ts.
 */

const REFERENCE = /GTA-[2-9A-Z]{6}/;
const CUSTOMER_SUBJECT = /^We received your request — (GTA-[2-9A-Z]{6})$/;

const main = (page: Page) => page.getByRole("main");
const searchBox = (page: Page) => page.getByRole("combobox", { name: "Search services" });
const suggestions = (page: Page) => page.getByRole("listbox", { name: "Suggestions" });

/** A fresh account whose name is unique to this test (it appears in mail subjects). */
const freshAccount = (label: string) => uniqueAccount(label, `Ada Lovelace ${randomLetters()}`);

/** Records the POSTs a page makes (document or fetch), to prove nothing was sent. */
function recordPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r);
  });
  return posts;
}

function bookingDialogForm(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Request a booking" });
  return {
    dialog,
    service: dialog.getByRole("textbox", { name: labelled("Service") }),
    fullName: dialog.getByRole("textbox", { name: labelled("Full name") }),
    email: dialog.getByRole("textbox", { name: labelled("Email") }),
    area: dialog.getByRole("textbox", { name: labelled("Area / neighborhood") }),
    date: dialog.getByLabel(labelled("Preferred date")),
    time: dialog.getByLabel(labelled("Preferred time")),
    notes: dialog.getByRole("textbox", { name: labelled("Notes (optional)") }),
    submit: dialog.getByRole("button", { name: "Submit Request" }),
  };
}

/** Opens /services/handyman signed in (the account's session is in the page) with its dialog. */
async function openHandymanDialog(page: Page) {
  await page.goto("/services/handyman");
  await waitForHydration(page);
  await main(page).getByRole("link", { name: "Book Handyman" }).click();
  const f = bookingDialogForm(page);
  await expect(f.dialog).toBeVisible();
  return f;
}

test.describe("services", () => {
  test("suggestions by keyboard, filtering with ?q=, Escape, blur, at most six, and the 'something else' card", async ({
    page,
  }) => {
    await page.goto("/services");
    await waitForHydration(page);
    const box = searchBox(page);
    const list = suggestions(page);

    // 'plu' → Plumbing first; ArrowDown + Enter opens it.
    await box.fill("plu");
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await expect(list.getByRole("option").first()).toHaveText("Plumbing");
    await box.press("ArrowDown");
    const first = list.getByRole("option").first();
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
    await box.press("Enter");
    await expect(page).toHaveURL(/\/services\/plumbing$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Plumbing");

    // 'serv' filters the grid to the two "… Services" categories, and the URL follows.
    await page.goto("/services");
    await waitForHydration(page);
    await box.fill("serv");
    await expect(main(page).getByRole("heading", { level: 2 })).toHaveText([
      "Handyman Services",
      "Cleaning Services",
      "Looking for something else?",
    ]);
    await expect(page).toHaveURL(/\/services\?q=serv$/);
    // Titles containing the text come first (letter-overlap matches may follow).
    await expect(list.getByRole("option").nth(0)).toHaveText("Handyman Services");
    await expect(list.getByRole("option").nth(1)).toHaveText("Cleaning Services");

    // Escape closes the list (the text stays).
    await box.press("Escape");
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(box).toHaveValue("serv");

    // ArrowDown reopens it; leaving the box hides it (after the spec's 200 ms).
    await box.press("ArrowDown");
    await expect(list).toBeVisible();
    await page.getByRole("heading", { level: 1, name: "Services" }).click();
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");

    // Never more than six suggestions ('n' is in all seven titles).
    await box.fill("n");
    await expect(list.getByRole("option")).toHaveCount(6);

    // The trailing card puts the cursor in the search box.
    await box.fill("");
    await box.blur();
    await expect(list).toBeHidden();
    await main(page).getByRole("link", { name: "Looking for something else?" }).click();
    await expect(box).toBeFocused();
  });

  test("no results → request a new service → /request-success → the operator email", async ({ page }) => {
    const term = "pool cleaning";
    const name = `Grace Hopper ${randomLetters()}`;
    const contact = `grace.${randomLetters()}@example.com`;
    const location = "Etobicoke";

    await page.goto("/services");
    await waitForHydration(page);
    await searchBox(page).fill(term);
    await searchBox(page).press("Escape");
    await expect(main(page).getByRole("heading", { name: `No exact matches found for "${term}"` })).toBeVisible();
    await expect(main(page).getByText("Try related categories below or request this service.", { exact: true })).toBeVisible();
    // The first six services are offered instead.
    await expect(
      main(page).getByRole("region", { name: "Popular services" }).getByRole("link"),
    ).toHaveCount(6);

    const form = main(page).getByRole("region", { name: "Request this service" });
    const fields = {
      name: form.getByRole("textbox", { name: labelled("Your name") }),
      location: form.getByRole("textbox", { name: labelled("City / area") }),
      contact: form.getByRole("textbox", { name: /^Email or phone/ }),
      service: form.getByRole("textbox", { name: labelled("Service wanted") }),
      send: form.getByRole("button", { name: "Send Request" }),
    };
    // "Service wanted" starts as the search term; empty it to send a fully empty form.
    await expect(fields.service).toHaveValue(term);
    // The form's first use loads its validation (issue #11): the browser checks it from then on.
    await focusAndLoadValidation(page, fields.service);
    await fields.service.fill("");
    const posts = recordPosts(page);
    const messages = [
      [fields.name, "Your name is required."],
      [fields.location, "City / area is required."],
      [fields.contact, "Email or phone is required."],
      [fields.service, "Service wanted is required."],
    ] as const;
    // Straight from the emptied field to Send, as a person would click it. (Known app bug: the
    // field's blur message pushes Send 24 px down between mousedown and mouseup, so this click
    // is lost and only "Service wanted is required." shows. Soft, so the journey goes on.)
    await fields.send.click();
    await expect
      .soft(form.getByText(/ is required\.$/), "one click on Send, straight from the emptied field, shows every message")
      .toHaveText(messages.map(([, message]) => message), { timeout: 2000 });
    // A second click (the button no longer moves) submits the empty form: every message shows.
    await fields.send.click();
    for (const [input, message] of messages) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
      await expect(input).toHaveAttribute("aria-invalid", "true");
    }
    expect(posts, "an invalid form sends nothing").toEqual([]);

    await fields.name.fill(name);
    await fields.location.fill(location);
    await fields.contact.fill(contact);
    await fields.service.fill(term);
    await fields.send.click();

    await expect(page).toHaveURL(/\/request-success$/);
    await expect(main(page).getByText(term, { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All set!");
    await expect(main(page).getByText(REFERENCE)).toBeVisible();
    await expect(main(page)).not.toContainText(/mail client|email client/i);

    const mail = await waitForEmail(
      (m) => m.to.includes(OPERATOR_EMAIL) && m.subject === `[Service Request] ${term}` && m.text.includes(name),
      { message: "the operator's service request email" },
    );
    expect(mail.subject).toBe(`[Service Request] ${term}`);
    for (const line of [`Service: ${term}`, `Name: ${name}`, `Location: ${location}`, `Contact: ${contact}`]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).toMatch(/Submitted at: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M/);
  });

  test("booking while logged out → log in → the dialog reopens → request → emails, status page, My Bookings", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const account = freshAccount("booker");
    await signUpAndVerify(page, account);
    await page.context().clearCookies();

    await page.goto("/services/handyman");
    await waitForHydration(page);
    await main(page).getByRole("link", { name: "Book Handyman" }).click();
    const prompt = page.getByRole("dialog", { name: "Login Required" });
    await expect(prompt).toBeVisible();
    await expect(prompt.getByText("Please log in or create an account to request a booking.")).toBeVisible();
    await expect(prompt.getByRole("link", { name: "Sign Up" })).toHaveAttribute(
      "href",
      "/auth/signup?redirectTo=%2Fservices%2Fhandyman&resume=requestBooking",
    );
    await prompt.getByRole("link", { name: "Log In" }).click();

    await expect(page).toHaveURL(/\/auth\/login\?/);
    const loginUrl = new URL(page.url());
    expect(loginUrl.searchParams.get("redirectTo")).toBe("/services/handyman");
    expect(loginUrl.searchParams.get("resume")).toBe("requestBooking");
    await submitLogInForm(page, account);

    // Back on the service page with the booking form open and prefilled.
    await expect(page).toHaveURL(/\/services\/handyman$/, HASHING);
    const f = bookingDialogForm(page);
    await expect(f.dialog).toBeVisible();
    await expect(f.fullName).toHaveValue(account.name);
    await expect(f.email).toHaveValue(account.email);
    await expect(f.service).toHaveValue("Handyman Services");
    await expectNoSeriousA11yViolations(page);

    const tomorrow = torontoDate(1);
    await f.area.fill("Leslieville");
    await f.date.fill(tomorrow);
    await f.time.fill("10:30");
    await f.notes.fill("Two shelves to hang and a squeaky door.");
    await f.submit.click();

    // The dialog ends on the receipt (issue 49 item 5): the form's words, what was asked, the reference.
    await expect(f.dialog.getByRole("heading", { name: "Request received!" })).toBeFocused();
    await expect(f.dialog.getByText("We'll email you shortly to confirm your booking.")).toBeVisible();
    await expect(f.dialog.getByText("Two shelves to hang and a squeaky door.")).toBeVisible();
    await expect(f.dialog.getByText(/GTA-[2-9A-HJKMNP-TV-Z]{6}/)).toBeVisible();
    await f.dialog.getByRole("button", { name: "Done" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/services\/handyman$/);

    const operator = await waitForEmail(
      (m) => m.to.includes(OPERATOR_EMAIL) && m.subject === `[Booking Request] Handyman Services – ${account.name}`,
      { message: "the operator's booking email" },
    );
    for (const line of [
      "Service: Handyman Services",
      `Full name: ${account.name}`,
      `Email: ${account.email}`,
      "Area / neighborhood: Leslieville",
      // As the operator reads them (issue 33 item 6), not the stored ISO text.
      `Preferred date: ${formattersFor("en-US").date(tomorrow)}`,
      `Preferred time: ${formattersFor("en-US").time("10:30")}`,
      "Notes: Two shelves to hang and a squeaky door.",
    ]) {
      expect(operator.text).toContain(line);
    }
    const customer = await waitForEmail((m) => m.to.includes(account.email) && CUSTOMER_SUBJECT.test(m.subject), {
      message: "the customer's confirmation",
    });
    const reference = CUSTOMER_SUBJECT.exec(customer.subject)![1]!;
    expect(operator.text).toContain(`Reference: ${reference}`);
    const statusLink = linkStartingWith(customer, "/requests/");

    // The private status page works without a log-in.
    const context = await browser.newContext();
    const other = await context.newPage();
    await other.goto(statusLink.href);
    await expect(other.getByRole("heading", { level: 1 })).toHaveText("Your request");
    await expect(other.getByRole("main").getByText(reference, { exact: true })).toBeVisible();
    await expect(other.getByRole("main").getByText("Handyman Services", { exact: true }).first()).toBeVisible();
    await expect(other.locator('li[aria-current="step"]')).toContainText("Received");
    await context.close();

    // My Bookings lists it; View opens the details.
    await page.goto("/account/bookings");
    const row = main(page).getByRole("listitem").filter({ hasText: reference });
    await expect(row).toContainText("Handyman Services");
    await expect(row).toContainText("Received");
    await row.getByRole("link", { name: `View request ${reference}` }).click();
    await expect(page).toHaveURL(new RegExp(`/account/requests/${reference}$`));
    await expect(main(page).getByText(reference, { exact: true })).toBeVisible();
    await expect(main(page).locator('li[aria-current="step"]')).toContainText("Received");
    await expect(main(page).getByText("Leslieville", { exact: true })).toBeVisible();
  });

  test("a half-typed booking survives logging out in another tab: after logging in again the dialog reopens with it", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const account = freshAccount("drafter");
    await signUpAndVerify(page, account);

    await page.goto("/services/handyman");
    await waitForHydration(page);
    await main(page).getByRole("link", { name: "Book Handyman" }).click();
    const f = bookingDialogForm(page);
    await expect(f.dialog).toBeVisible();
    const notes = `Hang the hall mirror ${randomLetters()}`;
    const day = torontoDate(5);
    await f.fullName.fill(`${account.name} Jr`);
    await f.area.fill("Roncesvalles");
    await f.date.fill(day);
    await f.time.fill("15:15");
    await f.notes.fill(notes);

    // Meanwhile, another tab of the same browser logs out.
    const other = await page.context().newPage();
    await other.goto("/account");
    await waitForHydration(other);
    await other.getByRole("button", { name: new RegExp(`account menu for ${account.name}`) }).click();
    await other.getByRole("menu").getByRole("menuitem", { name: "Log Out", exact: true }).click();
    await expect(other.getByRole("region", NOTIFICATIONS).getByText("Logged Out", { exact: true })).toBeVisible();
    await other.close();

    // Sent from the first tab: log in first, then the same form, as it was typed.
    await f.submit.click();
    await expect(page).toHaveURL(/\/auth\/login\?/);
    await submitLogInForm(page, account);
    await expect(page).toHaveURL(/\/services\/handyman$/, HASHING);
    await expect(f.dialog).toBeVisible();
    await expect(f.service).toHaveValue("Handyman Services");
    await expect(f.fullName).toHaveValue(`${account.name} Jr`);
    await expect(f.email).toHaveValue(account.email);
    await expect(f.area).toHaveValue("Roncesvalles");
    await expect(f.date).toHaveValue(day);
    await expect(f.time).toHaveValue("15:15");
    await expect(f.notes).toHaveValue(notes);

    await f.submit.click();
    await expect(f.dialog.getByRole("heading", { name: "Request received!" })).toBeVisible();
    await expect(f.dialog.getByText(notes)).toBeVisible();

    // Sent, the draft is gone: the next booking starts from the account.
    await page.reload();
    await waitForHydration(page);
    await main(page).getByRole("link", { name: "Book Handyman" }).click();
    await expect(f.dialog).toBeVisible();
    await expect(f.fullName).toHaveValue(account.name);
    await expect(f.notes).toHaveValue("");
  });

  test("the booking dialog refuses a past date and empty required fields, and sends nothing", async ({ page }) => {
    test.setTimeout(90_000);
    const account = freshAccount("validator");
    await signUpAndVerify(page, account);
    const f = await openHandymanDialog(page);
    const posts = recordPosts(page);

    await f.area.fill("Leslieville");
    await f.date.fill("2020-01-01");
    await f.time.fill("10:30");
    await f.submit.click();
    await expect(f.dialog.getByText("Please choose today or a later date.", { exact: true })).toBeVisible();
    await expect(f.date).toHaveAttribute("aria-invalid", "true");

    // Empty every required field.
    for (const input of [f.service, f.fullName, f.email, f.area, f.date, f.time]) await input.fill("");
    await f.submit.click();
    for (const label of ["Service", "Full name", "Email", "Area / neighborhood", "Preferred date", "Preferred time"]) {
      await expect(f.dialog.getByText(`${label} is required.`, { exact: true })).toBeVisible();
    }
    await expect(f.dialog).toBeVisible();
    await expect(page.getByRole("region", { name: /Notifications/ }).getByText("Request received!")).toHaveCount(0);
    expect(posts.map((r) => r.url())).toEqual([]);
    // Give a wrongly sent request time to reach the mailbox before checking it did not.
    await page.waitForTimeout(1000);
    expect(readEmails().filter((m) => m.subject.includes(account.name))).toEqual([]);
  });

  test("/request opens the booking dialog on /services; the home page's ?book opens the quick modal and submits", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    // A visitor: "A service" → /services with the dialog open, asking to log in.
    await page.goto("/request");
    await waitForHydration(page);
    await main(page).getByRole("link", { name: "Request a service" }).click();
    await expect(page).toHaveURL(/\/services$/);
    const prompt = page.getByRole("dialog", { name: "Login Required" });
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole("link", { name: "Log In" })).toHaveAttribute(
      "href",
      "/auth/login?redirectTo=%2Fservices&resume=requestBooking",
    );

    await page.goto("/?book");
    await waitForHydration(page);
    await expect(page.getByRole("dialog", { name: "Login Required" })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // Signed in: the quick modal is a form, prefilled, and its submission is confirmed by a toast.
    const account = freshAccount("quick");
    await signUpAndVerify(page, account);
    await page.goto("/?book");
    await waitForHydration(page);
    const dialog = page.getByRole("dialog", { name: "Request a booking" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("textbox", { name: labelled("Full name") })).toHaveValue(account.name);
    await expect(dialog.getByRole("textbox", { name: labelled("Email") })).toHaveValue(account.email);
    const details = "Deep clean of a 2-bedroom condo, Saturday morning";
    await dialog.getByRole("textbox", { name: /^Service details/ }).fill(details);
    await dialog.getByRole("button", { name: "Submit Request" }).click();

    // The dialog ends on the receipt (issue 49 item 5): the spec's words, what was asked, the reference.
    await expect(dialog.getByRole("heading", { name: "Booking Request Submitted!" })).toBeFocused();
    await expect(dialog.getByText("We've received your request. We'll contact you via email shortly.")).toBeVisible();
    await expect(dialog.getByText(details)).toBeVisible();
    await expect(dialog.getByText(/GTA-[2-9A-HJKMNP-TV-Z]{6}/)).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Track your request" })).toBeVisible();
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const mail = await waitForEmail(
      (m) => m.to.includes(OPERATOR_EMAIL) && m.subject === `[Booking Request] ${details} – ${account.name}`,
      { message: "the operator's quick booking email" },
    );
    expect(mail.text).toContain(`Service details: ${details}`);
  });

  test("/search: type and location in the URL, the Category menu filters, no results offers a booking", async ({ page }) => {
    await page.goto("/search");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find a Service");
    // Before any search there is nothing to count.
    await expect(main(page).getByText(/matching service/)).toHaveCount(0);
    const form = main(page).getByRole("search");
    await form.getByRole("textbox", { name: "Service type" }).fill("plumb");
    await form.getByRole("textbox", { name: "Location" }).fill("Brampton");
    await form.getByRole("button", { name: "Search" }).click();

    await expect(page).toHaveURL(/\/search\?type=plumb&location=Brampton$/);
    const results = main(page).getByRole("heading", { level: 3 });
    await expect(results).toHaveText(["Plumbing"]);
    await expect(main(page).getByText("1 matching service", { exact: true })).toBeVisible();
    await expect(main(page).getByText("Serves Brampton")).toBeVisible();
    await expect(form.getByRole("textbox", { name: "Service type" })).toHaveValue("plumb");

    // The Category menu narrows what a location search lists.
    await page.goto("/search?location=Brampton");
    await waitForHydration(page);
    await expect(results).toHaveCount(7);
    const category = main(page).locator("summary", { hasText: "Category" });
    const categoryMenu = main(page).locator("details").filter({ has: page.locator("summary", { hasText: "Category" }) });
    await category.click();
    await categoryMenu.getByRole("link", { name: "Gardening", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?location=Brampton&category=gardening$/);
    await expect(results).toHaveText(["Gardening"]);
    await expect(category).toHaveText("Category: Gardening");
    await category.click();
    await categoryMenu.getByRole("link", { name: "All categories" }).click();
    await expect(page).toHaveURL(/\/search\?location=Brampton$/);
    await expect(results).toHaveCount(7);

    // A query nothing matches.
    await form.getByRole("textbox", { name: "Service type" }).fill("zzqx");
    await form.getByRole("textbox", { name: "Location" }).fill("");
    await form.getByRole("button", { name: "Search" }).click();
    // (A GET form sends its empty fields too.)
    await expect(page).toHaveURL(/\/search\?type=zzqx(&location=)?$/);
    await expect(main(page).getByRole("heading", { name: "No Results Found" })).toBeVisible();
    await waitForHydration(page);
    await main(page).getByRole("link", { name: "Request a Booking" }).click();
    await expect(page.getByRole("dialog", { name: "Login Required" })).toBeVisible();
  });

  test("accessibility: /services, a service page and its dialog, /search, /request, a status page", async ({ page }) => {
    // Several full axe scans in one test: slow on a shared 2-core machine, not a timing claim.
    test.slow();
    for (const path of ["/services", "/services?q=pool%20cleaning", "/search", "/search?type=plumb&location=Toronto", "/request"]) {
      await page.goto(path);
      await waitForHydration(page);
      await expectNoSeriousA11yViolations(page);
    }

    await page.goto("/services/handyman");
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page);
    await main(page).getByRole("link", { name: "Book Handyman" }).click();
    await expect(page.getByRole("dialog", { name: "Login Required" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // A status page: send a new-service request, then follow "Track your request".
    await page.goto("/services?q=hot%20tub%20repair");
    await waitForHydration(page);
    const form = main(page).getByRole("region", { name: "Request this service" });
    await form.getByRole("textbox", { name: labelled("Your name") }).fill(`Alan Turing ${randomLetters()}`);
    await form.getByRole("textbox", { name: labelled("City / area") }).fill("Markham");
    await form.getByRole("textbox", { name: /^Email or phone/ }).fill("+1 416 555 0199");
    await form.getByRole("button", { name: "Send Request" }).click();
    await expect(page).toHaveURL(/\/request-success$/);
    await expectNoSeriousA11yViolations(page);
    await main(page).getByRole("link", { name: "Track your request" }).click();
    await expect(page).toHaveURL(/\/requests\/[\w-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your request");
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page);
  });
});
