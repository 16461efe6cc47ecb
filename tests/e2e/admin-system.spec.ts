import { expect, test } from "./fixtures";
import { getRuntime } from "~/lib/runtime.server";
import { expectNoSeriousA11yViolations, expectUniqueIds, signUpAndVerify, uniqueAccount } from "./support";
import { withBackOfficeRuntime } from "./back-office";

/**
 * The system page in a browser (issue 27, item 3): an admin opens it from the back office's
 * menu and reads each section; it passes the accessibility scan and has unique ids.
 */
withBackOfficeRuntime();

test("an admin reads the system page from the back office menu", async ({ page }) => {
  test.setTimeout(90_000);
  const account = uniqueAccount("system", "Sam Sysadmin");
  await signUpAndVerify(page, account);
  await getRuntime().db.updateTable("user").set({ role: "admin" }).where("email", "=", account.email).execute();

  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "System" }).click();
  await expect(page).toHaveURL(/\/admin\/system$/);
  await expect(page.getByRole("heading", { level: 1, name: "System" })).toBeVisible();
  for (const section of ["Processes", "Database and disks", "Outbox", "Daily jobs", "Backups", "Recent warnings and errors"]) {
    await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
  }
  await expect(page.getByRole("table", { name: "Processes" }).getByText("serving this page")).toBeVisible();
  await expectUniqueIds(page);
  await expectNoSeriousA11yViolations(page);
});
