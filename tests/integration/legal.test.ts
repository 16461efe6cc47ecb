import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  GOVERNING_LAW,
  LIABILITY_CAP_TEXT,
  LISTING_REVIEW_TIME,
  MIN_AGE,
  POSTAL_ADDRESS,
  PROVIDER_REVIEW_TIME,
} from "~/modules/site/constants";
import { effectiveDateText } from "~/modules/legal/localized";
import { effectiveDateOf } from "~/modules/legal/versions";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase } from "../support/databases";
import { pageHtml } from "../support/html";

const DOCS = ["terms", "privacy", "reviews-policy", "provider-guidelines"] as const;
// React escapes apostrophes and ampersands in text.
const html = (s: string) => s.replace(/&/g, "&amp;").replace(/'/g, "&#x27;");

describe("Legal Center documents, as served", () => {
  let server: AppServer;
  const pages = new Map<string, string>();

  beforeAll(async () => {
    const database = await createTestDatabase("sqlite");
    server = await startAppServer({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, OPERATOR_EMAIL: "support@example.test" });
    for (const slug of DOCS) {
      const res = await fetch(`${server.url}/legal/${slug}`);
      expect(res.status).toBe(200);
      pages.set(slug, await pageHtml(res));
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each(DOCS)("%s: effective date, template notice, contact block, heading outline", (slug) => {
    const page = pages.get(slug)!;
    expect(page).toContain(`Effective ${effectiveDateText("en-US", effectiveDateOf(slug))}`);
    expect(page).toContain(`<time dateTime="${effectiveDateOf(slug)}">`);
    expect(page).toContain("is a template");
    expect(page).toContain("not legal advice");
    expect(page).toContain('href="mailto:support@example.test"');
    for (const line of POSTAL_ADDRESS) expect(page).toContain(html(line));
    expect(page).toMatch(/Ontario/);
    const levels = [...page.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
    expect(levels[0]).toBe(1);
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    levels.forEach((level, i) => i > 0 && expect(level).toBeLessThanOrEqual(levels[i - 1]! + 1));
  });

  it("terms: 14 sections with a working table of contents, 18+, the liability cap, governing law", () => {
    const page = pages.get("terms")!;
    const anchors = [...page.matchAll(/<a href="#([a-z0-9-]+)"/g)].map((m) => m[1]).filter((id) => id !== "doc-title" && id !== "main");
    expect(anchors).toHaveLength(14);
    for (const id of anchors) expect(page).toContain(`id="${id}"`);
    expect(page).toContain(`${MIN_AGE}`);
    expect(page).toContain(html(LIABILITY_CAP_TEXT));
    expect(page).toContain(GOVERNING_LAW);
    expect(page).toContain(LISTING_REVIEW_TIME);
  });

  it("privacy: 10 sections naming exactly the data the spec lists", () => {
    const page = pages.get("privacy")!;
    expect([...page.matchAll(/<a href="#([a-z0-9-]+)"/g)].filter((m) => m[1] !== "doc-title" && m[1] !== "main")).toHaveLength(10);
    for (const item of ["password hash", "language", "city/area", "service type", "preferred time and date", "business details", "portfolio links", "availability", "verification documents", "star rating", "short comment", "optional photos"]) {
      expect(page.toLowerCase()).toContain(item);
    }
  });

  it("provider guidelines quote the one review-time constant, and no other figure", () => {
    const page = pages.get("provider-guidelines")!;
    expect(page).toContain(PROVIDER_REVIEW_TIME);
    const figures = new Set([...page.matchAll(/(\d+\s*[–-]\s*\d+) business days/g)].map((m) => m[1]!.replace(/\s/g, "")));
    expect([...figures]).toEqual([PROVIDER_REVIEW_TIME.replace(" business days", "")]);
  });
});
