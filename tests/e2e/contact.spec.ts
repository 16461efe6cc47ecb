import { expect, test, type Page, type Request } from "./fixtures";
import {
  expectNoSeriousA11yViolations,
  focusAndLoadValidation,
  NOTIFICATIONS,
  readEmails,
  validationLoaded,
  waitForEmail,
  waitForHydration,
} from "./support";

/**
 * Contact journey (spec core.md §2 /contact, §4 contact form, §5 validation; docs/architecture.md, departures from the spec: the
 * message is stored and emailed to OPERATOR_EMAIL with the subject "[Contact] {subject} – {name}").
 */

const OPERATOR = "operator@example.test";

function contactForm(page: Page) {
  const form = page.getByRole("region", { name: "Send a message" });
  return {
    name: form.getByRole("textbox", { name: /^Name\b/ }),
    email: form.getByRole("textbox", { name: /^Email\b/ }),
    subject: form.getByRole("textbox", { name: /^Subject\b/ }),
    message: form.getByRole("textbox", { name: /^Message\b/ }),
    send: form.getByRole("button", { name: "Send Message" }),
  };
}

function uniqueMessage(label: string) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: `Ada Lovelace ${id}`,
    email: `ada.${id}@example.com`,
    subject: `${label} ${id}`,
    message: `Hello from the ${label} e2e journey (${id}).\nSecond line with accents: café, déjà vu.`,
  };
}

/** Records form posts the page makes (document or fetch), to prove nothing was sent. */
function recordPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r);
  });
  return posts;
}

