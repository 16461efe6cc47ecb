import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, expect, type Page, type Route, test } from "./fixtures";
import sharp from "sharp";
import { OTHER_PUBLIC_PAGES, PROVIDER_PAGES, SIGNED_IN_PAGES, SPEED_PAGES } from "../support/speed-budget";
import { getRuntime } from "~/lib/runtime.server";
import { makeLiveProvider } from "../support/providers";
import { whileBusy, withBackOfficeRuntime } from "./back-office";
import { ADMIN, signUpAndVerify, submitLogInForm, uniqueAccount } from "./support";

/**
 * Nothing a person does is lost while a page loads (ADR 20). For every public page, account
 * page and back-office page, and every control on it (text fields, selects, checkboxes, file
 * inputs, submit buttons, links that open dialogs, disclosures and menus, the skip link, the
 * language picker), a person acts at one moment of the load, in Chromium with a 4× slower CPU:
 *
 * - "exists": as soon as the control is in the page (scripts not even asked for yet);
 * - "downloading": while every script is held back by the network;
 * - "hydrating": a random moment after the scripts were asked for;
 * - "after": once the page has hydrated.
 *
 * Then, once the page has loaded and settled, the outcome must be the one a fully loaded page
 * gives: the typed text is in its field and the field still has focus, the choice is kept, the
 * click acted on once (a dialog or menu open, the form shown, one post at most), the skip link
 * put focus in the main content and the next Tab stays there; and at no moment was a control
 * missing from the page (a form deleted and rendered again), no frame showed an empty dialog,
 * and no script error happened.
 *
 * Cases are drawn from a seeded generator, a fresh seed each run (printed): every page at least
 * once, the other cases (page, control) pairs at random, moments and delays at random — so
 * successive runs cover different pairs, and any failure reproduces from its seed and case:
 * `RACE_SEED=<seed> RACE_ONLY=<case,…> npx playwright test tests/e2e/loading-race.spec.ts`.
 * `RACE_CASES` sets how many (60 by default; `RACE_CASES=400` takes every pair at least once, as
 * each run did before issue 48); `RACE_KINDS=skip` keeps one kind of control.
 */

const SEED = Number(process.env.RACE_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CASES = Math.max(Number(process.env.RACE_CASES ?? 60), 1);
const ONLY = process.env.RACE_ONLY ? new Set(process.env.RACE_ONLY.split(",").map(Number)) : null;
/** Only the cases of these kinds of control (`RACE_KINDS=skip,menu`): to chase one kind's flake. */
const KINDS = process.env.RACE_KINDS ? new Set(process.env.RACE_KINDS.split(",")) : null;
const CHUNK = 30;
const CPU_SLOWDOWN = 4;

const MOMENTS = ["exists", "downloading", "hydrating", "after"] as const;
type Moment = (typeof MOMENTS)[number];

type Kind = "text" | "select" | "check" | "file" | "submit" | "dialog" | "disclosure" | "menu" | "skip" | "language";
type Control = {
  kind: Kind;
  /** CSS selector and index among its matches: the same on the server's HTML and after hydration. */
  css: string;
  nth: number;
  /** For text fields: the input type; for selects: the option values. */
  type?: string;
  options?: string[];
  label: string;
};
/** Who loads the page: a visitor, the operator (account and back-office pages), or a live provider (their workspace). */
type Who = "visitor" | "admin" | "provider";
type Target = { path: string; who: Who; control: Control };
type Storage = Awaited<ReturnType<BrowserContext["storageState"]>>;
type Case = { index: number; target: Target; moment: Moment; delay: number; text: string; pick: number };

/** mulberry32: small, good enough, and the same on every machine. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PUBLIC_PAGES = [
  ...SPEED_PAGES,
  ...OTHER_PUBLIC_PAGES,
  "/fr/services",
  "/es/contact",
  "/pt/homes",
];

/** Watches the page from its first byte: controls that go missing, dialogs shown empty, errors. */
function recorder() {
  type Log = { missing: string[]; emptyDialogFrames: number; frames: number; posts: string[] };
  const log: Log = { missing: [], emptyDialogFrames: 0, frames: 0, posts: [] };
  (window as unknown as { __race: Log }).__race = log;
  const named = () =>
    new Set(
      Array.from(document.querySelectorAll<HTMLInputElement>("main input[name], main select[name], main textarea[name]")).map(
        (c) => `${c.tagName.toLowerCase()}[name="${c.name}"]`,
      ),
    );
  let seen = new Set<string>();
  const gone = new Map<string, number>();
  const check = () => {
    const now = named();
    for (const name of seen) if (!now.has(name) && !gone.has(name)) gone.set(name, performance.now());
    for (const [name, since] of gone)
      if (now.has(name)) {
        log.missing.push(`${name} missing for ${Math.round(performance.now() - since)} ms`);
        gone.delete(name);
      }
    seen = new Set([...seen, ...now]);
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true });
  const frame = () => {
    log.frames++;
    for (const dialog of Array.from(document.querySelectorAll('[role="dialog"]'))) {
      // A dialog shows its content in the frame it appears: a form, or the log-in choice.
      if (!dialog.querySelector("form, input, a[href]")) log.emptyDialogFrames++;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

async function hydrated(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __gtaHydrated?: boolean }).__gtaHydrated === true, null, {
    timeout: 20_000,
  });
}

