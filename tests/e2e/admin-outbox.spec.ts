import { randomUUID } from "node:crypto";
import { expect, type Locator, type Page, test } from "./fixtures";
import { getRuntime } from "~/lib/runtime.server";
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectToast,
  signUpAndVerify,
  uniqueAccount,
  waitForEmail,
  waitForHydration,
} from "./support";
import { withBackOfficeRuntime } from "./back-office";

/**
 * The outbox in a browser, by keyboard only (issue 13 items 8 and 10): an admin finds a failed
 * email, reads it — its HTML in a sandboxed frame where the message's script does not run —
 * and resends it; the SMTP sink receives it and the page then reads Sent.
 */
withBackOfficeRuntime();

/** Presses Tab until `target` has the focus (fails after `max` presses): how a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test("read a failed email and resend it, keyboard only", async ({ page }) => {
  test.setTimeout(120_000);
  const account = uniqueAccount("admin", "Olivia Operator");
  await signUpAndVerify(page, account);
  await getRuntime().db.updateTable("user").set({ role: "admin" }).where("email", "=", account.email).execute();

  // A message the SMTP server refused for good (written as the worker records a 550).
  const id = randomUUID();
  const subject = `Undelivered ${randomUUID().slice(0, 8)}`;
  const now = new Date().toISOString();
  await getRuntime()
    .db.insertInto("mail_outbox")
    .values({
      id,
      kind: "test",
      to_address: "customer@example.test",
      reply_to: null,
      subject,
      text_body: "Hello from the outbox, in plain text.",
      html_body: `<p id="greeting">Hello from the outbox, in HTML.</p><script>document.body.dataset.ran = "yes"; parent.document.title = "pwned";</script>`,
      status: "failed",
      attempts: 1,
      next_attempt_at: now,
      locked_until: null,
      last_error: "550 Mailbox unavailable",
      message_id: null,
      created_at: now,
      sent_at: null,
    })
    .execute();

  // The role is read with the session on every request: the signed-in page is now an admin's.
  await page.goto("/admin/outbox?status=failed");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Outbox" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Filter by text with the keyboard.
  const search = page.getByRole("searchbox", { name: "Recipient or subject" });
  await tabTo(page, search);
  await page.keyboard.type(subject);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/q=Undelivered/);
  const row = page.getByRole("row").filter({ hasText: subject });
  await expect(row).toContainText("Failed");
  await expect(row).toContainText("550 Mailbox unavailable");

  const link = page.getByRole("link", { name: subject });
  await tabTo(page, link);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/admin/outbox/${id}$`));
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(page.getByText("Hello from the outbox, in plain text.")).toBeVisible();

  // The HTML shows in its frame; its script never ran, there or in our page.
  const frame = page.frameLocator(`iframe[title="HTML version of “${subject}”"]`);
  await expect(frame.locator("#greeting")).toHaveText("Hello from the outbox, in HTML.");
  await expect(frame.locator("body")).not.toHaveAttribute("data-ran", "yes");
  expect(await page.title()).not.toBe("pwned");
  await expectNoSeriousA11yViolations(page, { exclude: ["iframe[sandbox]"] });

  // Resend: back in the queue, the worker delivers it to the SMTP sink.
  const resend = page.getByRole("button", { name: "Resend" });
  await tabTo(page, resend);
  await page.keyboard.press("Enter");
  await expectToast(page, "Message queued", "The email will be sent again in a moment.");
  const mail = await waitForEmail((m) => m.subject === subject, { message: `the resent "${subject}"` });
  expect(mail.to).toEqual(["customer@example.test"]);
  await expect
    .poll(async () => (await getRuntime().db.selectFrom("mail_outbox").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status)
    .toBe("sent");
  await page.reload();
  await expect(page.getByRole("button", { name: "Resend" })).toHaveCount(0);
  await expect(page.getByRole("main").getByText("Sent", { exact: true }).first()).toBeVisible();
});

test("the dashboard reads without serious accessibility problems and offers every export", async ({ page }) => {
  const account = uniqueAccount("admin", "Dana Dashboard");
  await signUpAndVerify(page, account);
  await getRuntime().db.updateTable("user").set({ role: "admin" }).where("email", "=", account.email).execute();
  await page.goto("/admin");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Clicks" })).toBeVisible();
  for (const [name, list] of [
    ["Requests (CSV)", "requests"],
    ["Outbox (CSV)", "outbox"],
    ["Listings (CSV)", "listings"],
    ["Provider applications (CSV)", "provider-applications"],
    ["Reviews (CSV)", "reviews"],
  ] as const) {
    await expect(page.getByRole("link", { name })).toHaveAttribute("href", `/admin/export/${list}.csv`);
  }
  // A download by keyboard: the file, not a page.
  const download = page.waitForEvent("download");
  await tabTo(page, page.getByRole("link", { name: "Outbox (CSV)" }));
  await page.keyboard.press("Enter");
  expect((await download).suggestedFilename()).toMatch(/^outbox-\d{4}-\d{2}-\d{2}\.csv$/);
  await expectNoSeriousA11yViolations(page);

  // A tablet: the wide tables scroll inside their cards, the page itself does not.
  await page.setViewportSize({ width: 768, height: 1024 });
  for (const path of ["/admin", "/admin/outbox"]) {
    await page.goto(path);
    await expectNoHorizontalScroll(page);
  }
});
