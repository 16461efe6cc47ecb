import { expect, test, type Page } from "./fixtures";
import {
  expectFieldError,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectToast,
  expectUniqueIds,
  HASHING,
  labelled,
  postByClick,
  signUpAndVerify,
  submitLogInForm,
  uniqueAccount,
  waitForEmail,
  waitForHydration,
} from "./support";

/**
 * My Account → Security (issue 28 item 1): change the password (other devices signed out, this
 * one stays), see the signed-in devices and sign one out, by keyboard, on a 360 px phone and
 * without JavaScript. Two browser contexts stand for two devices.
 */

const main = (page: Page) => page.getByRole("main");
const sessions = (page: Page) => main(page).getByRole("region", { name: "Signed-in devices" });

async function isSignedIn(page: Page): Promise<boolean> {
  await page.goto("/account");
  return !/\/auth\/login/.test(page.url());
}

test("change the password and sign out other devices from My Account → Security", async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  const account = uniqueAccount("security");
  const newPassword = `Difference-Engine-${Date.now()}!`;
  await signUpAndVerify(page, account);

  // A second device signs in.
  const laptop = await (await browser.newContext({ baseURL })).newPage();
  await laptop.goto("/auth/login");
  await submitLogInForm(laptop, account);
  await expect(laptop).toHaveURL(/\/account$/, HASHING);

  /* ------------------------------ The page, reached from the account menu ------------------ */
  await waitForHydration(page);
  await main(page).getByRole("navigation", { name: "Account sections" }).getByRole("link", { name: "Security", exact: true }).click();
  await expect(page).toHaveURL(/\/account\/security$/);
  await expect(main(page).getByRole("heading", { level: 2, name: "Change password" })).toBeVisible();
  await expect(sessions(page).getByRole("listitem")).toHaveCount(2);
  await expect(sessions(page).getByText("This device", { exact: true })).toHaveCount(1);
  await expect(sessions(page).getByRole("button", { name: /^Sign out Chrome on Linux, signed in / })).toHaveCount(1);
  await expectUniqueIds(page);
  await expectNoSeriousA11yViolations(page);

  /* ------------------------------ Change password ------------------------------------------ */
  const current = main(page).getByLabel(labelled("Current password"));
  const fresh = main(page).getByLabel(labelled("New password"));
  const confirm = main(page).getByLabel(labelled("Confirm new password"));
  const save = main(page).getByRole("button", { name: "Change Password" });

  await current.fill("this is not it at all");
  await fresh.fill(newPassword);
  await confirm.fill(newPassword);
  await save.click();
  await expectFieldError(current, "Your current password is incorrect.");
  expect(await isSignedIn(laptop), "a refused change signs nobody out").toBe(true);

  await current.fill(account.password);
  await fresh.fill(newPassword);
  await confirm.fill(newPassword);
  // By keyboard: Enter in the last field submits.
  await confirm.press("Enter");
  await expectToast(page, "Password changed", "Every other device has been signed out. We've emailed you a notice.");
  await expect(page).toHaveURL(/\/account\/security$/, HASHING);
  await expect(sessions(page).getByRole("listitem")).toHaveCount(1);
  await expect(sessions(page).getByText("No other device is signed in.", { exact: true })).toBeVisible();
  expect(await isSignedIn(laptop), "the other device is signed out").toBe(false);
  await waitForEmail((m) => m.to.includes(account.email) && m.subject === "Your GTA Connect password was changed", {
    message: "the password-changed notice",
  });

  /* ------------------------------ Sign out one device, by keyboard -------------------------- */
  await laptop.goto("/auth/login");
  await submitLogInForm(laptop, { email: account.email, password: newPassword });
  await expect(laptop).toHaveURL(/\/account$/, HASHING);
  await page.reload();
  await waitForHydration(page);
  const signOut = sessions(page).getByRole("button", { name: /^Sign out Chrome on Linux, signed in / });
  await signOut.focus();
  await page.keyboard.press("Enter");
  await expectToast(page, "Device signed out", "The device you chose has been signed out.");
  await expect(sessions(page).getByRole("listitem")).toHaveCount(1);
  expect(await isSignedIn(laptop)).toBe(false);

  /* ------------------------------ A 360 px phone, without JavaScript ------------------------ */
  await laptop.goto("/auth/login");
  await submitLogInForm(laptop, { email: account.email, password: newPassword });
  await expect(laptop).toHaveURL(/\/account$/, HASHING);
  const phone = await (
    await browser.newContext({
      baseURL,
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    })
  ).newPage();
  await phone.goto("/account/security");
  await expect(sessions(phone).getByRole("listitem")).toHaveCount(2);
  await expectNoHorizontalScroll(phone);
  expect(await postByClick(phone, sessions(phone).getByRole("button", { name: "Sign out everywhere else" }))).toBe(303);
  await expect(phone).toHaveURL(/\/account\/security$/);
  await expect(sessions(phone).getByRole("listitem")).toHaveCount(1);
  await expectNoHorizontalScroll(phone);
  expect(await isSignedIn(laptop)).toBe(false);
  expect(await isSignedIn(page), "this device stays signed in").toBe(true);

  await phone.context().close();
  await laptop.context().close();
});
