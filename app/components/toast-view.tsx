import * as ToastPrimitive from "@radix-ui/react-toast";
import { useT } from "~/lib/i18n/use-t";
import type { Toast } from "~/lib/toast/toast";

/** The spec's timings (toaster.tsx imports this view, so they live here, not there). */
const TOAST_DURATION_MS = 5000;
const TOAST_SWIPE_THRESHOLD_PX = 50;

/** The visible toast and its region (Radix Toast), loaded by the Toaster with the first toast. */
export default function ToastView({
  toast: current,
  open,
  onOpenChange,
}: {
  toast: Toast;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      swipeDirection="right"
      label={t("toast.region")}
    >
      <ToastPrimitive.Root
        key={current.id}
        open={open}
        onOpenChange={onOpenChange}
        type={current.variant === "destructive" ? "foreground" : "background"}
        data-variant={current.variant}
        className={`toast ${current.variant === "destructive" ? "toast-destructive" : ""}`}
      >
        <div className="grid gap-1">
          <ToastPrimitive.Title className="font-semibold">{current.title}</ToastPrimitive.Title>
          {current.description ? (
            <ToastPrimitive.Description className="text-sm opacity-90">{current.description}</ToastPrimitive.Description>
          ) : null}
        </div>
        <ToastPrimitive.Close
          aria-label={t("toast.close")}
          className="ml-auto rounded p-1 opacity-70 hover:opacity-100 focus-visible:opacity-100"
        >
          <span aria-hidden="true">×</span>
        </ToastPrimitive.Close>
      </ToastPrimitive.Root>
      {/* The region's name (Radix defaults to English "Notifications ({hotkey})"). */}
      <ToastPrimitive.Viewport className="toast-viewport" label={t("toast.region")} />
    </ToastPrimitive.Provider>
  );
}
