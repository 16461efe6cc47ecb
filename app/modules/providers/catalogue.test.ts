import { describe, expect, it } from "vitest";
import { en } from "~/lib/i18n/messages/en";
import { frCA } from "~/lib/i18n/messages/fr-CA";
import { createTranslate } from "~/lib/i18n/translate";
import { PROVIDER_SERVICES, providerServiceName } from "./catalogue";

describe("provider services", () => {
  it("has a catalogue name for every service of the seed, the English one word for word", () => {
    const english = createTranslate(en);
    for (const s of PROVIDER_SERVICES) expect(providerServiceName(english, s.slug)).toBe(s.name);
  });

  it("names them in the reader's language, and an unknown one as stored", () => {
    const french = createTranslate(frCA, {}, "fr-CA");
    expect(providerServiceName(french, "plumbing")).toBe("Plomberie");
    expect(providerServiceName(french, "appliance-repair")).toBe("Réparation d'électroménagers");
    expect(providerServiceName(french, "no-such-service")).toBe("no-such-service");
  });
});
