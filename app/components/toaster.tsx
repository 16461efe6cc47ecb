import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { useLocation } from "react-router";
import type { Toast, ToastInput } from "~/lib/toast/toast";

/**
 * Toasts as the spec fixes them: one visible at a time (a new one replaces the old), 5000 ms,
 * swipe 50 px to dismiss, F8 focuses the region. Radix Toast gives the live region, pause on
 * hover/focus and swipe (toast-view.tsx, which holds those timings); we keep a single slot.
 * Radix's part loads with the first toast, not with every page: most visits show none.
 */

type ToastApi = { toast: (toast: ToastInput) => void };
const ToastContext = createContext<ToastApi>({ toast: () => {} });
export const useToast = () => useContext(ToastContext);

const ToastView = lazy(() => import("./toast-view"));

let counter = 0;

export function Toaster({ flash, children }: { flash: Toast | null; children: React.ReactNode }) {
  const [current, setCurrent] = useState<Toast | null>(flash);
  const [open, setOpen] = useState(Boolean(flash));
  // Where a page raised its own warning: "Missing Information" is about that page's form, and
  // must not follow the person to the success page once the form was fixed and sent.
  const [warnedOn, setWarnedOn] = useState<string | null>(null);
  const { pathname } = useLocation();

  const show = useCallback((input: ToastInput) => {
    counter += 1;
    setCurrent({ id: `local-${counter}`, variant: "default", ...input });
    setWarnedOn(input.variant === "destructive" ? window.location.pathname : null);
    setOpen(true);
  }, []);

  // A flash toast from a server redirect arrives with new root loader data.
  useEffect(() => {
    if (flash) {
      setCurrent(flash);
      setWarnedOn(null);
      setOpen(true);
    }
  }, [flash]);
  const stale = warnedOn !== null && warnedOn !== pathname;

  const api = useMemo(() => ({ toast: show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {current ? (
        <Suspense fallback={null}>
          <ToastView toast={current} open={open && !stale} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
      {/* Radix renders toasts only in the browser: without JavaScript, show the flash inline. */}
      {flash ? (
        <noscript>
          <div role="status" className={`toast toast-static ${flash.variant === "destructive" ? "toast-destructive" : ""}`}>
            <div className="grid gap-1">
              <p className="font-semibold">{flash.title}</p>
              {flash.description ? <p className="text-sm opacity-90">{flash.description}</p> : null}
            </div>
          </div>
        </noscript>
      ) : null}
    </ToastContext.Provider>
  );
}
