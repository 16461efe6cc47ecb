import { expect, test, type Page } from "./fixtures";
import { waitForHydration } from "./support";

/**
 * Legal Center (spec core.md §2 Legal Center, §9): four documents, effective September 25,
 * 2025, each a template (not legal advice) with a table of contents and a contact block with
 * an Ontario, Canada address. Terms: 14 sections; Privacy: 10.
 */

const DOCS = [
  { slug: "terms", title: "Terms of Use", sections: 14, effective: ["September 25, 2025", "2025-09-25"] },
  // Its data-rights and retention sections (issue 28) took effect later: ADR 26.
  { slug: "privacy", title: "Privacy Policy", sections: 10, effective: ["November 27, 2026", "2026-11-27"] },
  { slug: "reviews-policy", title: "Reviews Policy", sections: undefined, effective: ["September 25, 2025", "2025-09-25"] },
  { slug: "provider-guidelines", title: "Provider Guidelines", sections: undefined, effective: ["September 25, 2025", "2025-09-25"] },
] as const;

/** Heading levels (1–6) in document order, including visually hidden headings. */
async function headingLevels(page: Page): Promise<{ level: number; text: string }[]> {
  return page
    .locator("h1, h2, h3, h4, h5, h6")
    .evaluateAll((els) =>
      els.map((el) => ({ level: Number(el.tagName.slice(1)), text: el.textContent?.trim() ?? "" })),
    );
}

async function expectHeadingOutline(page: Page) {
  const headings = await headingLevels(page);
  expect(headings.length).toBeGreaterThan(0);
  expect(headings[0], "the first heading is the page's h1").toMatchObject({ level: 1 });
  for (let i = 1; i < headings.length; i++) {
    const prev = headings[i - 1]!;
    const cur = headings[i]!;
    expect(
      cur.level,
      `heading "${cur.text}" (h${cur.level}) follows "${prev.text}" (h${prev.level}) and skips a level`,
    ).toBeLessThanOrEqual(prev.level + 1);
  }
}

test("the Legal Center links to the four documents", async ({ page }) => {
  await page.goto("/legal");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Legal Center" })).toBeVisible();
  const cards = main.getByRole("listitem");
  await expect(cards).toHaveCount(4);
  for (const [i, doc] of DOCS.entries()) {
    const card = cards.nth(i);
    await expect(card.getByRole("heading", { level: 2 })).toHaveText(doc.title);
    await expect(card.getByText(`Effective ${doc.effective[0]}`)).toBeVisible();
    await expect(card.getByRole("link", { name: `Read the ${doc.title}` })).toHaveAttribute(
      "href",
      `/legal/${doc.slug}`,
    );
  }
  await expectHeadingOutline(page);

  // The cards really lead to the documents.
  await main.getByRole("link", { name: "Read the Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/legal\/privacy$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
});

for (const doc of DOCS) {
  test.describe(`${doc.title} (/legal/${doc.slug})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.goto(`/legal/${doc.slug}`);
    });

    test("shows the date, the template notice, numbered sections and the contact block", async ({ page }) => {
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(doc.title);
      await expect(main.getByText(`Effective ${doc.effective[0]}`, { exact: true })).toBeVisible();
      await expect(main.locator("time")).toHaveAttribute("datetime", doc.effective[1]);

      const notice = main.getByRole("note");
      await expect(notice).toContainText("template");
      await expect(notice).toContainText("not legal advice");

      const sectionHeadings = main.getByRole("heading", { level: 2, name: /^\d+\. / });
      const count = await sectionHeadings.count();
      if (doc.sections !== undefined) expect(count, "number of sections").toBe(doc.sections);
      expect(count).toBeGreaterThan(0);
      const texts = await sectionHeadings.allTextContents();
      texts.forEach((text, i) => expect(text.trim()).toMatch(new RegExp(`^${i + 1}\\. \\S`)));

      const contact = main.getByRole("region", { name: "Contact", exact: true });
      await expect(contact).toBeVisible();
      const mail = contact.getByRole("link", { name: /@/ });
      await expect(mail).toHaveAttribute("href", /^mailto:[^@\s]+@[^@\s]+$/);
      const address = contact.locator("address");
      await expect(address).toContainText("Ontario");
      await expect(address).toContainText("Canada");

      await expectHeadingOutline(page);
    });

    test("every table-of-contents entry jumps to its section", async ({ page }) => {
      await waitForHydration(page);
      const main = page.getByRole("main");
      const toc = main.getByRole("navigation", { name: "Contents" });
      const links = toc.getByRole("link");
      const sectionHeadings = main.getByRole("heading", { level: 2, name: /^\d+\. / });
      const total = await sectionHeadings.count();
      if (doc.sections !== undefined) expect(total).toBe(doc.sections);
      await expect(links).toHaveCount(total);

      const headerHeight = (await page.getByRole("banner").boundingBox())!.height;
      for (let i = 0; i < total; i++) {
        const link = links.nth(i);
        const href = await link.getAttribute("href");
        expect(href, `TOC entry ${i + 1} is an in-page anchor`).toMatch(/^#[\w-]+$/);
        const linkText = (await link.textContent())!.trim();

        await link.click();
        await expect(page).toHaveURL(new RegExp(`${href}$`));
        const target = page.locator(href!);
        await expect(target, `${href} is the h2 of section ${i + 1}`).toHaveJSProperty("tagName", "H2");
        await expect(target).toHaveText(`${i + 1}. ${linkText}`);
        await expect(target).toBeInViewport();
        // Not hidden under the sticky header.
        const box = (await target.boundingBox())!;
        expect(box.y, `${href} lands below the sticky header`).toBeGreaterThanOrEqual(headerHeight - 1);
        // The page really jumped: the section starts near the top, unless the page cannot
        // scroll any further (the last sections).
        const { viewportHeight, atBottom } = await page.evaluate(() => ({
          viewportHeight: window.innerHeight,
          atBottom:
            Math.ceil(window.scrollY + window.innerHeight) >= document.scrollingElement!.scrollHeight - 1,
        }));
        if (!atBottom) expect(box.y, `${href} is scrolled to the top`).toBeLessThan(viewportHeight / 3);
      }
    });
  });
}
