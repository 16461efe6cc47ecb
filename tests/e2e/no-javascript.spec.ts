import { formattersFor } from "~/lib/i18n/format";
import { expect, type Browser, type Locator, type Page, test } from "./fixtures";
import { HOME_LISTINGS } from "../../db/seed/data";
import {
  expectFieldError,
  expectRenderedPage,
  HASHING,
  labelled,
  linkIn,
  OPERATOR_EMAIL,
  postByClick,
  randomLetters,
  signUpAndVerify,
  torontoDate,
  uniqueAccount,
  VERIFY_EMAIL_SUBJECT,
  waitForEmail,
} from "./support";

/**
 * Every form meant to work before JavaScript loads, once with JavaScript disabled (issue 17):
 * plain document posts. A refused post shows the page again with each message by its field and
 * what was typed; a valid one lands where the spec says and its email reaches the SMTP sink.
 */

test.use({ javaScriptEnabled: false });

const main = (page: Page) => page.getByRole("main");
const field = (scope: Locator, label: string) => scope.getByLabel(labelled(label));
const TOMORROW = torontoDate(1);
/** A successful post answers with a redirect (Post/Redirect/Get), so a reload does not send it again. */
const expectRedirect = (status: number) => expect([302, 303]).toContain(status);

/** A verified, signed-in account for this page: signed up in a JavaScript context, cookies copied. */
async function signInAs(browser: Browser, baseURL: string | undefined, page: Page, label: string) {
  const account = uniqueAccount(label, `Ada Lovelace ${randomLetters()}`);
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
  await signUpAndVerify(await context.newPage(), account);
  await page.context().addCookies(await context.cookies());
  await context.close();
  return account;
}

test("contact: refused → messages by their fields, typing kept; sent → 'Message Sent!' and the operator email", async ({
  page,
}) => {
  const id = randomLetters(8);
  const name = `Ada Lovelace ${id}`;
  const subject = `No-JS ${id}`;
  await page.goto("/contact");
  const form = main(page).getByRole("region", { name: "Send a message" });
  const f = {
    name: field(form, "Name"),
    email: field(form, "Email"),
    subject: field(form, "Subject"),
    message: field(form, "Message"),
    send: form.getByRole("button", { name: "Send Message" }),
  };

  await f.name.fill(name);
  expect(await postByClick(page, f.send)).toBe(400);
  await expectRenderedPage(page);
  await expectFieldError(f.email, "Email is required.");
  await expectFieldError(f.subject, "Subject is required.");
  await expectFieldError(f.message, "Message is required.");
  await expect(f.name).toHaveValue(name);
  await expect(f.name).not.toHaveAttribute("aria-invalid", "true");

  await f.email.fill(`ada.${id}@example.com`);
  await f.subject.fill(subject);
  await f.message.fill("Sent from a browser without JavaScript.");
  expectRedirect(await postByClick(page, f.send));
  await expect(page).toHaveURL(/\/contact$/);
  // The toast (shown in place without JavaScript) and the receipt with the reference.
  const status = page.getByRole("status");
  await expect(status.getByText("Message Sent!", { exact: true })).toBeVisible();
  await expect(
    status.getByText("Thank you for your message. We will get back to you via email shortly.", {
      exact: true,
    }),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Message Sent!" })).toContainText(
    /Your reference: GTA-[2-9A-Z]{6}/,
  );
  const mail = await waitForEmail(
    (m) => m.to.includes(OPERATOR_EMAIL) && m.subject === `[Contact] ${subject} – ${name}`,
  );
  expect(mail.text).toContain("Sent from a browser without JavaScript.");
});

