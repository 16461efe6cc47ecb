import { describe, expect, it } from "vitest";
import { GTA_AREA_SERVED } from "~/modules/site/structured-data";
import { providerPlaceMarkup } from "./structured-data";

describe("a provider's place for search engines (LocalBusiness)", () => {
  it("gives the areas the provider named, the first as its locality: a Mississauga provider is not in Toronto", () => {
    const markup = providerPlaceMarkup(["Mississauga", " Brampton ", ""]);
    expect(markup).toEqual({
      address: { "@type": "PostalAddress", addressLocality: "Mississauga", addressRegion: "ON", addressCountry: "CA" },
      areaServed: [
        { "@type": "Place", name: "Mississauga" },
        { "@type": "Place", name: "Brampton" },
      ],
    });
    expect(JSON.stringify(markup)).not.toContain("Toronto");
  });

  it("claims no town for a provider who named no area: it serves the GTA, as the site says of itself (issue 51)", () => {
    for (const none of [[], ["", "  "]]) {
      const markup = providerPlaceMarkup(none);
      expect(markup.areaServed).toEqual({ "@type": "AdministrativeArea", name: "Greater Toronto Area" });
      expect(markup.areaServed).toBe(GTA_AREA_SERVED);
      expect(markup.address).toEqual({ "@type": "PostalAddress", addressRegion: "ON", addressCountry: "CA" });
    }
  });
});
