import { type ReactNode, type RefObject, startTransition, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { ServerHtmlBoundary } from "~/components/form/server-html-boundary";
import { Dialog, preloadDialog } from "~/components/ui/dialog";
import { loadWhenIdle } from "~/lib/preloadable";

/**
 * The one pattern for a form that a link opens (booking, chauffeur contact, rent request):
 * - before JavaScript runs, the link leads to `?param#id` and the page renders the form inline
 *   in a section with that id, which posts as a plain form;
 * - once hydrated, the same link opens the form in a dialog, and arriving at `?param` (a link
 *   followed before hydration, a card on /request, the way back from log-in) opens it too;
 *   the parameter is then dropped so a reload does not reopen it;
 * - closing the dialog returns focus to the control that opened it;
 * - a page that answers a refused plain post (`refused`) keeps the form inline with its errors;
 * - the dialog opens only once its code and its form's (`preload`) are in, so it never shows
 *   empty; they are fetched when the page is idle after loading, or when a pointer or focus
 *   reaches the link, so a click normally opens it at once (ADR 20).
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
  /** Loads the code of what the dialog shows (a form), besides the dialog's own. */
  preload?: () => Promise<unknown>;
};

export type LinkDialogState = {
  param: string;
  id: string;
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Opens the dialog as soon as its code and its content's are in (`source` is busy until then). */
  openWhenReady: (source?: HTMLElement) => void;
  /** Starts loading what opening the dialog needs. */
  preload: () => void;
  showInline: boolean;
  trigger: RefObject<HTMLAnchorElement | null>;
  returnFocusTo: () => HTMLElement | null;
};

export function useLinkDialog({ param, id, resume, refused = false, preload: preloadContent }: LinkDialogOptions): LinkDialogState {
  const [params, setParams] = useSearchParams();
  const arriving = params.has(param) || (resume !== undefined && params.get("resume") === resume);
  const [open, setOpenState] = useState(false);
  // Arriving at `?param`, the page shows the form inline (all there is before JavaScript).
  const [arrivedInline, setArrivedInline] = useState(arriving);
  const opener = useRef<HTMLElement | null>(null);
  const trigger = useRef<HTMLAnchorElement | null>(null);

  // True once the dialog's code and its content's are in: opening then renders it whole at once.
  const ready = useRef(false);
  const load = useCallback(
    () => Promise.all([preloadDialog(), preloadContent?.()]).then(() => void (ready.current = true)),
    // The content's loader is a module-level function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  useEffect(() => {
    // What a click will need, fetched while nothing else is going on.
    loadWhenIdle(load);
    if (!arriving || refused) return;
    // The inline form becomes the dialog once the dialog can show it whole, in one commit, and
    // only if the person has not started on the inline one meanwhile (then it stays where it is).
    void Promise.all([load(), import("~/components/form/adopt-server-nodes")]).then(
      ([, { inUse }]) => {
        const section = document.getElementById(id);
        if (section && inUse(section)) return;
        setArrivedInline(false);
        setOpenState(true);
      },
      () => undefined,
    );
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

  const busy = useRef<HTMLElement | null>(null);
  const openWhenReady = useCallback(
    (source?: HTMLElement) => {
      // Remember the opener now: focus may move while the code arrives.
      const active = document.activeElement;
      const from = active instanceof HTMLElement && active !== document.body ? active : null;
      // The dialog and its form render as a transition: the click is answered by the next frame
      // (the link busy) and the dialog appears, whole, once rendered, without holding the page.
      const show = () => {
        opener.current = from;
        startTransition(() => setOpenState(true));
      };
      busy.current = source ?? null;
      source?.setAttribute("aria-busy", "true");
      if (ready.current) return show();
      void load().then(
        show,
        // Offline for a moment: the link's own address shows the form (the no-JavaScript path).
        () => {
          source?.removeAttribute("aria-busy");
          if (trigger.current) window.location.assign(trigger.current.href);
        },
      );
    },
    [load],
  );
  // Shown: the link that asked for it is no longer busy.
  useEffect(() => {
    if (open) busy.current?.removeAttribute("aria-busy");
  }, [open]);

  return {
    param,
    id,
    open,
    setOpen,
    openWhenReady,
    preload: () => void load().catch(() => undefined),
    showInline: arrivedInline || refused,
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
      aria-haspopup="dialog"
      className={className}
      onPointerEnter={dialog.preload}
      onFocus={dialog.preload}
      onClick={(event) => {
        // While the form is already inline, the link does its plain job. (Before hydration this
        // handler does not exist and the link leads to the inline form; once it runs, the page is
        // hydrated: a click then must not be lost.)
        if (dialog.showInline) return;
        event.preventDefault();
        dialog.openWhenReady(event.currentTarget);
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
          {/* The person may be typing in it while its code loads: never re-rendered away (ADR 20). */}
          <ServerHtmlBoundary>{children({ inline: true, close: () => {} })}</ServerHtmlBoundary>
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
