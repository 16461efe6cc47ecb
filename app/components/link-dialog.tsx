import { type ReactNode, type RefObject, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { Dialog, preloadDialog } from "~/components/ui/dialog";

/**
 * The one pattern for a form that a link opens (booking, chauffeur contact, rent request):
 * - before JavaScript runs, the link leads to `?param#id` and the page renders the form inline
 *   in a section with that id, which posts as a plain form;
 * - once hydrated, the same link opens the form in a dialog, and arriving at `?param` (a link
 *   followed before hydration, a card on /request, the way back from log-in) opens it too;
 *   the parameter is then dropped so a reload does not reopen it;
 * - closing the dialog returns focus to the control that opened it;
 * - a page that answers a refused plain post (`refused`) keeps the form inline with its errors.
 * docs/decisions/0007-link-dialogs.md
 */
export type LinkDialogOptions = {
  /** The query parameter that asks for the form, e.g. "contact" for `?contact`. */
  param: string;
  /** The inline section's id (the link's fragment); forms inside must use other ids. */
  id: string;
  /** A `resume` value that also opens it (set by log-in/sign-up on the way back). */
  resume?: string;
  refused?: boolean;
};

export type LinkDialogState = {
  param: string;
  id: string;
  open: boolean;
  setOpen: (open: boolean) => void;
  hydrated: boolean;
  showInline: boolean;
  trigger: RefObject<HTMLAnchorElement | null>;
  returnFocusTo: () => HTMLElement | null;
};

export function useLinkDialog({ param, id, resume, refused = false }: LinkDialogOptions): LinkDialogState {
  const [params, setParams] = useSearchParams();
  const arriving = params.has(param) || (resume !== undefined && params.get("resume") === resume);
  const [open, setOpenState] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const trigger = useRef<HTMLAnchorElement | null>(null);

  useEffect(() => {
    setHydrated(true);
    if (!arriving || refused) return;
    setOpenState(true);
    setParams(
      (p) => {
        p.delete(param);
        if (resume !== undefined) p.delete("resume");
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
    // Only on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const setOpen = useCallback((next: boolean) => {
    if (next) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    }
    setOpenState(next);
  }, []);

  return {
    param,
    id,
    open,
    setOpen,
    hydrated,
    showInline: (!hydrated && arriving) || refused,
    trigger,
    // Opened on arrival, nothing was focused: the page's own trigger is the natural place.
    returnFocusTo: () => opener.current ?? trigger.current,
  };
}

/** The link that opens the dialog (or, before JavaScript, leads to the inline form). */
export function LinkDialogTrigger({ dialog, className, children }: { dialog: LinkDialogState; className?: string; children: ReactNode }) {
  const location = useLocation();
  // Keep the page's own query (a search, a filter) and add the parameter.
  const rest = new URLSearchParams(location.search);
  rest.delete(dialog.param);
  const query = rest.size ? `${rest}&${dialog.param}` : dialog.param;
  return (
    <Link
      ref={dialog.trigger}
      to={`?${query}#${dialog.id}`}
      preventScrollReset
      className={className}
      onPointerEnter={() => void preloadDialog()}
      onFocus={() => void preloadDialog()}
      onClick={(event) => {
        // Before hydration, and while the form is already inline, the link does its plain job.
        if (!dialog.hydrated || dialog.showInline) return;
        event.preventDefault();
        dialog.setOpen(true);
      }}
    >
      {children}
    </Link>
  );
}

/**
 * The form, inline or in the dialog as the state says. `children` gets `close` (dialogs close
 * themselves after a successful send) and `inline` (an inline form has no Cancel).
 */
export function LinkDialog({
  dialog,
  title,
  description,
  closeLabel,
  width,
  inlineClassName = "mt-8",
  children,
}: {
  dialog: LinkDialogState;
  title: string;
  description?: string;
  closeLabel: string;
  width?: "md" | "lg" | "xl";
  inlineClassName?: string;
  children: (mode: { inline: boolean; close: () => void }) => ReactNode;
}) {
  const titleId = `${dialog.id}-title`;
  if (dialog.showInline) {
    return (
      <section id={dialog.id} aria-labelledby={titleId} className={`card scroll-mt-24 p-6 ${inlineClassName}`}>
        <h2 id={titleId} className="text-xl font-semibold">
          {title}
        </h2>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
        <div className="mt-5">
          <Suspense fallback={null}>{children({ inline: true, close: () => {} })}</Suspense>
        </div>
      </section>
    );
  }
  return (
    <Dialog
      open={dialog.open}
      onOpenChange={dialog.setOpen}
      title={title}
      description={description}
      closeLabel={closeLabel}
      width={width}
      returnFocusTo={dialog.returnFocusTo}
    >
      {/* A form may load its code when first shown (e.g. the booking form). */}
      <Suspense fallback={null}>{children({ inline: false, close: () => dialog.setOpen(false) })}</Suspense>
    </Dialog>
  );
}
