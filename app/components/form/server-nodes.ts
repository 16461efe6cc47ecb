/**
 * Keeping server HTML while React renders it afresh (server-html-boundary.tsx, ADR 20).
 *
 * React deletes a Suspense boundary's server HTML when an update reaches it before its code has
 * loaded, and later renders new nodes. The person may have typed, chosen files or focused
 * something in the old nodes. These helpers remember them and put them back the moment they are
 * deleted (same nodes: value, files, checked state and focus survive); adopt-server-nodes.ts
 * carries what the person did over to the new nodes when they arrive.
 */
export type ServerNodes = {
  nodes: Node[];
  /** The control that last had focus inside, while the server HTML was in use. */
  focused: HTMLElement | null;
  /** True once React deleted the nodes and they were put back. */
  kept: boolean;
  stop: () => void;
};

export function rememberServerNodes(wrapper: HTMLElement): ServerNodes {
  const server: ServerNodes = { nodes: Array.from(wrapper.childNodes), focused: null, kept: false, stop: () => {} };
  const onFocus = (event: FocusEvent) => {
    const target = event.target;
    server.focused = target instanceof HTMLElement && server.nodes.some((n) => n.contains(target)) ? target : null;
  };
  document.addEventListener("focusin", onFocus, true);
  const active = document.activeElement;
  if (active instanceof HTMLElement && server.nodes.some((n) => n.contains(active))) server.focused = active;
  server.stop = () => document.removeEventListener("focusin", onFocus, true);
  return server;
}

/** The fallback committed: React has removed the nodes; put them back where they were. */
export function keepServerNodes(wrapper: HTMLElement, server: ServerNodes) {
  if (server.kept) return;
  const lost = server.focused && (document.activeElement === document.body || document.activeElement === null);
  for (const node of server.nodes) {
    // React's markers of the dehydrated boundary are gone with it; only content goes back.
    if (node.nodeType === Node.COMMENT_NODE || node.isConnected) continue;
    wrapper.appendChild(node);
  }
  server.kept = true;
  if (lost && server.focused?.isConnected) server.focused.focus({ preventScroll: true });
}

export type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export const controlsIn = (roots: Node[]): Control[] =>
  roots.flatMap((root) =>
    root instanceof Element
      ? [
          ...(root.matches("input, select, textarea") ? [root as Control] : []),
          ...Array.from(root.querySelectorAll<Control>("input, select, textarea")),
        ]
      : [],
  );
