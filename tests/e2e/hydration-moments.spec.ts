import { expect, type Page, type Route, test, serverURL } from "./fixtures";
import { ADMIN } from "./support";

/**
 * The loading race (loading-race.spec.ts) acts at random moments; these act at the exact
 * moments where it once lost what a person did, every run (ADR 20):
 *
 * - a key typed while React is hydrating the search box: after the hydrating render has reached
 *   the field (React starts tracking its value there) and before that render is committed;
 * - a click on "Request to Rent" while the page hydrates.
 *
 * The moment is found from inside the page (an init script sees React start tracking the
 * field's value), and the key is typed from there, at the next task: where a key pressed during
 * hydration reaches the page, between two slices of React's work.
 */

const CPU_SLOWDOWN = 4;

async function slowCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
}

/** Holds every script back until `release()`: the page is painted, nothing has run. */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/assets\/.*\.js$/, (route) => (holding ? held.push(route) : route.continue()));
  return async () => {
    holding = false;
    for (const route of held.splice(0)) await route.continue().catch(() => undefined);
  };
}

async function hydrated(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __gtaHydrated?: boolean }).__gtaHydrated === true, null, {
    timeout: 20_000,
  });
}

/**
 * In the page: when React starts tracking the value of the field matching `selector` (its
 * hydrating render has reached it), `key` is typed into it after `tasks` more tasks, as a
 * keyboard would: keydown, the value, input, keyup.
 */
function typeWhenTracked({ selector, key, tasks }: { selector: string; key: string; tasks: number }) {
  const own = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!;
  const type = (input: HTMLInputElement) => {
    const log = ((window as unknown as { __typedAt?: string[] }).__typedAt ??= []);
    log.push(`${key} typed, hydrated=${String((window as unknown as { __gtaHydrated?: boolean }).__gtaHydrated === true)}`);
    input.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
    own.set!.call(input, own.get!.call(input) + key);
    input.dispatchEvent(new InputEvent("input", { data: key, inputType: "insertText", bubbles: true }));
    input.dispatchEvent(new KeyboardEvent("keyup", { key, bubbles: true, cancelable: true }));
  };
  const later = (n: number, run: () => void) => (n <= 0 ? run() : setTimeout(() => later(n - 1, run), 0));
  let seen = false;
  Object.defineProperty(HTMLInputElement.prototype, "_valueTracker", {
    configurable: true,
    set(this: HTMLInputElement, tracker: unknown) {
      Object.defineProperty(this, "_valueTracker", { value: tracker, writable: true, configurable: true });
      if (seen || !this.matches(selector)) return;
      seen = true;
      later(tasks, () => type(this));
    },
  });
}

test.describe("a key typed while the search box hydrates", () => {
  // 0: the first slice boundary after React reached the field; later ones: further into it.
  for (const tasks of [0, 2, 8]) {
    test(`/services: typed ${tasks} task(s) after hydration reached the field, every letter is kept`, async ({ page }) => {
      await slowCpu(page);
      await page.addInitScript(typeWhenTracked, { selector: "#service-search", key: "d", tasks });
      const release = await holdScripts(page);
      await page.goto("/services", { waitUntil: "commit" });
      const box = page.locator("#service-search");
      await box.click();
      await box.pressSequentially("abc", { delay: 25 });
      await release();
      await hydrated(page);
      await page.waitForFunction(() => ((window as unknown as { __typedAt?: string[] }).__typedAt ?? []).length > 0);
      // Past the search's 300 ms pause: the address follows the box, and the box keeps the text.
      await page.waitForTimeout(800);
      await expect(box).toHaveValue("abcd");
      await expect(page).toHaveURL(/[?&]q=abcd(&|$)/);
      await expect(box).toBeFocused();
    });
  }
});

/**
 * The search box writes ?q= 300 ms after the last key; a slow page (hydrating, a busy CPU) can
 * let a key come after such a write, and the next write follow, before the first write's
 * address has reached the page: the older address then arrives after the newer write. It must
 * not take the box back (seen in the loading race as the last letters of a word disappearing).
 * The router's navigations are held here so the older one lands last, every run.
 */
