import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type APIResponse, expect, type Locator, type Page, type Route, test } from "./fixtures";
import sharp from "sharp";
import { formattersFor } from "~/lib/i18n/format";
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectToast,
  labelled,
  newPhonePage,
  OPERATOR_EMAIL,
  randomLetters,
  signUpAndVerify,
  toastRegion,
  torontoDate,
  uniqueAccount,
  waitForEmail,
  waitForHydration,
} from "./support";

/**
 * The property listing wizard (spec requests-rentals-providers.md §2 /homes/new; §3 Property
 * listing form; §4 Property wizard; §5 step messages and photo limits; §7 'New Property
 * Listing — {address}'; §8 toasts). Photos are real PNG/JPEG files made with sharp in a
 * temporary folder. A submitted listing is pending review: not on /homes, listed in My
 * Listings. Emails travel through the real SMTP sink of serve.ts.
 */

const main = (page: Page) => page.getByRole("main");
const stepHeading = (page: Page) => main(page).getByRole("heading", { level: 2 }).first();
const wizardForm = (page: Page) => main(page).locator("form[method='post']");
const button = (page: Page, name: string) => wizardForm(page).getByRole("button", { name, exact: true });
const next = (page: Page) => button(page, "Next");
const field = (page: Page, label: string) => wizardForm(page).getByLabel(labelled(label));

const AGREE = "I agree to the Terms of Use and the Privacy Policy, and I am allowed to rent out this property.";
const SUCCESS = "Your property listing has been submitted for review. We usually review within 24-48 hours.";
const STEP_TITLES = ["Owner Information", "Property Details", "Pricing & Availability", "Photos"];

async function expectStep(page: Page, n: number) {
  await expect(stepHeading(page)).toHaveText(STEP_TITLES[n - 1]!);
  await expect(main(page).getByText(`Step ${n} of 4`, { exact: true })).toBeVisible();
  await expect(
    main(page).getByRole("navigation", { name: "Listing steps" }).locator('li[aria-current="step"]'),
  ).toContainText(STEP_TITLES[n - 1]!);
}

/**
 * Ticks a radio or checkbox drawn as a pill: the input itself is visually hidden inside its
 * label, so a person clicks the pill (the label).
 */
async function choose(group: Locator, role: "radio" | "checkbox", name: string) {
  const input = group.getByRole(role, { name, exact: true });
  // (`has` is evaluated inside each label, so it starts from the page.)
  await group
    .locator("label")
    .filter({ has: group.page().getByRole(role, { name, exact: true }) })
    .click();
  await expect(input).toBeChecked();
}

/* ------------------------------------------------------------------------------------------ */
/* Photos                                                                                     */
/* ------------------------------------------------------------------------------------------ */

/** Writes `count` small images (PNG, or JPEG every third one) in distinct colours; returns their paths. */
async function makePhotos(dir: string, prefix: string, count: number): Promise<string[]> {
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const jpeg = i % 3 === 2;
    const file = path.join(dir, `${prefix}-${i + 1}.${jpeg ? "jpg" : "png"}`);
    const image = sharp({
      create: {
        width: 640,
        height: 480,
        channels: 3,
        background: { r: (40 + i * 50) % 256, g: (160 + i * 30) % 256, b: (120 + i * 70) % 256 },
      },
    });
    await (jpeg ? image.jpeg() : image.png()).toFile(file);
    files.push(file);
  }
  return files;
}

function photosStep(page: Page) {
  const list = main(page).getByRole("list", { name: "Your photos, in the order renters see them" });
  return {
    input: main(page).getByLabel(/^Choose photos/),
    list,
    stored: list.getByRole("img", { name: /^Photo \d+ of your property$/ }),
    count: main(page).getByText(/^\d+ of 12 photos$/),
  };
}

/** The stored photos' addresses in their order (each is /media/listings/{photoId}/card). */
const photoSources = (stored: Locator) =>
  stored.evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src") ?? ""));

/**
 * Runs a photo change (move, remove, upload) and waits for its post and the reload of the
 * wizard's data that follows: the page ignores a second change while one is under way.
 */
