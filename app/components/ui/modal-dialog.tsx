import * as Radix from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

const WIDTHS = { md: "max-w-md", lg: "max-w-lg", xl: "max-w-xl" } as const;

/**
 * The modal itself (Radix: focus trap, Esc, `role="dialog"` named by its title), loaded by
 * `Dialog` (dialog.tsx) when it first opens. Props are Dialog's.
 *
 * `returnFocusTo`: the control that opened the dialog. Radix only restores focus to its own
 * `Dialog.Trigger`; our openers are links that also work without JavaScript, so we say where
 * focus goes back ourselves (WCAG 2.4.3).
 */
export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  closeLabel: string;
  width?: keyof typeof WIDTHS;
  centered?: boolean;
  returnFocusTo?: () => HTMLElement | null;
  children?: ReactNode;
};

export default function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  width = "xl",
  centered = false,
  returnFocusTo,
  children,
}: DialogProps) {
  return (
    <Radix.Root open={open} onOpenChange={onOpenChange}>
      <Radix.Portal>
        <Radix.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Radix.Content
          // Without a description Radix warns unless told there is none.
          {...(description ? {} : { "aria-describedby": undefined })}
          onOpenAutoFocus={(event) => {
            // On a phone, Radix's focus on the first field (selecting a prefilled value) pops the
            // keyboard over the form and the next key replaces what was there: the dialog itself
            // takes focus, read out by its title, and the person chooses where to start (issue 49 item 6).
            if (!window.matchMedia("(pointer: coarse), (max-width: 639px)").matches) return;
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
          onCloseAutoFocus={(event) => {
            const opener = returnFocusTo?.();
            if (!opener?.isConnected) return;
            event.preventDefault();
            opener.focus();
          }}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] ${WIDTHS[width]} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none ${centered ? "text-center" : ""}`}
        >
          <Radix.Title className="pr-8 text-xl font-semibold">{title}</Radix.Title>
          {description ? <Radix.Description className={`mt-1 text-sm text-slate-600 ${centered ? "" : "mb-5"}`}>{description}</Radix.Description> : null}
          {children}
          <Radix.Close className="absolute top-3 right-3 rounded p-1 text-slate-500 hover:bg-slate-100" aria-label={closeLabel}>
            <span aria-hidden="true" className="block size-6 text-xl leading-6">
              ×
            </span>
          </Radix.Close>
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}
