import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The HTTP request being served, as the work it causes runs: its id and, once known, its user
 * (the log's lines carry both), and what its loaders ask alike, asked once.
 */
export type RequestScope = { reqId: string; userId?: string; remembered?: Map<string, unknown> };

// One scope per process, though this module is loaded twice in production (by the server
// entry and inside the app's bundle): both copies reach the same one through globalThis.
const holder = globalThis as typeof globalThis & { __gtaRequestScope?: AsyncLocalStorage<RequestScope> };
const scope = (holder.__gtaRequestScope ??= new AsyncLocalStorage<RequestScope>());

/** Runs `fn` as part of a request. */
export function inRequestScope<T>(request: RequestScope, fn: () => T): T {
  return scope.run(request, fn);
}

/** Runs `fn` outside any request (work it starts is not that request's: the mail worker). */
export function outsideRequest<T>(fn: () => T): T {
  return scope.exit(fn);
}

/** The request being served, if any. */
export const requestScope = (): RequestScope | undefined => scope.getStore();

/**
 * `make()`, once per HTTP request and key: what the loaders of one page ask alike (who is signed
 * in). React Router hands each loader a copy of the request, so the request object itself cannot
 * be the key; outside a request, made every time.
 */
export function rememberedForRequest<T>(key: string, make: () => T): T {
  const s = scope.getStore();
  if (!s) return make();
  s.remembered ??= new Map();
  if (!s.remembered.has(key)) s.remembered.set(key, make());
  return s.remembered.get(key) as T;
}

/** Called where the session is read: this request's log lines carry the user's id from then on. */
export function noteUser(userId: string) {
  const s = scope.getStore();
  if (s) s.userId = userId;
}
