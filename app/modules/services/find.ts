import { scoreMatch } from "~/modules/search/suggest";

/**
 * Find a Service (/search): categories whose title matches the service type (the suggestion
 * scoring, best first) and, when a location is given, whose service areas mention it.
 */
export type Findable = { slug: string; title: string; areas: string };

export function findServices<T extends Findable>(
  categories: readonly T[],
  { type, location, category }: { type: string; location: string; category: string },
): T[] {
  const loc = location.trim().toLowerCase();
  return categories
    .map((c, index) => ({ c, index, score: type.trim() ? scoreMatch(type, c.title) : 1 }))
    .filter(({ c, score }) => score > 0 && (!category || c.slug === category) && (!loc || c.areas.toLowerCase().includes(loc)))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ c }) => c);
}
