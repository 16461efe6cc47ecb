/**
 * True in the browser until the app's first commit (the root calls markHydrated in an effect,
 * which runs after every effect below it). Code that must tell "hydrating the server's HTML"
 * from "rendering in the browser" (a client-side navigation) asks isHydrating().
 */
let hydrating = typeof document !== "undefined";

export const isHydrating = () => hydrating;

export const markHydrated = () => {
  hydrating = false;
  // Read by the loading-race run (tests/e2e/loading-race.spec.ts) and `npm run inp`.
  (window as unknown as { __gtaHydrated?: boolean }).__gtaHydrated = true;
};
