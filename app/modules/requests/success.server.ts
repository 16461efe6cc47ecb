import { href } from "react-router";
import { z } from "zod";
import { createFlash, redirectWith } from "~/lib/flash/flash.server";
import type { Translate } from "~/lib/i18n/translate";
import type { ToastInput } from "~/lib/toast/toast";
import { toastCookie } from "~/lib/toast/toast.server";

/**
 * What /request-success shows after a submission: the service name and the success message.
 * The prototype passed them in navigation state; a server redirect carries them in a flash.
 */
export const successSchema = z.object({
  serviceName: z.string().max(200),
  message: z.string().max(500),
  reference: z.string().max(20).optional(),
  statusPath: z.string().max(200).optional(),
  emailed: z.boolean().optional(),
});
export type SuccessInfo = z.infer<typeof successSchema>;

/**
 * The success page is the visitor's receipt (ADR 28): when no confirmation was emailed
 * it is the only one. So its flash is not cleared when read: a reload, or coming back to the
 * tab, shows the same reference and status link for RECEIPT_SECONDS. Privately: the cookie is
 * signed and httpOnly, the page is `private, no-store` (request-success.tsx) and never enters
 * the anonymous page store (a request with a cookie: ADR 10). The next submission replaces it.
 */
export const RECEIPT_SECONDS = 30 * 60;
const successFlash = createFlash("request-success", successSchema, { keep: true, maxAge: RECEIPT_SECONDS });

/**
 * A kept receipt, read: the flash's value, with headers that keep the page showing it out of
 * every cache (someone's reference and private status link).
 */
async function readKept<T>(flash: { read(request: Request): Promise<{ value: T | null; headers: Headers }> }, request: Request) {
  const read = await flash.read(request);
  if (read.value) read.headers.set("Cache-Control", "private, no-store");
  return read;
}

export async function redirectToSuccess(info: SuccessInfo, extraCookies: string[] = []) {
  return redirectWith(href("/request-success"), [await successFlash.set(info), ...extraCookies]);
}

export const readSuccess = (request: Request) => readKept(successFlash, request);

/**
 * Forms that stay on their page (contact) confirm with the spec's toast, which fades after 5 s;
 * the reference and status link must not fade with it, so they ride in a flash of their own
 * that the page shows as a receipt — kept like the success page's, for a reload or a return
 * within RECEIPT_SECONDS, until the next message replaces it.
 */
export const receiptSchema = successSchema.pick({ reference: true, statusPath: true, emailed: true });
export type Receipt = z.infer<typeof receiptSchema>;
const receiptFlash = createFlash("receipt", receiptSchema, { keep: true, maxAge: RECEIPT_SECONDS });

export async function redirectWithReceipt(url: string, toast: ToastInput, receipt: Receipt) {
  return redirectWith(url, [await toastCookie(toast), await receiptFlash.set(receipt)]);
}

export const readReceipt = (request: Request) => readKept(receiptFlash, request);

/**
 * The toast after a request sent from a dialog that stays on its page (booking, chauffeur,
 * rent): the form's own words when a confirmation was queued; otherwise what the receipt says
 * in that case — none was emailed — with the reference to keep.
 */
export function sentToast(t: Translate, toast: ToastInput, sent: { reference: string; emailed: boolean }): ToastInput {
  return sent.emailed ? toast : { ...toast, description: t("success.notEmailedToast", { reference: sent.reference }) };
}
