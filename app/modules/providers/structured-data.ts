import { GTA_AREA_SERVED } from "~/modules/site/structured-data";

/**
 * Where a provider works, as schema.org wants it for a LocalBusiness (search engines expect both):
 * an address (never a street: a provider's own address is not public) and the areas it serves.
 * Every provider on the marketplace works in Ontario, Canada, in the GTA. The areas are the ones
 * the provider named (a Mississauga provider serves Mississauga, not Toronto), the locality the
 * first of them; a provider who named none serves, as far as we know, the GTA the marketplace
 * serves (the home page's Organization says the same), and no locality is claimed (issue 51).
 */
export function providerPlaceMarkup(serviceAreas: readonly string[]) {
  const areas = serviceAreas.map((a) => a.trim()).filter(Boolean);
  return {
    address: { "@type": "PostalAddress", ...(areas[0] ? { addressLocality: areas[0] } : {}), addressRegion: "ON", addressCountry: "CA" },
    areaServed: areas.length ? areas.map((name) => ({ "@type": "Place", name })) : GTA_AREA_SERVED,
  };
}
