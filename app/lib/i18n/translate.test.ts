import { describe, expect, it } from "vitest";
import { messagesFor } from "./catalogue.server";
import { LOCALES } from "./locales";
import { en } from "./messages/en";
import { createTranslate } from "./translate";

describe("translate", () => {
  const t = createTranslate(en, { brand: "Acme" });

  it("fills placeholders, the brand by default", () => {
    expect(t("about.whyTitle")).toBe("Why Acme?");
    expect(t("form.required", { label: "Name" })).toBe("Name is required.");
    expect(t("footer.copyright", { year: 2026 })).toBe("© 2026 Acme. All rights reserved.");
  });

  it("keeps the spec's texts verbatim", () => {
    expect(en["home.heroSubtitle"]).toBe("Browse trusted providers. Request a booking. We'll personally match you.");
    expect(en["contact.sentTitle"]).toBe("Message Sent!");
    expect(en["contact.sentText"]).toBe("Thank you for your message. We will get back to you via email shortly.");
    expect(en["success.defaultService"]).toBe("Your Request");
    expect(en["success.defaultMessage"]).toBe("We have received your request and will be in touch shortly.");
    expect(en["footer.serviceArea"]).toBe("Service Area: Toronto & GTA, CA");
  });

  it("offers the four languages and falls back to English until a catalogue exists", () => {
    expect(LOCALES.map((l) => `${l.short} (${l.name})`)).toEqual([
      "EN (English (US))",
      "ES (Español)",
      "FR (Français (Canada))",
      "PT (Português (Brasil))",
    ]);
    expect(messagesFor("en-US").contentLocale).toBe("en-US");
    expect(messagesFor("fr-CA")).toMatchObject({ contentLocale: "en-US", messages: en });
  });
});
