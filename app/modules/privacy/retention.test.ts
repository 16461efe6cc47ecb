import { describe, expect, it } from "vitest";
import type { Locale } from "~/lib/i18n/locales";
import { getLocalizedLegalDocument } from "~/modules/legal/localized";
import { RETENTION_DAYS, type RetentionPeriod } from "./retention";

/**
 * The Privacy Policy states every period the retention job applies, in each language, with the
 * figure read from retention.ts: change a period and this fails until the policy says the same.
 * Each phrase ties the figure to what it is about, so two periods cannot swap unnoticed.
 */
const STATED: Record<Locale, Partial<Record<RetentionPeriod, (days: number) => string>>> = {
  "en-US": {
    deletedRequests: (n) => `erased for good ${n} days later`,
    contactMessages: (n) => `contact form are deleted ${n} days after they were sent`,
    customerEmailBodies: (n) => `deleted from our records ${n} days after it was sent`,
    unverifiedAccounts: (n) => `deleted ${n} days after sign-up`,
    rejectedProviderDocuments: (n) => `not approved are deleted ${n} days after the decision`,
  },
  es: {
    deletedRequests: (n) => `se borran definitivamente ${n} días después`,
    contactMessages: (n) => `formulario de contacto se eliminan ${n} días después de su envío`,
    customerEmailBodies: (n) => `se eliminan de nuestros registros ${n} días después del envío`,
    unverifiedAccounts: (n) => `se elimina ${n} días después del registro`,
    rejectedProviderDocuments: (n) => `no aprobadas se eliminan ${n} días después de la decisión`,
  },
  "fr-CA": {
    deletedRequests: (n) => `effacées définitivement ${n} jours plus tard`,
    contactMessages: (n) => `formulaire de contact sont supprimés ${n} jours après leur envoi`,
    customerEmailBodies: (n) => `supprimés de nos dossiers ${n} jours après l'envoi`,
    unverifiedAccounts: (n) => `supprimé ${n} jours après l'inscription`,
    rejectedProviderDocuments: (n) => `non approuvées sont supprimés ${n} jours après la décision`,
  },
  "pt-BR": {
    deletedRequests: (n) => `apagadas definitivamente ${n} dias depois`,
    contactMessages: (n) => `formulário de contato são excluídas ${n} dias após o envio`,
    customerEmailBodies: (n) => `excluídos dos nossos registros ${n} dias após o envio`,
    unverifiedAccounts: (n) => `excluída ${n} dias após o cadastro`,
    rejectedProviderDocuments: (n) => `não aprovadas são excluídos ${n} dias após a decisão`,
  },
};

/** Periods the job applies and the policy must state (dataExports belongs to the export feature). */
const APPLIED: RetentionPeriod[] = [
  "deletedRequests",
  "contactMessages",
  "customerEmailBodies",
  "unverifiedAccounts",
  "rejectedProviderDocuments",
];

const ctx = { brand: "Acme Test", supportEmail: "help@acme.test" };

describe.each(Object.keys(STATED) as Locale[])("the Privacy Policy in %s", (locale) => {
  const found = getLocalizedLegalDocument("privacy", locale, ctx);
  const retention = found?.doc.sections.find((s) => s.id === "retention");
  const text = (retention?.blocks ?? []).flatMap((b) => (b.kind === "p" ? [b.text] : b.items)).join("\n");

  it("is in that language", () => {
    expect(found?.contentLocale).toBe(locale);
    expect(retention).toBeDefined();
  });

  it.each(APPLIED)("states the %s period from retention.ts", (period) => {
    const phrase = STATED[locale][period];
    expect(phrase, `no phrase for ${period} in ${locale}`).toBeDefined();
    expect(text).toContain(phrase!(RETENTION_DAYS[period]));
  });
});