test.describe("with JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
  });

  test("an empty form shows each field's error, tied to its input, and sends nothing", async ({ page }) => {
    const f = contactForm(page);
    // The form's first use loads its validation (issue #11); from then on the browser checks it.
    await focusAndLoadValidation(page, f.name);
    const posts = recordPosts(page);
    const mailBefore = readEmails().length;

    await f.send.click();

    const expected: [keyof typeof f, string][] = [
      ["name", "Name is required."],
      ["email", "Email is required."],
      ["subject", "Subject is required."],
      ["message", "Message is required."],
    ];
    for (const [key, text] of expected) {
      const input = f[key];
      await expect(page.getByText(text, { exact: true })).toBeVisible();
      await expect(input).toHaveAttribute("aria-invalid", "true");
      // aria-describedby points at the element carrying the message.
      await expect(input).toHaveAccessibleDescription(text);
    }

    await expect(page).toHaveURL(/\/contact$/);
    expect(
      posts.map((r) => r.url()),
      "no request is sent for an invalid form",
    ).toEqual([]);
    await expect(page.getByRole("region", NOTIFICATIONS).getByText("Message Sent!")).toHaveCount(0);
    expect(readEmails().length).toBe(mailBefore);
    // The error state is accessible too.
    await expectNoSeriousA11yViolations(page);
  });

  test("the form's code loads when the visitor reaches for it, keeping what was typed before", async ({
    page,
  }) => {
    // A fresh page: the one in beforeEach may have been reached for already (pointer position).
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await page.goto("/contact");
    await waitForHydration(page);
    const formCode = (path: string) => /\/(contact-form|use-zod-form)-[\w-]+\.js$/.test(path);
    expect(scripts.filter(formCode), "the form's code is not part of the page's first visit").toEqual([]);

    const f = contactForm(page);
    // Typing starts at once; the form's code, then its validation (the focus is in the form
    // when it hydrates) load meanwhile.
    const loaded = page.waitForResponse((r) => /\/contact-form-[\w-]+\.js$/.test(r.url()));
    const validation = validationLoaded(page);
    await f.name.focus();
    await page.keyboard.type("Ada", { delay: 20 });
    await loaded;
    await validation;
    await expect(f.name).toHaveValue("Ada");
    // Hydrated: the browser checks the form now (no request for an invalid one).
    const posts = recordPosts(page);
    await f.send.click();
    await expect(f.email).toHaveAccessibleDescription("Email is required.");
    await expect(f.name).not.toHaveAttribute("aria-invalid", "true");
    expect(posts).toEqual([]);
  });

  test("submitted before its validation has loaded, an empty form gets the same messages from the server", async ({
    page,
  }) => {
    const f = contactForm(page);
    const posts = recordPosts(page);
    const mailBefore = readEmails().length;

    // Untouched: the click itself starts loading the validation, and the first submit is the server's to check.
    await f.send.click();

    for (const [input, text] of [
      [f.name, "Name is required."],
      [f.email, "Email is required."],
      [f.subject, "Subject is required."],
      [f.message, "Message is required."],
    ] as const) {
      await expect(input).toHaveAccessibleDescription(text);
      await expect(input).toHaveAttribute("aria-invalid", "true");
    }
    await expect(page).toHaveURL(/\/contact$/);
    expect(posts.length, "at most the one submit reached the server").toBeLessThanOrEqual(1);
    await expect(page.getByRole("region", NOTIFICATIONS).getByText("Message Sent!")).toHaveCount(0);
    expect(readEmails().length).toBe(mailBefore);

    // The validation is in now: typing clears a message at once, without a request.
    const before = posts.length;
    await f.name.fill("Ada");
    await expect(f.name).not.toHaveAttribute("aria-invalid", "true");
    expect(posts.length).toBe(before);
  });

  test("the server's reply to a form posted before its code arrived puts focus on the first field in error", async ({ page }) => {
    // The form's code held back (a slow line): the click posts the server's plain form, and the
    // page that comes back carries the errors. Focus goes where the form's own check would put it.
    await page.route(/\/(contact-form|use-zod-form)-[\w-]+\.js$/, () => undefined);
    await page.goto("/contact");
    await waitForHydration(page);
    const f = contactForm(page);
    const reply = page.waitForResponse((r) => r.request().method() === "POST" && r.request().resourceType() === "document");
    await f.subject.fill("Only the subject");
    await f.send.click();
    expect((await reply).status()).toBe(400);
    await expect(f.name).toHaveAttribute("aria-invalid", "true");
    await expect(f.name).toBeFocused();
    await expect(f.name).toHaveAccessibleDescription("Name is required.");
    // What the person had typed is kept, and that field is not the one in error.
    await expect(f.subject).toHaveValue("Only the subject");
  });

  test("a malformed email is rejected with 'Please enter a valid email.'", async ({ page }) => {
    const f = contactForm(page);
    await focusAndLoadValidation(page, f.name);
    const posts = recordPosts(page);
    const m = uniqueMessage("Bad email");
    await f.name.fill(m.name);
    await f.email.fill("not-an-email");
    await f.subject.fill(m.subject);
    await f.message.fill(m.message);
    await f.send.click();

    await expect(f.email).toHaveAccessibleDescription("Please enter a valid email.");
    await expect(f.email).toHaveAttribute("aria-invalid", "true");
    for (const other of [f.name, f.subject, f.message]) {
      await expect(other).not.toHaveAttribute("aria-invalid", "true");
    }
    expect(posts, "no request is sent for an invalid form").toEqual([]);

    // Correcting the value clears the message as the visitor types.
    await f.email.fill(m.email);
    await expect(page.getByText("Please enter a valid email.")).toHaveCount(0);
  });

  test("a valid message shows the toast, resets the form and emails the operator", async ({ page }) => {
    const f = contactForm(page);
    const m = uniqueMessage("Question");
    await f.name.fill(m.name);
    await f.email.fill(m.email);
    await f.subject.fill(m.subject);
    await f.message.fill(m.message);
    await f.send.click();

    const notifications = page.getByRole("region", NOTIFICATIONS);
    await expect(notifications.getByText("Message Sent!", { exact: true })).toBeVisible();
    await expect(
      notifications.getByText("Thank you for your message. We will get back to you via email shortly.", {
        exact: true,
      }),
    ).toBeVisible();

    for (const input of [f.name, f.email, f.subject, f.message]) {
      await expect(input).toHaveValue("");
    }
    await expect(page).toHaveURL(/\/contact$/);

    const mail = await waitForEmail((e) => e.subject === `[Contact] ${m.subject} – ${m.name}`, {
      message: `an email with subject "[Contact] ${m.subject} – ${m.name}"`,
    });
    expect(mail.to).toContain(OPERATOR);
    expect(mail.replyTo).toContain(m.email);
    expect(mail.text).toContain(`Name: ${m.name}`);
    expect(mail.text).toContain(`Email: ${m.email}`);
    expect(mail.text).toContain(`Subject: ${m.subject}`);
    expect(mail.text).toContain("Second line with accents: café, déjà vu.");

    // The sender keeps a reference on the page (the toast fades) and gets it by email too.
    const receipt = page.getByRole("region", { name: "Message Sent!" });
    await expect(receipt).toContainText(/Your reference: GTA-[2-9A-Z]{6}/);
    const reference = (await receipt.textContent())!.match(/GTA-[2-9A-Z]{6}/)![0];
    const confirmation = await waitForEmail(
      (e) => e.to.includes(m.email) && e.subject === `We received your request — ${reference}`,
    );
    expect(confirmation.text).toContain(
      "Thank you for your message. We will get back to you via email shortly.",
    );
    // The page with its toast showing is accessible.
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a valid message is sent and the visitor comes back to /contact", async ({ page }) => {
    await page.goto("/contact");
    const f = contactForm(page);
    const m = uniqueMessage("No-JS question");
    await f.name.fill(m.name);
    await f.email.fill(m.email);
    await f.subject.fill(m.subject);
    await f.message.fill(m.message);

    const postResponse = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().endsWith("/contact"),
    );
    await f.send.click();
    const response = await postResponse;
    expect(response.status(), "the action redirects after a successful send").toBe(302);
    await page.waitForLoadState();

    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1, name: "Contact us" })).toBeVisible();
    for (const input of [f.name, f.email, f.subject, f.message]) {
      await expect(input).toHaveValue("");
    }

    const mail = await waitForEmail((e) => e.subject === `[Contact] ${m.subject} – ${m.name}`, {
      message: `an email with subject "[Contact] ${m.subject} – ${m.name}"`,
    });
    expect(mail.to).toContain(OPERATOR);
  });

  test("the visitor is told the message was sent", async ({ page }) => {
    await page.goto("/contact");
    const f = contactForm(page);
    const m = uniqueMessage("No-JS confirmation");
    await f.name.fill(m.name);
    await f.email.fill(m.email);
    await f.subject.fill(m.subject);
    await f.message.fill(m.message);
    await f.send.click();
    await page.waitForLoadState();

    await expect(page).toHaveURL(/\/contact$/);
    // The toast cannot animate without JavaScript, but the confirmation must still be shown.
    const status = page.getByRole("status");
    await expect(status.getByText("Message Sent!", { exact: true })).toBeVisible();
    await expect(
      status.getByText("Thank you for your message. We will get back to you via email shortly.", {
        exact: true,
      }),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Message Sent!" })).toContainText(
      /Your reference: GTA-[2-9A-Z]{6}/,
    );
  });

  test("the server rejects a malformed email and shows the error on the page", async ({ page }) => {
    await page.goto("/contact");
    const f = contactForm(page);
    const m = uniqueMessage("No-JS bad email");
    const mailBefore = readEmails().length;
    await f.name.fill(m.name);
    await f.email.fill("not-an-email");
    await f.subject.fill(m.subject);
    await f.message.fill(m.message);

    const postResponse = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().endsWith("/contact"),
    );
    await f.send.click();
    expect((await postResponse).status(), "bad input is a 4xx, never a 500").toBe(400);
    await page.waitForLoadState();

    await expect(page.getByText("Please enter a valid email.", { exact: true })).toBeVisible();
    await expect(f.email).toHaveAccessibleDescription("Please enter a valid email.");
    await expect(f.email).toHaveAttribute("aria-invalid", "true");
    // What the visitor typed is kept, so they only fix the one field.
    await expect(f.name).toHaveValue(m.name);
    await expect(f.subject).toHaveValue(m.subject);
    await expect(f.email).toHaveValue("not-an-email");
    expect(readEmails().some((e) => e.subject.includes(m.subject))).toBe(false);
    expect(readEmails().length).toBeGreaterThanOrEqual(mailBefore);
  });
});