test("/services: an address the box wrote earlier arriving late does not take typed letters back", async ({ page }) => {
  await page.goto("/services");
  await hydrated(page);
  // Every navigation the page asks for waits until the test lets it go, in the order asked.
  await page.evaluate(() => {
    type Router = { navigate: (...args: unknown[]) => Promise<void> };
    const w = window as unknown as { __reactRouterDataRouter: Router; __held: { to: string; go: () => void }[] };
    const router = w.__reactRouterDataRouter;
    const navigate = router.navigate.bind(router);
    w.__held = [];
    router.navigate = (...args: unknown[]) =>
      new Promise<void>((resolve) => w.__held.push({ to: String(args[0]), go: () => void navigate(...args).then(resolve) }));
  });
  const held = () => page.evaluate(() => (window as unknown as { __held: { to: string }[] }).__held.map((h) => h.to));
  const releaseOne = () => page.evaluate(() => (window as unknown as { __held: { go: () => void }[] }).__held.shift()!.go());
  const box = page.locator("#service-search");
  await box.click();
  await box.pressSequentially("abc");
  await expect.poll(held).toEqual([expect.stringContaining("q=abc")]);
  await box.press("d");
  await expect.poll(held).toHaveLength(2);
  expect((await held())[1]).toContain("q=abcd");
  // The older write arrives first, after the newer one was asked for.
  await releaseOne();
  await page.waitForTimeout(300);
  await expect(box).toHaveValue("abcd");
  await releaseOne();
  await expect(page).toHaveURL(/[?&]q=abcd(&|$)/);
  await page.waitForTimeout(300);
  await expect(box).toHaveValue("abcd");
  await expect(box).toBeFocused();
  expect(await held()).toEqual([]);
});

/**
 * "Request to Rent" clicked as the page's hydration ends: the click is answered at once (the link busy, or the dialog open), the page does
 * not navigate, and the dialog opens with its form. In the loading race this case once ended
 * with no dialog: the dialog did open, seconds later, after the run had stopped waiting (it took
 * 300 ms without network for "done" while the page was still rendering the dialog on a 4×
 * slower, shared CPU); the run now also waits for the link's aria-busy to clear.
 */
// "effect": in the very task of the root's effect that ends hydration; "next task": the one after.
for (const when of ["effect", "next task"] as const) {
  test(`/homes/<id>: Request to Rent clicked at hydration (${when}) opens the dialog`, async ({ page }) => {
    await slowCpu(page);
    await page.addInitScript((when) => {
      const click = () => {
        const link = document.querySelector<HTMLAnchorElement>('main a[aria-haspopup="dialog"]');
        (window as unknown as { __clicked?: string }).__clicked = link ? "clicked" : "no link";
        link?.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window, button: 0 }));
      };
      let hydrated = false;
      Object.defineProperty(window, "__gtaHydrated", {
        configurable: true,
        get: () => hydrated,
        set: (value: boolean) => {
          hydrated = value;
          if (when === "effect") click();
          else setTimeout(click, 0);
        },
      });
    }, when);
    const documents: string[] = [];
    page.on("request", (r) => r.isNavigationRequest() && documents.push(r.url()));
    await page.goto("/homes/h-annex-studio", { waitUntil: "commit" });
    await hydrated(page);
    await page.waitForFunction(() => (window as unknown as { __clicked?: string }).__clicked !== undefined);
    const link = page.locator('main a[aria-haspopup="dialog"]');
    const dialog = page.getByRole("dialog", { name: "Request to Rent" });
    expect(await page.evaluate(() => Boolean(document.querySelector('[role="dialog"]') || document.querySelector('main a[aria-busy="true"]')))).toBe(true);
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(dialog.locator("form")).toBeVisible();
    await expect(link).not.toHaveAttribute("aria-busy", "true");
    expect(documents, "the click did not navigate").toHaveLength(1);
    expect(new URL(page.url()).search).toBe("");
  });
}

