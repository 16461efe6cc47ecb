/**
 * A listing's property type, as stored by the seed ("WholeHome", "ShortTerm") or the wizard
 * ("Whole Home", "Short-term"), folded to one key for labels and structured data. Apart from
 * the search's rules (search.ts re-exports it): a listing's page labels its type, and should not
 * load those rules with it.
 */
export type PropertyKind = "1br" | "2br" | "room" | "shortterm" | "sublet" | "wholehome" | "studio" | "other";
export function propertyKind(type: string): PropertyKind {
  const k = type.toLowerCase().replace(/[^a-z0-9]/g, "");
  return (["1br", "2br", "room", "shortterm", "sublet", "wholehome", "studio"] as const).find((x) => x === k) ?? "other";
}

/** schema.org type for a listing: a room, a house, otherwise an apartment-like unit. */
export function schemaOrgType(type: string): "Room" | "House" | "Apartment" | "Accommodation" {
  switch (propertyKind(type)) {
    case "room":
      return "Room";
    case "wholehome":
      return "House";
    case "1br":
    case "2br":
    case "studio":
    case "sublet":
      return "Apartment";
    default:
      return "Accommodation";
  }
}
