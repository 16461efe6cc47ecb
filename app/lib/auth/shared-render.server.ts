import { scopedValue } from "../request-scope.server";

/*
 * A signed-in page made once for anyone (app/lib/http/signed-in-pages.server.ts) may show who
 * is signed in only through the root's stand-in user, whose fields become holes. A loader that
 * asks for the session itself makes something of the page depend on the person (their bookings,
 * their application): such a page is not made for anyone, it is rendered for each visitor.
 */
const renders = scopedValue<{ askedForSession: boolean }>("shared-render");

/** Runs a render made for anyone, and tells whether anything in it asked for the session. */
export async function renderForAnyone<T>(render: () => Promise<T>): Promise<{ result: T; askedForSession: boolean }> {
  const state = { askedForSession: false };
  const result = await renders.run(state, render);
  return { result, askedForSession: state.askedForSession };
}

/** Called where the session is read: true (and noted) inside a render made for anyone, which has none. */
export function sessionAskedInSharedRender(): boolean {
  const state = renders.get();
  if (state) state.askedForSession = true;
  return state !== undefined;
}
