/**
 * Columns derived from a listing's own fields, kept in the row so search and sort use indexes:
 * a monthly-equivalent price (per-night × 30, so nightly and monthly listings sort together
 * sensibly) and the lower-cased text the search box matches (title, city, neighbourhood,
 * description).
 */
export const NIGHTS_PER_MONTH = 30;

export function monthlyPrice(price: number, unit: "month" | "night"): number {
  return unit === "night" ? price * NIGHTS_PER_MONTH : price;
}

export function searchText(l: { title: string; city: string; neighborhood: string; description: string }): string {
  return `${l.title} ${l.city} ${l.neighborhood} ${l.description}`.toLowerCase();
}