test("booking from a service page (?book, signed in): refused → the form again on /book; sent → 'Request received!' and the operator email", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const account = await signInAs(browser, baseURL, page, "nojs-booker");

  await page.goto("/services/handyman");
  await main(page).getByRole("link", { name: "Book Handyman" }).click();
  await expect(page).toHaveURL(/\/services\/handyman\?book#booking$/);
  const inline = main(page).getByRole("region", { name: "Request a booking" });
  await expect(field(inline, "Full name")).toHaveValue(account.name);
  await expect(field(inline, "Email")).toHaveValue(account.email);

  // A past date and no area.
  await field(inline, "Preferred date").fill("2020-01-01");
  await field(inline, "Preferred time").fill("10:30");
  await field(inline, "Notes (optional)").fill("Two shelves to hang.");
  expect(await postByClick(page, inline.getByRole("button", { name: "Submit Request" }))).toBe(400);
  await expectRenderedPage(page);
  const again = main(page);
  await expectFieldError(field(again, "Area / neighborhood"), "Area / neighborhood is required.");
  await expectFieldError(field(again, "Preferred date"), "Please choose today or a later date.");
  await expect(field(again, "Service")).toHaveValue("Handyman Services");
  await expect(field(again, "Full name")).toHaveValue(account.name);
  await expect(field(again, "Preferred time")).toHaveValue("10:30");
  await expect(field(again, "Notes (optional)")).toHaveValue("Two shelves to hang.");

  await field(again, "Area / neighborhood").fill("Leslieville");
  await field(again, "Preferred date").fill(TOMORROW);
  expectRedirect(await postByClick(page, again.getByRole("button", { name: "Submit Request" })));
  // The success page is its receipt (issue 49 item 5).
  await expect(page).toHaveURL(/\/request-success(#[\w-]+)?$/);
  await expect(main(page).getByRole("heading", { level: 1, name: "Request received!" })).toBeVisible();
  await expect(main(page).getByText("Two shelves to hang.")).toBeVisible();
  const mail = await waitForEmail(
    (m) =>
      m.to.includes(OPERATOR_EMAIL) && m.subject === `[Booking Request] Handyman Services – ${account.name}`,
  );
  expect(mail.text).toContain("Area / neighborhood: Leslieville");
  expect(mail.text).toContain(`Preferred date: ${formattersFor("en-US").date(TOMORROW)}`);
});

test("a booking posted after the session expired: log in, and the form is back with what was typed", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const account = await signInAs(browser, baseURL, page, "nojs-drafter");
  await page.goto("/services/handyman?book#booking");
  const inline = main(page).getByRole("region", { name: "Request a booking" });
  const notes = `Patch the ceiling ${randomLetters()}`;
  await field(inline, "Area / neighborhood").fill("Leslieville");
  await field(inline, "Preferred date").fill(TOMORROW);
  await field(inline, "Preferred time").fill("09:45");
  await field(inline, "Notes (optional)").fill(notes);
  // The session ends (expired, or logged out elsewhere): the browser no longer has it.
  await page.context().clearCookies({ name: /session/ });

  expectRedirect(await postByClick(page, inline.getByRole("button", { name: "Submit Request" })));
  await expect(page).toHaveURL(/\/auth\/login\?/);
  await main(page).getByRole("textbox", { name: /^Email/ }).fill(account.email);
  await main(page).getByLabel(/^Password/).fill(account.password);
  expectRedirect(await postByClick(page, main(page).getByRole("button", { name: "Log In", exact: true })));
  await expect(page).toHaveURL(/\/services\/handyman\?resume=requestBooking$/, HASHING);
  const again = main(page).getByRole("region", { name: "Request a booking" });
  await expect(field(again, "Full name")).toHaveValue(account.name);
  await expect(field(again, "Area / neighborhood")).toHaveValue("Leslieville");
  await expect(field(again, "Preferred date")).toHaveValue(TOMORROW);
  await expect(field(again, "Preferred time")).toHaveValue("09:45");
  await expect(field(again, "Notes (optional)")).toHaveValue(notes);

  expectRedirect(await postByClick(page, again.getByRole("button", { name: "Submit Request" })));
  await expect(page.getByText("Request received!", { exact: true })).toBeVisible();
});

const CAR_CASES = [
  {
    type: "custom",
    name: "Custom Request",
    success: "We'll review and follow up with options.",
    required: {
      "Full name": "Full name is required.",
      Email: "Email is required.",
      "Describe your request": "“Describe your request” is required.",
    },
    fill: { "Describe your request": "A moving van with two helpers.", Budget: "$300" },
    subjectTail: "N/A",
  },
  {
    type: "airport-transfer",
    name: "Airport Transfer",
    success: "We'll track your flight and confirm the pickup details by email.",
    required: {
      "Full name": "Full name is required.",
      Email: "Email is required.",
      Airport: "Airport is required.",
      "Flight number": "Flight number is required.",
      "Pick-up date and time": "Pick-up date and time is required.",
    },
    fill: {
      Airport: "Toronto Pearson (YYZ)",
      "Flight number": "AC 101",
      "Pick-up date and time": `${TOMORROW}T14:30`,
    },
    select: { Direction: "Pickup from Airport" },
    subjectTail: `Flight AC 101 ${formattersFor("en-US").dateTime(`${TOMORROW}T14:30`)}`,
  },
] as const;

for (const car of CAR_CASES) {
  test(`car request (${car.name}): refused → messages by their fields, typing kept; sent → the success page and the operator email`, async ({
    page,
  }) => {
    const who = `Ada Lovelace ${randomLetters()}`;
    await page.goto(`/cars/request?type=${car.type}`);
    const form = main(page).locator("form[method='post']");
    const submit = form.getByRole("button", { name: "Submit Request" });

    await field(form, "Notes").fill("Typed before a refusal.");
    expect(await postByClick(page, submit)).toBe(400);
    await expectRenderedPage(page);
    for (const [label, message] of Object.entries(car.required))
      await expectFieldError(field(form, label), message);
    await expectFieldError(form.getByRole("checkbox"), "You must agree to be contacted.");
    await expect(field(form, "Notes")).toHaveValue("Typed before a refusal.");

    await field(form, "Full name").fill(who);
    await field(form, "Email").fill(`ada.${randomLetters()}@example.com`);
    for (const [label, value] of Object.entries(car.fill)) await field(form, label).fill(value);
    if ("select" in car)
      for (const [label, value] of Object.entries(car.select)) await field(form, label).selectOption(value);
    await form.getByRole("checkbox").check();
    expectRedirect(await postByClick(page, submit));
    await expect(page).toHaveURL(/\/request-success$/);
    await expect(main(page).getByText(car.name, { exact: true })).toBeVisible();
    await expect(main(page).getByText(car.success, { exact: true })).toBeVisible();
    const subject = `[Cars/Rental] ${car.name} – ${who} – ${car.subjectTail}`;
    const mail = await waitForEmail((m) => m.to.includes(OPERATOR_EMAIL) && m.subject === subject, {
      message: subject,
    });
    expect(mail.text).toContain("Notes: Typed before a refusal.");
  });
}

test("city request (homes, no results): refused → messages by their fields, typing kept; sent → the success page and the operator email", async ({
  page,
}) => {
  const name = `Grace Hopper ${randomLetters()}`;
  const contact = `grace.${randomLetters()}@example.com`;
  await page.goto("/homes");
  await main(page)
    .getByRole("searchbox")
    .or(main(page).getByRole("combobox", { name: "Search homes" }))
    .fill("Oakville");
  await main(page).getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/homes\?q=Oakville/);
  await expect(
    main(page).getByRole("heading", { name: `We don't have listings in "Oakville" yet.` }),
  ).toBeVisible();

  const region = () => main(page).getByRole("region", { name: "Request homes in your city" });
  await field(region(), "Note (optional)").fill("Near the GO station.");
  expect(await postByClick(page, region().getByRole("button", { name: "Send Request" }))).toBe(400);
  await expectRenderedPage(page);
  await expectFieldError(field(region(), "Your name"), "Your name is required.");
  await expectFieldError(
    region().getByRole("textbox", { name: /^Email or phone/ }),
    "Email or phone is required.",
  );
  await expect(field(region(), "City")).toHaveValue("Oakville");
  await expect(field(region(), "Note (optional)")).toHaveValue("Near the GO station.");

  await field(region(), "Your name").fill(name);
  await region()
    .getByRole("textbox", { name: /^Email or phone/ })
    .fill(contact);
  expectRedirect(await postByClick(page, region().getByRole("button", { name: "Send Request" })));
  await expect(page).toHaveURL(/\/request-success$/);
  await expect(main(page).getByText("Homes in Oakville", { exact: true })).toBeVisible();
  await expect(
    main(page).getByText(
      "Thanks! We've received your request and will let you know as soon as we have homes there.",
      {
        exact: true,
      },
    ),
  ).toBeVisible();
  const mail = await waitForEmail(
    (m) => m.to.includes(OPERATOR_EMAIL) && m.subject === "[City Request] Oakville" && m.text.includes(name),
  );
  expect(mail.text).toContain(`Contact: ${contact}`);
});