/**
 * Hydrated, no request in flight for 300 ms and nothing on the page marked busy (a dialog link
 * is `aria-busy` from the click until its dialog shows: with the CPU slowed 4× on a shared
 * machine that render can outlast a quiet network by seconds), then two frames.
 */
async function settled(page: Page, inflight: Set<unknown>) {
  await hydrated(page);
  let quietSince = Date.now();
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (inflight.size > 0) quietSince = Date.now();
    if (Date.now() - quietSince >= 300 && !(await busy(page))) break;
    await page.waitForTimeout(50);
  }
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

const busy = (page: Page) => page.evaluate(() => document.querySelector('[aria-busy="true"]') !== null).catch(() => false);

/** Every control of a fully loaded page that a person can act on, found the same way the cases look for it. */
async function discover(page: Page, who: Who): Promise<Control[]> {
  return page.evaluate((signedIn) => {
    const controls: Control[] = [];
    // (checkVisibility: the content of a closed <details> still has a box in Chromium.)
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true });
    };
    const add = (kind: Kind, css: string, el: Element, extra: Partial<Control> = {}) => {
      const all = Array.from(document.querySelectorAll(css));
      controls.push({ kind, css, nth: all.indexOf(el), label: `${kind} ${css}#${all.indexOf(el)}`, ...extra });
    };
    for (const el of Array.from(
      document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("main input[name], main textarea[name]"),
    )) {
      if (el.disabled || el.readOnly) continue;
      const type = el instanceof HTMLTextAreaElement ? "textarea" : el.type;
      const css = `main ${el.tagName.toLowerCase()}[name="${el.name}"]`;
      if (type === "checkbox" || type === "radio") {
        // Pills hide the input itself inside a visible label.
        if (visible(el) || (el.closest("label") && visible(el.closest("label")!))) add("check", `${css}[value="${el.value}"]`, el);
      } else if (type === "file") {
        if (visible(el)) add("file", css, el);
      } else if (["text", "email", "tel", "search", "number", "url", "password", "date", "textarea"].includes(type)) {
        if (visible(el)) add("text", css, el, { type });
      }
    }
    for (const el of Array.from(document.querySelectorAll<HTMLSelectElement>("main select[name]"))) {
      if (!el.disabled && visible(el))
        add("select", `main select[name="${el.name}"]`, el, { options: Array.from(el.options).map((o) => o.value) });
    }
    // Submitting an empty form that has required fields: refused either way, never twice.
    if (!signedIn)
      for (const form of Array.from(document.querySelectorAll<HTMLFormElement>("main form[method='post']"))) {
        const required = form.querySelector("[required], [aria-required='true']");
        const button = form.querySelector<HTMLButtonElement>("button[type='submit']:not([name]), button:not([type]):not([name])");
        if (required && button && visible(button)) add("submit", "main form[method='post'] button[type='submit']:not([name])", button);
      }
    // A page that opens a modal once loaded (the wizard's 'Login Required') hides the rest of
    // the page behind it: only what is inside it and the main content's fields are for a person.
    const modal = document.querySelector('[role="dialog"][aria-modal="true"], [role="dialog"]') !== null;
    if (modal) return controls;
    for (const el of Array.from(document.querySelectorAll('a[aria-haspopup="dialog"]')))
      if (visible(el)) add("dialog", 'a[aria-haspopup="dialog"]', el);
    for (const el of Array.from(document.querySelectorAll("header details > summary"))) {
      if (!visible(el)) continue;
      if (el.parentElement?.querySelector("button[name='locale']")) add("language", "header details > summary", el);
      else add("disclosure", "header details > summary", el);
    }
    for (const el of Array.from(document.querySelectorAll("header button[aria-haspopup='menu']")))
      if (visible(el)) add("menu", "header button[aria-haspopup='menu']", el);
    const skip = document.querySelector("a.skip-link");
    if (skip) add("skip", "a.skip-link", skip);
    return controls;
  }, who !== "visitor");
}

