import { type ComponentType, use } from "react";

/**
 * A component whose code loads on demand, like React.lazy, but which renders in the same commit
 * once `preload()` has finished: React.lazy suspends on its first render even when the module
 * is already in, so a dialog would open empty and fill a frame later. Dialogs open only once
 * their content's code is in (link-dialog.tsx, ADR 20), so they appear whole.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download (offline a moment) may be tried again.
        pending = null;
        throw error;
      },
    ));
  function Preloaded(props: P) {
    const Component = loaded ?? use(preload());
    return <Component {...props} />;
  }
  return Object.assign(Preloaded, { preload });
}

/** Loads what a later action will need once the page is idle; a failed download is tried again when needed. */
export function loadWhenIdle(load: () => Promise<unknown>) {
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
  idle(() => void load().catch(() => undefined));
}
