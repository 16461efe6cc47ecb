import { randomUUID } from "node:crypto";
import { createFlash, redirectWith } from "../flash/flash.server";
import { type ToastInput, toastSchema } from "./toast";

/** Flash toasts: a server action that redirects can still show a toast on the next page. */
const toastFlash = createFlash("toast", toastSchema);

export function toastCookie(toast: ToastInput): Promise<string> {
  return toastFlash.set({ id: randomUUID(), variant: "default", ...toast });
}

export async function redirectWithToast(url: string, toast: ToastInput, init: ResponseInit = {}) {
  return redirectWith(url, [await toastCookie(toast)], init);
}

export async function readToast(request: Request) {
  const { value, headers } = await toastFlash.read(request);
  return { toast: value, headers };
}
