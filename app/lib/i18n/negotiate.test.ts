import { describe, expect, it } from "vitest";
import { negotiateLocale } from "./catalogue.server";

/** A first visit's language, from what the browser says it prefers (ADR 13). */
describe("negotiateLocale", () => {
  it.each([
    [null, "en-US"],
    ["", "en-US"],
    ["fr-CA", "fr-CA"],
    ["fr", "fr-CA"],
    ["fr-FR,fr;q=0.9", "fr-CA"],
    ["es-MX,es;q=0.9,en;q=0.8", "es"],
    ["pt-PT", "pt-BR"],
    ["pt-BR,pt;q=0.9", "pt-BR"],
    ["en-GB,en;q=0.9", "en-US"],
    ["de-DE,de;q=0.9", "en-US"],
    ["de;q=0.9,fr;q=0.8", "fr-CA"],
    ["en;q=0.5,es;q=0.9", "es"],
    ["*", "en-US"],
    ["es;q=0", "en-US"],
    ["<script>,;;;q=x", "en-US"],
    ["x".repeat(5000), "en-US"],
  ])("%s → %s", (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });
});
