import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";
import { preferenceLink } from "~/lib/mail/preferences.server";
import { getRuntime } from "~/lib/runtime.server";
import { submitRequest } from "~/modules/requests/requests.server";
import { whileBusy, withBackOfficeRuntime } from "./back-office";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, newPhonePage, PHONE } from "./support";

/**
 * Issue 51 item 1 on a phone: the email preferences page behind the link in review invitations
 * and expiry reminders works without JavaScript, in the reader's language, with nothing
 * serious for axe and nothing scrolling sideways; and an email's HTML — the operator's listing
 * email, once 522 px wide — fits a 390 px phone as a browser lays it out.
 */
withBackOfficeRuntime();

test("the email preferences page stops and resumes optional mail on a phone, without JavaScript", async ({ browser, baseURL }) => {
  const address = `prefs.${randomUUID().slice(0, 8)}@example.com`;
  const { token } = await whileBusy(() => preferenceLink(getRuntime().db, { address, locale: "fr-CA", publicUrl: baseURL! }));
  // As a phone shows it (axe runs in the page: with JavaScript).
  const phone = await newPhonePage(browser, baseURL);
  await phone.goto(`/fr/email-preferences/${token}`);
  await expect(phone.getByRole("heading", { level: 1, name: "Préférences de courriel" })).toBeVisible();
  await expectNoHorizontalScroll(phone);
  await expectNoSeriousA11yViolations(phone);
  await phone.context().close();
  // The choice, without JavaScript: plain form posts.
  const context = await browser.newContext({ baseURL, ...PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/fr/email-preferences/${token}`);
  await page.getByRole("button", { name: "Ne plus recevoir ces courriels" }).click();
  await expect(page.getByText("Cette adresse ne reçoit plus les invitations à donner un avis ni les rappels", { exact: false })).toBeVisible();
  const stopped = await getRuntime().db.selectFrom("mail_opt_outs").select("address").where("address", "=", address).execute();
  expect(stopped).toHaveLength(1);
  await page.getByRole("button", { name: "Les recevoir de nouveau" }).click();
  await expect(page.getByRole("button", { name: "Ne plus recevoir ces courriels" })).toBeVisible();
  await context.close();
});

test("the operator's listing email, with its photo links, fits a 390 px phone as a browser lays it out", async ({ browser, baseURL }) => {
  const listingId = `l-${randomUUID().slice(0, 8)}`;
  const sent = await whileBusy(() =>
    submitRequest(
      "listing",
      {
        listingId,
        title: "Sunny two-bedroom near the lake",
        ownerName: "Maya Chen",
        ownerEmail: `owner.${listingId}@example.com`,
        address: "12 Lakeshore Boulevard West, Unit 2304",
        photoCount: 5,
        agreed: true,
        propertyType: "2BR",
        city: "Toronto",
        province: "ON",
        bedrooms: 2,
        bathrooms: 1,
        amenities: ["Wi-Fi", "Parking", "Laundry", "A/C", "Heating", "Gym", "Pool"],
        description: "Bright and quiet, with a long view over the lake.",
        price: 2300,
        priceType: "night",
        strRegistration: "STR-2407-A1B2C3",
        availableFrom: "2031-06-16",
      },
      { user: null, clientIp: "198.51.100.77", locale: "en-US" },
      { operatorLinks: [1, 2, 3, 4, 5].map((number) => ({ label: "request.link.photos" as const, url: `${baseURL}/media/listings/${randomUUID()}/gallery`, number })) },
    ),
  );
  const rows = await getRuntime().db.selectFrom("mail_outbox").select(["kind", "html_body"]).where("request_id", "=", sent.id).execute();
  expect(rows.map((r) => r.kind).sort()).toEqual(["listing.customer", "listing.operator"]);
  const page = await newPhonePage(browser, baseURL);
  for (const row of rows) {
    await page.setContent(row.html_body);
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(clientWidth, row.kind).toBe(PHONE.viewport.width);
    expect(scrollWidth, `${row.kind} at ${clientWidth} px`).toBeLessThanOrEqual(clientWidth);
  }
  await page.context().close();
});
