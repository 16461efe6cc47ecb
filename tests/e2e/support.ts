import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, type Locator, type Page } from "./fixtures";
import type { AxeResults, Result } from "axe-core";
import { HOME_LISTINGS } from "../../db/seed/data";

/* ------------------------------------------------------------------------------------------ */
/* Accessibility                                                                              */
/* ------------------------------------------------------------------------------------------ */

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe's WCAG 2.1 A/AA violations on the page as it is now, any impact. axe-core is put into the
 * document once and run there: @axe-core/playwright injects its 500 KB source into every frame
 * on each analyze and finishes the run in a new page, which cost ~2.2 s a scan on this machine
 * against ~0.8 s for the run itself. Frames are not entered: the only ones are an email's HTML in
 * the outbox, a sandboxed <iframe> without scripts (not our page's markup; vnu checks it).
 */
export async function axeViolations(page: Page, { exclude = [] }: { exclude?: string[] } = {}): Promise<Result[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    ([tags, excluded]) =>
      (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> } }).axe.run(
        { exclude: excluded.map((selector) => [selector]) },
        { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"], iframes: false },
      ),
    [WCAG_TAGS, exclude] as const,
  );
  return results.violations;
}

/** One line per violation, for a list of everything found on many pages or states. */
export const describeViolations = (where: string, violations: Result[]) =>
  violations.map((v) => `${where}: [${v.impact}] ${v.id} — ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);

/**
 * Runs axe on the current page (WCAG 2.1 A/AA rules) and fails on any "serious" or
 * "critical" violation, listing rule id, impact, help text and the offending selectors.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  { exclude = [] }: { exclude?: string[] } = {},
): Promise<void> {
  // Ids must be unique on every page (a repeated id once left a form's inputs without their
  // form). axe rates duplicate ids "minor" and no longer runs its duplicate-id rules by
  // default, so every page scanned here is also checked for repeated ids directly.
  await expectUniqueIds(page);
  const serious = (await axeViolations(page, { exclude })).filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious
    .map((v) => {
      const targets = v.nodes.map((n) => `    - ${n.target.join(" ")}`).join("\n");
      return `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${targets}`;
    })
    .join("\n");
  expect(
    serious.map((v) => v.id),
    `Serious accessibility violations on ${page.url()}:\n${report}`,
  ).toEqual([]);
}

/**
 * No id twice on the page, checked from the DOM: axe cannot run where a test turned
 * JavaScript off, and the pages without JavaScript are the ones a repeated id breaks.
 */
export async function expectUniqueIds(page: Page): Promise<void> {
  const ids = await page.locator("[id]").evaluateAll((els) => els.map((el) => el.id));
  expect(
    ids.filter((id, i) => ids.indexOf(id) !== i),
    `repeated ids on ${page.url()}`,
  ).toEqual([]);
}

/* ------------------------------------------------------------------------------------------ */
/* Hydration                                                                                  */
/* ------------------------------------------------------------------------------------------ */

/**
 * Waits until React Router has hydrated the server-rendered page, so client behaviour
 * (schema validation, toasts, effects) is live. The route modules are registered by the
 * inline boot script, the data router is created while hydrating, and React marks DOM nodes
 * it has claimed; two animation frames later the commit's effects have run.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const w = window as unknown as Record<string, unknown>;
    const main = document.querySelector("#main") ?? document.body;
    // Between two documents (a navigation) there is no body yet: not hydrated, ask again.
    if (!main) return false;
    const claimed = Object.keys(main).some(
      (k) => k.startsWith("__reactFiber") || k.startsWith("__reactProps"),
    );
    return Boolean(
      w.__reactRouterContext && w.__reactRouterRouteModules && w.__reactRouterDataRouter && claimed,
    );
  });
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
      }),
  );
}

/**
 * Forms load their browser validation (zod and the form's schema) when the visitor first uses
 * them, not with the page (issue #11); until it has loaded, a submit goes to the server, which
 * answers with the same messages. For a test about the browser's own check: focuses `field` of
 * a form not used yet and waits until its validation is in. Schema modules are built as
 * /assets/…schema-<hash>.js; importing the same module here settles after the form's import,
 * and two frames later the form has re-rendered with it.
 */
export async function focusAndLoadValidation(page: Page, field: Locator): Promise<void> {
  const schema = validationLoaded(page);
  await field.focus();
  await schema;
}

/**
 * Resolves once a form's validation (its schema module) has been fetched, run, and the page
 * has rendered with it. Call before the interaction that loads it.
 */
export async function validationLoaded(page: Page): Promise<void> {
  const url = (await page.waitForResponse((r) => /\/assets\/[\w-]*schema-[\w-]+\.js$/.test(r.url()))).url();
  await page.evaluate(async (moduleUrl) => {
    await import(moduleUrl);
    await new Promise<void>((resolve) =>
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
    );
  }, url);
}

/* ------------------------------------------------------------------------------------------ */
/* Captured mail (a real SMTP sink started by serve.ts: E2E_DATA_DIR/smtp/*.json)              */
/* ------------------------------------------------------------------------------------------ */

/** One message as the SMTP sink received it (envelope recipients and sender). */
export type CapturedEmail = {
  file: string;
  to: string[];
  from: string;
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
  /** Its calendar invites (.ics text), if any. */
  calendars: string[];
};

export function mailDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run the tests through playwright.config.ts");
  return path.join(dir, "smtp");
}

/** Every captured email, oldest first (file names start with a timestamp and a counter). */
export function readEmails(): CapturedEmail[] {
  const dir = mailDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json") && !f.startsWith("."))
    .sort()
    .map((f) => {
      const mail = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as Omit<CapturedEmail, "file">;
      return { file: f, ...mail, replyTo: mail.replyTo ?? [], calendars: mail.calendars ?? [] };
    });
}

/** Polls the mail folder until an email matches, or fails after `timeout` ms. */
export async function waitForEmail(
  match: (mail: CapturedEmail) => boolean,
  { timeout = 15_000, message = "expected email" }: { timeout?: number; message?: string } = {},
): Promise<CapturedEmail> {
  let found: CapturedEmail | undefined;
  await expect
    .poll(
      () => {
        found = readEmails().find(match);
        return Boolean(found);
      },
      { timeout, message, intervals: [100, 250, 500] },
    )
    .toBe(true);
  return found!;
}

/** The first absolute link in an email's text body whose path is `pathname`. */
export function linkIn(mail: CapturedEmail, pathname: string): URL {
  for (const candidate of mail.text.match(/https?:\/\/\S+/g) ?? []) {
    const url = new URL(candidate);
    if (url.pathname === pathname) return url;
  }
  throw new Error(`No ${pathname} link in the email "${mail.subject}":\n${mail.text}`);
}

/* ------------------------------------------------------------------------------------------ */
/* Accounts                                                                                   */
/* ------------------------------------------------------------------------------------------ */

export type TestAccount = { name: string; email: string; password: string };

/**
 * A fresh mailbox per call: log-in failures are limited per address, and what we send to an
 * address is capped per mailbox (`ada+1@` and `ada+2@` are one mailbox: issue 32), so a +tag
 * would make every journey's "ada" share one day's cap.
 */
export function uniqueAccount(label: string, name = "Ada Lovelace"): TestAccount {
  const id = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  return { name, email: `${label}.${id}@example.com`, password: `Analytical-Engine-${id}!` };
}

export const VERIFY_EMAIL_SUBJECT = "Verify your email for GTA Connect";

/** Password hashing is deliberately slow (scrypt N=2^17): time for a step that hashes. */
export const HASHING = { timeout: 20_000 } as const;

/**
 * Signs up through /signup (full name, email, password, 18+ and terms ticked), waits for the
 * verification email in the SMTP sink and follows its link: the account is verified and the
 * page is signed in, on /account — or, from a sign-up page that carries a way back (`from`),
 * where that leads (`landsOn`). `hydrate: false` for pages without JavaScript.
 */
export async function signUpAndVerify(
  page: Page,
  account: TestAccount,
  {
    from = "/signup",
    landsOn = /\/account$/,
    hydrate = true,
  }: { from?: string; landsOn?: RegExp; hydrate?: boolean } = {},
): Promise<void> {
  await page.goto(from);
  if (hydrate) await waitForHydration(page);
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: /^Full name/ }).fill(account.name);
  await main.getByRole("textbox", { name: /^Email/ }).fill(account.email);
  await main.getByLabel(/^Password/).fill(account.password);
  await main.getByRole("checkbox", { name: /years of age or older/ }).check();
  await main.getByRole("checkbox", { name: /accept the Terms of Use/ }).check();
  await main.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/auth\/verify-sent$/, HASHING);
  const mail = await waitForEmail((m) => m.to.includes(account.email) && m.subject === VERIFY_EMAIL_SUBJECT, {
    message: `a verification email to ${account.email}`,
  });
  await page.goto(linkIn(mail, "/auth/verify").href);
  await expect(page).toHaveURL(landsOn, HASHING);
}

/* ------------------------------------------------------------------------------------------ */
/* Shared page expectations                                                                   */
/* ------------------------------------------------------------------------------------------ */

/** The notifications region, named in the page's language ("Notifications (F8)", "Notificaciones (F8)", …). */
export const NOTIFICATIONS = { name: /Notifica\S* \(F8\)/ } as const;

/* ------------------------------------------------------------------------------------------ */
/* Requests: dates, toasts, links and log-in (services and cars journeys)                     */
/* ------------------------------------------------------------------------------------------ */

/** A calendar date in Toronto as YYYY-MM-DD, `offsetDays` from today (the forms' "today"). */
export function torontoDate(offsetDays = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Toronto",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());
  return new Date(Date.parse(`${today}T12:00:00Z`) + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A move-in date for a sample listing: `offsetDays` after today or after the listing's available
 * date, whichever is later (the rent form refuses a day before the home is free: issue 51).
 */
export function moveInDate(listingId: string, offsetDays = 0): string {
  const available = HOME_LISTINGS.find((h) => h.id === listingId)?.availableFrom ?? "";
  const today = torontoDate(0);
  const base = available > today ? available : today;
  return new Date(Date.parse(`${base}T12:00:00Z`) + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/** A few random letters, to tell this run's names and messages apart from any other. */
export function randomLetters(length = 5): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
}

/**
 * The toast region ("Notifications (F8)") and its destructive toasts. While a modal dialog is
 * open the region sits behind it (aria-hidden; Radix announces each toast through its own live
 * region), so hidden regions are included.
 */
export function toastRegion(page: Page) {
  const region = page.getByRole("region", { ...NOTIFICATIONS, includeHidden: true });
  return { region, destructive: region.locator('[data-variant="destructive"]') };
}

/** Expects a toast with exactly this title and description (destructive when asked). */
export async function expectToast(
  page: Page,
  title: string,
  description: string,
  { destructive = false }: { destructive?: boolean } = {},
): Promise<void> {
  const { region, destructive: bad } = toastRegion(page);
  const scope = destructive ? bad : region;
  await expect(scope.getByText(title, { exact: true })).toBeVisible();
  await expect(scope.getByText(description, { exact: true })).toBeVisible();
}

/** The first absolute link in an email's text body whose path starts with `prefix`. */
export function linkStartingWith(mail: CapturedEmail, prefix: string): URL {
  for (const candidate of mail.text.match(/https?:\/\/\S+/g) ?? []) {
    const url = new URL(candidate);
    if (url.pathname.startsWith(prefix)) return url;
  }
  throw new Error(`No ${prefix}… link in the email "${mail.subject}":\n${mail.text}`);
}

/** Fills and submits the log-in form on the current /auth/login page (hydrates first). */
export async function submitLogInForm(
  page: Page,
  account: Pick<TestAccount, "email" | "password">,
): Promise<void> {
  await waitForHydration(page);
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: /^Email/ }).fill(account.email);
  await main.getByLabel(/^Password/).fill(account.password);
  await main.getByRole("button", { name: "Log In", exact: true }).click();
}

/** Operator notifications (to OPERATOR_EMAIL in playwright.config.ts). */
export const OPERATOR_EMAIL = "operator@example.test";

/** The e2e server's admin account (playwright.config.ts webServer env). */
export const ADMIN: TestAccount = {
  name: "Admin",
  email: "admin@example.test",
  password: "correct horse battery staple",
};

/** Escapes text for use inside a RegExp. */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A form control by its visible label, with or without the required mark (" *"). */
export const labelled = (text: string) => new RegExp(`^${escapeRegExp(text)}( \\*)?$`);

/* ------------------------------------------------------------------------------------------ */
/* Phones and layout (homes journeys)                                                         */
/* ------------------------------------------------------------------------------------------ */

/** The mobile project's phone: 390×844, touch. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

type PageContext = ReturnType<Page["context"]>;

/**
 * A page in a new phone-sized context (390×844, touch) on the tests' server (`baseURL`, the
 * fixture), optionally with another context's cookies (a signed-in session). Close it with
 * `page.context().close()`.
 */
export async function newPhonePage(
  browser: NonNullable<ReturnType<PageContext["browser"]>>,
  baseURL: string | undefined,
  storageState?: Awaited<ReturnType<PageContext["storageState"]>>,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...PHONE, storageState });
  return context.newPage();
}

/** The page does not scroll sideways: the document is no wider than the viewport. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  const where = `no horizontal scroll at ${clientWidth} px on ${page.url()}`;
  expect(scrollWidth, where).toBeLessThanOrEqual(clientWidth);
}

/* ------------------------------------------------------------------------------------------ */
/* Without JavaScript (plain form posts)                                                      */
/* ------------------------------------------------------------------------------------------ */

/**
 * Clicks a submit button on a page without JavaScript: the browser posts the form as a
 * document. Waits for the answer to that post and for the page it leads to; returns the post's
 * status (a redirect after success, a 4xx for refused input).
 */
export async function postByClick(page: Page, button: Locator): Promise<number> {
  const answer = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.request().resourceType() === "document",
  );
  await button.click();
  const status = (await answer).status();
  await page.waitForLoadState();
  return status;
}

/** A rendered page with its shell and a main heading: not raw JSON, not a blank document. */
export async function expectRenderedPage(page: Page): Promise<void> {
  await expect(page.locator("body")).not.toHaveText(/^\s*[[{]/);
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
}

/** A control shows its own message: aria-invalid and the message as its accessible description. */
export async function expectFieldError(control: Locator, message: string): Promise<void> {
  await expect(control).toHaveAttribute("aria-invalid", "true");
  await expect(control).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
}
