import { formattersFor } from "~/lib/i18n/format";
import { expect, test, type Locator, type Page, serverURL } from "./fixtures";
import {
  escapeRegExp,
  expectNoSeriousA11yViolations,
  expectToast,
  labelled,
  OPERATOR_EMAIL,
  randomLetters,
  toastRegion,
  torontoDate,
  waitForEmail,
  waitForHydration,
} from "./support";

/**
 * Cars and chauffeur journeys (spec requests-rentals-providers.md §2 hub and /cars/request, §3
 * the six request types and the chauffeur contact message, §4 states and success messages, §5
 * validation, §7 mail subjects). Every email travels through the real SMTP sink of serve.ts.
 */

type Kind = "text" | "email" | "tel" | "address" | "textarea" | "date" | "time" | "datetime" | "number" | "select" | "yesno";
/** `name` is how messages name the field, where that differs from its visible label. */
type FieldSpec = { label: string; name?: string; kind: Kind; required?: boolean; value?: string };
type CarType = {
  type: string;
  name: string;
  success: string;
  fields: FieldSpec[];
  /** The subject's "{date/time/flight info}" part for the values below. */
  when: string;
};

const CONSENT = "I agree to be contacted by email regarding my request.";
const CONSENT_REQUIRED = "You must agree to be contacted.";
const TOMORROW = torontoDate(1);
/** Dates and times as the operator email writes them (issue 33 item 6; formats unit-tested in format.test.ts). */
const en = formattersFor("en-US");
const at = (time: string) => `${en.date(TOMORROW)} ${en.time(time)}`;

/** The six types (spec §3), each with valid values for its required fields and a few optional ones. */
function carTypes(who: string, email: string): CarType[] {
  return [
    {
      type: "chauffeur-hourly",
      name: "Chauffeur (Hourly)",
      success: "Thanks! We'll confirm availability and send your quote by email.",
      when: at("09:00"),
      fields: [
        { label: "Full name", kind: "text", required: true, value: who },
        { label: "Email", kind: "email", required: true, value: email },
        { label: "Pick-up address", kind: "address", required: true, value: "100 King St W" },
        { label: "Start date", kind: "date", required: true, value: TOMORROW },
        { label: "Start time", kind: "time", required: true, value: "09:00" },
        { label: "Estimated hours", kind: "select", required: true, value: "4" },
        { label: "Vehicle class", kind: "select", required: true, value: "Luxury" },
        { label: "Passengers", kind: "number", value: "3" },
        { label: "Itinerary", kind: "textarea" },
        { label: "Notes", kind: "textarea" },
      ],
    },
    {
      type: "airport-transfer",
      name: "Airport Transfer",
      success: "We'll track your flight and confirm the pickup details by email.",
      when: `Flight AC 101 ${en.dateTime(`${TOMORROW}T14:30`)}`,
      fields: [
        { label: "Full name", kind: "text", required: true, value: who },
        { label: "Email", kind: "email", required: true, value: email },
        { label: "Direction", kind: "select", required: true, value: "Pickup from Airport" },
        { label: "Airport", kind: "text", required: true, value: "Toronto Pearson (YYZ)" },
        { label: "Flight number", kind: "text", required: true, value: "AC 101" },
        { label: "Pick-up date and time", kind: "datetime", required: true, value: `${TOMORROW}T14:30` },
        { label: "Address", kind: "address" },
        { label: "Passengers", kind: "number", value: "2" },
        { label: "Luggage pieces", kind: "number", value: "3" },
        { label: "Child seat", kind: "yesno", value: "Yes" },
        { label: "Name on the signboard", kind: "text" },
        { label: "Notes", kind: "textarea" },
      ],
    },
    {
      type: "personal-ride",
      name: "Personal Ride",
      success: "Thanks! We'll share ETA and driver details by email.",
      when: at("18:00"),
      fields: [
        { label: "Full name", kind: "text", required: true, value: who },
        { label: "Email", kind: "email", required: true, value: email },
        { label: "Pick-up address", kind: "address", required: true, value: "1 Yonge St" },
        { label: "Drop-off address", kind: "address", required: true, value: "300 Borough Dr" },
        { label: "Date", kind: "date", required: true, value: TOMORROW },
        { label: "Time", kind: "time", required: true, value: "18:00" },
        { label: "Passengers", kind: "number" },
        { label: "Luggage pieces", kind: "number" },
        { label: "Vehicle class", kind: "select", value: "SUV" },
        { label: "Round trip", kind: "yesno" },
        { label: "Extra stops", kind: "textarea" },
        { label: "Notes", kind: "textarea" },
      ],
    },
    {
      type: "package-delivery",
      name: "Package Delivery",
      success: "We'll confirm a courier and share tracking by email.",
      when: at("17:00"),
      fields: [
        { label: "Sender's full name", kind: "text", required: true, value: who },
        { label: "Sender's email", kind: "email", required: true, value: email },
        { label: "Pick-up address", kind: "address", required: true, value: "1 Yonge St" },
        { label: "Recipient's name", kind: "text", required: true, value: "Charles Babbage" },
        { label: "Recipient's phone", kind: "tel", required: true, value: "416-555-0100" },
        { label: "Drop-off address", kind: "address", required: true, value: "10 Main St, Brampton" },
        { label: "Deliver by (date)", name: "“Deliver by (date)”", kind: "date", required: true, value: TOMORROW },
        { label: "Deliver by (time)", name: "“Deliver by (time)”", kind: "time", required: true, value: "17:00" },
        { label: "Package size", kind: "select", required: true, value: "Small" },
        { label: "Fragile", kind: "yesno", value: "Yes" },
        { label: "Signature required", kind: "yesno" },
        { label: "Notes", kind: "textarea" },
      ],
    },
    {
      type: "event-wedding",
      name: "Event / Wedding Car",
      success: "Thanks! We'll send a tailored quote and availability.",
      when: at("13:00"),
      fields: [
        { label: "Full name", kind: "text", required: true, value: who },
        { label: "Email", kind: "email", required: true, value: email },
        { label: "Event date", kind: "date", required: true, value: TOMORROW },
        { label: "Start time", kind: "time", required: true, value: "13:00" },
        { label: "Primary venue", kind: "address", required: true, value: "Casa Loma" },
        { label: "Vehicle preference", kind: "select", required: true, value: "Vintage" },
        { label: "Number of vehicles", kind: "number", required: true, value: "2" },
        { label: "Other locations", kind: "textarea" },
        { label: "Duration (hours)", kind: "number", value: "5" },
        { label: "Decoration required", kind: "yesno" },
        { label: "Passengers", kind: "number" },
        { label: "Notes", kind: "textarea" },
      ],
    },
    {
      type: "custom",
      name: "Custom Request",
      success: "We'll review and follow up with options.",
      when: "N/A",
      fields: [
        { label: "Full name", kind: "text", required: true, value: who },
        { label: "Email", kind: "email", required: true, value: email },
        { label: "Describe your request", name: "“Describe your request”", kind: "textarea", required: true, value: "A moving van with two helpers for a studio." },
        { label: "Pick-up address", kind: "address" },
        { label: "Drop-off address", kind: "address" },
        { label: "Date", kind: "text" },
        { label: "Vehicle preference", kind: "text" },
        { label: "Budget", kind: "text", value: "$300" },
        { label: "Notes", kind: "textarea" },
      ],
    },
  ];
}

