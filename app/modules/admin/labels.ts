import type { MessageKey } from "~/lib/i18n/translate";
import type { RequestKind } from "~/modules/requests/kinds";

/** How the back office names each kind of request (filters, counts, lists). */
export const KIND_LABEL_KEYS = {
  booking: "admin.kind.booking",
  "quick-booking": "admin.kind.quickBooking",
  "service-request": "admin.kind.serviceRequest",
  "car-request": "admin.kind.carRequest",
  "chauffeur-contact": "admin.kind.chauffeurContact",
  "rent-request": "admin.kind.rentRequest",
  "city-request": "admin.kind.cityRequest",
  listing: "admin.kind.listing",
  "contact-message": "admin.kind.contactMessage",
  "provider-application": "admin.kind.providerApplication",
} as const satisfies Record<RequestKind, MessageKey>;

/** Every kind, in the registry's order (without loading the registry into the page's code). */
export const ADMIN_KINDS = Object.keys(KIND_LABEL_KEYS) as RequestKind[];

/** The back office's sections, in navigation order. */
export const ADMIN_SECTIONS = [
  { path: "/admin", label: "admin.nav.dashboard", end: true },
  { path: "/admin/requests", label: "admin.nav.inbox", end: false },
  { path: "/admin/listings", label: "admin.nav.listings", end: false },
  { path: "/admin/providers", label: "admin.nav.providers", end: false },
  { path: "/admin/reviews", label: "admin.nav.reviews", end: false },
  { path: "/admin/outbox", label: "admin.nav.outbox", end: false },
  { path: "/admin/privacy", label: "admin.nav.privacy", end: false },
  { path: "/admin/system", label: "admin.nav.system", end: false },
] as const satisfies readonly { path: string; label: MessageKey; end: boolean }[];
