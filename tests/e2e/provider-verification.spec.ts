import { expect, type Locator, test } from "./fixtures";
import sharp from "sharp";
import { getRuntime } from "~/lib/runtime.server";
import { approveApplication } from "~/modules/providers/decisions.server";
import { submitRequest } from "~/modules/requests/requests.server";
import {
  ADMIN,
  expectNoSeriousA11yViolations,
  expectToast,
  HASHING,
  linkIn,
  OPERATOR_EMAIL,
  signUpAndVerify,
  submitLogInForm,
  torontoDate,
  uniqueAccount,
  waitForEmail,
  waitForHydration,
} from "./support";
import { whileBusy, withBackOfficeRuntime } from "./back-office";

/**
 * Provider verification, the whole journey in a browser (issue 12 acceptance): sign up, apply
 * with a licence-requiring service, a generated PNG ID and a PDF licence → pending page →
 * operator email; the back office's decision operation approves (called here as the back office
 * will) → approval email → profile set-up → the public profile shows Verified and the provider
 * appears on the service page.
 */
withBackOfficeRuntime();

test("apply, get approved, set up the profile and go live", async ({ page }) => {
  test.setTimeout(120_000);
  const account = uniqueAccount("provider", "Luigi Pipes");

  // A visitor creates an account first and comes back to the application after verifying.
  await page.goto("/provider-signup");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Become a Verified Provider");
  await expect(page.getByText("1–3 business days").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const createAccount = page.getByRole("link", { name: "Create an account to apply" });
  await expect(createAccount).toHaveAttribute("href", "/auth/signup?redirectTo=%2Fbecome-a-provider");
  await signUpAndVerify(page, account, {
    from: (await createAccount.getAttribute("href"))!,
    landsOn: /\/become-a-provider$/,
  });
  await waitForHydration(page);
  await expectNoSeriousA11yViolations(page);
  const form = page.locator("#provider-application");
  /** Pills: the input is visually hidden inside its label, so a person clicks the label. */
  const pill = (role: "radio" | "checkbox", name: string) =>
    form
      .locator("label")
      .filter({ has: page.getByRole(role, { name, exact: true }) })
      .click();

  // A failed submit: the spec's toast and each field's message, nothing sent.
  await form.getByRole("button", { name: "Submit Application" }).click();
  await expectToast(page, "Incomplete Form", "Please review the errors and try again.", {
    destructive: true,
  });
  await expect(form.getByText("Please enter your address.")).toBeVisible();
  await expect(form.getByText("Please upload the front of your government ID.")).toBeVisible();
  await expect(page).toHaveURL(/\/become-a-provider$/);

  // A refused file is dropped as soon as it is chosen.
  const front = form.getByLabel(/^Government ID \(front\)/);
  await front.setInputFiles({ name: "id.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
  await expectToast(page, "Unsupported file type", "Please upload a PNG, JPG, or PDF.", {
    destructive: true,
  });
  expect(await front.evaluate((i: HTMLInputElement) => i.files?.length)).toBe(0);
  await front.setInputFiles({
    name: "huge.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.alloc(11 * 1024 * 1024),
  });
  await expectToast(page, "File too large", "File must be under 10MB.", { destructive: true });
  expect(await front.evaluate((i: HTMLInputElement) => i.files?.length)).toBe(0);

  // A sixth service is refused at once.
  await expect(form.getByRole("textbox", { name: /^License number/ })).toBeHidden();
  for (const name of ["Handyman", "Cleaning", "Gardening", "Tutoring", "Moving", "Painting"])
    await pill("checkbox", name);
  await expectToast(page, "Maximum services reached", "You can select up to 5 services.", {
    destructive: true,
  });
  await expect(form.getByRole("checkbox", { name: "Painting" })).not.toBeChecked();
  for (const name of ["Cleaning", "Gardening", "Tutoring", "Moving"]) await pill("checkbox", name);

  // A licence-requiring service shows the licence fields, its type prefilled.
  await pill("checkbox", "Plumbing (license)");
  await expect(form.getByRole("textbox", { name: /^License number/ })).toBeVisible();
  await expect(form.getByRole("textbox", { name: /^License type/ })).toHaveValue("Trade/Plumber License");

  await expect(form.getByRole("textbox", { name: /^Full name/ })).toHaveValue(account.name);
  await expect(form.getByRole("textbox", { name: /^Email/ })).toHaveValue(account.email);
  await form.getByRole("textbox", { name: /^Phone/ }).fill("416 555 0177");
  await form.getByRole("textbox", { name: /^Address/ }).fill("88 Queen St E, Toronto");
  await form.getByRole("textbox", { name: /^Service area/ }).fill("Toronto, North York");
  await form.getByRole("textbox", { name: /^License number/ }).fill("PL-2024-55");
  await form.getByRole("textbox", { name: /^Issuing region/ }).fill("Ontario");
  await form.getByLabel(/^License expiry date/).fill("2027-08-31");
  await pill("radio", "Canadian citizen");
  await expect(form.getByLabel(/^Work permit expiry date/)).toBeHidden();
  await form.getByRole("checkbox", { name: /authorized to work in Canada/ }).check();
  await pill("radio", "Passport");
  await form.getByRole("textbox", { name: /^ID number/ }).fill("GB1234567");
  await form.getByLabel(/^ID expiry date/).fill("2034-03-31");
  const idPng = await sharp({
    create: { width: 800, height: 500, channels: 3, background: { r: 220, g: 230, b: 240 } },
  })
    .png()
    .toBuffer();
  await form
    .getByLabel(/^Government ID \(front\)/)
    .setInputFiles({ name: "passport-scan.png", mimeType: "image/png", buffer: idPng });
  await form.getByLabel(/^License document/).setInputFiles({
    name: "plumbing-licence.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
  });
  await form.getByRole("checkbox", { name: /agree to the Provider Guidelines/ }).check();
  await form.getByRole("checkbox", { name: /consent to GTA Connect checking/ }).check();
  await form.getByRole("button", { name: "Submit Application" }).click();

  await expect(page).toHaveURL(/\/provider-pending$/, HASHING);
  await expectToast(
    page,
    "Thanks—your GTA Connect verification is pending",
    "We received your application. You'll hear back within 1–3 business days.",
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Application Submitted");
  await expect(page.getByText(`We'll send updates to ${account.email}.`)).toBeVisible();
  await expect(page.getByText("Review typically takes 1–3 business days.")).toBeVisible();
  await expect(page.getByText("plumbing-licence.pdf")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const operator = await waitForEmail(
    (m) => m.to.includes(OPERATOR_EMAIL) && m.subject === "[Provider Application] Luigi Pipes",
  );
  expect(operator.text).toContain("Plumbing");

  // The back office's decision (its screens come with the next issue).
  const { db } = getRuntime();
  const user = await db
    .selectFrom("user")
    .select("id")
    .where("email", "=", account.email)
    .executeTakeFirstOrThrow();
  const request = await db
    .selectFrom("requests")
    .select("id")
    .where("user_id", "=", user.id)
    .where("kind", "=", "provider-application")
    .executeTakeFirstOrThrow();
  // This test process is a second writer on the server's SQLite file: a transaction that read
  // before the server's mail worker wrote is refused (SQLITE_BUSY) and simply tried again.
  let decided;
  for (let attempt = 0; !decided; attempt++) {
    try {
      decided = await approveApplication(request.id, { services: ["plumbing"] });
    } catch (error) {
      if (attempt > 20 || !/database is locked/.test(String(error))) throw error;
      await page.waitForTimeout(100);
    }
  }
  expect(decided).toMatchObject({ ok: true });

  const approval = await waitForEmail(
    (m) => m.to.includes(account.email) && m.text.includes("/provider-profile-setup"),
  );
  await page.goto(linkIn(approval, "/provider-profile-setup").pathname);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verification Successful!");
  await waitForHydration(page);
  await expectNoSeriousA11yViolations(page);
  await page
    .getByRole("textbox", { name: /^Profile Bio/ })
    .fill("Licensed plumber serving Toronto for ten years.");
  // Approved for Plumbing (licence approved): the one catalogue offers exactly that, turned on (ADR 40).
  await expect(page.getByText("You can turn on the categories you were approved for.", { exact: false })).toBeVisible();
  await expect(page.getByRole("group", { name: /^Categories/ }).getByRole("checkbox")).toHaveCount(1);
  await expect(page.getByRole("checkbox", { name: "Plumbing", exact: true })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Handyman", exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Save and Go Live" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expectToast(page, "Profile Saved!", "Your profile is live.");

  const provider = await db
    .selectFrom("providers")
    .select("id")
    .where("user_id", "=", user.id)
    .executeTakeFirstOrThrow();
  await page.goto("/services/plumbing");
  await page.getByRole("link", { name: "Luigi Pipes" }).click();
  await expect(page).toHaveURL(new RegExp(`/providers/${provider.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Luigi Pipes");
  await expect(page.getByText(/^✓ Verified: Plumbing — license checked [A-Z][a-z]{2} 20\d\d$/)).toBeVisible();
  await expect(page.getByText("License valid to Aug 2027")).toBeVisible();
  await expect(page.getByRole("region", { name: "Categories" }).getByRole("listitem")).toHaveText(["Plumbing"]);
  await expectNoSeriousA11yViolations(page);

  // The back office's shortlist finds them by the same catalogue: Category "Plumbing".
  const booking = await whileBusy(() =>
    submitRequest(
      "booking",
      { service: "Handyman Services", serviceSlug: "handyman", fullName: "Hana Home", email: `hana.${Date.now()}@example.com`, area: "Toronto", preferredDate: torontoDate(5), preferredTime: "10:00", notes: "A dripping tap." },
      { user: null, clientIp: "127.0.0.12", locale: "en-US" },
    ),
  );
  const backOffice = await (await page.context().browser()!.newContext()).newPage();
  await backOffice.goto(`/admin/requests/${booking.reference}`);
  await submitLogInForm(backOffice, ADMIN);
  await expect(backOffice.getByRole("heading", { level: 1 })).toContainText(booking.reference);
  const filters = backOffice.getByRole("form", { name: "Filter the shortlist" });
  await filters.getByRole("combobox", { name: "Service" }).selectOption({ label: "Any" });
  await filters.getByRole("combobox", { name: "Category" }).selectOption({ label: "Plumbing" });
  await filters.getByRole("button", { name: "Update shortlist" }).click();
  await expect(backOffice).toHaveURL(/category=plumbing/);
  const shortlist = backOffice.getByRole("list", { name: "Verified providers" });
  await expect(shortlist.getByRole("listitem").filter({ hasText: "Luigi Pipes" })).toContainText("Plumbing");
  await filters.getByRole("combobox", { name: "Category" }).selectOption({ label: "Handyman" });
  await filters.getByRole("button", { name: "Update shortlist" }).click();
  await expect(backOffice).toHaveURL(/category=handyman/);
  await expect(backOffice.getByText("Luigi Pipes")).toHaveCount(0);
  await backOffice.context().close();
});

/** Answers every required question of the application with a plain, unlicensed service. */
async function answerApplication(form: Locator) {
  const page = form.page();
  const pill = (role: "radio" | "checkbox", name: string) =>
    form
      .locator("label")
      .filter({ has: page.getByRole(role, { name, exact: true }) })
      .click();
  await pill("checkbox", "Handyman");
  await form.getByRole("textbox", { name: /^Phone/ }).fill("416 555 0190");
  await form.getByRole("textbox", { name: /^Address/ }).fill("12 King St W, Toronto");
  await form.getByRole("textbox", { name: /^Service area/ }).fill("Toronto");
  await pill("radio", "Canadian citizen");
  await form.getByRole("checkbox", { name: /authorized to work in Canada/ }).check();
  await pill("radio", "Passport");
  await form.getByRole("textbox", { name: /^ID number/ }).fill("GB7654321");
  await form.getByLabel(/^ID expiry date/).fill("2034-03-31");
  await form.getByRole("checkbox", { name: /agree to the Provider Guidelines/ }).check();
  await form.getByRole("checkbox", { name: /consent to GTA Connect checking/ }).check();
}

const idScan = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 200, g: 220, b: 240 } } })
    .png()
    .toBuffer();
/** A text file named like a photo: its name and declared type say JPEG, its bytes do not. */
const FAKE_JPG = { name: "x.jpg", mimeType: "image/jpeg", buffer: Buffer.from("just some text, not a photo\n".repeat(20)) };
/** JPEG's first bytes, then nothing an image decoder can read: only the server finds out. */
const BROKEN_JPG = {
  name: "back-scan.jpg",
  mimeType: "image/jpeg",
  buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("broken".repeat(200))]),
};

test("a refused document costs no other: a fake .jpg is refused when chosen, and a file the server refuses leaves the good ones kept", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpAndVerify(page, uniqueAccount("docs-kept", "Kim Keeper"), {
    from: "/auth/signup?redirectTo=%2Fbecome-a-provider",
    landsOn: /\/become-a-provider$/,
  });
  await waitForHydration(page);
  const form = page.locator("#provider-application");
  const front = form.getByLabel(/^Government ID \(front\)/);
  const back = form.getByLabel(/^Government ID \(back/);
  await front.setInputFiles({ name: "passport-scan.png", mimeType: "image/png", buffer: await idScan() });

  // The fake .jpg: refused on choosing, by its name, by its input; the front stays chosen.
  await back.setInputFiles(FAKE_JPG);
  await expectToast(page, "Unsupported file type", "Please upload a PNG, JPG, or PDF.", { destructive: true });
  await expect(form.getByText("“x.jpg” was not accepted: Please upload a PNG, JPG, or PDF.")).toBeVisible();
  await expect(back).toHaveAttribute("aria-invalid", "true");
  expect(await back.evaluate((i: HTMLInputElement) => i.files?.length)).toBe(0);
  expect(await front.evaluate((i: HTMLInputElement) => i.files?.length)).toBe(1);

  // A file only the server can refuse: the form comes back with the front kept.
  await back.setInputFiles(BROKEN_JPG);
  await expect(form.getByText(/was not accepted/)).toHaveCount(0);
  await answerApplication(form);
  await form.getByRole("button", { name: "Submit Application" }).click();
  await expect(form.getByText("“back-scan.jpg” was not accepted: Please upload a PNG, JPG, or PDF.")).toBeVisible();
  await expect(form.getByText("Kept from your last try: passport-scan.png. Choose a file only to replace it.")).toBeVisible();
  await expect(form.getByText(/Kept from your last try: back-scan/)).toHaveCount(0);
  await expect(form.getByRole("textbox", { name: /^ID number/ })).toHaveValue("GB7654321");

  // Sent again without choosing anything: the kept front goes with it.
  await form.getByRole("button", { name: "Submit Application" }).click();
  await expect(page).toHaveURL(/\/provider-pending$/, HASHING);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the licence, permit and ID expiry fields follow the answers before any script runs", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const account = uniqueAccount("nojs-provider", "Nora Script");
    // Signing up needs no script either: the form posts, the email's link verifies.
    await signUpAndVerify(page, account, {
      from: "/auth/signup?redirectTo=%2Fbecome-a-provider",
      landsOn: /\/become-a-provider$/,
      hydrate: false,
    });

    const form = page.locator("#provider-application");
    const pill = (role: "radio" | "checkbox", name: string) =>
      form
        .locator("label")
        .filter({ has: page.getByRole(role, { name, exact: true }) })
        .click();
    const licenceNumber = form.getByRole("textbox", { name: /^License number/ });
    await expect(licenceNumber).toBeHidden();
    await pill("checkbox", "HVAC (license)");
    await expect(licenceNumber).toBeVisible();
    await pill("checkbox", "HVAC (license)");
    await expect(licenceNumber).toBeHidden();

    await expect(form.getByLabel(/^Work permit expiry date/)).toBeHidden();
    await pill("radio", "Open work permit");
    await expect(form.getByLabel(/^Work permit expiry date/)).toBeVisible();

    await pill("radio", "Passport");
    await expect(form.getByLabel(/^ID expiry date/)).toBeVisible();
    await pill("radio", "National ID");
    await expect(form.getByLabel(/^ID expiry date/)).toBeHidden();

    // A plain post comes back with the spec's messages and the sections as answered.
    await pill("checkbox", "Roofing (license)");
    await form.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Incomplete Form" })).toBeVisible();
    await expect(form.getByText("Please upload your work permit.")).toBeVisible();
    await expect(form.getByRole("textbox", { name: /^License type/ })).toHaveValue("Contractor License");
    await expect(form.getByText("Please enter the license number.")).toBeVisible();
    await expect(form.getByLabel(/^ID expiry date/)).toBeHidden();
  });
  test("a document the server refuses is named, and the good ones are kept across the refused post", async ({ page }) => {
    test.setTimeout(60_000);
    await signUpAndVerify(page, uniqueAccount("nojs-docs", "Noel Kept"), {
      from: "/auth/signup?redirectTo=%2Fbecome-a-provider",
      landsOn: /\/become-a-provider$/,
      hydrate: false,
    });
    const form = page.locator("#provider-application");
    await answerApplication(form);
    await form.getByLabel(/^Government ID \(front\)/).setInputFiles({ name: "passport-scan.png", mimeType: "image/png", buffer: await idScan() });
    await form.getByLabel(/^Government ID \(back/).setInputFiles(FAKE_JPG);
    await form.getByRole("button", { name: "Submit Application" }).click();

    await expect(page.getByRole("alert").filter({ hasText: "Unsupported file type" })).toContainText(
      "The documents we accepted are kept: choose a file again only where a message asks for it.",
    );
    await expect(form.getByText("“x.jpg” was not accepted: Please upload a PNG, JPG, or PDF.")).toBeVisible();
    await expect(form.getByText("Kept from your last try: passport-scan.png. Choose a file only to replace it.")).toBeVisible();
    await expect(form.getByRole("textbox", { name: /^ID number/ })).toHaveValue("GB7654321");

    await form.getByRole("button", { name: "Submit Application" }).click();
    await expect(page).toHaveURL(/\/provider-pending$/);
  });
});
