import { describe, expect, it } from "vitest";
import {
  GOVERNING_LAW,
  LIABILITY_CAP_TEXT,
  LISTING_REVIEW_TIME,
  MAX_PROVIDER_SERVICES,
  MIN_AGE,
  POLICIES_EFFECTIVE_DATE_TEXT,
  PROVIDER_REVIEW_TIME,
  REJECTED_DOCUMENT_RETENTION_DAYS,
} from "../site/constants";
import {
  LEGAL_SLUGS,
  TEMPLATE_NOTICE,
  getLegalDocument,
  getLegalDocuments,
  type LegalContext,
  type LegalDocument,
} from "./documents";

const ctx: LegalContext = { brand: "Acme Test", supportEmail: "help@acme.test" };

/** Every visible string of a document, joined, so assertions see exactly what readers see. */
function allText(doc: LegalDocument): string {
  const parts = [doc.title, doc.summary];
  for (const section of doc.sections) {
    parts.push(section.heading);
    for (const block of section.blocks) {
      if (block.kind === "p") parts.push(block.text);
      else parts.push(...block.items);
    }
  }
  return parts.join("\n");
}

function doc(slug: (typeof LEGAL_SLUGS)[number]): LegalDocument {
  const found = getLegalDocument(slug, ctx);
  if (!found) throw new Error(`missing document ${slug}`);
  return found;
}

describe("legal documents", () => {
  it("provides the four documents, in slug order, with their titles", () => {
    const docs = getLegalDocuments(ctx);
    expect(docs.map((d) => d.slug)).toEqual([...LEGAL_SLUGS]);
    expect(docs.map((d) => d.title)).toEqual([
      "Terms of Use",
      "Privacy Policy",
      "Reviews Policy",
      "Provider Guidelines",
    ]);
    for (const d of docs) expect(d.summary.length).toBeGreaterThan(20);
  });

  it("looks documents up by slug and returns undefined for unknown slugs", () => {
    expect(getLegalDocument("privacy", ctx)?.title).toBe("Privacy Policy");
    expect(getLegalDocument("cookies", ctx)).toBeUndefined();
  });

  it("has the section counts the spec fixes", () => {
    expect(doc("terms").sections).toHaveLength(14);
    expect(doc("privacy").sections).toHaveLength(10);
    expect(doc("reviews-policy").sections.length).toBeGreaterThanOrEqual(5);
    expect(doc("reviews-policy").sections.length).toBeLessThanOrEqual(8);
    expect(doc("provider-guidelines").sections.length).toBeGreaterThanOrEqual(6);
    expect(doc("provider-guidelines").sections.length).toBeLessThanOrEqual(10);
  });

  it("uses unique kebab-case section ids, unnumbered headings and non-empty blocks", () => {
    for (const d of getLegalDocuments(ctx)) {
      const ids = d.sections.map((s) => s.id);
      expect(new Set(ids).size, d.slug).toBe(ids.length);
      for (const s of d.sections) {
        expect(s.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(s.heading).not.toMatch(/^\s*\d/);
        expect(s.blocks.length, `${d.slug}#${s.id}`).toBeGreaterThan(0);
        for (const b of s.blocks) {
          if (b.kind === "p") expect(b.text.trim()).not.toBe("");
          else {
            expect(b.items.length).toBeGreaterThan(0);
            for (const item of b.items) expect(item.trim()).not.toBe("");
          }
        }
      }
    }
  });

  it("keeps text plain, filled in and under the length budget", () => {
    for (const d of getLegalDocuments(ctx)) {
      const text = allText(d);
      expect(text, d.slug).not.toMatch(/undefined|null|NaN|\[object|\$\{|[<>*#]/);
      expect(text.split(/\s+/).length, d.slug).toBeLessThan(2500);
    }
  });

  it("leaves the effective date and template notice to the page", () => {
    for (const d of getLegalDocuments(ctx)) {
      const text = allText(d);
      expect(text).not.toContain(POLICIES_EFFECTIVE_DATE_TEXT);
      expect(text).not.toContain(TEMPLATE_NOTICE);
    }
    expect(TEMPLATE_NOTICE).toMatch(/template/i);
    expect(TEMPLATE_NOTICE).toMatch(/not legal advice/i);
  });

  it("states eligibility, the liability cap, governing law and listing review time in the terms", () => {
    const text = allText(doc("terms"));
    expect(text).toContain(`${MIN_AGE} years old`);
    expect(text).toContain(GOVERNING_LAW);
    expect(text).toContain(`limited to ${LIABILITY_CAP_TEXT}.`);
    expect(text).toContain(LISTING_REVIEW_TIME);
    expect(text).toMatch(/nothing is charged on the site/i);
    expect(text).toMatch(/confirm the booking or introduction by email/i);
  });

  it("lists exactly the data items the spec names in the privacy policy", () => {
    const text = allText(doc("privacy"));
    const items = [
      // account data
      "name",
      "email",
      "phone",
      "password hash",
      "language",
      "city/area",
      // booking data
      "service type",
      "location",
      "preferred time",
      "notes",
      // provider data
      "business details",
      "categories",
      "portfolio links",
      "availability",
      "verification documents",
      // reviews
      "star rating",
      "short comment",
      "optional photos",
    ];
    for (const item of items) expect(text, item).toContain(item);
    expect(text).toContain("session cookie");
    expect(text).toContain("language cookie");
    expect(text).toContain("within 30 days");
    expect(text).toContain(`under ${MIN_AGE}`);
    expect(text).toContain(ctx.supportEmail);
  });

  it("states how long rejected applications' documents are kept", () => {
    expect(allText(doc("privacy"))).toContain(`deleted ${REJECTED_DOCUMENT_RETENTION_DAYS} days after the decision`);
  });

  it("quotes the provider limits and review time in the provider guidelines", () => {
    const text = allText(doc("provider-guidelines"));
    expect(text).toContain(PROVIDER_REVIEW_TIME);
    expect(text).toContain(`up to ${MAX_PROVIDER_SERVICES} services`);
    expect(text).toContain("PNG, JPG or PDF files under 10 MB");
    expect(text).toContain("Plumbing: Trade/Plumber License");
    expect(text).toContain("HVAC: HVAC Technician License");
  });

  it("covers the rules the product enforces in the reviews policy", () => {
    const text = allText(doc("reviews-policy"));
    expect(text).toContain("star rating from 1 to 5");
    expect(text).toMatch(/held for moderation before publication/);
    expect(text).toContain(ctx.supportEmail);
  });

  it("uses the brand from the context and never a hard-coded product name", () => {
    for (const d of getLegalDocuments(ctx)) {
      const text = allText(d);
      expect(text).not.toContain("GTA Connect");
    }
    expect(allText(doc("terms"))).toContain("Acme Test");
    expect(allText(doc("privacy"))).toContain("Acme Test");
    const other = getLegalDocuments({ brand: "Other Brand", supportEmail: "x@y.test" });
    for (const d of other) expect(allText(d)).toContain("Other Brand");
  });
});
