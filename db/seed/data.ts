/**
 * Sample (seed) data for GTA Connect.
 *
 * Sources: spec core.md §2 (/services/{slug}) and §3 (service category fields, titles, CTA labels,
 * reviews); requests-rentals-providers.md §3 (home listing fields, provider service catalogue of 18)
 * and §9 (12 sample listings, prices from 180 per night to 4200 per month).
 *
 * Every image path below is a file under /public. The SVGs are produced by
 * scripts/generate-images.mjs, which holds a matching list and cross-checks this file.
 * All people, addresses and businesses here are fictional.
 */

import { GTA_AREAS as GTA_AREA_LIST } from "../../app/modules/site/areas";

// ---------------------------------------------------------------------------------------------
// Service categories (7, in spec order)
// ---------------------------------------------------------------------------------------------

export type SeedServiceCategory = {
  slug: "handyman" | "car-rental" | "cleaning" | "dj-events" | "salon-beauty" | "gardening" | "plumbing";
  title: string;
  shortDescription: string;
  heroImage: string;
  includes: string[];
  areas: string;
  ctaLabel: string;
  gallery: string[] | null;
  sortOrder: number;
};

const GTA_AREAS = GTA_AREA_LIST.join(", ");

export const SERVICE_CATEGORIES: SeedServiceCategory[] = [
  {
    slug: "handyman",
    title: "Handyman Services",
    shortDescription: "Dependable help with repairs, installations and the small jobs that pile up around your home.",
    heroImage: "/images/services/handyman.svg",
    includes: [
      "Furniture assembly",
      "TV, shelf and picture mounting",
      "Drywall patching and touch-up painting",
      "Door, lock and hinge adjustments",
      "Caulking and weatherstripping",
      "Minor carpentry repairs",
    ],
    areas: GTA_AREAS,
    ctaLabel: "Book Handyman",
    gallery: ["/images/services/handyman-1.svg", "/images/services/handyman-2.svg", "/images/services/handyman-3.svg"],
    sortOrder: 1,
  },
  {
    slug: "car-rental",
    title: "Car & Driver / Rentals",
    shortDescription: "Book a professional driver or a vehicle for airport runs, events and everyday trips across the GTA.",
    heroImage: "/images/services/car-rental.svg",
    includes: [
      "Hourly chauffeur service",
      "Airport transfers to and from Pearson (YYZ) and Billy Bishop (YTZ)",
      "Personal rides across the GTA",
      "Event and wedding cars",
      "Same-day package delivery",
    ],
    areas: `${GTA_AREAS}, Richmond Hill, Oakville`,
    ctaLabel: "Book a Ride",
    gallery: null,
    sortOrder: 2,
  },
  {
    slug: "cleaning",
    title: "Cleaning Services",
    shortDescription: "Thorough, trusted home cleaning, from weekly tidy-ups to deep cleans before you move.",
    heroImage: "/images/services/cleaning.svg",
    includes: [
      "Regular weekly or bi-weekly cleaning",
      "Deep cleaning",
      "Move-in and move-out cleaning",
      "Kitchen and bathroom detailing",
      "Inside fridge, oven and cabinets on request",
      "Post-renovation clean-up",
    ],
    areas: GTA_AREAS,
    ctaLabel: "Book Cleaning",
    gallery: ["/images/services/cleaning-1.svg", "/images/services/cleaning-2.svg", "/images/services/cleaning-3.svg"],
    sortOrder: 3,
  },
  {
    slug: "dj-events",
    title: "DJ / Events",
    shortDescription: "Experienced DJs and event hosts who keep the dance floor full at weddings, parties and corporate nights.",
    heroImage: "/images/services/dj-events.svg",
    includes: [
      "DJ sets for weddings, birthdays and corporate events",
      "Professional sound system and wireless microphones",
      "Dance-floor and ambient lighting",
      "MC and announcements",
      "Custom playlists and must-play requests",
    ],
    areas: GTA_AREAS,
    ctaLabel: "Book a DJ",
    gallery: null,
    sortOrder: 4,
  },
  {
    slug: "salon-beauty",
    title: "Salon / Beauty",
    shortDescription: "Licensed stylists and estheticians for hair, makeup and nails, at a salon or in your home.",
    heroImage: "/images/services/salon-beauty.svg",
    includes: [
      "Haircuts, blow-outs and styling",
      "Hair colour and highlights",
      "Bridal and event makeup",
      "Manicures and pedicures",
      "Brow and lash services",
    ],
    areas: GTA_AREAS,
    ctaLabel: "Book Beauty",
    gallery: [
      "/images/services/salon-beauty-1.svg",
      "/images/services/salon-beauty-2.svg",
      "/images/services/salon-beauty-3.svg",
    ],
    sortOrder: 5,
  },
  {
    slug: "gardening",
    title: "Gardening",
    shortDescription: "Seasonal garden and lawn care that keeps your yard tidy, green and ready to enjoy.",
    heroImage: "/images/services/gardening.svg",
    includes: [
      "Lawn mowing and edging",
      "Weeding and mulching garden beds",
      "Planting annuals, perennials and vegetables",
      "Hedge and shrub trimming",
      "Spring and fall yard clean-up",
      "Leaf raking and removal",
    ],
    areas: GTA_AREAS,
    ctaLabel: "Book Gardener",
    gallery: ["/images/services/gardening-1.svg", "/images/services/gardening-2.svg", "/images/services/gardening-3.svg"],
    sortOrder: 6,
  },
  {
    slug: "plumbing",
    title: "Plumbing",
    shortDescription: "Licensed plumbers for leaks, clogs, installations and urgent repairs.",
    heroImage: "/images/services/plumbing.svg",
    includes: [
      "Leak detection and repair",
      "Clogged drains and toilets",
      "Faucet, sink and toilet installation",
      "Water heater repair and replacement",
      "Sump pump inspection",
      "Urgent repair call-outs",
    ],
    areas: GTA_AREAS,
    ctaLabel: "Book a Plumber",
    gallery: null,
    sortOrder: 7,
  },
];

