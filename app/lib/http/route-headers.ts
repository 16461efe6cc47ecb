/**
 * A route's `headers` when both its loader and its action set some: the loader's (e.g. never
 * cached) with the action's on top (e.g. Retry-After with a 429). React Router keeps only the
 * loader's unless the route merges them itself.
 */
export function loaderAndActionHeaders({ loaderHeaders, actionHeaders }: { loaderHeaders: Headers; actionHeaders: Headers }): Headers {
  const merged = new Headers(loaderHeaders);
  actionHeaders.forEach((value, name) => merged.set(name, value));
  return merged;
}
