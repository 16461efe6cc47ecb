import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "./fixtures";
import { expectNoSeriousA11yViolations, NOTIFICATIONS, waitForHydration } from "./support";

/**
 * The page shell: sticky header scroll state, language picker (remembered in a cookie),
 * the single-slot toast region with its F8 hotkey, and the skip link
 * (spec core.md §2 Header, §4 Notifications, §9 constants).
 */

/** "Language: …", "Idioma: …", "Langue : …" (a no-break space before the French colon). */
const PICKER_LABEL = /^(Language|Idioma|Langue)\s?:/;

function languagePicker(page: Page) {
  const banner = page.getByRole("banner");
  return {
    // The <summary> has no ARIA role; its aria-label names the current language, in it.
    toggle: banner.getByLabel(PICKER_LABEL),
    details: banner.locator("details", { has: page.getByLabel(PICKER_LABEL) }),
    option: (name: string) => banner.getByRole("button", { name, exact: true }),
  };
}

async function chooseLanguage(page: Page, optionName: string) {
  const picker = languagePicker(page);
  if (!(await picker.details.evaluate((d) => (d as HTMLDetailsElement).open))) await picker.toggle.click();
  await picker.option(optionName).click();
}

async function langCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === "lang")?.value;
}

/** Records the largest number of toasts present at once in the notifications region. */
async function trackToastCount(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __maxToasts: number };
    w.__maxToasts = 0;
    const count = () => {
      const n = document.querySelectorAll('[role="region"][aria-label$="(F8)"] li').length;
      w.__maxToasts = Math.max(w.__maxToasts, n);
    };
    count();
    new MutationObserver(count).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __maxToasts: number }).__maxToasts);
}

test("the header is marked scrolled only past 8 px", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const header = page.getByRole("banner");
  await expect(header).toHaveAttribute("data-scrolled", "false");

  await page.evaluate(() => window.scrollTo(0, 8));
  await page.waitForFunction(() => window.scrollY === 8);
  // Give the scroll listener a frame: exactly 8 px is not "more than 8 px".
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await expect(header).toHaveAttribute("data-scrolled", "false");

  await page.mouse.wheel(0, 400);
  await expect(header).toHaveAttribute("data-scrolled", "true");
  await expect(header).toBeInViewport(); // sticky

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute("data-scrolled", "false");
});

test("the language choice shows a toast and is remembered across reloads", async ({ page }) => {
  await page.goto("/about");
  await waitForHydration(page);
  const picker = languagePicker(page);
  await expect(picker.toggle).toHaveText(/EN/);
  await expect(picker.toggle).toHaveAccessibleName("Language: English (US)");

  await picker.toggle.click();
  for (const name of [
    "EN (English US)",
    "ES",
    "FR (Canada)",
    "PT (Brazil)",
  ]) {
    await expect(picker.option(name)).toBeVisible();
  }
  await expect(picker.option("EN (English US)")).toHaveAttribute("aria-pressed", "true");
  await picker.option("ES").click();

  const notifications = page.getByRole("region", NOTIFICATIONS);
  await expect(notifications.getByText("Idioma cambiado a Español")).toBeVisible();
  await expect(page).toHaveURL(/\/about$/);
  await expect(picker.toggle).toHaveText(/ES/);
  await expect(picker.toggle).toHaveAccessibleName("Idioma: Español");
  expect(await langCookie(page)).toBe("es");

  await page.reload();
  await waitForHydration(page);
  await expect(picker.toggle).toHaveText(/ES/);
  await expect(picker.toggle).toHaveAccessibleName("Idioma: Español");
  await picker.toggle.click();
  await expect(picker.option("ES")).toHaveAttribute("aria-pressed", "true");
  // The open picker is accessible.
  await expectNoSeriousA11yViolations(page);
  // A reload does not replay the one-time confirmation.
  await expect(notifications.getByText("Idioma cambiado a Español")).toHaveCount(0);

  await picker.option("EN (English US)").click();
  await expect(notifications.getByText("Language set to English (US)")).toBeVisible();
  await expect(picker.toggle).toHaveText(/EN/);
  await expect(picker.toggle).toHaveAccessibleName("Language: English (US)");
  expect(await langCookie(page)).toBe("en-US");
});

test("the language picker closes once a language is chosen", async ({ page }) => {
  await page.goto("/about");
  await waitForHydration(page);
  const picker = languagePicker(page);
  await picker.toggle.click();
  await picker.option("ES").click();
  await expect(page.getByRole("region", NOTIFICATIONS).getByText("Idioma cambiado a Español")).toBeVisible();
  await expect(picker.option("ES"), "the open menu keeps covering the page").toBeHidden();
});

test("only one toast is shown at a time: a new one replaces the old", async ({ page }) => {
  await page.goto("/about");
  await waitForHydration(page);
  const maxToasts = await trackToastCount(page);
  const notifications = page.getByRole("region", NOTIFICATIONS);

  await chooseLanguage(page, "ES");
  await expect(notifications.getByText("Idioma cambiado a Español")).toBeVisible();
  // Well within the first toast's 5 s lifetime.
  await chooseLanguage(page, "FR (Canada)");
  await expect(notifications.getByText(/^Langue choisie\s:\sFrançais \(Canada\)$/)).toBeVisible();
  await expect(notifications.getByText("Idioma cambiado a Español")).toHaveCount(0);
  await expect(notifications.getByRole("listitem")).toHaveCount(1);

  await chooseLanguage(page, "EN (English US)");
  await expect(notifications.getByText("Language set to English (US)")).toBeVisible();
  expect(await maxToasts(), "toasts visible at the same time").toBeLessThanOrEqual(1);
});

