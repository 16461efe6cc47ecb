import { data, href } from "react-router";
import { z } from "zod";
import { createFlash, redirectWith } from "~/lib/flash/flash.server";
import type { ToastInput } from "~/lib/toast/toast";
import { toastCookie } from "~/lib/toast/toast.server";
import { ANSWER_FIELD, ANSWER_IN_DIALOG, type RequestReceipt } from "./receipt";
import type { SubmittedRequest } from "./requests.server";

/** A receipt repeats a field's first characters: the whole text is behind the status link. */
const FIELD_CHARS = 200;

/**
 * What /request-success shows after a submission: the service name and the success message.
 * The prototype passed them in navigation state; a server redirect carries them in a flash.
 */
export const successSchema = z.object({
  /** The form's own heading for "sent" (the dialogs' spec toast title); the page's "All set!" without. */
  title: z.string().max(200).optional(),
  serviceName: z.string().max(200),
  message: z.string().max(500),
  reference: z.string().max(20).optional(),
  statusPath: z.string().max(200).optional(),
  emailed: z.boolean().optional(),
  /** Why no confirmation was emailed, when known (SubmittedRequest.withheld). */
  withheld: z.enum(["mailbox", "client"]).nullable().optional(),
  /** What was asked (SubmittedRequest.asked), values shortened to fit the cookie (receiptOf). */
  fields: z.array(z.object({ label: z.string().max(120), value: z.string().max(FIELD_CHARS) })).max(16).optional(),
});
export type SuccessInfo = z.infer<typeof successSchema> & RequestReceipt;

/**
 * The success page is the visitor's receipt (ADR 28): when no confirmation was emailed
 * it is the only one. So its flash is not cleared when read: a reload, or coming back to the
 * tab, shows the same reference and status link for RECEIPT_SECONDS. Privately: the cookie is
 * signed and httpOnly, the page is `private, no-store` (request-success.tsx) and never enters
 * the anonymous page store (a request with a cookie: ADR 10). The next submission replaces it.
 */
export const RECEIPT_SECONDS = 30 * 60;
/** The receipt's cookie, signed, stays under what browsers keep (4096 bytes with its attributes). */
const COOKIE_BUDGET = 3800;
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

export async function redirectToSuccess(info: SuccessInfo, extraCookies: string[] = [], init?: ResponseInit) {
  return redirectWith(href("/request-success"), [await fittedCookie(info), ...extraCookies], init);
}

/** The success flash of `info`, its longest field shortened until the cookie fits (never dropped). */
async function fittedCookie(info: SuccessInfo): Promise<string> {
  const fields = info.fields?.map((f) => ({ ...f }));
  let cookie = await successFlash.set({ ...info, fields });
  while (cookie.length > COOKIE_BUDGET && fields?.length) {
    const longest = fields.reduce((a, b) => (b.value.length > a.value.length ? b : a));
    if (longest.value.length <= 20) fields.pop();
    else longest.value = `${longest.value.slice(0, Math.floor(longest.value.length * 0.7))}…`;
    cookie = await successFlash.set({ ...info, fields });
  }
  return cookie;
}

/**
 * The receipt of a request sent from a dialog (booking, quick booking, chauffeur, rent — issue 49
 * item 5): the form's own "sent" words (`title`, `message`: what happens next), what was asked,
 * the reference, the status link, and whether — and why not — a confirmation was emailed.
 */
export function receiptOf(sent: SubmittedRequest, words: { title: string; message: string }): SuccessInfo {
  return {
    ...words,
    serviceName: sent.asked?.title ?? "",
    reference: sent.reference,
    statusPath: sent.statusPath,
    emailed: sent.emailed,
    withheld: sent.withheld,
    fields: sent.asked?.fields.slice(0, 16).map((f) => ({
      label: f.label.slice(0, 120),
      value: f.value.length > FIELD_CHARS ? `${f.value.slice(0, FIELD_CHARS - 1)}…` : f.value,
    })),
  };
}

/**
 * Answers a sent dialog form with its receipt. Posted by the dialog (its script marked the post:
 * ANSWER_FIELD), the receipt comes back as data and the dialog shows it in place of the form,
 * until the person closes it. Posted as a plain form (no JavaScript, or before the form's code
 * loaded), the post lands on the success page, which shows the same receipt and keeps it across
 * a reload (RECEIPT_SECONDS). `cookies`: more Set-Cookie values (a draft cleared).
 */
export async function answerWithReceipt(form: FormData, receipt: SuccessInfo, cookies: string[] = []) {
  // 303, as these posts always answered: the page after a post is fetched with GET.
  if (form.get(ANSWER_FIELD) !== ANSWER_IN_DIALOG) return redirectToSuccess(receipt, cookies, { status: 303 });
  const headers = new Headers();
  for (const c of cookies) headers.append("Set-Cookie", c);
  return data({ receipt }, { headers });
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
