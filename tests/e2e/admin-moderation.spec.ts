import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "./fixtures";
import sharp from "sharp";
import { getRuntime } from "~/lib/runtime.server";
import { monthlyPrice, searchText } from "~/modules/homes/derived";
import { submitRequest } from "~/modules/requests/requests.server";
import {
  ADMIN,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectToast,
  randomLetters,
  signUpAndVerify,
  submitLogInForm,
  uniqueAccount,
  waitForEmail,
  waitForHydration,
} from "./support";
import { withBackOfficeRuntime } from "./back-office";

/**
 * The back office's moderation, in a browser as the operator uses it (issue 13 acceptance):
 * approve a pending short-term listing (ticking that its STR number was checked) → it appears
 * on /homes and the owner is emailed; reject a provider application, its documents shown inline
 * → the applicant's email carries the reason. Mail is read from the SMTP sink of serve.ts.
 */
withBackOfficeRuntime();

/** This test process is a second writer on the server's SQLite file: a locked write is tried again. */
async function retry<T>(page: Page, operation: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (attempt > 20 || !/database is locked|SQLITE_BUSY/.test(String(error))) throw error;
      await page.waitForTimeout(100);
    }
  }
}

async function logInAsAdmin(page: Page, to: string) {
  await page.goto(to);
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=/);
  await submitLogInForm(page, ADMIN);
  await expect(page).toHaveURL(new RegExp(`${to.replace(/[/?]/g, "\\$&")}$`), { timeout: 20_000 });
  await waitForHydration(page);
}

test("approve a pending short-term listing: STR checked, published, on /homes, owner emailed", async ({ page }) => {
  test.setTimeout(90_000);
  const title = `Harbour loft ${randomLetters(6)}`;
  const ownerEmail = `owner.${randomLetters(8)}@example.com`;
  const id = `l-${randomBytes(8).toString("hex")}`;
  // A listing as the wizard leaves it: pending review, with its request (operator email sent).
  await retry(page, () =>
    getRuntime()
      .db.insertInto("home_listings")
      .values({
        id,
        title,
        property_type: "ShortTerm",
        price: 165,
        price_unit: "night",
        city: "Toronto",
        neighborhood: "Harbourfront",
        address: "10 Queens Quay W, Toronto, ON M5J 2R9",
        bedrooms: 1,
        bathrooms: 1,
        furnished: 1,
        pet_friendly: 0,
        parking: 0,
        amenities: JSON.stringify(["Wi-Fi", "A/C"]),
        available_from: "2030-06-01",
        images: JSON.stringify(["/images/homes/h-annex-studio-1.svg"]),
        description: "Lake views, a short walk to the ferry.",
        landlord_name: "Nadia Host",
        landlord_avatar: "/images/avatars/default.svg",
        landlord_verified: 0,
        status: "pending",
        created_at: new Date().toISOString(),
        owner_user_id: null,
        owner_name: "Nadia Host",
        owner_email: ownerEmail,
        owner_phone: null,
        province: "Ontario",
        postal: null,
        deposit: null,
        min_stay: "2 nights",
        lease_term: null,
        str_registration: "STR-2501-HB7K2Q",
        price_monthly: monthlyPrice(165, "night"),
        search_text: searchText({ title, city: "Toronto", neighborhood: "Harbourfront", description: "Lake views" }),
      })
      .execute(),
  );
  const sent = await retry(page, () =>
    submitRequest(
      "listing",
      { listingId: id, title, ownerName: "Nadia Host", ownerEmail, address: "10 Queens Quay W", photoCount: 0, priceType: "night", strRegistration: "STR-2501-HB7K2Q" },
      { user: null, clientIp: "198.51.100.30", locale: "en-US" },
    ),
  );
  // Not public yet.
  await page.goto(`/homes/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(title);

  await logInAsAdmin(page, "/admin/listings?status=pending");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Listings");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await waitForHydration(page);
  await expectNoSeriousA11yViolations(page);
  const str = page.getByRole("region", { name: "Short-term rental registration" });
  await expect(str.getByText("STR-2501-HB7K2Q")).toBeVisible();
  await expect(str.getByText("Valid format (STR-0000-XXXXXX)")).toBeVisible();
  await expect(page.getByRole("link", { name: `Request ${sent.reference}` })).toHaveAttribute("href", `/admin/requests/${sent.reference}`);

  // Without the tick, nothing is published.
  const decision = page.getByRole("region", { name: "Decision" });
  await decision.getByRole("button", { name: "Approve and publish" }).click();
  await expect(decision.getByText("Confirm that you checked the registration number with the City.")).toBeVisible();
  await decision.getByRole("checkbox", { name: /I checked registration number STR-2501-HB7K2Q with the City of Toronto/ }).check();
  await decision.getByRole("button", { name: "Approve and publish" }).click();
  await expectToast(page, "Listing Approved", `“${title}” is live and the owner has been emailed.`);
  await expect(page.getByText("Published", { exact: true }).first()).toBeVisible();

  const mail = await waitForEmail((m) => m.to.includes(ownerEmail) && m.subject === "Your listing is live" && m.text.includes(sent.reference));
  expect(mail.text).toContain("Published");

  // A tablet works too: nothing scrolls sideways (the lists' tables scroll inside their card).
  await page.setViewportSize({ width: 768, height: 1024 });
  await expectNoHorizontalScroll(page);
  await page.goto("/admin/listings");
  await expectNoHorizontalScroll(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  // On /homes for everyone, its page showing the registration number.
  await page.goto("/homes");
  await expect(page.getByRole("link", { name: new RegExp(title) }).first()).toBeVisible();
  await page.goto(`/homes/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByText("STR-2501-HB7K2Q")).toBeVisible();

  // A live listing can be taken down, with its reason: gone from /homes again (and the other
  // journeys, which share this server, see only the sample listings).
  await page.goto(`/admin/listings/${id}`);
  await waitForHydration(page);
  const again = page.getByRole("region", { name: "Decision" });
  await again.getByRole("textbox", { name: /^Reason \(emailed to the owner\)/ }).fill("Taken down after the journey's check.");
  await again.getByRole("button", { name: "Take the listing down" }).click();
  await waitForEmail((m) => m.to.includes(ownerEmail) && m.text.includes("Taken down after the journey's check."));
  await page.goto("/homes");
  await expect(page.getByRole("link", { name: new RegExp(title) })).toHaveCount(0);
});

