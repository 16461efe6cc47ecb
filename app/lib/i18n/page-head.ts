/** What a page says of its own address (worked out on the server: page-head.server.ts). */
export type PageHead = {
  canonical: string;
  /** [hreflang, absolute URL] */
  alternates: [string, string][];
  ogLocale: string;
  ogAlternates: string[];
};
