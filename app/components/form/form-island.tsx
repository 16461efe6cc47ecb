import { type ComponentType, lazy, memo, useEffect, useRef, useState } from "react";
import { isHydrating } from "~/lib/hydration";
import { ServerHtmlBoundary } from "./server-html-boundary";

/**
 * What says "about to use the form". Listened for on `window` in the capture phase: React
 * stops the propagation of discrete events (pointerdown, focusin, keydown) aimed at content it
 * has not hydrated yet, before they reach the island's own element.
 */
// change/input: a value set without a pointer or focus (assistive technology, autofill, tests).
const INTENT_EVENTS = ["pointerover", "pointerdown", "focusin", "keydown", "input", "change"] as const;

/**
 * `VITE_FORM_ISLANDS=off npm run build`: every island loads its code with the page, as a form
 * without islands would — for measuring what they buy (issue 48 item 4), never shipped.
 */
const ISLANDS_OFF = import.meta.env.VITE_FORM_ISLANDS === "off";

/**
 * A posted form whose code (Conform, its fields and its own logic: ~10 KB gzip and more) is
 * not part of the page's first visit (ADR 17). The server renders the form whole; in the
 * browser the form stays that server HTML — a plain form that posts and is validated by the
 * server, as without JavaScript — until the visitor reaches for it (points at it, presses or
 * focuses something in it), then its code loads and React hydrates it in place: nothing typed
 * is lost (hydration keeps the DOM) and the form gets its live validation. `eager(props)`
 * loads it at once. Without `eager`, a form given the server's reply (a `lastResult` prop) loads
 * at once, so it validates live while the person corrects what the server refused: forgetting
 * that was a trap no test caught (docs/pages.md 4b).
 *
 * Relies on React's selective hydration: a lazy component inside <Suspense> that is not
 * loaded yet leaves its server HTML in place. If an update reaches the boundary before its
 * code has arrived (a hash change, a revalidation), React gives up hydrating it: it deletes the
 * server's HTML and renders the fallback until the code is in, then renders the form afresh.
 * The person may be using that HTML, so the island never lets it go (ADR 20): the fallback puts
 * the very same DOM nodes back (typed text, chosen files, focus and all) and asks for the code;
 * when the form renders, what the person did is carried over to it before anything is painted.
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
    const [fromServer] = useState(isHydrating);
    const eager =
      ISLANDS_OFF || (options.eager ? options.eager(props) : Boolean((props as { lastResult?: unknown }).lastResult));
    const ref = useRef<HTMLDivElement>(null);
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
      <ServerHtmlBoundary wrapperRef={ref} onFallback={want}>
        <Form {...props} />
      </ServerHtmlBoundary>
    );
  }
  return memo(Island);
}
