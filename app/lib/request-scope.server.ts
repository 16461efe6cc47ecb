import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The HTTP request being served, as the work it causes runs: its id and, once known, its user
 * (the log's lines carry both), and what its loaders ask alike, asked once.
 */
export type RequestScope = { reqId: string; userId?: string; remembered?: Map<string, unknown> };

/**
 * What the work of a call carries: the request it is part of, and the values of `scopedValue`s
 * (the upload folder, the reader's language, …) keyed by their symbols.
 *
 * One AsyncLocalStorage for all of them, not one each (ADR 23): on Node 20 every promise the
 * process creates pays for every AsyncLocalStorage ever entered, whether or not it holds a
 * value there (measured: four more cost ~25 µs per signed-in page each). The request itself is
 * shared by reference, so a value set inside a nested call (the user, something remembered) is
 * seen by the whole request.
 */
type Carried = { request?: RequestScope; [value: symbol]: unknown };

// One storage per process, though this module is loaded twice in production (by the server
// entry and inside the app's bundle): both copies reach the same one through globalThis.
const holder = globalThis as typeof globalThis & { __gtaScope?: AsyncLocalStorage<Carried> };
const scope = (holder.__gtaScope ??= new AsyncLocalStorage<Carried>());

/** Runs `fn` as part of a request. */
export function inRequestScope<T>(request: RequestScope, fn: () => T): T {
  return scope.run({ ...scope.getStore(), request }, fn);
}

/** Runs `fn` outside any request (work it starts is not that request's: the mail worker). */
export function outsideRequest<T>(fn: () => T): T {
  const carried = scope.getStore();
  return carried?.request ? scope.run({ ...carried, request: undefined }, fn) : fn();
}

/** The request being served, if any. */
export const requestScope = (): RequestScope | undefined => scope.getStore()?.request;

/**
 * A value that travels with a call and the work it starts, as an AsyncLocalStorage's does, in
 * the one storage above. `name` is its key across the module's copies (`Symbol.for`).
 */
export function scopedValue<T>(name: string) {
  const key = Symbol.for(`gta.scope.${name}`);
  return {
    run<R>(value: T, fn: () => R): R {
      return scope.run({ ...scope.getStore(), [key]: value }, fn);
    },
    get(): T | undefined {
      return scope.getStore()?.[key] as T | undefined;
    },
  };
}

/**
 * `make()`, once per HTTP request and key: what the loaders of one page ask alike (who is signed
 * in). React Router hands each loader a copy of the request, so the request object itself cannot
 * be the key; outside a request, made every time.
 */
export function rememberedForRequest<T>(key: string, make: () => T): T {
  const s = requestScope();
  if (!s) return make();
  s.remembered ??= new Map();
  if (!s.remembered.has(key)) s.remembered.set(key, make());
  return s.remembered.get(key) as T;
}

/** Called where the session is read: this request's log lines carry the user's id from then on. */
export function noteUser(userId: string) {
  const s = requestScope();
  if (s) s.userId = userId;
}