test("sign-up: refused → messages by their fields, typing kept; created → verify-sent, the email's link verifies and signs in", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const account = uniqueAccount("nojs-signup");
  await page.goto("/signup");
  const m = main(page);
  const f = {
    name: field(m, "Full name"),
    email: field(m, "Email"),
    password: m.getByLabel(/^Password/),
    adult: m.getByRole("checkbox", { name: /years of age or older/ }),
    terms: m.getByRole("checkbox", { name: /accept the Terms of Use/ }),
    submit: m.getByRole("button", { name: "Create Account" }),
  };
  await f.name.fill(account.name);
  await f.email.fill("not-an-email");
  await f.terms.check();
  expect(await postByClick(page, f.submit)).toBe(400);
  await expectRenderedPage(page);
  await expectFieldError(f.email, "Please enter a valid email.");
  await expectFieldError(f.password, "Password is required.");
  await expectFieldError(f.adult, "You must be 18 or older to create an account.");
  await expect(f.name).toHaveValue(account.name);
  await expect(f.email).toHaveValue("not-an-email");
  await expect(f.terms).toBeChecked();

  await f.email.fill(account.email);
  await f.password.fill(account.password);
  await f.adult.check();
  await f.submit.click();
  await expect(page).toHaveURL(/\/auth\/verify-sent$/, HASHING);
  await expect(m.getByRole("heading", { level: 1 })).toHaveText("Thanks for signing up!");
  await expect(m).toContainText(account.email);
  const mail = await waitForEmail((e) => e.to.includes(account.email) && e.subject === VERIFY_EMAIL_SUBJECT);
  await page.goto(linkIn(mail, "/auth/verify").href);
  await expect(page).toHaveURL(/\/account$/, HASHING);
  await expect(m).toContainText(account.name);
});