/**
 * The targets of a run, in order: one pair of each page first, then the rest of the pairs; with
 * more cases than pairs, every pair, then again from the start.
 */
function sample(targets: Target[], random: () => number): Target[] {
  const shuffled = [...targets].sort(() => random() - 0.5);
  const seen = new Set<string>();
  const firstOfPage = shuffled.filter((t) => {
    const page = `${t.who} ${t.path}`;
    if (seen.has(page)) return false;
    seen.add(page);
    return true;
  });
  const order = [...firstOfPage, ...shuffled.filter((t) => !firstOfPage.includes(t))];
  const count = Math.max(CASES, firstOfPage.length);
  return Array.from({ length: count }, (_, i) => order[i % order.length]!);
}

function draw(targets: Target[]): Case[] {
  const random = generator(SEED);
  const chosen = sample(targets, random);
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const cases: Case[] = [];
  for (let index = 0; index < chosen.length; index++) {
    const target = chosen[index]!;
    const text = Array.from({ length: 4 + Math.floor(random() * 4) }, () => letters[Math.floor(random() * 26)]).join("");
    cases.push({
      index,
      target,
      moment: MOMENTS[Math.floor(random() * MOMENTS.length)]!,
      delay: Math.floor(random() * 700),
      text,
      pick: random(),
    });
  }
  return cases;
}

function textFor(c: Case): { typed: string; expected: (value: string) => boolean } {
  switch (c.target.control.type) {
    case "email":
      return { typed: `${c.text}@example.ca`, expected: (v) => v === `${c.text}@example.ca` };
    case "number":
    case "tel": {
      const digits = String(1 + Math.floor(c.pick * 8));
      return { typed: digits, expected: (v) => v.replace(/\D/g, "") === digits };
    }
    default:
      return { typed: c.text, expected: (v) => v === c.text };
  }
}

type Outcome = { problems: string[] };