// ---------------------------------------------------------------------------------------------
// Provider service catalogue (18): 11 without a licence, then 7 with one, in spec order
// ---------------------------------------------------------------------------------------------

// The catalogue is domain data (app/modules/providers/catalogue.ts); the seed fills the
// provider_services table from it.
export { PROVIDER_SERVICES } from "../../app/modules/providers/catalogue";
export type { ProviderService as SeedProviderService } from "../../app/modules/providers/catalogue";

// ---------------------------------------------------------------------------------------------
// Home listings (12)
// ---------------------------------------------------------------------------------------------

export type PropertyType = "1BR" | "2BR" | "Room" | "ShortTerm" | "Sublet" | "WholeHome" | "Studio";

export type SeedHomeListing = {
  id: string;
  title: string;
  propertyType: PropertyType;
  price: number;
  priceUnit: "month" | "night";
  city: "Toronto" | "Mississauga" | "Scarborough" | "Brampton" | "Vaughan";
  neighborhood: string;
  address: string;
  bedrooms: number;
  bathrooms: number;
  furnished: boolean;
  petFriendly: boolean;
  parking: boolean;
  amenities: string[];
  availableFrom: string;
  createdDaysAgo: number;
  images: string[];
  description: string;
  landlord: { name: string; avatar: string; verified: boolean };
};