test("reject a provider application, its documents shown inline: the applicant's email has the reason", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const account = uniqueAccount("applicant", "Paolo Tiles");
  // The applicant signs up and applies (a PNG ID and a PDF licence), in their own browser.
  const context = await browser.newContext();
  const applicant = await context.newPage();
  await signUpAndVerify(applicant, account);
  const form = new FormData();
  const fields = {
    fullName: account.name,
    email: account.email,
    phone: "416 555 0133",
    address: "5 King St W, Toronto",
    serviceArea: "Toronto",
    workStatus: "citizen",
    confirmEligibility: "on",
    idType: "passport",
    idNumber: "X9876543",
    idExpiry: "2034-03-31",
    licenseType: "Trade/Plumber License",
    licenseNumber: "PL-31",
    licenseRegion: "Ontario",
    licenseExpiry: "2028-01-31",
    agreeToPolicies: "on",
    consentToChecks: "on",
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const s of ["plumbing", "handyman"]) form.append("services", s);
  const idPng = await sharp({ create: { width: 600, height: 380, channels: 3, background: { r: 210, g: 225, b: 240 } } }).png().toBuffer();
  form.append("govIdFileFront", new File([new Uint8Array(idPng)], "passport.png", { type: "image/png" }));
  form.append(
    "licenseFile",
    new File([new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")], "licence.pdf", { type: "application/pdf" }),
  );
  const applied = await applicant.request.post("/become-a-provider", { multipart: form, maxRedirects: 0, headers: { Origin: new URL(applicant.url()).origin } });
  expect(applied.status()).toBe(303);
  await context.close();

  await logInAsAdmin(page, "/admin/providers");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Provider applications");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: account.name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(account.name);
  await waitForHydration(page);

  // The documents, through the admin-only route: the image is shown, the PDF only downloadable.
  const documents = page.getByRole("region", { name: "Documents" });
  const image = documents.getByRole("img", { name: "Government ID (front): passport.png" });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(600);
  await expect(documents.locator("iframe, embed, object")).toHaveCount(0);
  const pdf = documents.getByRole("link", { name: "Download License" });
  expect(await pdf.getAttribute("href")).toMatch(/^\/admin\/provider-documents\/[0-9a-f-]{36}$/);
  await expectNoSeriousA11yViolations(page);

  const decision = page.getByRole("region", { name: "Decision" });
  await expect(decision.getByRole("checkbox", { name: "Plumbing" })).toBeChecked();
  await decision.getByRole("button", { name: "Reject application" }).click();
  await expect(decision.getByText("Please give a reason.")).toBeVisible();
  const reason = "The licence number does not match the Ontario registry. Please apply again with your current licence.";
  await decision.getByRole("textbox", { name: /^Reason \(emailed to the applicant\)/ }).fill(reason);
  await decision.getByRole("button", { name: "Reject application" }).click();
  await expectToast(page, "Application Rejected", `${account.name} has been emailed the reason.`);
  await expect(decision.getByText("Decided: Not approved.")).toBeVisible();

  const mail = await waitForEmail((m) => m.to.includes(account.email) && m.subject === "Your provider application was not approved");
  expect(mail.text).toContain(reason);
  await page.setViewportSize({ width: 768, height: 1024 });
  await expectNoHorizontalScroll(page);
});
