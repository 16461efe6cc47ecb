/** The area the marketplace serves, as the site describes itself (the Terms: "Toronto and the Greater Toronto Area"). */
export const GTA_AREA_SERVED = { "@type": "AdministrativeArea", name: "Greater Toronto Area" } as const;

/**
 * What the home page tells search engines about the marketplace itself (issue 51 item 5): the
 * Organization behind it and the WebSite with its search, so a result can show a search box
 * that lands on /search. `home` is the page's URL in its language space ("/fr/" …), `origin`
 * the public origin (PUBLIC_URL), `searchPath` the search page in the same space.
 */
export function marketplaceMarkup({
  brand,
  origin,
  home,
  searchPath,
  locale,
}: {
  brand: string;
  origin: string;
  home: string;
  searchPath: string;
  locale: string;
}) {
  // One WebSite node whose url is the page's own (its canonical address), with the Organization
  // behind it as its publisher: every JSON-LD block we publish names the page it is on.
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: brand,
    url: home,
    inLanguage: locale,
    publisher: {
      "@type": "Organization",
      name: brand,
      url: `${origin}/`,
      logo: `${origin}/images/logo.svg`,
      areaServed: GTA_AREA_SERVED,
    },
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${origin}${searchPath}?type={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}