async function photoChange(page: Page, change: () => Promise<void>) {
  // Bounded well below the test's own 3 minutes: a reload that never comes (an upload refused
  // with a 429 once, when the e2e servers still capped posts per minute) fails in seconds.
  const posted = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/homes/new"),
    { timeout: 30_000 },
  );
  const reloaded = page.waitForResponse(
    (r) => r.request().method() === "GET" && new URL(r.url()).pathname === "/homes/new.data",
    { timeout: 30_000 },
  );
  await change();
  await posted;
  await reloaded;
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/* ------------------------------------------------------------------------------------------ */
/* Late autosaves                                                                             */
/* ------------------------------------------------------------------------------------------ */

const intentOf = (body: string) =>
  /(?:^|&)intent=([^&]*)/.exec(body)?.[1] ?? /name="intent"\r\n\r\n([^\r]*)\r\n/.exec(body)?.[1] ?? null;

/**
 * Makes every autosave arrive late, in the order a slow network or a busy server produces now
 * and then: the browser has sent it (the typing debounce has run), but the server only gets it
 * after the wizard post that follows (Next, Previous, Submit; or only Submit, with
 * `until: "submit"`) has been answered, and the browser only gets its answer once the next step
 * has started loading. Forcing that order makes every click below meet the race, instead of
 * the one click in many that meets it by chance.
 */
async function lateAutosaves(page: Page, { until = ["next", "previous", "submit", "save"] } = {}) {
  const held: Route[] = [];
  const answered: { route: Route; response: APIResponse }[] = [];
  let onSent: (() => void) | null = null;
  const deliverAnswers = async () => {
    for (const { route, response } of answered.splice(0)) {
      // The page may have given up on it (aborted): then there is nobody to answer.
      await route.fulfill({ response }).catch(() => undefined);
    }
  };
  await page.route(
    (url) => url.pathname === "/homes/new.data",
    async (route) => {
      const request = route.request();
      if (request.method() !== "POST") {
        await deliverAnswers();
        await route.continue().catch(() => undefined);
        return;
      }
      const intent = intentOf(request.postDataBuffer()?.toString("latin1") ?? "");
      if (intent === "autosave") {
        held.push(route);
        onSent?.();
        onSent = null;
        return;
      }
      const response = await route.fetch();
      if (intent && until.includes(intent)) {
        for (const late of held.splice(0)) {
          const answer = await late.fetch().catch(() => null);
          if (answer) answered.push({ route: late, response: answer });
        }
      }
      await route.fulfill({ response });
    },
  );
  return {
    /** Resolves when the browser next sends an autosave (which is then held back). */
    nextAutosave: () => new Promise<void>((resolve) => (onSent = resolve)),
    stop: () => page.unrouteAll({ behavior: "ignoreErrors" }),
  };
}

/** Fills step 2 with valid details. */
async function fillPropertyStep(page: Page, address: string) {
  await field(page, "Property type").selectOption("2BR");
  await field(page, "Street address").fill(address);
  await field(page, "City").fill("Toronto");
  await field(page, "Bedrooms").fill("2");
  await field(page, "Bathrooms").fill("1");
  await field(page, "Description").fill("A quiet unit near the lake, with a balcony.");
}

/* ------------------------------------------------------------------------------------------ */
/* Journey                                                                                    */
/* ------------------------------------------------------------------------------------------ */

