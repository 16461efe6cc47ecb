import { type Control, controlsIn, type ServerNodes } from "./server-nodes";

/*
 * The rare half of server-nodes.ts: carrying what a person did in kept server HTML over to the
 * nodes React rendered in its place. Loaded only when React gave up hydrating a boundary
 * (server-html-boundary.tsx waits for it before the content is shown), so no page pays for it
 * up front.
 */

/** Which control this is, the same way on the server's nodes and React's new ones. */
function keyOf(control: Control): string | null {
  if (!control.name) return null;
  const type = control instanceof HTMLInputElement ? control.type : control.tagName;
  const checkable = control instanceof HTMLInputElement && (type === "checkbox" || type === "radio");
  return `${type}:${control.name}${checkable ? `=${control.value}` : ""}`;
}

function byKey(controls: Control[]): Map<string, Control[]> {
  const map = new Map<string, Control[]>();
  for (const control of controls) {
    const key = keyOf(control);
    if (key) map.set(key, [...(map.get(key) ?? []), control]);
  }
  return map;
}

/** Whether the person changed this control's value from what the server wrote. */
function changedByPerson(control: Control): boolean {
  if (control instanceof HTMLSelectElement)
    return Array.from(control.options).some((option) => option.selected !== option.defaultSelected);
  return control.value !== control.defaultValue;
}

/** React's own value setter, so its change tracking sees the value as new and the handlers run. */
function setNativeValue(control: Control, value: string) {
  const proto = Object.getPrototypeOf(control) as object;
  Object.getOwnPropertyDescriptor(proto, "value")?.set?.call(control, value);
}

/**
 * React rendered the form in place of the kept nodes: carry over what was typed, chosen and
 * focused, then remove the old nodes. Events are sent after this commit (a microtask, still
 * before the frame is painted) so the form's own handlers (uploads, live validation) run as if
 * the person had just done it.
 */
export function adoptServerNodes(wrapper: HTMLElement, server: ServerNodes) {
  server.stop();
  const old = server.nodes.filter((node) => node.parentNode === wrapper);
  const fresh = Array.from(wrapper.childNodes).filter((node) => !old.includes(node));
  const targets = byKey(controlsIn(fresh));
  const seen = new Map<string, number>();
  const events: [Control, string][] = [];
  let focus: Control | null = null;
  for (const from of controlsIn(old)) {
    const key = keyOf(from);
    if (!key) continue;
    const index = seen.get(key) ?? 0;
    seen.set(key, index + 1);
    const to = targets.get(key)?.[index];
    if (!to) continue;
    if (server.focused === from) focus = to;
    if (from instanceof HTMLInputElement && to instanceof HTMLInputElement) {
      if (from.type === "file") {
        if (from.files?.length) {
          to.files = from.files;
          events.push([to, "change"]);
        }
        continue;
      }
      if (from.type === "checkbox" || from.type === "radio") {
        // Only what the person changed: the server's own state belongs to the page React renders
        // now (after a Back, say, the kept HTML still shows the previous address's values).
        if (from.checked !== from.defaultChecked && from.checked !== to.checked) events.push([to, "click"]);
        continue;
      }
    }
    if (changedByPerson(from) && from.value !== to.value) {
      setNativeValue(to, from.value);
      events.push([to, to instanceof HTMLSelectElement ? "change" : "input"]);
    }
  }
  const selection = server.focused instanceof HTMLInputElement || server.focused instanceof HTMLTextAreaElement
    ? [server.focused.selectionStart, server.focused.selectionEnd] as const
    : null;
  const hadFocus = server.focused !== null && server.focused === document.activeElement;
  for (const node of old) node.parentNode?.removeChild(node);
  server.kept = false;
  if (hadFocus && focus) {
    focus.focus({ preventScroll: true });
    if (selection && (focus instanceof HTMLInputElement || focus instanceof HTMLTextAreaElement)) {
      try {
        focus.setSelectionRange(selection[0], selection[1]);
      } catch {
        // Inputs without a text selection (email, number) refuse it: the caret stays at the end.
      }
    }
  }
  queueMicrotask(() => {
    for (const [control, type] of events) {
      if (type === "click") control.click();
      else control.dispatchEvent(new Event(type, { bubbles: true }));
    }
  });
}

/** Whether a person has started on the controls under `root`: focus inside, or anything changed. */
export function inUse(root: Element): boolean {
  if (root.contains(document.activeElement)) return true;
  return controlsIn([root]).some((control) => {
    if (control instanceof HTMLSelectElement)
      return Array.from(control.options).some((option) => option.selected !== option.defaultSelected);
    if (control instanceof HTMLInputElement) {
      if (control.type === "file") return Boolean(control.files?.length);
      if (control.type === "checkbox" || control.type === "radio") return control.checked !== control.defaultChecked;
      if (control.type === "hidden") return false;
    }
    return control.value !== control.defaultValue;
  });
}