test("log-in: refused → messages by their fields, the email kept; signed in → My Account and the welcome toast", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const account = await signInAs(browser, baseURL, page, "nojs-login");
  await page.context().clearCookies();
  await page.goto("/auth/login?redirectTo=%2Faccount");
  const m = main(page);
  const f = {
    email: field(m, "Email"),
    password: m.getByLabel(/^Password/),
    submit: m.getByRole("button", { name: "Log In", exact: true }),
  };

  expect(await postByClick(page, f.submit)).toBe(400);
  await expectRenderedPage(page);
  await expectFieldError(f.email, "Email is required.");
  await expectFieldError(f.password, "Password is required.");

  await f.email.fill(account.email);
  await f.password.fill("not-the-password");
  expect(await postByClick(page, f.submit)).toBe(401);
  await expectRenderedPage(page);
  await expect(m.getByRole("alert")).toHaveText("The email or password is incorrect.");
  await expect(f.email).toHaveValue(account.email);
  await expect(f.password).toHaveValue("");

  await f.password.fill(account.password);
  await f.submit.click();
  await expect(page).toHaveURL(/\/account$/, HASHING);
  await expect(page.getByText(`Welcome back, ${account.name}!`, { exact: true })).toBeVisible();
});

test("forgot password: refused → the message by its field; sent → 'Check Your Email' and the reset email", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const account = await signInAs(browser, baseURL, page, "nojs-forgot");
  await page.context().clearCookies();
  await page.goto("/auth/forgot");
  const m = main(page);
  const email = field(m, "Email");
  const send = m.getByRole("button", { name: "Send Reset Link" });

  expect(await postByClick(page, send)).toBe(400);
  await expectRenderedPage(page);
  await expectFieldError(email, "Please enter your email address.");

  await email.fill("ada@");
  expect(await postByClick(page, send)).toBe(400);
  await expectFieldError(email, "Please enter a valid email.");
  await expect(email).toHaveValue("ada@");

  await email.fill(account.email);
  expectRedirect(await postByClick(page, send));
  await expect(m.getByRole("heading", { level: 1 })).toHaveText("Check Your Email");
  await expect(m).toContainText(account.email);
  await expect(m.getByText("Remembered it?")).toBeVisible();
  await waitForEmail((e) => e.to.includes(account.email) && /^Reset your .+ password$/.test(e.subject), {
    message: `a reset email to ${account.email}`,
    ...HASHING,
  });
});