test("F8 moves focus into the notifications region", async ({ page }) => {
  await page.goto("/about");
  await waitForHydration(page);
  await chooseLanguage(page, "ES");
  const notifications = page.getByRole("region", NOTIFICATIONS);
  await expect(notifications.getByText("Idioma cambiado a Español")).toBeVisible();
  // The page is now in Spanish, its notifications region too.
  await expect(notifications).toHaveAccessibleName("Notificaciones (F8)");

  const focusedRegion = () =>
    page.evaluate(
      () => document.activeElement?.closest('[role="region"]')?.getAttribute("aria-label") ?? null,
    );
  expect(await focusedRegion()).toBeNull();

  await page.keyboard.press("F8");
  await expect.poll(focusedRegion).toMatch(/Notificaciones/);
  // From there the toast's own controls are reachable by keyboard.
  await page.keyboard.press("Tab");
  await expect.poll(focusedRegion).toMatch(/Notificaciones/);
});

test("the skip link moves focus to the main content", async ({ page }) => {
  await page.goto("/legal");
  await waitForHydration(page);
  const skip = page.getByRole("link", { name: "Skip to main content" });

  await page.keyboard.press("Tab");
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/#main$/);
  await expect(page.locator("#main")).toBeFocused();
  await expect(page.getByRole("main")).toBeFocused();
});

test("the skip link works the same before the page's scripts have run: the next Tab lands in the main content", async ({ page }) => {
  // Scripts held back by the network (a slow phone line): the page is painted, nothing hydrated.
  // Left to the browser, a fragment navigation made while the page is still loading may move
  // focus only later; the next Tab then went into the header (loading-race.spec.ts found it).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const held: (() => Promise<void>)[] = [];
  await page.route(/\/assets\/.*\.js$/, (route) => void held.push(() => route.continue()));
  for (const path of ["/contact", "/request", "/homes?q=toronto"]) {
    await page.goto(path, { waitUntil: "commit" });
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await skip.waitFor({ state: "attached" });
    await page.keyboard.press("Tab");
    await expect(skip).toBeFocused();
    // Tab at once, as a keyboard user does: no waiting for the focus to arrive.
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    const inMain = await page.evaluate(() => Boolean(document.querySelector("main")?.contains(document.activeElement)));
    expect(inMain, `${path}: the Tab after the skip link stays in the main content`).toBe(true);
    await expect(page).toHaveURL(/#main$/);
  }
  await page.unroute(/\/assets\/.*\.js$/);
  await Promise.all(held.map((go) => go().catch(() => undefined)));
});

/**
 * The app behind a slow line: `path`'s HTML arrives in two parts, 2 s apart, cut where `cut`
 * says (any other address passes through whole). Returns the proxy's origin and a closer.
 */
async function slowLine(baseURL: string | undefined, path: string, cut: (html: Buffer) => number) {
  const server = createServer(async (req, res) => {
    const upstream = await fetch(new URL(req.url ?? "/", baseURL), { headers: { "Accept-Encoding": "identity" } });
    res.writeHead(upstream.status, { "Content-Type": upstream.headers.get("content-type") ?? "text/plain" });
    const body = Buffer.from(await upstream.arrayBuffer());
    const at = req.url === path ? cut(body) : -1;
    if (at < 0) return void res.end(body);
    res.write(body.subarray(0, at));
    setTimeout(() => res.end(body.subarray(at)), 2_000);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => server.close() };
}

const inMain = (page: Page) =>
  page.evaluate(() => Boolean(document.querySelector("main")?.contains(document.activeElement)));

test("the skip link pressed before the main content has arrived (a slow line) takes the next Tab there, not into the header", async ({ page, baseURL }) => {
  // Cut just before <main>.
  const line = await slowLine(baseURL, "/contact", (html) => html.indexOf("<main"));
  try {
    await page.goto(`${line.origin}/contact`, { waitUntil: "commit" });
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await skip.waitFor({ state: "attached" });
    await page.keyboard.press("Tab");
    await expect(skip).toBeFocused();
    expect(await page.locator("main").count(), "the main content has not arrived yet").toBe(0);
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    // Still before <main>: the Tab did not go into the header (the browser alone sent it to the
    // logo, then pulled focus back to <main> when it arrived, wherever the person was by then).
    expect(await page.locator("main").count()).toBe(0);
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("header nav, header > div")))).toBe(false);
    await page.locator("main").waitFor({ state: "attached" });
    await expect.poll(() => inMain(page)).toBe(true);
    // The Tab pressed while waiting is not dropped: it goes on to the first control there.
    await expect(page.locator("main a[href^='mailto:']")).toBeFocused();
  } finally {
    line.close();
  }
});

test("the skip link pressed when <main> has begun but its content has not arrived takes the next Tab to that content", async ({ page, baseURL }) => {
  // Cut just after <main …>'s opening tag: the skip link's target is there, nothing in it yet
  // (loading-race.spec.ts found a Tab there leaving the page: nothing after <main> to go to).
  const line = await slowLine(baseURL, "/contact", (html) => html.indexOf(">", html.indexOf("<main")) + 1);
  try {
    await page.goto(`${line.origin}/contact`, { waitUntil: "commit" });
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await skip.waitFor({ state: "attached" });
    await page.locator("main").waitFor({ state: "attached" });
    await page.keyboard.press("Tab");
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
    expect(await page.locator("main a, main input").count(), "nothing in it has arrived yet").toBe(0);
    await page.keyboard.press("Tab");
    expect(await inMain(page), "the Tab waits in the main content").toBe(true);
    // …and once the content arrives, goes on to its first control (the support address).
    await page.locator("main a[href^='mailto:']").waitFor({ state: "attached" });
    await expect(page.locator("main a[href^='mailto:']")).toBeFocused();
  } finally {
    line.close();
  }
});
