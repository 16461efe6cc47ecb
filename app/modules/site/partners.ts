/** The home page's strip of partner ads: five fictional local businesses (images in public/images/ads). */
export type PartnerAd = { id: string; name: string; image: string; alt: string };

export const PARTNER_ADS: PartnerAd[] = [
  {
    id: "ad-harbourfront-hardware",
    name: "Harbourfront Hardware Co.",
    image: "/images/ads/ad-harbourfront-hardware.svg",
    alt: "Harbourfront Hardware Co.: tools and supplies for every home project",
  },
  {
    id: "ad-northline-movers",
    name: "Northline Movers",
    image: "/images/ads/ad-northline-movers.svg",
    alt: "Northline Movers: careful local moves across the GTA",
  },
  {
    id: "ad-bluffside-bakery",
    name: "Bluffside Bakery",
    image: "/images/ads/ad-bluffside-bakery.svg",
    alt: "Bluffside Bakery: fresh bread and pastries baked daily",
  },
  {
    id: "ad-ossington-roasters",
    name: "Ossington Roasters",
    image: "/images/ads/ad-ossington-roasters.svg",
    alt: "Ossington Roasters: small-batch coffee roasted in Toronto",
  },
  {
    id: "ad-two-rivers-auto",
    name: "Two Rivers Auto Care",
    image: "/images/ads/ad-two-rivers-auto.svg",
    alt: "Two Rivers Auto Care: honest repairs and seasonal tire changes",
  },
];