/**
 * The account menu pressed while its code arrives: the mouse goes down on the server's button,
 * the menu's code then renders its own button in its place, and the mouse comes up on that one.
 * No click reaches either button (its press began on a button that is gone) and the menu's
 * button never saw the press begin: the loading race once ended here with no menu (seed
 * 1909657007, case 9). A press that begins before the menu's code ran is remembered from its
 * start (root.tsx), as Radix's own button answers the start of a press.
 */
test("/account: the account menu pressed as its code arrives, released on the menu's own button, opens", async ({ page }) => {
  const release = await accountWithMenuHeld(page);
  const button = page.getByRole("banner").getByRole("button", { name: /account menu for/i });
  const box = (await button.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await release();
  await page.waitForFunction(() => (window as unknown as { __menuMounted?: number }).__menuMounted === 1);
  await page.mouse.up();
  await expect(page.getByRole("menu")).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "My Account" })).toBeVisible();
});

/**
 * The account menu pressed after its own button is in the page but before its effect has run:
 * the early press is written down (the menu's code has not said it runs), then React runs the
 * effect just before handing the press to Radix's button, which opens on pointer down — and the
 * effect opening it too made that press close it again (the loading race's seed 1557418633,
 * case 225: "no menu once its code ran", aria-expanded=false; 1 in 7 such presses here). React
 * decides when its effects run, so the press is made at that moment as often as it takes.
 */
test("/account: the account menu pressed between its button's commit and its effect opens", async ({ page }) => {
  let beforeEffect = 0;
  for (let attempt = 1; attempt <= 10 && beforeEffect < 4; attempt++) {
    const release = await accountWithMenuHeld(page);
    // The press: the next task after Radix's button appears in the page.
    await page.evaluate(() => {
      const w = window as unknown as { __pressedBeforeEffect?: boolean; __menuMounted?: number };
      const observer = new MutationObserver(() => {
        const button = document.querySelector("header [data-account-menu][aria-haspopup]");
        if (!button) return;
        observer.disconnect();
        setTimeout(() => {
          w.__pressedBeforeEffect = w.__menuMounted !== 1;
          const pointer = { bubbles: true, cancelable: true, composed: true, button: 0, isPrimary: true, pointerType: "mouse", pointerId: 1 };
          button.dispatchEvent(new PointerEvent("pointerdown", { ...pointer, buttons: 1 }));
          button.dispatchEvent(new MouseEvent("mousedown", { ...pointer, buttons: 1 }));
          button.dispatchEvent(new PointerEvent("pointerup", pointer));
          button.dispatchEvent(new MouseEvent("mouseup", pointer));
          button.dispatchEvent(new MouseEvent("click", pointer));
        }, 0);
      });
      observer.observe(document, { subtree: true, childList: true, attributes: true });
    });
    await release();
    await page.waitForFunction(() => (window as unknown as { __pressedBeforeEffect?: boolean }).__pressedBeforeEffect !== undefined);
    if (await page.evaluate(() => (window as unknown as { __pressedBeforeEffect?: boolean }).__pressedBeforeEffect)) beforeEffect++;
    await expect(page.getByRole("menu"), `attempt ${attempt}`).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: /account menu for/i })).toHaveAttribute("aria-expanded", "true");
  }
  expect(beforeEffect, "presses made before the menu's effect ran").toBeGreaterThan(0);
});

/** Signed in on /account, hydrated, the menu's chunk held back until `release()`. */
async function accountWithMenuHeld(page: Page) {
  const origin = serverURL();
  const login = await page.request.post("/auth/login", { form: { email: ADMIN.email, password: ADMIN.password }, headers: { Origin: origin }, maxRedirects: 0 });
  expect(login.status()).toBe(302);
  // Everything but the menu's chunk loads; the page hydrates around the server's button.
  const held: Route[] = [];
  let holding = true;
  await page.unrouteAll();
  await page.route(/\/assets\/account-menu-[^/]*\.js$/, (route) => (holding ? held.push(route) : route.continue()));
  await page.goto("/account");
  await hydrated(page);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  return async () => {
    holding = false;
    for (const route of held.splice(0)) await route.continue();
  };
}