test.describe("listing wizard", () => {
  let photoDir: string;
  test.beforeAll(() => {
    photoDir = fs.mkdtempSync(path.join(os.tmpdir(), "gta-wizard-photos-"));
  });
  test.afterAll(() => {
    fs.rmSync(photoDir, { recursive: true, force: true });
  });

  test("logged out: 'Login Required' with log in / sign up back to the wizard; closing it goes to /homes", async ({
    page,
  }) => {
    await page.goto("/homes/new");
    await waitForHydration(page);
    // The modal dialog hides the page behind it from assistive technology.
    await expect(page.getByRole("heading", { level: 1, includeHidden: true })).toHaveText(
      "List Your Property",
    );
    const dialog = page.getByRole("dialog", { name: "Login Required" });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByText("Please log in or create an account to list your property.", { exact: true }),
    ).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Log In" })).toHaveAttribute(
      "href",
      "/auth/login?redirectTo=%2Fhomes%2Fnew",
    );
    await expect(dialog.getByRole("link", { name: "Sign Up" })).toHaveAttribute(
      "href",
      "/auth/signup?redirectTo=%2Fhomes%2Fnew",
    );
    await expect(wizardForm(page)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/homes$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find your next home");

    // Escape closes it the same way.
    await page.goto("/homes/new");
    await waitForHydration(page);
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/homes$/);
  });

  test("end to end: four steps, a draft kept on the server, two photos → pending review → not on /homes, in My Listings", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const account = uniqueAccount("owner", `Ada Lovelace ${randomLetters()}`);
    const token = `wiz${randomLetters(8)}`;
    const address = `${Date.now()} Wizard Lane`;
    const neighborhood = `Wizardry ${token}`;
    const description = `A bright corner unit with a balcony, near the ${token} market.`;
    const availableFrom = torontoDate(30);
    const title = `2BR in ${neighborhood}, Toronto`;

    await signUpAndVerify(page, account);

    /* ------------------------------ Step 1: Owner Information ------------------------------ */
    await page.goto("/homes/new");
    await waitForHydration(page);
    await expectStep(page, 1);
    await expect(field(page, "Full name")).toHaveValue(account.name);
    await expect(field(page, "Email")).toHaveValue(account.email);
    const agree = wizardForm(page).getByRole("checkbox", { name: AGREE, exact: true });
    await expect(agree).not.toBeChecked();
    // An owner agrees to the Terms and the Privacy Policy, linked beside the box; the Provider
    // Guidelines are for service providers (issue 51 item 4), linked with the others at the page's foot.
    for (const name of ["Terms of Use", "Privacy Policy"]) {
      await expect(wizardForm(page).getByRole("link", { name })).toHaveAttribute("href", { "Terms of Use": "/legal/terms", "Privacy Policy": "/legal/privacy" }[name]!);
    }
    await expect(wizardForm(page).getByRole("link", { name: "Provider Guidelines" })).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("link", { name: "Provider Guidelines" })).toHaveAttribute("href", "/legal/provider-guidelines");
    await expectNoSeriousA11yViolations(page);

    await next(page).click();
    await expect(
      wizardForm(page).getByText("You must agree to the terms.", { exact: true }),
    ).toBeVisible();
    await expect(agree).toHaveAttribute("aria-invalid", "true");
    await expectStep(page, 1);

    await agree.check();
    // Editing the field clears its message.
    await expect(
      wizardForm(page).getByText("You must agree to the terms.", { exact: true }),
    ).toBeHidden();
    await next(page).click();

    /* ------------------------------ Step 2: Property Details ------------------------------- */
    await expectStep(page, 2);
    await expect(stepHeading(page)).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    await next(page).click();
    const required = [
      ["Property type", "Property type is required."],
      ["Street address", "Address is required."],
      ["City", "City is required."],
      ["Bedrooms", "Bedrooms count is required."],
      ["Bathrooms", "Bathrooms count is required."],
      ["Description", "Description is required."],
    ] as const;
    for (const [label, message] of required) {
      await expect(wizardForm(page).getByText(message, { exact: true }), label).toBeVisible();
      await expect(field(page, label)).toHaveAttribute("aria-invalid", "true");
    }
    await expectStep(page, 2);
    await expectNoSeriousA11yViolations(page);

    await field(page, "Property type").selectOption("2BR");
    await field(page, "Street address").fill(address);
    await expect(wizardForm(page).getByText("Address is required.", { exact: true })).toBeHidden();
    await field(page, "City").fill("Toronto");
    await field(page, "Neighborhood (optional)").fill(neighborhood);
    await field(page, "Bedrooms").fill("2");
    await field(page, "Bathrooms").fill("1.5");
    await choose(wizardForm(page).getByRole("group", { name: "Furnished" }), "radio", "Yes");
    const amenities = wizardForm(page).getByRole("group", { name: "Amenities" });
    for (const a of ["Wi-Fi", "Laundry", "A/C"]) await choose(amenities, "checkbox", a);
    await field(page, "Description").fill(description);
    await next(page).click();

    /* -------------------------- Step 3: Pricing & Availability ----------------------------- */
    await expectStep(page, 3);
    await expectNoSeriousA11yViolations(page);
    await field(page, "Price (CAD)").fill("2800");
    await field(page, "Available from").fill(availableFrom);

    // A reload comes back to step 3 (the draft is kept on the server) with the values.
    await page.reload();
    await waitForHydration(page);
    await expectStep(page, 3);
    // What was typed on the current step is saved as it goes ("Your progress is saved as you go").
    for (const [label, value] of [
      ["Price (CAD)", "2800"],
      ["Available from", availableFrom],
    ] as const) {
      await expect(field(page, label), `after a reload, step 3 still holds the ${label} typed before it`).toHaveValue(value, {
        timeout: 2000,
      });
    }
    // Saved as a draft, they survive a reload.
    await field(page, "Price (CAD)").fill("2800");
    await field(page, "Available from").fill(availableFrom);
    await button(page, "Save draft").click();
    await expectToast(
      page,
      "Draft saved",
      "Your progress is saved. Come back any time to finish your listing.",
    );
    await page.reload();
    await waitForHydration(page);
    await expectStep(page, 3);
    await expect(field(page, "Price (CAD)")).toHaveValue("2800");
    await expect(field(page, "Available from")).toHaveValue(availableFrom);

    // Previous never validates: an emptied required field does not hold it back.
    await field(page, "Available from").fill("");
    await button(page, "Previous").click();
    await expectStep(page, 2);
    await expect(wizardForm(page).getByText(/is required\.$/)).toHaveCount(0);
    await expect(field(page, "Street address")).toHaveValue(address);
    await expect(field(page, "Property type")).toHaveValue("2BR");
    await expect(field(page, "Bathrooms")).toHaveValue("1.5");
    await expect(amenities.getByRole("checkbox", { name: "Laundry", exact: true })).toBeChecked();
    await next(page).click();
    await expectStep(page, 3);
    await expect(field(page, "Price (CAD)")).toHaveValue("2800");
    await next(page).click();
    await expect(wizardForm(page).getByText("Available date is required.", { exact: true })).toBeVisible();
    // A date in the past is refused as on every other form.
    await field(page, "Available from").fill(torontoDate(-1));
    await next(page).click();
    await expect(wizardForm(page).getByText("Please choose today or a later date.", { exact: true })).toBeVisible();
    await expectStep(page, 3);
    await field(page, "Available from").fill(availableFrom);

    // A per-night price is a short-term rental: only then is the City's registration number asked,
    // checked in the browser with the server's schema.
    const strNumber = field(page, "Short-term rental registration number");
    const priceType = wizardForm(page).getByRole("group", { name: "Price type" });
    await expect(strNumber).toBeHidden();
    await choose(priceType, "radio", "per night");
    await expect(strNumber).toBeVisible();
    await expect(wizardForm(page).getByText("The City of Toronto requires a registration number for rentals of less than 28 nights.")).toBeVisible();
    await next(page).click();
    await expect(wizardForm(page).getByText("A registration number is required for a per-night listing.", { exact: true })).toBeVisible();
    await expectStep(page, 3);
    await strNumber.fill("STR-24-ABC");
    await next(page).click();
    await expect(
      wizardForm(page).getByText("Enter the registration number as STR-0000-XXXXXX, like STR-2407-A1B2C3.", { exact: true }),
    ).toBeVisible();
    await expectStep(page, 3);
    // Back to a monthly price: the question goes away, and so does its check.
    await choose(priceType, "radio", "per month");
    await expect(strNumber).toBeHidden();
    await next(page).click();

    /* ------------------------------------ Step 4: Photos ----------------------------------- */
    await expectStep(page, 4);
    const photos = photosStep(page);
    await expect(photos.count).toHaveText("0 of 12 photos");
    await expectNoSeriousA11yViolations(page);

    await button(page, "Submit Listing").click();
    await expect(wizardForm(page).getByText("At least 1 photo is required.", { exact: true })).toBeVisible();
    await expectToast(page, "Incomplete Form", "Please complete all required fields.", { destructive: true });
    await expectStep(page, 4);

    const [first, second, third] = await makePhotos(photoDir, token, 3);
    await photoChange(page, () => photos.input.setInputFiles([first!, second!]));
    await expect(photos.stored).toHaveCount(2);
    await expect(photos.count).toHaveText("2 of 12 photos");
    await expect(photos.list.getByText("Cover", { exact: true })).toHaveCount(1);
    // Choosing photos answers "At least 1 photo".
    await expect(wizardForm(page).getByText("At least 1 photo is required.", { exact: true })).toBeHidden();
    const [a, b] = await photoSources(photos.stored);
    expect(a).toMatch(/^\/media\/listings\/[0-9a-f-]{36}\/card$/);
    expect(b).not.toBe(a);
    // The owner sees the stored (re-encoded) photos of the private draft.
    await expect
      .poll(() =>
        photos.stored.evaluateAll((imgs) =>
          imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
        ),
      )
      .toBe(true);
    await expectNoSeriousA11yViolations(page);

    // Move the second up: it becomes the cover.
    await photoChange(page, () => photos.list.getByRole("button", { name: "Move photo 2 up" }).click());
    await expect.poll(() => photoSources(photos.stored)).toEqual([b, a]);
    await expect(photos.list.getByRole("button", { name: "Move photo 1 up" })).toBeDisabled();

    // Remove the cover.
    await photoChange(page, () => photos.list.getByRole("button", { name: "Remove photo 1" }).click());
    await expect.poll(() => photoSources(photos.stored)).toEqual([a]);
    await expect(photos.count).toHaveText("1 of 12 photos");

    // A 13th photo: twelve more at once is refused before anything is sent.
    const twelve = await makePhotos(photoDir, `${token}-many`, 12);
    await photos.input.setInputFiles(twelve);
    await expectToast(page, "Too many photos", "You can upload a maximum of 12 photos.", {
      destructive: true,
    });
    await expect(photos.count).toHaveText("1 of 12 photos");
    await expect(photos.stored).toHaveCount(1);

    // Add one back (a JPEG).
    await photoChange(page, () => photos.input.setInputFiles([third!]));
    await expect(photos.stored).toHaveCount(2);
    const [coverSrc, secondSrc] = await photoSources(photos.stored);
    expect(coverSrc).toBe(a);
    expect(secondSrc).not.toBe(b);

    await button(page, "Submit Listing").click();
    await expect(page).toHaveURL(/\/request-success$/);
    await expect(main(page).getByText("Property listing", { exact: true })).toBeVisible();
    await expect(main(page).getByText(SUCCESS, { exact: true })).toBeVisible();

    const subject = `New Property Listing — ${address}`;
    const mail = await waitForEmail((m) => m.to.includes(OPERATOR_EMAIL) && m.subject === subject, {
      message: `the operator email "${subject}"`,
    });
    expect(mail.subject).toBe(subject);
    for (const line of [
      `Title: ${title}`,
      `Full name: ${account.name}`,
      `Email: ${account.email}`,
      "Property type: 2BR",
      `Street address: ${address}`,
      "City: Toronto",
      "Bedrooms: 2",
      "Bathrooms: 1.5",
      "Amenities: Wi-Fi, Laundry, A/C",
      "Price: CA$2,800/month",
      `Available from: ${formattersFor("en-US").date(availableFrom)}`,
    ]) {
      expect(mail.text).toContain(line);
    }
    // Both photos, the cover first, as the owner ordered them.
    const gallery = (card: string) => `${baseURL}${card.replace(/card$/, "gallery")}`;
    expect(mail.text).toContain("Photos: 2");
    // One link a photo (their addresses side by side made the email 522 px wide: issue 51).
    expect(mail.text).toContain(`Photo links: Photo 1 ${gallery(coverSrc!)}`);
    expect(mail.text).toContain(`Photo links: Photo 2 ${gallery(secondSrc!)}`);

    // Pending review: a search for its unique word finds nothing.
    await page.goto(`/homes?q=${token}`);
    await expect(
      main(page).getByRole("heading", { name: `We don't have listings in "${token}" yet.` }),
    ).toBeVisible();
    await expect(main(page).getByRole("link", { name: title })).toHaveCount(0);

    // My Account → My Listings shows it with its status.
    await waitForHydration(page);
    await page
      .getByRole("banner")
      .getByRole("button", { name: `account menu for ${account.name}` })
      .click();
    await page.getByRole("menu").getByRole("menuitem", { name: "My Account", exact: true }).click();
    await expect(page).toHaveURL(/\/account$/);
    await main(page)
      .getByRole("navigation", { name: "Account sections" })
      .getByRole("link", { name: "My Listings" })
      .click();
    await expect(page).toHaveURL(/\/account\/listings$/);
    const row = main(page).getByRole("listitem").filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`${address}, Toronto, ON`);
    await expect(row).toContainText("Pending review");
    await expect(row).toContainText("$2,800 per month");
    await expect(row.getByRole("link", { name: /View/ })).toHaveCount(0);
    await expect(row.locator("img")).toHaveAttribute("src", coverSrc!); // (decorative: alt="")

    /* -------------------- A phone: the first step is usable at 390 px ---------------------- */
    const phone = await newPhonePage(browser, baseURL, await page.context().storageState());
    try {
      await phone.goto("/homes/new");
      await waitForHydration(phone);
      await expectStep(phone, 1);
      await expect(field(phone, "Full name")).toHaveValue(account.name);
      await expectNoHorizontalScroll(phone);
      const phoneAgree = wizardForm(phone).getByRole("checkbox", { name: AGREE, exact: true });
      await phoneAgree.tap();
      await expect(phoneAgree).toBeChecked();
      await next(phone).tap();
      await expectStep(phone, 2);
      await expectNoHorizontalScroll(phone);
    } finally {
      await phone.context().close();
    }
  });
  test("photos chosen while the photos step is still loading are uploaded, counted and submitted (nothing lost during loading)", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signUpAndVerify(page, uniqueAccount("early", `Early Owner ${randomLetters()}`));
    const token = randomLetters(8);
    for (const moment of ["while its scripts download", "right after it hydrates"] as const) {
      await page.goto("/homes/new");
      await waitForHydration(page);
      await expectStep(page, 1);
      await wizardForm(page).getByRole("checkbox", { name: AGREE, exact: true }).check();
      await next(page).click();
      await expectStep(page, 2);
      await fillPropertyStep(page, `${moment.length} Early Lane ${token}`);
      await next(page).click();
      await expectStep(page, 3);
      await field(page, "Price (CAD)").fill("1900");
      await field(page, "Available from").fill(torontoDate(15));
      await next(page).click();
      await expectStep(page, 4);

      // Arrive on the photos step by loading it (a reload, or the plain post without JavaScript),
      // with the CPU 4× slower, and choose two photos at once.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      const held: Route[] = [];
      let holding = moment === "while its scripts download";
      await page.route(/\/assets\/.*\.js$/, (route) => (holding ? held.push(route) : route.continue()));
      await page.goto("/homes/new", { waitUntil: "commit" });
      if (moment === "right after it hydrates") await waitForHydration(page);
      const files = await makePhotos(photoDir, `${token}-${moment.length}`, 2);
      await photosStep(page).input.setInputFiles(files);
      holding = false;
      for (const route of held.splice(0)) await route.continue();
      await page.unrouteAll({ behavior: "ignoreErrors" });

      // What the step says is what will be sent: two stored photos, and Submit takes them.
      await expect(photosStep(page).stored, moment).toHaveCount(2, { timeout: 20_000 });
      await expect(photosStep(page).count).toHaveText("2 of 12 photos");
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      await button(page, "Submit Listing").click();
      await expect(page, moment).toHaveURL(/\/request-success$/);
      await expect(main(page).getByText(SUCCESS, { exact: true })).toBeVisible();
      const subject = `New Property Listing — ${moment.length} Early Lane ${token}`;
      const mail = await waitForEmail((m) => m.to.includes(OPERATOR_EMAIL) && m.subject === subject, { message: subject });
      expect(mail.text, moment).toContain("Photos: 2");
    }
  });

  test("without JavaScript, one bad photo in a selection: the good ones are stored, only the bad one is refused, by its name", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await signUpAndVerify(page, uniqueAccount("batch", `Bea Batch ${randomLetters()}`));
    await page.goto("/homes/new");
    await waitForHydration(page);
    await wizardForm(page).getByRole("checkbox", { name: AGREE, exact: true }).check();
    await next(page).click();
    await expectStep(page, 2);
    await fillPropertyStep(page, `${Date.now()} Batch Lane ${randomLetters(6)}`);
    await next(page).click();
    await expectStep(page, 3);
    await field(page, "Price (CAD)").fill("2100");
    await field(page, "Available from").fill(torontoDate(20));
    await next(page).click();
    await expectStep(page, 4);

    // The same owner, now in a browser without JavaScript, on the photos step.
    const noJs = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const plain = await noJs.newPage();
    await plain.goto("/homes/new");
    await expectStep(plain, 4);
    const [first, second] = await makePhotos(photoDir, `batch-${randomLetters(6)}`, 2);
    const fake = path.join(photoDir, "holiday-notes.jpg");
    fs.writeFileSync(fake, "not a photo, just text\n".repeat(40));
    await photosStep(plain).input.setInputFiles([first!, fake, second!]);
    await button(plain, "Upload photos").click();

    await expectStep(plain, 4);
    await expect(photosStep(plain).stored).toHaveCount(2);
    await expect(photosStep(plain).count).toHaveText("2 of 12 photos");
    const alert = main(plain).getByRole("alert").filter({ hasText: "Unsupported file type" });
    await expect(alert).toContainText("“holiday-notes.jpg” was not added: Please upload a JPG or PNG image.");
    await expect(alert).not.toContainText(path.basename(first!));
    await noJs.close();
  });

  test("Submit Listing pressed while the chosen photos are still uploading is kept, and sent once they are stored", async ({ page }) => {
    test.setTimeout(120_000);
    const token = `up${randomLetters(8)}`;
    const address = `${Date.now()} Upload Lane ${token}`;
    await signUpAndVerify(page, uniqueAccount("upload", `Una Uploader ${randomLetters()}`));
    await page.goto("/homes/new");
    await waitForHydration(page);
    await wizardForm(page).getByRole("checkbox", { name: AGREE, exact: true }).check();
    await next(page).click();
    await expectStep(page, 2);
    await fillPropertyStep(page, address);
    await next(page).click();
    await expectStep(page, 3);
    await field(page, "Price (CAD)").fill("1700");
    await field(page, "Available from").fill(torontoDate(20));
    await next(page).click();
    await expectStep(page, 4);

    // The upload is held on its way until Submit has been pressed.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let seen = () => {};
    const uploadSent = new Promise<void>((resolve) => (seen = resolve));
    await page.route("**/homes/new*", async (route) => {
      const body = route.request().postDataBuffer()?.toString("latin1") ?? "";
      if (route.request().method() === "POST" && /name="intent"\r\n\r\nupload\r\n/.test(body)) {
        seen();
        await held;
      }
      await route.fallback();
    });
    const [photo] = await makePhotos(photoDir, token, 1);
    await photosStep(page).input.setInputFiles([photo!]);
    await uploadSent;
    await expect(photosStep(page).count).toHaveText("1 of 12 photos");
    await button(page, "Submit Listing").click();
    await expect(main(page).getByRole("status").filter({ hasText: "Your listing will be sent as soon as your photos are uploaded." })).toBeVisible();
    await expect(wizardForm(page).getByText("At least 1 photo is required.", { exact: true })).toHaveCount(0);
    await expect(toastRegion(page).region.getByText("Incomplete Form")).toHaveCount(0);
    release();
    await expect(page).toHaveURL(/\/request-success$/);
    await expect(main(page).getByText(SUCCESS, { exact: true })).toBeVisible();
    const mail = await waitForEmail((m) => m.to.includes(OPERATOR_EMAIL) && m.subject === `New Property Listing — ${address}`, { message: "the listing email" });
    expect(mail.text).toContain("Photos: 1");
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });

  test("a fast owner never clicks twice: Next right after typing advances every time, even with an autosave arriving late", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signUpAndVerify(page, uniqueAccount("fast", `Quick Owner ${randomLetters()}`));
    await page.goto("/homes/new");
    await waitForHydration(page);
    await wizardForm(page).getByRole("checkbox", { name: AGREE, exact: true }).check();
    await next(page).click();
    await expectStep(page, 2);
    await fillPropertyStep(page, `${Date.now()} Quick Lane`);

    const late = await lateAutosaves(page);
    const neighborhood = field(page, "Neighborhood (optional)");
    for (let round = 1; round <= 20; round++) {
      const sent = late.nextAutosave();
      await neighborhood.fill(`Early ${round}`);
      await sent; // an autosave of "Early" is on its way, and will arrive after Next
      await neighborhood.fill(`Final ${round}`);
      await next(page).click(); // at once: nothing waits for an autosave
      await expect(stepHeading(page), `round ${round}: one click on Next advanced`).toHaveText(STEP_TITLES[2]!);
      await expectStep(page, 3);
      await button(page, "Previous").click();
      await expectStep(page, 2);
      // What Next carried is kept: the late autosave of older typing did not overwrite it.
      await expect(neighborhood, `round ${round}`).toHaveValue(`Final ${round}`);
    }
    await late.stop();
  });

  test("a fast owner never clicks twice: Submit right after the last step lands on the success page, and a late autosave brings no draft back", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signUpAndVerify(page, uniqueAccount("submit", `Swift Owner ${randomLetters()}`));
    const token = randomLetters(8);
    for (let round = 1; round <= 3; round++) {
      await page.goto("/homes/new");
      await waitForHydration(page);
      await expectStep(page, 1); // each listing starts afresh
      await wizardForm(page).getByRole("checkbox", { name: AGREE, exact: true }).check();
      await next(page).click();
      await expectStep(page, 2);
      await fillPropertyStep(page, `${round} Swift Lane ${token}`);
      await next(page).click();
      await expectStep(page, 3);

      // The autosave of step 3 reaches the server only after Submit.
      const late = await lateAutosaves(page, { until: ["submit"] });
      const sent = late.nextAutosave();
      await field(page, "Price (CAD)").fill("1000");
      await sent;
      await field(page, "Price (CAD)").fill("2100");
      await field(page, "Available from").fill(torontoDate(20));
      await next(page).click();
      await expectStep(page, 4);
      const [photo] = await makePhotos(photoDir, `${token}-${round}`, 1);
      await photoChange(page, () => photosStep(page).input.setInputFiles([photo!]));
      await expect(photosStep(page).stored).toHaveCount(1);
      await button(page, "Submit Listing").click();
      await expect(page, `round ${round}: one click on Submit`).toHaveURL(/\/request-success$/);
      await expect(main(page).getByText(SUCCESS, { exact: true })).toBeVisible();
      await late.stop();
    }
    const subject = `New Property Listing — 3 Swift Lane ${token}`;
    const mail = await waitForEmail((m) => m.to.includes(OPERATOR_EMAIL) && m.subject === subject, { message: subject });
    expect(mail.text).toContain("Price: CA$2,100/month");
    await page.goto("/homes/new");
    await expectStep(page, 1);
  });
});