/** A case that does not finish in time fails as such (a page stuck busy) instead of holding the run. */
async function runCase(browser: Browser, baseURL: string, c: Case, storages: Partial<Record<Who, Storage>>, photo: string): Promise<Outcome> {
  const context = await browser.newContext({ baseURL, storageState: storages[c.target.who] });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => {
      resolve({ problems: ["the case did not finish within 60 s (the page stopped answering?)"] });
      void context.close().catch(() => undefined);
    }, 60_000);
  });
  try {
    return await Promise.race([actAndCheck(context, c, photo), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function actAndCheck(context: BrowserContext, c: Case, photo: string): Promise<Outcome> {
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const problems: string[] = [];
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.addInitScript(recorder);
    page.on("pageerror", (error) => problems.push(`script error: ${error.message.slice(0, 200)}`));
    const inflight = new Set<unknown>();
    const posts: string[] = [];
    page.on("request", (r) => {
      inflight.add(r);
      if (r.method() === "POST") posts.push(new URL(r.url()).pathname);
    });
    page.on("requestfinished", (r) => inflight.delete(r));
    page.on("requestfailed", (r) => inflight.delete(r));

    const held: Route[] = [];
    let holding = c.moment === "downloading";
    if (holding)
      await page.route(/\/assets\/.*\.js$/, (route) => (holding ? held.push(route) : route.continue()));
    const scriptAsked = page.waitForRequest(/\/assets\/.*\.js$/, { timeout: 20_000 }).catch(() => null);

    const { control } = c.target;
    const locator = page.locator(control.css).nth(control.nth);
    await page.goto(c.target.path, { waitUntil: "commit" });
    if (c.moment === "after") await hydrated(page);
    await locator.waitFor({ state: "attached", timeout: 20_000 });
    if (c.moment === "hydrating") {
      await scriptAsked;
      await page.waitForTimeout(c.delay);
    }
    const startPath = new URL(page.url()).pathname;

    // Act.
    let check: () => Promise<void> = async () => {};
    switch (control.kind) {
      case "text": {
        const { typed, expected } = textFor(c);
        // A field may already hold text (a search's term): the person types after it.
        const before = control.type === "date" ? "" : await locator.inputValue();
        if (control.type === "date") await locator.fill("2031-05-06");
        else {
          await locator.click();
          await page.keyboard.press("End");
          await locator.pressSequentially(typed, { delay: 25 });
        }
        check = async () => {
          const value = await locator.inputValue();
          const want =
            control.type === "date" ? (v: string) => v === "2031-05-06" : (v: string) => v.startsWith(before) && expected(v.slice(before.length));
          if (!want(value)) problems.push(`typed ${JSON.stringify(control.type === "date" ? "2031-05-06" : typed)}, field holds ${JSON.stringify(value)}`);
          if (control.type !== "date") {
            const focused = await locator.evaluate((el) => el === document.activeElement);
            if (!focused) problems.push(`focus left the field (now on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80))})`);
          }
        };
        break;
      }
      case "select": {
        const current = await locator.inputValue();
        const choices = (control.options ?? []).filter((o) => o !== current && o !== "");
        if (choices.length === 0) return { problems };
        const choice = choices[Math.floor(c.pick * choices.length)]!;
        await locator.selectOption(choice);
        check = async () => {
          const value = await locator.inputValue();
          if (value !== choice) problems.push(`chose ${JSON.stringify(choice)}, select holds ${JSON.stringify(value)}`);
        };
        break;
      }
      case "check": {
        const before = await locator.isChecked();
        await locator.evaluate((el: HTMLInputElement) => el.click());
        check = async () => {
          if ((await locator.isChecked()) === before) problems.push(`clicked once, checked is still ${before}`);
        };
        break;
      }
      case "file": {
        await locator.setInputFiles(photo);
        check = async () => {
          const count = await locator.evaluate((el: HTMLInputElement) => el.files?.length ?? 0);
          if (count !== 1) problems.push(`chose a file, the input holds ${count}`);
        };
        break;
      }
      case "submit": {
        await locator.click();
        check = async () => {
          const formPosts = posts.filter((p) => !p.endsWith("/set-locale"));
          if (formPosts.length > 1) problems.push(`one click, ${formPosts.length} posts: ${formPosts.join(", ")}`);
          const refused = await page
            .locator("[aria-invalid='true'], .field-error, [role='alert']")
            .count();
          if (refused === 0) problems.push("an empty form was sent without a word");
        };
        break;
      }
      case "dialog": {
        await locator.click();
        check = async () => {
          const dialog = page.getByRole("dialog");
          const inline = page.locator("main section[id]").filter({ has: page.locator("form, a[href*='/auth/']") });
          const shown = (await dialog.count()) + (await inline.count());
          if (shown === 0) problems.push("clicked the link, no dialog or form shown");
          if ((await locator.getAttribute("aria-busy").catch(() => null)) === "true") problems.push("the link is still busy 10 s on");
          if ((await dialog.count()) > 1) problems.push("two dialogs");
          if ((await dialog.count()) === 1 && (await dialog.locator("form, a[href]").count()) === 0)
            problems.push("the dialog is empty");
        };
        break;
      }
      case "disclosure":
      case "language": {
        await locator.click();
        if (control.kind === "language") {
          // Spanish, or French on a page that already is.
          const code = c.target.path.startsWith("/es") ? "fr-CA" : "es";
          await page.locator(`header button[name='locale'][value='${code}']`).click();
          check = async () => {
            // The same page in the chosen language (a prefixed address moves to the new prefix).
            const lang = () => page.evaluate(() => document.documentElement.lang).catch(() => "");
            await expect.poll(lang, { timeout: 10_000 }).toBe(code).catch(() => undefined);
            const now = await lang();
            if (now !== code) problems.push(`chose ${code}, the page is in ${now} at ${page.url()}`);
            const sets = posts.filter((p) => p.endsWith("/set-locale"));
            // (A post made while the page itself is still arriving is not always reported to the
            // test; that it was acted on is the language check above.)
            if (sets.length > 1) problems.push(`chose a language once, ${sets.length} posts to /set-locale`);
          };
        } else {
          check = async () => {
            const open = await locator.evaluate((el) => (el.parentElement as HTMLDetailsElement).open);
            if (!open) problems.push("opened the disclosure, it is closed");
          };
        }
        break;
      }
      case "menu": {
        await locator.click();
        check = async () => {
          // The menu's code may still be on its way (a press before it ran opens the menu when
          // it arrives): wait for it to have run — with two pages at a time on a 4× slower CPU
          // it has taken over 3 s (seed 783448695, cases 64 and 65, both at once) — then for the
          // menu; one that never shows once its code ran, or has closed again, fails.
          type Early = { __menuMounted?: number };
          const ran = await page
            .waitForFunction(() => (window as unknown as Early).__menuMounted === 1, null, { timeout: 20_000 })
            .then(() => true, () => false);
          const shown = ran && (await page.getByRole("menu").waitFor({ state: "visible", timeout: 3_000 }).then(() => true, () => false));
          if (!ran) problems.push("clicked the menu button, its code never ran (20 s)");
          else if (!shown) {
            const expanded = await page.locator("header button[aria-haspopup='menu']").first().getAttribute("aria-expanded");
            problems.push(`clicked the menu button, no menu once its code ran (its button: aria-expanded=${String(expanded)})`);
          }
        };
        break;
      }
      case "skip": {
        await page.keyboard.press("Tab");
        await page.keyboard.press("Enter");
        await page.keyboard.press("Tab");
        const inMain = () =>
          page.evaluate(() => {
            const main = document.querySelector("main");
            // (Arriving at a dialog's address, a loaded page has the dialog open: Tab stays in it.)
            const dialog = document.querySelector('[role="dialog"]');
            // (A page with nothing to focus in its main content sends Tab on, loaded or not.)
            const nothing = !main?.querySelector("a[href], button, input, select, textarea, summary, [tabindex='0']");
            return Boolean(nothing || main?.contains(document.activeElement) || dialog?.contains(document.activeElement));
          });
        const landed = await inMain();
        check = async () => {
          if (!landed) problems.push("after the skip link, the next Tab left the main content");
          // Nothing takes it away later (the browser focusing the address's #main once loaded did).
          else if (!(await inMain()))
            problems.push(`after the skip link and a Tab, focus left the main content as the page loaded (now on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80))})`);
        };
        break;
      }
    }
    holding = false;
    for (const route of held.splice(0)) await route.continue().catch(() => undefined);
    await settled(page, inflight);
    await check();
    if (control.kind !== "submit" && control.kind !== "language" && posts.length > 0)
      problems.push(`no post was asked for, ${posts.length} sent: ${posts.join(", ")}`);
    if (control.kind !== "language" && new URL(page.url()).pathname !== startPath && control.kind !== "submit")
      problems.push(`the page changed to ${page.url()}`);
    const log = await page.evaluate(() => (window as unknown as { __race: { missing: string[]; emptyDialogFrames: number } }).__race);
    for (const missing of log.missing) problems.push(`a control went missing: ${missing}`);
    if (log.emptyDialogFrames > 0) problems.push(`${log.emptyDialogFrames} frame(s) showed an empty dialog`);
  } catch (error) {
    problems.push(`could not run: ${(error as Error).message.split("\n")[0]}`);
  } finally {
    await context.close();
  }
  return { problems };
}

// Hundreds of contexts: a trace of each would take longer to write than the run.
test.use({ trace: "off" });

/**
 * Every page's controls, found once per run rather than once per worker: the workers' servers
 * run the same build on the same sample data (the chunks already rely on that: each draws the
 * same cases from its own list), and a page's discovery — a load, hydration, a quiet network —
 * takes a second of the CPU the race itself needs. A worker claims a page (a file made
 * exclusively in the run's folder), finds its controls on its own server and writes them; the
 * pages the other worker claimed are read once written, and one whose results never come (its
 * worker died) is discovered again. A worker started again after a failing chunk reads them all.
 */
async function discoverOnce(browser: Browser, baseURL: string, storages: Partial<Record<Who, Storage>>): Promise<Target[]> {
  const runDir = process.env.E2E_RUN_DIR;
  if (!runDir) throw new Error("E2E_RUN_DIR is not set: run the journeys through playwright.config.ts");
  const dir = path.join(runDir, "race-targets");
  fs.mkdirSync(dir, { recursive: true });
  const all: [string, Who][] = [
    ...PUBLIC_PAGES.map((p): [string, Who] => [p, "visitor"]),
    ...SIGNED_IN_PAGES.map((p): [string, Who] => [p, "admin"]),
    ...PROVIDER_PAGES.map((p): [string, Who] => [p, "provider"]),
  ];
  const result = (i: number) => path.join(dir, `${i}.json`);
  const pages = new Map<Who, Page>();
  const discoverPage = async (i: number) => {
    const [p, who] = all[i]!;
    let page = pages.get(who);
    if (!page) {
      page = await (await browser.newContext({ baseURL, storageState: storages[who] })).newPage();
      pages.set(who, page);
    }
    await page.goto(p);
    await hydrated(page);
    // What opens once loaded (a modal, a dialog's code fetched when idle) has opened.
    await page.waitForLoadState("networkidle");
    const found: Target[] = (await discover(page, who)).map((control) => ({ path: p, who, control }));
    // Written whole, then renamed: the other worker never reads half a file.
    fs.writeFileSync(`${result(i)}.part`, JSON.stringify(found));
    fs.renameSync(`${result(i)}.part`, result(i));
  };
  try {
    for (let i = 0; i < all.length; i++) {
      try {
        fs.closeSync(fs.openSync(path.join(dir, `${i}.claim`), "wx"));
      } catch {
        continue; // the other worker's
      }
      await discoverPage(i);
    }
    for (let i = 0; i < all.length; i++) {
      const deadline = Date.now() + 60_000;
      while (!fs.existsSync(result(i)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      if (!fs.existsSync(result(i))) await discoverPage(i);
    }
  } finally {
    for (const page of pages.values()) await page.context().close();
  }
  return all.flatMap((_, i) => JSON.parse(fs.readFileSync(result(i), "utf8")) as Target[]);
}

// The server's own database, to make the provider live (tests/e2e/back-office.ts).
withBackOfficeRuntime();

test.describe("loading race", () => {
  // Chunks share nothing but the seed (playwright.config.ts sets one for the run): both workers take them.
  test.describe.configure({ mode: "parallel" });
  let cases: Case[] = [];
  const storages: Partial<Record<Who, Storage>> = {};
  let photo = "";

  test.beforeAll(async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gta-race-"));
    photo = path.join(dir, "photo.png");
    await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 20, g: 120, b: 90 } } }).png().toFile(photo);

    const admin = await browser.newContext({ baseURL });
    const login = await admin.newPage();
    await login.goto("/auth/login");
    await submitLogInForm(login, ADMIN);
    await login.waitForURL((url) => !url.pathname.startsWith("/auth/login"));
    storages.admin = await admin.storageState();
    // A provider of this worker's server, made live as verification leaves one (their workspace
    // pages answer only to a provider).
    const provider = await browser.newContext({ baseURL });
    const account = uniqueAccount("race-provider", "Rita Racer");
    await signUpAndVerify(await provider.newPage(), account);
    await whileBusy(() =>
      getRuntime()
        .db.transaction()
        .execute((trx) => makeLiveProvider(trx, account.email, { name: account.name, phone: "416-555-0178", areas: ["Leaside"] })),
    );
    storages.provider = await provider.storageState();
    await provider.close();

    const targets = await discoverOnce(browser, baseURL!, storages);
    await admin.close();
    cases = draw(targets);
    const pages = new Set(targets.map((t) => `${t.who} ${t.path}`)).size;
    console.log(`loading race: seed ${SEED}, ${cases.length} cases over ${pages} pages and ${targets.length} page × control pairs`);
  });

  // React rewrites a <textarea>'s text with the server's as it hydrates it (an <input> it
  // leaves alone): typing into a pre-filled one while the page loads must survive that
  // (EARLY_TEXTAREA_KEEP, app/root.tsx). Drawn cases reach this field only now and then.
  test("a pre-filled textarea keeps what was typed as the page loads", async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const control: Control = { kind: "text", css: 'main textarea[name="bio"]', nth: 0, type: "textarea", label: "the provider's bio" };
    const target: Target = { path: "/provider-profile-setup", who: "provider", control };
    // The moment CI's case 28 failed at, and the one that fails without the keeper. (At "exists"
    // and "hydrating" this check twice found the typing kept whole but before the bio, on a
    // machine loaded by a second run: the caret was at the start when the typing began — a
    // harness question still open, noted on issue 48.)
    const moments: [Moment, number][] = [["downloading", 0]];
    const failures: string[] = [];
    for (const [index, [moment, delay]] of moments.entries()) {
      const { problems } = await runCase(browser, baseURL!, { index, target, moment, delay, text: "plumbing", pick: 0 }, storages, photo);
      if (problems.length) failures.push(`${moment} +${delay} ms: ${problems.join("; ")}`);
    }
    expect(failures).toEqual([]);
  });

  for (let chunk = 0; chunk * CHUNK < CASES; chunk++) {
    test(`cases ${chunk * CHUNK}–${chunk * CHUNK + CHUNK - 1}`, async ({ browser, baseURL }) => {
      test.setTimeout(600_000);
      // The last chunk also takes the cases past CASES (there are more pairs than cases).
      const last = (chunk + 1) * CHUNK >= CASES;
      const mine = cases.filter((c) => c.index >= chunk * CHUNK && (last || c.index < (chunk + 1) * CHUNK));
      const failures: string[] = [];
      const queue = mine.filter((c) => (!ONLY || ONLY.has(c.index)) && (!KINDS || KINDS.has(c.target.control.kind)));
      // Two pages at a time (each in its own context, each CPU slowed down 4×): the moments are
      // relative to each page's own load, and the run takes half as long.
      const worker = async () => {
        for (let c = queue.shift(); c; c = queue.shift()) await one(c);
      };
      const describe = (c: Case, problems: string[]) =>
        `case ${c.index}: ${c.target.path} (${c.target.who}), ${c.target.control.label}, ` +
        `at "${c.moment}"${c.moment === "hydrating" ? ` +${c.delay} ms` : ""}:\n    ${problems.join("\n    ")}`;
      const failed: { c: Case; problems: string[] }[] = [];
      const one = async (c: Case) => {
        const started = Date.now();
        const { problems } = await runCase(browser, baseURL!, c, storages, photo);
        if (process.env.RACE_VERBOSE)
          console.log(`case ${c.index} ${c.target.path} ${c.target.control.label} ${c.moment}: ${Date.now() - started} ms ${problems.join("; ")}`);
        if (problems.length) failed.push({ c, problems });
      };
      await Promise.all([worker(), worker()]);
      // A failed case fails the run: no second chance (the cases that once passed on replay were
      // real defects, now fixed, or a check made before the page had finished).
      for (const { c, problems } of failed) failures.push(describe(c, problems));
      failures.sort((a, b) => Number(/^case (\d+)/.exec(a)?.[1]) - Number(/^case (\d+)/.exec(b)?.[1]));
      expect(
        failures,
        `seed ${SEED}; replay: RACE_SEED=${SEED} RACE_ONLY=<case,…> npx playwright test tests/e2e/loading-race.spec.ts\n${failures.join("\n")}`,
      ).toEqual([]);
    });
  }
});