const TYPE_NAMES = carTypes("", "").map((c) => c.name);

const main = (page: Page) => page.getByRole("main");
const requestForm = (page: Page) => main(page).locator("form[method='post']");
const control = (scope: Locator, label: string) => scope.getByLabel(labelled(label));

/** What an untouched field sends: a Yes/No select starts on "No", everything else is empty. */
const sent = (f: FieldSpec) =>
  f.value === undefined
    ? f.kind === "yesno"
      ? "No"
      : "N/A"
    : f.kind === "date"
      ? en.date(f.value)
      : f.kind === "time"
        ? en.time(f.value)
        : f.kind === "datetime"
          ? en.dateTime(f.value)
          : f.value;

async function fillField(scope: Locator, f: FieldSpec) {
  if (f.value === undefined) return;
  const input = control(scope, f.label);
  if (f.kind === "select" || f.kind === "yesno") await input.selectOption(f.value);
  else await input.fill(f.value);
}

test.describe("cars: one request per type", () => {
  for (const { type, name } of carTypes("", "")) {
    test(`${name}: hub tile → empty submit → errors → valid request → success page and operator email`, async ({ page }) => {
      const who = `Ada Lovelace ${randomLetters()}`;
      const car = carTypes(who, `ada.${randomLetters()}@example.com`).find((c) => c.type === type)!;

      await page.goto("/cars");
      await waitForHydration(page);
      await main(page)
        .getByRole("link", { name: new RegExp(`^${escapeRegExp(name)}`) })
        .click();
      await expect(page).toHaveURL(new RegExp(`/cars/request\\?type=${escapeRegExp(type)}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
      await waitForHydration(page);

      const form = requestForm(page);
      const consent = form.getByRole("checkbox", { name: CONSENT, exact: true });
      const submit = form.getByRole("button", { name: "Submit Request" });

      // Every field of the type is there.
      for (const f of car.fields) await expect(control(form, f.label), f.label).toBeVisible();

      // Empty: the destructive toast, each required field's message and the consent message.
      await submit.click();
      await expectToast(page, "Missing Information", "Please fill out all required fields.", { destructive: true });
      for (const f of car.fields.filter((x) => x.required)) {
        await expect(form.getByText(`${f.name ?? f.label} is required.`, { exact: true })).toBeVisible();
        await expect(control(form, f.label)).toHaveAttribute("aria-invalid", "true");
      }
      await expect(form.getByText(CONSENT_REQUIRED, { exact: true })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/cars/request\\?type=${escapeRegExp(type)}$`));
      await expectNoSeriousA11yViolations(page);

      // Valid values and consent.
      for (const f of car.fields) await fillField(form, f);
      await consent.check();
      await submit.click();

      await expect(page).toHaveURL(/\/request-success$/);
      // The address changes before the new page is drawn: the success text first (only that page
      // has it), then the type's name, which the form page also shows twice.
      await expect(main(page).getByText(car.success, { exact: true })).toBeVisible();
      await expect(main(page).getByText(name, { exact: true })).toBeVisible();
      await expect(main(page).getByText(/GTA-[2-9A-Z]{6}/)).toBeVisible();
      await expect(main(page)).not.toContainText(/mail client|email client/i);

      const subject = `[Cars/Rental] ${name} – ${who} – ${car.when}`;
      const mail = await waitForEmail((m) => m.to.includes(OPERATOR_EMAIL) && m.subject === subject, {
        message: `the operator email "${subject}"`,
      });
      const lines = mail.text.split("\n");
      expect(lines).toContain(`Request type: ${name}`);
      for (const f of car.fields) expect(lines, f.label).toContain(`${f.label}: ${sent(f)}`);
      expect(mail.text).toMatch(/Submitted at: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M/);
    });
  }
});

