/**
 * Where a provider works, as schema.org wants it for a LocalBusiness (search engines expect both): an address
 * (locality, region, country; never a street: a provider's own address is not public) and the
 * areas it serves. Every provider on the marketplace works in Ontario, Canada (the GTA); the
 * locality is the first area they named, or Toronto when they named none.
 */
export function providerPlaceMarkup(serviceAreas: readonly string[]) {
  const areas = serviceAreas.map((a) => a.trim()).filter(Boolean);
  return {
    address: { "@type": "PostalAddress", addressLocality: areas[0] ?? "Toronto", addressRegion: "ON", addressCountry: "CA" },
    areaServed: (areas.length ? areas : ["Toronto"]).map((name) => ({ "@type": "Place", name })),
  };
}
