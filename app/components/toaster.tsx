import * as ToastPrimitive from "@radix-ui/react-toast";
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { useT } from "~/lib/i18n/use-t";
import type { Toast, ToastInput } from "~/lib/toast/toast";

/**
 * Toasts as the spec fixes them: one visible at a time (a new one replaces the old), 5000 ms,
 * swipe 50 px to dismiss, F8 focuses the region. Radix Toast gives the live region, pause on
 * hover/focus and swipe; we keep a single slot.
 */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

type ToastApi = { toast: (toast: ToastInput) => void };
const ToastContext = createContext<ToastApi>({ toast: () => {} });
export const useToast = () => useContext(ToastContext);

let counter = 0;

export function Toaster({ flash, children }: { flash: Toast | null; children: React.ReactNode }) {
  const t = useT();
  const [current, setCurrent] = useState<Toast | null>(flash);
  const [open, setOpen] = useState(Boolean(flash));

  const show = useCallback((input: ToastInput) => {
    counter += 1;
    setCurrent({ id: `local-${counter}`, variant: "default", ...input });
    setOpen(true);
  }, []);

  // A flash toast from a server redirect arrives with new root loader data.
  useEffect(() => {
    if (flash) {
      setCurrent(flash);
      setOpen(true);
    }
  }, [flash]);

  const api = useMemo(() => ({ toast: show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      <ToastPrimitive.Provider
        duration={TOAST_DURATION_MS}
        swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
        swipeDirection="right"
        label={t("toast.region")}
      >
        {children}
        {current ? (
          <ToastPrimitive.Root
            key={current.id}
            open={open}
            onOpenChange={setOpen}
            type={current.variant === "destructive" ? "foreground" : "background"}
            data-variant={current.variant}
            className={`toast ${current.variant === "destructive" ? "toast-destructive" : ""}`}
          >
            <div className="grid gap-1">
              <ToastPrimitive.Title className="font-semibold">{current.title}</ToastPrimitive.Title>
              {current.description ? (
                <ToastPrimitive.Description className="text-sm opacity-90">
                  {current.description}
                </ToastPrimitive.Description>
              ) : null}
            </div>
            <ToastPrimitive.Close
              aria-label={t("toast.close")}
              className="ml-auto rounded p-1 opacity-70 hover:opacity-100 focus-visible:opacity-100"
            >
              <span aria-hidden="true">×</span>
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        ) : null}
        <ToastPrimitive.Viewport className="toast-viewport" />
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
      </ToastPrimitive.Provider>
    </ToastContext.Provider>
  );
}
