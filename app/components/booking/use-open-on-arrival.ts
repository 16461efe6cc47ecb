import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";

/**
 * Pages that host a booking form open it when they are reached with `?book` (a call to action
 * followed before JavaScript loaded, or the /request cards) or `?resume=requestBooking` (back
 * from log-in). The parameters are then removed so a reload does not reopen it.
 */
export function useOpenOnArrival() {
  const [params, setParams] = useSearchParams();
  const wantsBooking = params.get("resume") === "requestBooking" || params.has("book");
  const [open, setOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    if (!wantsBooking) return;
    setOpen(true);
    setParams(
      (p) => {
        p.delete("resume");
        p.delete("book");
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
    // Only on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  /** Before hydration, the server-rendered page shows the form inline instead of a dialog. */
  const showInline = !hydrated && wantsBooking;
  return { open, setOpen, hydrated, showInline };
}