export const HOME_LISTINGS: SeedHomeListing[] = [
  {
    id: "h-liberty-village-1br",
    title: "Bright 1BR Condo in Liberty Village",
    propertyType: "1BR",
    price: 2450,
    priceUnit: "month",
    city: "Toronto",
    neighborhood: "Liberty Village",
    address: "41 Foundry Lane, Unit 1207, Toronto, ON M6K 0B4",
    bedrooms: 1,
    bathrooms: 1,
    furnished: false,
    petFriendly: true,
    parking: false,
    amenities: ["Wi-Fi", "Laundry", "A/C", "Heating", "Gym", "Kitchen"],
    availableFrom: "2026-12-01",
    createdDaysAgo: 0,
    images: [
      "/images/homes/h-liberty-village-1br-1.svg",
      "/images/homes/h-liberty-village-1br-2.svg",
      "/images/homes/h-liberty-village-1br-3.svg",
      "/images/homes/h-liberty-village-1br-4.svg",
    ],
    description:
      "A sunny twelfth-floor one-bedroom with floor-to-ceiling windows and a view toward the lake. In-suite laundry, a full kitchen and a building gym. Steps from the King streetcar, cafés and the Exhibition GO station.",
    landlord: { name: "Priya Sharma", avatar: "/images/avatars/priya-sharma.svg", verified: true },
  },
  {
    id: "h-entertainment-district-shortterm",
    title: "Downtown Short Stay near the Entertainment District",
    propertyType: "ShortTerm",
    price: 245,
    priceUnit: "night",
    city: "Toronto",
    neighborhood: "Entertainment District",
    address: "215 Marlowe Street, Unit 2304, Toronto, ON M5V 0K2",
    bedrooms: 1,
    bathrooms: 1,
    furnished: true,
    petFriendly: false,
    parking: false,
    amenities: ["Wi-Fi", "A/C", "Heating", "Kitchen", "TV", "Workspace"],
    availableFrom: "2026-11-25",
    createdDaysAgo: 3,
    images: [
      "/images/homes/h-entertainment-district-shortterm-1.svg",
      "/images/homes/h-entertainment-district-shortterm-2.svg",
      "/images/homes/h-entertainment-district-shortterm-3.svg",
      "/images/homes/h-entertainment-district-shortterm-4.svg",
    ],
    description:
      "A fully furnished suite for short visits, walking distance to theatres, restaurants and the waterfront. Fast Wi-Fi and a proper desk make it easy to work between outings. Fresh linens and towels are provided.",
    landlord: { name: "Daniel Okafor", avatar: "/images/avatars/daniel-okafor.svg", verified: true },
  },
  {
    id: "h-square-one-2br",
    title: "Spacious 2BR Condo by Square One",
    propertyType: "2BR",
    price: 2900,
    priceUnit: "month",
    city: "Mississauga",
    neighborhood: "City Centre",
    address: "350 Celebration Square Drive, Unit 1810, Mississauga, ON L5B 0J7",
    bedrooms: 2,
    bathrooms: 2,
    furnished: false,
    petFriendly: false,
    parking: true,
    amenities: ["Wi-Fi", "Parking", "Laundry", "A/C", "Heating", "Gym", "Pool", "Kitchen"],
    availableFrom: "2027-01-01",
    createdDaysAgo: 12,
    images: [
      "/images/homes/h-square-one-2br-1.svg",
      "/images/homes/h-square-one-2br-2.svg",
      "/images/homes/h-square-one-2br-3.svg",
      "/images/homes/h-square-one-2br-4.svg",
    ],
    description:
      "A split two-bedroom, two-bathroom corner unit with a wide balcony. One underground parking spot is included, and the building has a pool and fitness centre. Shopping, the transit terminal and the library are a short walk away.",
    landlord: { name: "Wei Chen", avatar: "/images/avatars/wei-chen.svg", verified: true },
  },
  {
    id: "h-port-credit-wholehome",
    title: "Family Home near the Port Credit Waterfront",
    propertyType: "WholeHome",
    price: 4200,
    priceUnit: "month",
    city: "Mississauga",
    neighborhood: "Port Credit",
    address: "27 Lakebreeze Crescent, Mississauga, ON L5H 1T3",
    bedrooms: 4,
    bathrooms: 3.5,
    furnished: false,
    petFriendly: true,
    parking: true,
    amenities: ["Wi-Fi", "Parking", "Laundry", "A/C", "Heating", "Kitchen", "Workspace"],
    availableFrom: "2027-02-01",
    createdDaysAgo: 45,
    images: [
      "/images/homes/h-port-credit-wholehome-1.svg",
      "/images/homes/h-port-credit-wholehome-2.svg",
      "/images/homes/h-port-credit-wholehome-3.svg",
      "/images/homes/h-port-credit-wholehome-4.svg",
    ],
    description:
      "A detached four-bedroom home on a quiet crescent, a short walk from the lake and the Port Credit GO station. It has a renovated kitchen, a finished basement office, a fenced backyard and a double driveway. Pets are welcome.",
    landlord: { name: "Margaret O'Neill", avatar: "/images/avatars/margaret-oneill.svg", verified: true },
  },
  {
    id: "h-scarborough-bluffs-shortterm",
    title: "Cozy Short Stay near the Scarborough Bluffs",
    propertyType: "ShortTerm",
    price: 180,
    priceUnit: "night",
    city: "Scarborough",
    neighborhood: "Cliffside",
    address: "12 Bluffview Court, Scarborough, ON M1N 2E8",
    bedrooms: 1,
    bathrooms: 1,
    furnished: true,
    petFriendly: true,
    parking: true,
    amenities: ["Wi-Fi", "Parking", "Heating", "Kitchen", "TV"],
    availableFrom: "2026-12-15",
    createdDaysAgo: 0,
    images: [
      "/images/homes/h-scarborough-bluffs-shortterm-1.svg",
      "/images/homes/h-scarborough-bluffs-shortterm-2.svg",
      "/images/homes/h-scarborough-bluffs-shortterm-3.svg",
    ],
    description:
      "A private garden-level suite with its own entrance, minutes from Bluffer's Park and the lakeside trails. Free driveway parking and a kitchenette for simple meals. A calm base for a weekend away from downtown.",
    landlord: { name: "Arjun Patel", avatar: "/images/avatars/arjun-patel.svg", verified: true },
  },
  {
    id: "h-agincourt-room",
    title: "Furnished Room in Agincourt, Close to Transit",
    propertyType: "Room",
    price: 950,
    priceUnit: "month",
    city: "Scarborough",
    neighborhood: "Agincourt",
    address: "64 Mapleview Road, Scarborough, ON M1S 3K6",
    bedrooms: 1,
    bathrooms: 1,
    furnished: true,
    petFriendly: false,
    parking: false,
    amenities: ["Wi-Fi", "Laundry", "Heating", "Kitchen"],
    availableFrom: "2026-12-01",
    createdDaysAgo: 20,
    images: [
      "/images/homes/h-agincourt-room-1.svg",
      "/images/homes/h-agincourt-room-2.svg",
      "/images/homes/h-agincourt-room-3.svg",
    ],
    description:
      "A furnished private room in a quiet, tidy house, with a shared kitchen and bathroom. Utilities and Wi-Fi are included. Buses to the subway stop at the corner and grocery stores are nearby.",
    landlord: { name: "Grace Mensah", avatar: "/images/avatars/grace-mensah.svg", verified: true },
  },
  {
    id: "h-springdale-room",
    title: "Private Room in a Springdale Townhouse",
    propertyType: "Room",
    price: 850,
    priceUnit: "month",
    city: "Brampton",
    neighborhood: "Springdale",
    address: "9 Cedarbrook Gate, Brampton, ON L6R 2N5",
    bedrooms: 1,
    bathrooms: 1.5,
    furnished: true,
    petFriendly: false,
    parking: true,
    amenities: ["Wi-Fi", "Parking", "Laundry", "A/C", "Heating", "Kitchen"],
    availableFrom: "2026-11-25",
    createdDaysAgo: 5,
    images: [
      "/images/homes/h-springdale-room-1.svg",
      "/images/homes/h-springdale-room-2.svg",
      "/images/homes/h-springdale-room-3.svg",
    ],
    description:
      "A bright upstairs room in a shared townhouse, with one driveway parking spot. Housemates share the kitchen, laundry and a full plus a half bathroom. Close to Trinity Common and transit on Bovaird Drive.",
    landlord: { name: "Harpreet Gill", avatar: "/images/avatars/harpreet-gill.svg", verified: false },
  },
  {
    id: "h-downtown-brampton-2br",
    title: "Renovated 2BR Near Downtown Brampton",
    propertyType: "2BR",
    price: 2350,
    priceUnit: "month",
    city: "Brampton",
    neighborhood: "Downtown Brampton",
    address: "118 Millpond Avenue, Unit 3, Brampton, ON L6V 1M2",
    bedrooms: 2,
    bathrooms: 1.5,
    furnished: false,
    petFriendly: true,
    parking: true,
    amenities: ["Wi-Fi", "Parking", "Laundry", "A/C", "Heating", "Kitchen"],
    availableFrom: "2027-01-15",
    createdDaysAgo: 60,
    images: [
      "/images/homes/h-downtown-brampton-2br-1.svg",
      "/images/homes/h-downtown-brampton-2br-2.svg",
      "/images/homes/h-downtown-brampton-2br-3.svg",
      "/images/homes/h-downtown-brampton-2br-4.svg",
    ],
    description:
      "The upper two floors of a renovated triplex, with new flooring and an updated kitchen. A short walk to Gage Park, the Rose Theatre and the Brampton GO station. One parking spot and shared laundry are included.",
    landlord: { name: "Marcus Reid", avatar: "/images/avatars/marcus-reid.svg", verified: true },
  },
  {
    id: "h-woodbridge-wholehome",
    title: "Detached 3BR Home in Woodbridge",
    propertyType: "WholeHome",
    price: 3800,
    priceUnit: "month",
    city: "Vaughan",
    neighborhood: "Woodbridge",
    address: "45 Vineyard Hill Drive, Vaughan, ON L4L 8R1",
    bedrooms: 3,
    bathrooms: 2.5,
    furnished: false,
    petFriendly: true,
    parking: true,
    amenities: ["Wi-Fi", "Parking", "Laundry", "A/C", "Heating", "Kitchen", "Workspace"],
    availableFrom: "2027-03-01",
    createdDaysAgo: 9,
    images: [
      "/images/homes/h-woodbridge-wholehome-1.svg",
      "/images/homes/h-woodbridge-wholehome-2.svg",
      "/images/homes/h-woodbridge-wholehome-3.svg",
      "/images/homes/h-woodbridge-wholehome-4.svg",
    ],
    description:
      "A well-kept three-bedroom detached home with an attached garage and a large backyard. It has an open-concept main floor, a main-floor office and updated bathrooms. Near good schools, parks and Highway 400.",
    landlord: { name: "Sofia Romano", avatar: "/images/avatars/sofia-romano.svg", verified: true },
  },
  {
    id: "h-vaughan-metropolitan-sublet",
    title: "Furnished Sublet at Vaughan Metropolitan Centre",
    propertyType: "Sublet",
    price: 2100,
    priceUnit: "month",
    city: "Vaughan",
    neighborhood: "Vaughan Metropolitan Centre",
    address: "88 Interchange Way, Unit 2105, Vaughan, ON L4K 0M9",
    bedrooms: 1,
    bathrooms: 1,
    furnished: true,
    petFriendly: false,
    parking: true,
    amenities: ["Wi-Fi", "Parking", "Laundry", "A/C", "Heating", "Gym", "Kitchen", "TV"],
    availableFrom: "2027-01-01",
    createdDaysAgo: 25,
    images: [
      "/images/homes/h-vaughan-metropolitan-sublet-1.svg",
      "/images/homes/h-vaughan-metropolitan-sublet-2.svg",
      "/images/homes/h-vaughan-metropolitan-sublet-3.svg",
    ],
    description:
      "A furnished one-bedroom sublet for six months while the tenant works abroad. The subway station is steps from the lobby. Parking and all furniture are included.",
    landlord: { name: "Kevin Tran", avatar: "/images/avatars/kevin-tran.svg", verified: false },
  },
  {
    id: "h-annex-studio",
    title: "Charming Studio in the Annex",
    propertyType: "Studio",
    price: 1750,
    priceUnit: "month",
    city: "Toronto",
    neighborhood: "The Annex",
    address: "203 Hazelmount Avenue, Unit 2, Toronto, ON M5R 2T8",
    bedrooms: 0,
    bathrooms: 1,
    furnished: false,
    petFriendly: false,
    parking: false,
    amenities: ["Wi-Fi", "Heating", "Kitchen"],
    availableFrom: "2026-12-15",
    createdDaysAgo: 2,
    images: [
      "/images/homes/h-annex-studio-1.svg",
      "/images/homes/h-annex-studio-2.svg",
      "/images/homes/h-annex-studio-3.svg",
    ],
    description:
      "A character studio on the second floor of a Victorian house, with high ceilings and a bay window. It is a short walk to the subway, the university and Bloor Street shops. Heat and water are included.",
    landlord: { name: "Olivia Martin", avatar: "/images/avatars/olivia-martin.svg", verified: true },
  },
  {
    id: "h-leslieville-1br",
    title: "Pet-Friendly 1BR Flat in Leslieville",
    propertyType: "1BR",
    price: 2300,
    priceUnit: "month",
    city: "Toronto",
    neighborhood: "Leslieville",
    address: "76 Carrick Lane, Upper, Toronto, ON M4M 2K1",
    bedrooms: 1,
    bathrooms: 1,
    furnished: false,
    petFriendly: true,
    parking: false,
    amenities: ["Wi-Fi", "Laundry", "A/C", "Heating", "Kitchen", "Workspace"],
    availableFrom: "2027-02-01",
    createdDaysAgo: 75,
    images: [
      "/images/homes/h-leslieville-1br-1.svg",
      "/images/homes/h-leslieville-1br-2.svg",
      "/images/homes/h-leslieville-1br-3.svg",
    ],
    description:
      "An upper-floor flat in a semi-detached house, with a private deck and shared laundry. Queen Street East's cafés, bakeries and the streetcar are two blocks away. Dogs and cats are welcome.",
    landlord: { name: "Nadia Haddad", avatar: "/images/avatars/nadia-haddad.svg", verified: true },
  },
];

