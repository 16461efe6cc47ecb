import { describe, expect, it } from "vitest";
import {
  GOVERNING_LAW,
  LIABILITY_CAP_TEXT,
  LISTING_REVIEW_TIME,
  MAX_LISTING_PHOTOS,
  MAX_PROVIDER_SERVICES,
  MIN_AGE,
  POLICIES_EFFECTIVE_DATE_TEXT,
  PROVIDER_REVIEW_TIME,
} from "../site/constants";
import { getLegalDocuments, type LegalContext, type LegalDocument, TEMPLATE_NOTICE } from "./documents";
import { FIGURES as ES } from "./documents.es";
import { FIGURES as FR } from "./documents.fr-CA";
import { FIGURES as PT } from "./documents.pt-BR";
import { effectiveDateText, getLocalizedLegalDocument, getLocalizedLegalDocuments } from "./localized";
import { en } from "~/lib/i18n/messages/en";
import { es } from "~/lib/i18n/messages/es";
import { frCA } from "~/lib/i18n/messages/fr-CA";
import { ptBR } from "~/lib/i18n/messages/pt-BR";

const ctx: LegalContext = { brand: "Acme Test", supportEmail: "help@acme.test" };
const english = getLegalDocuments(ctx);

function allText(doc: LegalDocument): string {
  const parts = [doc.title, doc.summary, doc.translationNotice ?? ""];
  for (const section of doc.sections) {
    parts.push(section.heading);
    for (const block of section.blocks) parts.push(...(block.kind === "p" ? [block.text] : block.items));
  }
  return parts.join("\n");
}
const numbers = (text: string) => text.match(/\d+/g) ?? [];

const TRANSLATIONS = [
  { locale: "es", figures: ES, english: /versión en inglés/, date: "25 de septiembre de 2025", catalogue: es },
  { locale: "fr-CA", figures: FR, english: /version anglaise prévaut/, date: "25 septembre 2025", catalogue: frCA },
  { locale: "pt-BR", figures: PT, english: /versão em inglês/, date: "25 de setembro de 2025", catalogue: ptBR },
] as const;

describe("the Legal Center in English", () => {
  it("is the original: the same documents and notice, with no translation notice", () => {
    const legal = getLocalizedLegalDocuments("en-US", ctx);
    expect(legal).toEqual({ contentLocale: "en-US", documents: english, notice: TEMPLATE_NOTICE });
    for (const doc of legal.documents) expect(doc.translationNotice).toBeUndefined();
    expect(effectiveDateText("en-US")).toBe(POLICIES_EFFECTIVE_DATE_TEXT);
    expect(en["provider.reviewTime"]).toBe(PROVIDER_REVIEW_TIME);
  });

  it("looks documents up by slug in any locale, and not unknown slugs", () => {
    expect(getLocalizedLegalDocument("privacy", "en-US", ctx)?.doc.title).toBe("Privacy Policy");
    expect(getLocalizedLegalDocument("privacy", "fr-CA", ctx)).toMatchObject({
      contentLocale: "fr-CA",
      doc: { title: "Politique de confidentialité" },
    });
    expect(getLocalizedLegalDocument("cookies", "es", ctx)).toBeUndefined();
  });
});

