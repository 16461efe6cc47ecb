import { DEFAULT_LOCALE, type Locale } from "~/lib/i18n/locales";
import { POLICIES_EFFECTIVE_DATE } from "../site/constants";
import {
  getLegalDocuments,
  type LegalBlock,
  type LegalContext,
  type LegalDocument,
  type LegalTexts,
  type LegalTranslation,
  TEMPLATE_NOTICE,
} from "./documents";
import { esLegal } from "./documents.es";
import { frCALegal } from "./documents.fr-CA";
import { ptBRLegal } from "./documents.pt-BR";
import { pseudoText } from "~/lib/i18n/pseudo";
import { inPseudoLocale, pseudoFields } from "~/lib/i18n/pseudo.server";

/** The Legal Center in each language; English (documents.ts) is the original and prevails. */
const TRANSLATIONS: Partial<Record<Locale, LegalTranslation>> = { es: esLegal, "fr-CA": frCALegal, "pt-BR": ptBRLegal };

export type LocalizedLegal = {
  /** The language the documents are really in: the locale asked for, or English. */
  contentLocale: Locale;
  documents: LegalDocument[];
  notice: string;
};

/** The four documents in `locale`, each translation saying at its top that English prevails; English otherwise. */
export function getLocalizedLegalDocuments(locale: Locale, ctx: LegalContext): LocalizedLegal {
  if (locale === DEFAULT_LOCALE && inPseudoLocale()) return pseudoLegal(ctx);
  const translation = TRANSLATIONS[locale];
  if (!translation) return { contentLocale: DEFAULT_LOCALE, documents: getLegalDocuments(ctx), notice: TEMPLATE_NOTICE };
  return {
    contentLocale: locale,
    documents: translated(getLegalDocuments(ctx), translation.texts(ctx)).map((doc) => ({
      ...doc,
      translationNotice: translation.englishPrevails,
    })),
    notice: translation.templateNotice,
  };
}

/**
 * The English documents with a translation's texts: the slugs, section ids, order and blocks are
 * the English ones, so a translation cannot drift from them; a text that does not fit throws.
 */
function translated(english: LegalDocument[], texts: LegalTexts): LegalDocument[] {
  return english.map(({ slug, sections }) => {
    const { title, summary, sections: translations } = texts[slug];
    if (translations.length !== sections.length)
      throw new Error(`${slug}: ${translations.length} sections, not ${sections.length}`);
    return {
      slug,
      title,
      summary,
      sections: sections.map(({ id, blocks }, i) => {
        const [heading, ...blockTexts] = translations[i]!;
        if (blockTexts.length !== blocks.length)
          throw new Error(`${slug}#${id}: ${blockTexts.length} blocks, not ${blocks.length}`);
        return { id, heading, blocks: blocks.map((block, j) => translatedBlock(block, blockTexts[j]!, `${slug}#${id}`)) };
      }),
    };
  });
}

function translatedBlock(block: LegalBlock, text: string | readonly string[], where: string): LegalBlock {
  if (block.kind === "p" && typeof text === "string") return { kind: "p", text };
  if (block.kind === "ul" && typeof text !== "string" && text.length === block.items.length)
    return { kind: "ul", items: [...text] };
  throw new Error(`${where}: a translated block does not have the English block's shape`);
}

/** Tests only: the English documents in the pseudo-locale (app/lib/i18n/pseudo.server.ts). */
function pseudoLegal(ctx: LegalContext): LocalizedLegal {
  const documents = getLegalDocuments(ctx).map((doc) => ({
    ...pseudoFields(doc, ["title", "summary"]),
    sections: doc.sections.map((section) => ({
      ...pseudoFields(section, ["heading"]),
      blocks: section.blocks.map((block) => (block.kind === "p" ? pseudoFields(block, ["text"]) : pseudoFields(block, ["items"]))),
    })),
  }));
  return { contentLocale: DEFAULT_LOCALE, documents, notice: pseudoText(TEMPLATE_NOTICE) };
}

/** One document by slug in `locale` (English when there is no translation); undefined for an unknown slug. */
export function getLocalizedLegalDocument(
  slug: string,
  locale: Locale,
  ctx: LegalContext,
): (Omit<LocalizedLegal, "documents"> & { doc: LegalDocument }) | undefined {
  const { documents, ...rest } = getLocalizedLegalDocuments(locale, ctx);
  const doc = documents.find((d) => d.slug === slug);
  return doc ? { ...rest, doc } : undefined;
}

/** The one effective date of every version (or another YYYY-MM-DD), written the way `locale` writes dates. */
export function effectiveDateText(locale: Locale, date: string = POLICIES_EFFECTIVE_DATE): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}
