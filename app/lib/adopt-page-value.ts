import { type RefObject, useLayoutEffect, useRef, useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/**
 * True while this component's first render hydrates server HTML (also inside a form island,
 * which hydrates after the page: isHydrating() is already false then), false when it renders
 * in the browser. React reads the server snapshot only when hydrating.
 */
export function useHydratingRender(): boolean {
  const now = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  return useRef(now).current;
}

type ValueControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * A controlled field hydrated over the server's HTML: whatever the person typed or chose before
 * hydration is in the DOM but not in the state, and React writes the state back on the next
 * render (erasing it). Adopt it instead, through the same handler typing would have called, in
 * the hydrating commit (a layout effect: before anything can render the field again). ADR 20.
 */
export function useAdoptPageValue(
  ref: RefObject<ValueControl | null>,
  value: string,
  onChange: (value: string) => void,
  /** The field already had focus (its focus handler never ran). */
  onFocused?: () => void,
) {
  const fromServer = useHydratingRender();
  useLayoutEffect(() => {
    const control = ref.current;
    if (!fromServer || !control) return;
    if (control === document.activeElement) onFocused?.();
    if (control.value !== value) onChange(control.value);
    // Only the hydrating commit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