/**
 * Arriving at a dialog's address (`/cars?contact`, a link followed before JavaScript ran): the
 * page shows the form inline, and once loaded turns it into the dialog (ADR 7). Someone who
 * already typed in the inline form keeps it, with what they typed and their focus; someone who
 * did not gets the dialog with its form in the very frame it appears.
 */
test.describe("arriving at a dialog's address while the page loads", () => {
  for (const moment of ["downloading", "exists"] as const) {
    test(`typed into the inline form (${moment}): it stays, with the text and the focus`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
      await page.addInitScript(recorder);
      const held: Route[] = [];
      let holding = moment === "downloading";
      await page.route(/\/assets\/.*\.js$/, (route) => (holding ? held.push(route) : route.continue()));
      await page.goto("/cars?contact", { waitUntil: "commit" });
      const email = page.locator("#chauffeur-contact input[name='email']");
      await email.click();
      await email.pressSequentially("rider@example.ca", { delay: 25 });
      holding = false;
      for (const route of held.splice(0)) await route.continue();
      await hydrated(page);
      // Long enough for the dialog's code to have arrived and the switch to have been decided.
      await page.waitForTimeout(1500);
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(email).toHaveValue("rider@example.ca");
      await expect(email).toBeFocused();
      const log = await page.evaluate(() => (window as unknown as { __race: { missing: string[] } }).__race);
      expect(log.missing).toEqual([]);
      await context.close();
    });
  }

  test("not touched: it becomes the dialog, whole in its first frame", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.addInitScript(recorder);
    await page.goto("/cars?contact");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Contact a Chauffeur" });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator("input[name='email']")).toBeVisible();
    await expect(page.locator("#chauffeur-contact")).toHaveCount(0);
    const log = await page.evaluate(() => (window as unknown as { __race: { emptyDialogFrames: number; frames: number } }).__race);
    expect(log.frames, "the recorder watched every frame").toBeGreaterThan(10);
    expect(log.emptyDialogFrames).toBe(0);
    await context.close();
  });
});