describe.each(TRANSLATIONS)("the Legal Center in $locale", ({ locale, figures, english: prevails, date, catalogue }) => {
  const legal = getLocalizedLegalDocuments(locale, ctx);

  it("is in its language, with a translated template notice", () => {
    expect(legal.contentLocale).toBe(locale);
    expect(legal.notice).not.toBe(TEMPLATE_NOTICE);
    expect(legal.notice.length).toBeGreaterThan(60);
  });

  it("states at the top of every document that the English version prevails", () => {
    for (const doc of legal.documents) expect(doc.translationNotice, doc.slug).toMatch(prevails);
  });

  it("has the English documents' slugs, sections, ids and shape, every text translated", () => {
    expect(legal.documents.map((d) => d.slug)).toEqual(english.map((d) => d.slug));
    legal.documents.forEach((doc, i) => {
      const original = english[i]!;
      expect(doc.title).not.toBe(original.title);
      expect(doc.summary).not.toBe(original.summary);
      expect(doc.sections.map((s) => s.id)).toEqual(original.sections.map((s) => s.id));
      doc.sections.forEach((section, j) => {
        const source = original.sections[j]!;
        expect(section.heading, section.id).not.toBe(source.heading);
        expect(section.blocks.map((b) => (b.kind === "p" ? "p" : b.items.length)), section.id).toEqual(
          source.blocks.map((b) => (b.kind === "p" ? "p" : b.items.length)),
        );
        section.blocks.forEach((block, k) => {
          const from = source.blocks[k]!;
          const texts = block.kind === "p" ? [block.text] : block.items;
          const sources = from.kind === "p" ? [from.text] : from.items;
          texts.forEach((text, n) => {
            expect(text.trim(), `${section.id} ${k}.${n}`).not.toBe("");
            expect(text, `${section.id} ${k}.${n}`).not.toBe(sources[n]);
            // The same figures (ages, limits, days, e-mail addresses) in the same places.
            expect(numbers(text).sort(), `${section.id} ${k}.${n}`).toEqual(numbers(sources[n]!).sort());
          });
        });
      });
    });
  });

  it("keeps text plain, filled in and within a reading budget", () => {
    for (const doc of legal.documents) {
      const text = allText(doc);
      expect(text, doc.slug).not.toMatch(/undefined|null|NaN|\[object|\$\{|[<>*#]/);
      expect(text.split(/\s+/).length, doc.slug).toBeLessThan(3000);
      expect(text, doc.slug).toContain(ctx.brand);
      expect(text, doc.slug).not.toContain("GTA Connect");
    }
  });

  it("quotes the site's figures, written in its language", () => {
    expect(numbers(figures.providerReviewTime)).toEqual(numbers(PROVIDER_REVIEW_TIME));
    // The provider pages quote the same review time as the Guidelines, in the same words.
    expect(catalogue["provider.reviewTime"]).toBe(figures.providerReviewTime);
    expect(numbers(figures.listingReviewTime)).toEqual(numbers(LISTING_REVIEW_TIME));
    expect(numbers(figures.liabilityCap)).toEqual(numbers(LIABILITY_CAP_TEXT));
    expect(figures.governingLaw).toMatch(/Ont[aá]rio/);
    expect(GOVERNING_LAW).toMatch(/Ontario/);
    const [terms, privacy, , guidelines] = legal.documents.map(allText);
    expect(terms).toContain(figures.liabilityCap);
    expect(terms).toContain(figures.listingReviewTime);
    expect(terms).toContain(String(MIN_AGE));
    expect(privacy).toContain(ctx.supportEmail);
    expect(privacy).toContain("30");
    expect(guidelines).toContain(figures.providerReviewTime);
    expect(guidelines).toContain(String(MAX_PROVIDER_SERVICES));
    expect(guidelines).toContain(String(MAX_LISTING_PHOTOS));
    expect(guidelines).toContain(figures.maxUpload);
  });

  it("shows the one effective date as the language writes dates", () => {
    expect(effectiveDateText(locale)).toBe(date);
  });
});

describe("the Canadian French Legal Center", () => {
  it("follows OQLF typography: a no-break space before the colon and inside « », none before ; ! ?", () => {
    const { documents, notice } = getLocalizedLegalDocuments("fr-CA", ctx);
    for (const text of [notice, ...documents.map(allText)]) {
      expect(text).not.toMatch(/[^\u00a0]:(?!\/\/)/);
      expect(text).not.toMatch(/«(?!\u00a0)|(?<!\u00a0)»/);
      expect(text).not.toMatch(/\s[;!?]/);
      expect(text).not.toMatch(/"|“|”/);
    }
  });

  it("uses Canadian terms", () => {
    const text = getLocalizedLegalDocuments("fr-CA", ctx).documents.map(allText).join("\n");
    expect(text).toContain("renseignements personnels");
    expect(text).toContain("courriel");
    expect(text).toContain("Commissariat à la protection de la vie privée du Canada");
    expect(text).not.toMatch(/\be-?mail\b/i);
  });
});