test("delete my account: refused → messages by their fields; a wrong password changes nothing; deleted → the home page, the toast and the goodbye email", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const account = await signInAs(browser, baseURL, page, "nojs-delete");
  await page.goto("/account/delete");
  const m = main(page);
  const f = {
    password: m.getByLabel(labelled("Your password")),
    word: m.getByLabel(labelled("Type DELETE to confirm")),
    submit: m.getByRole("button", { name: "Delete my account", exact: true }),
  };

  expect(await postByClick(page, f.submit)).toBe(400);
  await expectRenderedPage(page);
  await expectFieldError(f.password, "Your password is required.");
  await expectFieldError(f.word, "Type DELETE to confirm.");

  await f.password.fill("not my password at all");
  await f.word.fill("delete ");
  expect(await postByClick(page, f.submit)).toBe(400);
  await expectFieldError(f.password, "Your password is incorrect.");
  await expect(f.password).toHaveValue("");
  await page.goto("/account");
  await expect(page).toHaveURL(/\/account$/);

  await page.goto("/account/delete");
  await f.password.fill(account.password);
  await f.word.fill("DELETE");
  expectRedirect(await postByClick(page, f.submit));
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Your account and your data have been deleted. Goodbye, and thank you.", { exact: true })).toBeVisible();
  await waitForEmail((e) => e.to.includes(account.email) && e.subject === "Your GTA Connect account has been deleted", {
    message: "the goodbye email",
  });
  await page.goto("/account");
  await expect(page).toHaveURL(/\/auth\/login/);
});

test("chauffeur contact (/cars?contact): refused → messages by their fields; sent → the receipt 'Request Sent!' and the operator email", async ({
  page,
}) => {
  const who = `Grace Hopper ${randomLetters()}`;
  await page.goto("/cars");
  await main(page).getByRole("link", { name: "Contact a Chauffeur" }).click();
  await expect(page).toHaveURL(/\/cars\?contact#chauffeur-contact$/);
  const scope = main(page).getByRole("region", { name: "Contact a Chauffeur" });
  await field(scope, "Full name").fill(who);
  expect(await postByClick(page, scope.getByRole("button", { name: "Send", exact: true }))).toBe(400);
  await expectRenderedPage(page);
  await expectFieldError(field(scope, "Email"), "Email is required.");
  await expect(field(scope, "Full name")).toHaveValue(who);

  await field(scope, "Email").fill("grace@example.com");
  await field(scope, "Pick-up area").fill("Yorkville");
  await field(scope, "Short message").fill("A van for Saturday?");
  expectRedirect(await postByClick(page, scope.getByRole("button", { name: "Send", exact: true })));
  // The success page is its receipt (issue 49 item 5).
  await expect(page).toHaveURL(/\/request-success(#[\w-]+)?$/);
  await expect(main(page).getByRole("heading", { level: 1, name: "Request Sent!" })).toBeVisible();
  await expect(main(page).getByText("A van for Saturday?")).toBeVisible();
  await waitForEmail(
    (m) =>
      m.to.includes(OPERATOR_EMAIL) && m.subject === "New Chauffeur Contact Request" && m.text.includes(who),
  );
});

test("rent request (/homes/{id}?rent): refused → messages by their fields; sent → the receipt 'Request Sent!' and the operator email", async ({
  page,
}) => {
  const listing = HOME_LISTINGS[0]!;
  const who = `Alan Turing ${randomLetters()}`;
  await page.goto(`/homes/${listing.id}`);
  await main(page).getByRole("link", { name: "Request to Rent" }).click();
  await expect(page).toHaveURL(/\?rent#/);
  const scope = main(page).getByRole("region", { name: "Request to Rent" });
  await field(scope, "Full name").fill(who);
  expect(await postByClick(page, scope.getByRole("button", { name: "Send Request" }))).toBe(400);
  await expectRenderedPage(page);
  await expectFieldError(field(scope, "Email"), "Email is required.");
  await expect(field(scope, "Full name")).toHaveValue(who);
  // The refused page opens at the form and its messages, not at the top of the listing.
  await expect(page).toHaveURL(/#rent-request$/);
  await expect(field(scope, "Email")).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

  await field(scope, "Email").fill("alan@example.com");
  await field(scope, "Phone").fill("416-555-0134");
  await field(scope, "Move-in date").fill(TOMORROW);
  await field(scope, "Message").fill("A quiet researcher.");
  expectRedirect(await postByClick(page, scope.getByRole("button", { name: "Send Request" })));
  // The success page is its receipt (issue 49 item 5).
  await expect(page).toHaveURL(/\/request-success(#[\w-]+)?$/);
  await expect(main(page).getByRole("heading", { level: 1, name: "Request Sent!" })).toBeVisible();
  await expect(main(page).getByText("A quiet researcher.")).toBeVisible();
  await waitForEmail(
    (m) => m.to.includes(OPERATOR_EMAIL) && m.subject === `Home/Rental Request — ${listing.title} — ${who}`,
  );
});