test.describe("cars: request page", () => {
  test("switching type resets the fields; an unknown type is a Custom Request; the flight number has help", async ({
    page,
  }) => {
    await page.goto("/cars/request?type=personal-ride");
    await waitForHydration(page);
    const types = main(page).getByRole("navigation", { name: "Request type" });
    await expect(types.getByRole("link")).toHaveText(TYPE_NAMES);
    await expect(types.getByRole("link", { name: "Personal Ride" })).toHaveAttribute("aria-current", "page");

    const form = requestForm(page);
    await control(form, "Full name").fill("Ada Lovelace");
    await control(form, "Pick-up address").fill("1 Yonge St");
    await form.getByRole("checkbox", { name: CONSENT }).check();

    await types.getByRole("link", { name: "Airport Transfer" }).click();
    await expect(page).toHaveURL(/\/cars\/request\?type=airport-transfer$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Airport Transfer");
    await expect(control(form, "Full name")).toHaveValue("");
    await expect(form.getByRole("checkbox", { name: CONSENT })).not.toBeChecked();
    const flight = control(form, "Flight number");
    await expect(flight).toHaveAccessibleDescription("Helps us track delays.");
    await expect(form.getByText("Helps us track delays.", { exact: true })).toBeVisible();

    // Back to Personal Ride: what was typed there is gone too.
    await control(form, "Full name").fill("Grace Hopper");
    await types.getByRole("link", { name: "Personal Ride" }).click();
    await expect(page).toHaveURL(/\/cars\/request\?type=personal-ride$/);
    await expect(control(form, "Full name")).toHaveValue("");
    await expect(control(form, "Pick-up address")).toHaveValue("");

    await page.goto("/cars/request?type=unknown");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Custom Request");
    await expect(control(requestForm(page), "Describe your request")).toBeVisible();
    await expect(types.getByRole("link", { name: "Custom Request" })).toHaveAttribute("aria-current", "page");
  });

});

test.describe("cars: correcting a refused form", () => {
  test("editing a field after a failed submit clears its message without another 'Missing Information' toast", async ({ page }) => {
    await page.goto("/cars/request?type=chauffeur-hourly");
    await waitForHydration(page);
    const form = requestForm(page);
    await form.getByRole("button", { name: "Submit Request" }).click();
    await expectToast(page, "Missing Information", "Please fill out all required fields.", { destructive: true });
    const { destructive } = toastRegion(page);
    await destructive.getByRole("button", { name: "Close" }).click();
    await expect(destructive).toHaveCount(0);

    // Each edit re-checks the form (Conform submits it with its own intent button)…
    const fullName = form.getByRole("textbox", { name: "Full name", exact: true });
    await expect(form.getByText("Full name is required.", { exact: true })).toBeVisible();
    await fullName.fill("Ada Lovelace");
    await expect(form.getByText("Full name is required.", { exact: true })).toHaveCount(0);
    await form.getByRole("textbox", { name: "Pick-up address", exact: true }).fill("100 King St W");
    await expect(form.getByText("Pick-up address is required.", { exact: true })).toHaveCount(0);
    // …and none of those checks is the visitor's submit: no toast came back.
    await expect(destructive).toHaveCount(0);
  });

  test("the 'Missing Information' toast stays with its form: fixed and sent, the success page does not show it", async ({
    page,
  }) => {
    // The page's clock stops once the toast is up, so its own 5 s can never be what hides it.
    await page.clock.install();
    const who = `Ada Lovelace ${randomLetters()}`;
    const car = carTypes(who, `ada.${randomLetters()}@example.com`).find((c) => c.type === "airport-transfer")!;
    await page.goto("/cars/request?type=airport-transfer");
    await waitForHydration(page);
    const form = requestForm(page);
    await form.getByRole("button", { name: "Submit Request" }).click();
    await expectToast(page, "Missing Information", "Please fill out all required fields.", { destructive: true });
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    for (const f of car.fields) await fillField(form, f);
    await form.getByRole("checkbox", { name: CONSENT, exact: true }).check();
    await form.getByRole("button", { name: "Submit Request" }).click();
    await expect(page).toHaveURL(/\/request-success$/);
    await expect(main(page).getByText(car.success, { exact: true })).toBeVisible();
    await expect(toastRegion(page).destructive).toHaveCount(0);
  });
});

test.describe("cars: keyboard only", () => {
  // Native date and time inputs take their parts in the locale's order.
  test.use({ locale: "en-US" });

  test("keyboard only: the Personal Ride form is filled and sent without the mouse", async ({ page }) => {
    const who = `Alan Turing ${randomLetters()}`;
    const email = `alan.${randomLetters()}@example.com`;
    await page.goto("/cars/request?type=personal-ride");
    await waitForHydration(page);
    const form = requestForm(page);
    const fullName = control(form, "Full name");

    // Tab from the top of the page to the first field.
    for (let i = 0; i < 60 && !(await fullName.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    await expect(fullName).toBeFocused();

    const [year, month, day] = TOMORROW.split("-");
    const typeThenTab = async (text: string) => {
      await page.keyboard.type(text);
      await page.keyboard.press("Tab");
    };
    /** Date and time inputs are several stops for Tab (their parts): Tab until focus leaves. */
    const tabOutOf = async (input: Locator) => {
      for (let i = 0; i < 6 && (await input.evaluate((el) => el === document.activeElement)); i++) {
        await page.keyboard.press("Tab");
      }
      await expect(input).not.toBeFocused();
    };
    await typeThenTab(who);
    await typeThenTab(email);
    await typeThenTab("1 Yonge St");
    await typeThenTab("300 Borough Dr");
    // Native date and time inputs take their parts as typed (en-US: mm dd yyyy, hh mm AM/PM).
    const date = control(form, "Date");
    await expect(date).toBeFocused();
    await page.keyboard.type(`${month}${day}${year}`);
    await tabOutOf(date);
    const time = control(form, "Time");
    await expect(time).toBeFocused();
    await page.keyboard.type("0600P");
    await tabOutOf(time);
    await expect(control(form, "Passengers")).toBeFocused();
    await typeThenTab("2");
    await typeThenTab("1"); // Luggage pieces
    // Selects: type-ahead picks an option without opening the list.
    await expect(control(form, "Vehicle class")).toBeFocused();
    await typeThenTab("SU");
    await expect(control(form, "Round trip")).toBeFocused();
    await typeThenTab("Y");
    await typeThenTab("Stop at Union Station");
    await typeThenTab("Two child seats, please.");
    const consent = form.getByRole("checkbox", { name: CONSENT });
    await expect(consent).toBeFocused();
    await page.keyboard.press("Space");
    await expect(consent).toBeChecked();

    await expect(control(form, "Date")).toHaveValue(TOMORROW);
    await expect(control(form, "Time")).toHaveValue("18:00");
    await expect(control(form, "Vehicle class")).toHaveValue("SUV");
    await expect(control(form, "Round trip")).toHaveValue("Yes");

    await page.keyboard.press("Tab");
    await expect(form.getByRole("button", { name: "Submit Request" })).toBeFocused();
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/\/request-success$/);
    await expect(main(page).getByText("Thanks! We'll share ETA and driver details by email.", { exact: true })).toBeVisible();
    const mail = await waitForEmail(
      (m) => m.to.includes(OPERATOR_EMAIL) && m.subject === `[Cars/Rental] Personal Ride – ${who} – ${at("18:00")}`,
      { message: "the keyboard-made request's operator email" },
    );
    for (const line of [
      "Passengers: 2",
      "Luggage pieces: 1",
      "Vehicle class: SUV",
      "Round trip: Yes",
      "Extra stops: Stop at Union Station",
      "Notes: Two child seats, please.",
    ]) {
      expect(mail.text).toContain(line);
    }
  });

});

test.describe("cars: phone", () => {
  test("a phone viewport shows the airport transfer form without horizontal scrolling", async ({ browser }) => {
    const context = await browser.newContext({
      baseURL: serverURL(),
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto("/cars/request?type=airport-transfer");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Airport Transfer");
    await expect(control(requestForm(page), "Flight number")).toBeVisible();
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth, "no horizontal scroll at 390 px").toBeLessThanOrEqual(clientWidth);
    await context.close();
  });
});

test.describe("cars: hub and chauffeur contact", () => {
  test("Contact a Chauffeur: missing field → toast; sent → the dialog ends on its receipt, empty on reopen, operator email", async ({
    page,
  }) => {
    const who = `Grace Hopper ${randomLetters()}`;
    await page.goto("/cars");
    await waitForHydration(page);
    const open = main(page).getByRole("link", { name: "Contact a Chauffeur" });
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Contact a Chauffeur" });
    await expect(dialog).toBeVisible();
    const fields = {
      fullName: control(dialog, "Full name"),
      email: control(dialog, "Email"),
      pickupArea: control(dialog, "Pick-up area"),
      message: control(dialog, "Short message"),
    };
    const send = dialog.getByRole("button", { name: "Send", exact: true });

    await fields.fullName.fill(who);
    await fields.email.fill("grace@example.com");
    await fields.pickupArea.fill("Yorkville");
    await send.click();
    await expectToast(page, "Missing Information", "Please fill out all fields.", { destructive: true });
    await expect(dialog.getByText("Short message is required.", { exact: true })).toBeVisible();
    await expect(dialog).toBeVisible();

    await fields.message.fill("Do you have a Sprinter van for Saturday?");
    await send.click();
    // The dialog ends on the receipt (issue 49 item 5), which stays until closed.
    await expect(dialog.getByRole("heading", { name: "Request Sent!" })).toBeVisible();
    await expect(dialog.getByText("We'll get back to you by email shortly.")).toBeVisible();
    await expect(page).toHaveURL(/\/cars$/);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await open.click();
    await expect(dialog).toBeVisible();
    for (const input of Object.values(fields)) await expect(input).toHaveValue("");

    const mail = await waitForEmail(
      (m) => m.to.includes(OPERATOR_EMAIL) && m.subject === "New Chauffeur Contact Request" && m.text.includes(who),
      { message: "the chauffeur contact email" },
    );
    for (const line of [`Full name: ${who}`, "Email: grace@example.com", "Pick-up area: Yorkville", "Message: Do you have a Sprinter van for Saturday?"]) {
      expect(mail.text).toContain(line);
    }
  });

  test("/cars and /cars-rental show the same hub with the six tiles", async ({ page }) => {
    for (const path of ["/cars", "/cars-rental"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Car & Driver / Rentals");
      for (const { type, name } of carTypes("", "")) {
        await expect(
          main(page).getByRole("link", { name: new RegExp(`^${escapeRegExp(name)}`) }),
        ).toHaveAttribute("href", `/cars/request?type=${type}`);
      }
      await expect(main(page).getByRole("link", { name: "Contact a Chauffeur" })).toBeVisible();
    }
  });

  test("accessibility: /cars, the chauffeur dialog, and every request form", async ({ page }) => {
    // Several full axe scans in one test: slow on a shared 2-core machine, not a timing claim.
    test.slow();
    await page.goto("/cars");
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page);
    await main(page).getByRole("link", { name: "Contact a Chauffeur" }).click();
    await expect(page.getByRole("dialog", { name: "Contact a Chauffeur" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    for (const { type } of carTypes("", "")) {
      await page.goto(`/cars/request?type=${type}`);
      await waitForHydration(page);
      await expectNoSeriousA11yViolations(page);
    }
  });
});
