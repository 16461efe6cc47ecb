import { Suspense, useState } from "react";
import { preloadable } from "~/lib/preloadable";
import type { DialogProps } from "./modal-dialog";

const ModalDialog = preloadable(() => import("./modal-dialog").then((m) => m.default));

/** Starts loading the modal (Radix Dialog and its focus/scroll helpers, ~14 KB gzip). */
export const preloadDialog = ModalDialog.preload;

/**
 * The one modal dialog of the design system. No domain knowledge: pages reach it through
 * `LinkDialog` or a gate like the wizard's log-in prompt. Every dialog opens from a link or a
 * button after the page is interactive, so the modal's code loads when one first opens (or when
 * a pointer or focus reaches its opener: see LinkDialogTrigger), not with every page.
 */
export function Dialog(props: DialogProps) {
  // Once opened, it stays mounted: closing animates and hands focus back through Radix.
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
