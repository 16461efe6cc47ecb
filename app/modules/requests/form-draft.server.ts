import { z } from "zod";
import { createFlash } from "~/lib/flash/flash.server";
import type { HeldForm } from "~/lib/root-data";
import { DRAFT_FIELDS, DRAFT_FORMS, type DraftForm } from "./form-draft";

/**
 * What a person typed in a form behind a link (booking, quick booking, Request to Rent, Contact
 * a Chauffeur), kept until it is sent or they clear it (issue 49 item 6). It began as the booking
 * draft (a booking refused for an ended session comes back after log-in, with or without
 * JavaScript); the same cookie now also keeps what a dialog held when it was closed (Esc, its
 * Close or Cancel) or its page left or reloaded — the form posts it to /form-draft then — so
 * reopening the dialog, even after a reload, shows it again.
 *
 * A draft belongs to the form it was typed in (the kind and the page, `returnTo`) and to the
 * account that form was shown to (`owner`; "" for a visitor): another account logging in on the
 * same browser never sees it. One draft a family of forms (the newest: booking, rent, chauffeur),
 * each in its own cookie, signed and httpOnly — the person's own words in their own browser,
 * never shown to a page script and never sent to anyone else — gone after DRAFT_SECONDS.
 */
export const DRAFT_SECONDS = 24 * 60 * 60;
/** A cookie larger than this is dropped by browsers (4096 bytes with its name and attributes). */
const COOKIE_BUDGET = 3800;
/** No field of these forms takes more (the notes and messages: 2000). */
const FIELD_CHARS = 2000;

const draftSchema = z.object({
  form: z.enum(DRAFT_FORMS as [DraftForm, ...DraftForm[]]),
  returnTo: z.string().max(500),
  owner: z.string().max(100),
  values: z.record(z.string().max(40), z.string().max(FIELD_CHARS)),
});
type Draft = z.infer<typeof draftSchema>;

const family = (form: DraftForm) => (form === "service" || form === "quick" ? "booking" : form);
const flashes = {
  // The booking draft's cookie, as it always was.
  booking: createFlash("booking-draft", draftSchema, { keep: true, maxAge: DRAFT_SECONDS }),
  rent: createFlash("rent-draft", draftSchema, { keep: true, maxAge: DRAFT_SECONDS }),
  chauffeur: createFlash("chauffeur-draft", draftSchema, { keep: true, maxAge: DRAFT_SECONDS }),
};
const cookieName = { booking: "booking-draft=", rent: "rent-draft=", chauffeur: "chauffeur-draft=" } as const;

/**
 * The Set-Cookie value keeping a form's typed fields for `owner`, or null when it cannot fit a
 * cookie. Nothing typed: the Set-Cookie value that removes the family's draft.
 */
export async function keepDraft(formData: FormData, { form, returnTo, owner }: { form: DraftForm; returnTo: string; owner: string }): Promise<string | null> {
  const flash = flashes[family(form)];
  const values: Draft["values"] = {};
  for (const name of DRAFT_FIELDS[form]) {
    const value = formData.get(name);
    if (typeof value === "string" && value) values[name] = value.slice(0, FIELD_CHARS);
  }
  const draft: Draft = { form, returnTo, owner, values };
  let cookie = await flash.set(draft);
  // The longest text shortened until the cookie fits, rather than a cookie the browser drops.
  while (cookie.length > COOKIE_BUDGET) {
    const longest = Object.entries(values).reduce((a, b) => (b[1].length > a[1].length ? b : a), ["", ""]);
    if (longest[1].length < 50) return null;
    values[longest[0]] = longest[1].slice(0, Math.floor(longest[1].length * 0.8));
    cookie = await flash.set(draft);
  }
  return cookie;
}

/** The kept drafts the signed-in user (or, with none, the visitor) typed. */
export async function heldFormsFor(request: Request, userId: string | undefined): Promise<HeldForm[]> {
  const cookies = request.headers.get("Cookie");
  if (!cookies?.includes("-draft=")) return [];
  const held: HeldForm[] = [];
  for (const [name, flash] of Object.entries(flashes)) {
    if (!cookies.includes(cookieName[name as keyof typeof cookieName])) continue;
    const { value } = await flash.read(request);
    if (value && value.owner === (userId ?? "")) held.push({ form: value.form, returnTo: value.returnTo, values: value.values });
  }
  return held;
}

/** The Set-Cookie value that removes a form's kept draft, when the request carries one (it was sent, or cleared). */
export async function clearDraft(request: Request, form: DraftForm): Promise<string | null> {
  const f = family(form);
  return request.headers.get("Cookie")?.includes(cookieName[f]) ? flashes[f].clear() : null;
}
