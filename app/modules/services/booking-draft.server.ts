import { z } from "zod";
import { createFlash } from "~/lib/flash/flash.server";
import { BOOKING_DRAFT_FIELDS, type BookingDraftValues } from "./booking-draft";
import { LIMITS } from "./schema";

/**
 * A booking posted after its session ended (logged out in another tab, expired) cannot be
 * stored; log-in comes first. What was typed is kept for the way back: the booking form opens
 * again after log-in with it, with or without JavaScript (the form reads it from the page's
 * data). It belongs to the form it was typed in (the kind and the page, `returnTo`) and to the
 * account that form was shown to (`owner`, posted by the form): another account logging in on
 * the same browser never sees it. A booking sent from that form removes it; otherwise it expires.
 * The values are the visitor's own, in their browser's cookie: signed and httpOnly, never shown
 * to a page script.
 */
export const BOOKING_DRAFT_SECONDS = 30 * 60;
const FIELDS = BOOKING_DRAFT_FIELDS;
const FIELD_LIMITS: Record<(typeof FIELDS)[number], number> = {
  service: LIMITS.service,
  fullName: LIMITS.name,
  email: LIMITS.email,
  area: LIMITS.area,
  preferredDate: LIMITS.time,
  preferredTime: LIMITS.time,
  notes: LIMITS.notes,
  details: LIMITS.notes,
};
/** A cookie larger than this is dropped by browsers (4096 bytes with its name and attributes). */
const COOKIE_BUDGET = 3800;

const draftSchema = z.object({
  form: z.enum(["service", "quick"]),
  returnTo: z.string().max(500),
  owner: z.string().max(100),
  values: z.partialRecord(z.enum(FIELDS), z.string().max(LIMITS.notes)),
});
export type BookingDraft = z.infer<typeof draftSchema>;
export type { BookingDraftValues };

const draftFlash = createFlash("booking-draft", draftSchema, { keep: true, maxAge: BOOKING_DRAFT_SECONDS });

/**
 * The Set-Cookie value keeping a refused booking's fields, or null when it names no account
 * (a form from before drafts) or its kind is unknown.
 */
export async function keepBookingDraft(formData: FormData, returnTo: string): Promise<string | null> {
  const form = formData.get("form") === "quick" ? "quick" : "service";
  const owner = formData.get("draftOwner");
  if (typeof owner !== "string" || !owner || owner.length > 100) return null;
  const values: BookingDraft["values"] = {};
  for (const name of FIELDS) {
    const value = formData.get(name);
    if (typeof value === "string" && value) values[name] = value.slice(0, FIELD_LIMITS[name]);
  }
  const draft: BookingDraft = { form, returnTo, owner, values };
  let cookie = await draftFlash.set(draft);
  // The long text shortened until the cookie fits, rather than a cookie the browser drops.
  for (const long of ["notes", "details"] as const) {
    while (cookie.length > COOKIE_BUDGET && values[long]) {
      values[long] = values[long].slice(0, Math.floor(values[long].length * 0.8));
      cookie = await draftFlash.set(draft);
    }
  }
  return cookie.length > COOKIE_BUDGET ? null : cookie;
}

/** The kept draft, if the signed-in user is the one it was typed for. */
export async function bookingDraftFor(request: Request, userId: string | undefined): Promise<BookingDraftValues | null> {
  if (!userId || !request.headers.get("Cookie")?.includes("booking-draft=")) return null;
  const { value } = await draftFlash.read(request);
  if (!value || value.owner !== userId) return null;
  return { form: value.form, returnTo: value.returnTo, values: value.values };
}

/** The Set-Cookie value that removes a kept draft, when the request carries one (its booking was sent). */
export async function clearBookingDraft(request: Request): Promise<string | null> {
  return request.headers.get("Cookie")?.includes("booking-draft=") ? draftFlash.clear() : null;
}
