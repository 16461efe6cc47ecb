import { describe, expect, it } from "vitest";
import { localeOfPath, localizedPath, withoutLocalePrefix } from "./locales";

/** Each language's URL space (ADR 13): /es, /fr, /pt; English unprefixed. */
describe("language URL spaces", () => {
  it.each([
    ["/fr", "fr-CA", "/"],
    ["/fr/services", "fr-CA", "/services"],
    ["/es/homes/h-1", "es", "/homes/h-1"],
    ["/pt/_root.data", "pt-BR", "/_root.data"],
    ["/fr/services.data", "fr-CA", "/services.data"],
    ["/services", null, "/services"],
    ["/events", null, "/events"],
    ["/español", null, "/español"],
    ["/frank", null, "/frank"],
    ["/", null, "/"],
  ])("%s → %s, %s", (path, locale, bare) => {
    expect(localeOfPath(path)?.locale ?? null).toBe(locale);
    expect(withoutLocalePrefix(path)).toBe(bare);
  });

  it("puts a path in a language's space, and back", () => {
    expect(localizedPath("fr-CA", "/services")).toBe("/fr/services");
    expect(localizedPath("fr-CA", "/")).toBe("/fr");
    expect(localizedPath("en-US", "/services")).toBe("/services");
    for (const locale of ["en-US", "es", "fr-CA", "pt-BR"] as const) {
      expect(withoutLocalePrefix(localizedPath(locale, "/homes?q=x"))).toBe("/homes?q=x");
    }
  });
});
