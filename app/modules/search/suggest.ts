/**
 * Suggestion scoring from the spec (services and homes alike): 3 when the text starts with the
 * query, 2 when it contains it, 1 when more than 70% of the query's characters appear in it,
 * else no match. Case-insensitive; ties keep their original order; at most `max` results.
 */
export const MAX_SUGGESTIONS = 6;
export const LETTER_OVERLAP_THRESHOLD = 0.7;
/** Suggestions stay visible this long after the box loses focus (so a click can land). */
export const SUGGESTION_BLUR_DELAY_MS = 200;

const normalize = (s: string) => s.trim().toLowerCase();

export function scoreMatch(query: string, text: string): number {
  const q = normalize(query);
  const t = normalize(text);
  if (!q) return 0;
  if (t.startsWith(q)) return 3;
  if (t.includes(q)) return 2;
  const chars = [...q.replace(/\s+/g, "")];
  if (chars.length === 0) return 0;
  const present = chars.filter((c) => t.includes(c)).length;
  return present / chars.length > LETTER_OVERLAP_THRESHOLD ? 1 : 0;
}

export function suggest<T>(query: string, items: readonly T[], text: (item: T) => string, max = MAX_SUGGESTIONS): T[] {
  return items
    .map((item, index) => ({ item, index, score: scoreMatch(query, text(item)) }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, max)
    .map((s) => s.item);
}

/** The spec's filter for the services grid: title contains the text, case-insensitive. */
export function titleContains(query: string, title: string): boolean {
  return normalize(title).includes(normalize(query));
}