// ---------------------------------------------------------------------------------------------
// Community reviews (6, static; no personal contact data)
// ---------------------------------------------------------------------------------------------

export type SeedReview = { id: string; username: string; date: string; rating: 1 | 2 | 3 | 4 | 5; comment: string; service: string };

export const COMMUNITY_REVIEWS: SeedReview[] = [
  {
    id: "r-1",
    username: "Sarah M.",
    date: "2025-10-04",
    rating: 5,
    comment:
      "The handyman mounted our TV and two shelves in under two hours and cleaned up afterwards. Booking by email was simple, and the team replied the same day.",
    service: "Handyman Services",
  },
  {
    id: "r-2",
    username: "Raj P.",
    date: "2025-10-18",
    rating: 5,
    comment:
      "Our airport pickup from Pearson was on time even though the flight landed late. The driver was friendly and the car was spotless.",
    service: "Car & Driver / Rentals",
  },
  {
    id: "r-3",
    username: "Amelia T.",
    date: "2025-11-02",
    rating: 4,
    comment:
      "A very thorough move-out clean and the landlord had no complaints. It took a little longer than quoted, but the result was worth it.",
    service: "Cleaning Services",
  },
  {
    id: "r-4",
    username: "Jordan K.",
    date: "2025-11-15",
    rating: 5,
    comment:
      "The DJ read the room perfectly at our wedding in Vaughan. He played everything from Bollywood to 90s hits, and the dance floor never emptied.",
    service: "DJ / Events",
  },
  {
    id: "r-5",
    username: "Mei L.",
    date: "2025-11-29",
    rating: 3,
    comment:
      "The plumber fixed the leak under our sink properly, but the arrival window was wider than I hoped. The communication was good and the price was fair.",
    service: "Plumbing",
  },
  {
    id: "r-6",
    username: "Carlos R.",
    date: "2025-12-06",
    rating: 4,
    comment:
      "A great fall clean-up of our backyard in Etobicoke: the leaves were bagged, the beds mulched and the hedges trimmed. I will book again in the spring.",
    service: "Gardening",
  },
];

// ---------------------------------------------------------------------------------------------
// Partner ads (5 fictional local businesses) for the Home page strip
// ---------------------------------------------------------------------------------------------

// The home page's partner strip is the site's own content (app/modules/site/partners.ts).
export { PARTNER_ADS } from "../../app/modules/site/partners";
