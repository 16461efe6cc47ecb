import type { Locale } from "~/lib/i18n/locales";

/**
 * What the public pages show of listings (listings.server.ts reads them): types both the server
 * and the components import, so no component imports a server module.
 */
export type PriceUnit = "month" | "night";

/** What a result card shows (no owner contact, no street address: those stay on the server). */
export type ListingCard = {
  id: string;
  title: string;
  propertyType: string;
  price: number;
  priceUnit: PriceUnit;
  city: string;
  neighborhood: string;
  bedrooms: number;
  bathrooms: number;
  description: string;
  image: { src: string; width: number; height: number } | null;
  createdAt: string;
  /** The language the owner wrote the title and description in, where it is not the page's (text-lang.ts). */
  lang?: Locale;
};

export type CityCount = { city: string; count: number };

export type GalleryImage = { src: string; thumb: string; width: number; height: number };
