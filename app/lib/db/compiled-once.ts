import type { CompiledQuery } from "kysely";
import { LRUCache } from "lru-cache";

/**
 * A query built and compiled once per database, then run as SQL: for the statements every page
 * of a kind asks with the same shape. Building Kysely's operation tree and compiling it to SQL
 * cost more than running the statement on SQLite (the back office's navigation counts: ~3 % of
 * an admin page's CPU). Run it with `db.executeQuery(query)`, or `{ ...query, parameters }` where
 * only its values change.
 */
export function compiledOnce<D extends object, Q extends CompiledQuery>(build: (db: D) => Q): (db: D) => Q {
  const byDatabase = new WeakMap<D, Q>();
  return (db) => {
    let query = byDatabase.get(db);
    if (!query) byDatabase.set(db, (query = build(db)));
    return query;
  };
}

/**
 * The same for a query of a few shapes (a list's filter and page): compiled once per key, the
 * last `max` keys kept. The key must name everything the query depends on.
 */
export function compiledPerKey<D extends object, A, Q extends CompiledQuery>(build: (db: D, arg: A) => Q, key: (arg: A) => string, max = 200): (db: D, arg: A) => Q {
  const byDatabase = new WeakMap<D, LRUCache<string, Q>>();
  return (db, arg) => {
    let queries = byDatabase.get(db);
    if (!queries) byDatabase.set(db, (queries = new LRUCache<string, Q>({ max })));
    const k = key(arg);
    let query = queries.get(k);
    if (!query) queries.set(k, (query = build(db, arg)));
    return query;
  };
}

const SLOT = "\u0000slot:";

/**
 * A value a query compiled once takes when it runs: build with `slot("userId")` where the value
 * goes, run with `filled(query, { userId })`. The marker is a string no form can send (a NUL).
 */
export const slot = (name: string): string => `${SLOT}${name}`;

export function filled<Q extends CompiledQuery>(query: Q, values: Record<string, unknown>): Q {
  return {
    ...query,
    parameters: query.parameters.map((p) => {
      if (typeof p !== "string" || !p.startsWith(SLOT)) return p;
      const name = p.slice(SLOT.length);
      if (!(name in values)) throw new Error(`No value for the query's slot "${name}"`);
      return values[name];
    }),
  };
}
