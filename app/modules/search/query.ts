/** Longer queries are cut: nothing we list comes close, and the URL stays sane. */
export const MAX_QUERY_LENGTH = 100;

/** A search query as every search reads it: one space between words, no edge spaces, capped. */
export const normalizeQuery = (q: string | null | undefined) => (q ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_LENGTH);
