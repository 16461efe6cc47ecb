import { type ComponentType, lazy, memo, Suspense, useEffect, useRef, useState } from "react";
import { isHydrating } from "~/lib/hydration";

/**
 * What says "about to use the form". Listened for on `window` in the capture phase: React
 * stops the propagation of discrete events (pointerdown, focusin, keydown) aimed at content it
 * has not hydrated yet, before they reach the island's own element.
 */
// change/input: a value set without a pointer or focus (assistive technology, autofill, tests).
const INTENT_EVENTS = ["pointerover", "pointerdown", "focusin", "keydown", "input", "change"] as const;

/**
 * A posted form whose code (Conform, its fields and its own logic: ~10 KB gzip and more, issue
 * #11) is not part of the page's first visit. The server renders the form whole, as before; in
 * the browser the form stays that server HTML — a plain form that posts and is validated by the
 * server, as without JavaScript — until the visitor reaches for it (points at it, presses or
 * focuses something in it), then its code loads and React hydrates it in place: nothing typed
 * is lost (hydration keeps the DOM) and the form gets its live validation. `eager(props)`
 * loads it at once (e.g. a server reply with errors, so the form validates as it is corrected).
 *
 * Relies on React's selective hydration: a lazy component inside <Suspense> that is not
 * loaded yet leaves its server HTML in place. If React must render the boundary on the
 * client before the code arrives (an update reached it first), the fallback asks for the
 * code at once.
 */
export function formIsland<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: { eager?: (props: P) => boolean } = {},
): ComponentType<P> {
  let want = () => {};
  const wanted = new Promise<void>((resolve) => (want = resolve));
  // React hydrates a Suspense boundary in a pass after the page's first commit, so whether to
  // wait is decided by the island (rendered in that first pass), not here.
  const Form = lazy(async () => {
    if (typeof document !== "undefined") await wanted;
    return { default: await load() };
  });

  function Island(props: P) {
    const ref = useRef<HTMLDivElement>(null);
    const [fromServer] = useState(isHydrating);
    const eager = options.eager?.(props) ?? false;
    useEffect(() => {
      // Mounted by a client-side navigation (no server HTML to keep), or wanted at once.
      if (!fromServer || eager) return want();
      const onIntent = (event: Event) => {
        if (event.target instanceof Node && ref.current?.contains(event.target)) want();
      };
      for (const type of INTENT_EVENTS)
        window.addEventListener(type, onIntent, { capture: true, passive: true });
      void wanted.then(() => {
        for (const type of INTENT_EVENTS) window.removeEventListener(type, onIntent, { capture: true });
      });
      return () => {
        for (const type of INTENT_EVENTS) window.removeEventListener(type, onIntent, { capture: true });
      };
    }, [fromServer, eager]);
    return (
      <div ref={ref} className="contents">
        <Suspense fallback={<LoadNow want={want} />}>
          <Form {...props} />
        </Suspense>
      </div>
    );
  }
  return memo(Island);
}

function LoadNow({ want }: { want: () => void }) {
  useEffect(want, [want]);
  return null;
}
