import { type Browser, expect, type Page } from "./fixtures";
import {
  ADMIN,
  type CapturedEmail,
  labelled,
  readEmails,
  submitLogInForm,
  type TestAccount,
  torontoDate,
  waitForEmail,
  waitForHydration,
} from "./support";

/**
 * What the customer's own-request journeys share (cancel, ADR 41; reschedule, ADR 43): a
 * handyman booking through the service page's dialog, the operator's signed-in page, and an
 * invite read from its .ics text.
 */

/** An invite's METHOD, UID, SEQUENCE and the event's start (its DTSTART with a TZID). */
export function invite(mail: CapturedEmail) {
  expect(mail.calendars).toHaveLength(1);
  const unfolded = mail.calendars[0]!.replace(/\r\n[ \t]/g, "").replaceAll("\r\n", "\n");
  const field = (name: string) => new RegExp(`^${name}[;:](?:.*:)?(.*)$`, "m").exec(unfolded)?.[1]?.trim();
  // The event's start names its zone (the VTIMEZONE's own DTSTARTs do not).
  const start = /^DTSTART;TZID=[^:]+:(.*)$/m.exec(unfolded)?.[1]?.trim();
  return { method: field("METHOD"), uid: field("UID"), sequence: Number(field("SEQUENCE")), start };
}

/** Books a handyman in `area`, six days ahead at 15:00; the reference and the confirmation email. */
export async function book(page: Page, customer: TestAccount, notes: string, area: string): Promise<{ reference: string; confirmation: CapturedEmail }> {
  await page.goto("/services/handyman");
  await waitForHydration(page);
  await page.getByRole("main").getByRole("link", { name: "Book Handyman" }).click();
  const dialog = page.getByRole("dialog", { name: "Request a booking" });
  await dialog.getByRole("textbox", { name: labelled("Area / neighborhood") }).fill(area);
  await dialog.getByLabel(labelled("Preferred date")).fill(torontoDate(6));
  await dialog.getByLabel(labelled("Preferred time")).fill("15:00");
  await dialog.getByRole("textbox", { name: labelled("Notes (optional)") }).fill(notes);
  const isConfirmation = (m: CapturedEmail) => m.to.includes(customer.email) && /^We received your request — GTA-/.test(m.subject);
  const earlier = new Set(readEmails().filter(isConfirmation).map((m) => m.file));
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  // The dialog ends on the booking's receipt (issue 49 item 5).
  await expect(dialog.getByRole("heading", { name: "Request received!" })).toBeVisible();
  const confirmation = await waitForEmail((m) => isConfirmation(m) && !earlier.has(m.file));
  return { reference: /GTA-[2-9A-Z]{6}/.exec(confirmation.subject)![0], confirmation };
}

/** The operator, signed in to the back office in a context of their own. */
export async function operatorPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/admin");
  await submitLogInForm(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}
