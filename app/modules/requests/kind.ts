import { z } from "zod";
import { choiceLabel, LABELLED_CHOICES } from "~/lib/i18n/choices";
import { formattersFor } from "~/lib/i18n/format";
import { type MessageKey, type Translate, translateLocale } from "~/lib/i18n/translate";
import { type Lifecycle, MATCH_LIFECYCLE, type RequestStatus, SHARED_LIFECYCLE, withQuotes } from "./status";

/**
 * A kind of customer request, declared once as data (in the spirit of Sharetribe's transaction
 * processes): what it stores, how it reads, what it is about and how it moves. Requests are
 * stored language-neutral (typed values, the customer's locale, a subject link); every text a
 * person reads — field labels, titles, email subjects, confirmation lines — is rendered from
 * message keys when it is shown or sent, in the reader's language.
 * docs/decisions/0008-request-kinds.md
 */
export type SubjectType = "listing" | "service" | "provider-application";
export type Subject = { type: SubjectType; id: string };

/** One stored value shown to people: its label's message key, in form order. */
export type KindField<D> = {
  name: keyof D & string;
  label: MessageKey;
  /** How to read the stored value: a yes/no choice or a value that is itself a message key. */
  format?: (value: unknown, t: Translate) => string | number | null;
  /** The value is the person's own text even when formatted (a list of the areas they typed). */
  asWritten?: boolean;
};

export type RequestKindDefinition<D extends Record<string, unknown> = Record<string, unknown>> = {
  name: string;
  /** The stored payload's shape (typed values; no rules that depend on today's date). */
  payload: z.ZodType<D>;
  /** The fields people read (emails, status page, back office), in form order. */
  fields: (data: D) => readonly KindField<D>[];
  /** What was requested, as people read it: "Handyman Services", "Airport Transfer". */
  title: (data: D, t: Translate) => string;
  /** The title is the person's own words (a service they typed, a listing's title): shown as written. */
  titleAsWritten?: boolean;
  /** Who asked, and where a confirmation may go (null: they gave no email). */
  contact: (data: D) => { name: string; email: string | null };
  /** The operator email's subject, in the spec's shape for this kind (operator's language). */
  operatorSubject: (data: D, t: Translate) => string;
  /**
   * The line the customer's confirmation email opens with: a message without parameters, so no
   * word the visitor typed can reach the address they typed (issue 47 item 8).
   */
  confirmation: (data: D) => MessageKey;
  /**
   * The closing line of the customer's emails (confirmation, status changes), when the default's
   * "payment is arranged directly with the provider" is not true: a rental is paid to its owner,
   * a listing's owner is paid by their tenant.
   */
  customerFooter?: MessageKey;
  /** The record the request concerns, if any. */
  concerns: SubjectType | "none";
  subject: (data: D) => Subject | null;
  lifecycle: Lifecycle;
  /**
   * Moves only the kind's own operations may make, because they carry effects that must commit
   * with them (a provider approval grants the role): `transitionRequest` refuses them without
   * `effects`. docs/decisions/0009-providers.md
   */
  guardedMoves?: readonly RequestStatus[];
  /**
   * Kinds an operator matches to a verified provider (the back office's matching workbench):
   * where its shortlist starts (a service page's providers, the customer's area). Their move to
   * Matched is guarded — it needs a provider — and their completion invites a review.
   */
  match?: (data: D) => { servicePage: string | null; area: string | null };
  /**
   * For matched kinds: the fields that say who the customer is and how to reach them. The
   * matched provider sees them in My Jobs only once they accepted the job.
   * docs/decisions/0024-provider-jobs.md
   */
  privateFields?: (data: D) => readonly string[];
  /**
   * When and where it happens, for kinds asked for a date and a time: their confirmation and
   * status emails carry a calendar invite, and the status page offers an .ics download
   * (calendar.server.ts). Null when the stored values hold no valid date and time.
   */
  calendar?: (data: D) => CalendarSlot | null;
  /**
   * For kinds with a `calendar`: how many hours before the appointment a customer's own
   * cancellation counts as late (still allowed, marked late for the operator and the provider).
   * The kind's data; there is no operator setting for it yet (DEFAULT_LATE_CANCEL_HOURS if unset).
   */
  lateCancelHours?: number;
  /**
   * Whether a request of this kind is priced by a quote the customer accepts (issue 50 item 1):
   * chauffeur hours, events, moving, custom car requests, unlisted services — not a fixed-price
   * booking. Kinds that declare it get the lifecycle with quotes (status.ts withQuotes); a
   * request whose values say "not quoted" (an airport transfer) never reaches its quote states.
   */
  quoted?: (data: D) => boolean;
  /**
   * For kinds with a `calendar`: the stored values with a new date and time written into the
   * fields the calendar reads (a customer's proposal, once a provider accepted it: ADR 43).
   * A kind without it (or a value without a slot: a custom car request) cannot be rescheduled.
   */
  reschedule?: (data: D, date: string, time: string) => D;
};

/**
 * For quoted kinds whose form asks no date (a chauffeur contact, a free-text booking, an unlisted
 * service): the date and time their accepted quote offered (issue 50 item 3), kept in the
 * request's values beside what the customer typed, so every page, email and rule that reads an
 * appointment reads this one — the calendar invite, the late window, a reschedule.
 */
export const agreedSlot = {
  fields: { agreedDate: z.string().optional(), agreedTime: z.string().optional() },
  calendar: (d: { agreedDate?: string | undefined; agreedTime?: string | undefined }, location: string | null): CalendarSlot | null =>
    calendarSlot(d.agreedDate, d.agreedTime, 60, location),
  reschedule: <D extends Record<string, unknown>>(d: D, date: string, time: string): D => ({ ...d, agreedDate: date, agreedTime: time }),
};

/** The late-cancellation window of a kind with an appointment that declares none. */
export const DEFAULT_LATE_CANCEL_HOURS = 24;

/**
 * A request's appointment: a wall-clock date and time in Toronto (as the customer typed them),
 * how long it lasts, and the place shown as the event's location — an area or a pickup place,
 * never a phone number or an email.
 */
export type CalendarSlot = { date: string; time: string; minutes: number; location: string | null };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/;

/** A slot from stored values, or null when the date or time is missing or not a real one. */
export function calendarSlot(date: unknown, time: unknown, minutes: number, location: unknown): CalendarSlot | null {
  if (typeof date !== "string" || typeof time !== "string") return null;
  const d = DATE.exec(date);
  if (!d || !TIME.test(time)) return null;
  const [y, m, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const check = new Date(Date.UTC(y, m - 1, day));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== day) return null;
  const place = typeof location === "string" && location.trim() ? location.trim().slice(0, 200) : null;
  return { date, time: time.slice(0, 5), minutes: Number.isFinite(minutes) && minutes > 0 ? Math.min(Math.round(minutes), 24 * 60) : 60, location: place };
}

/** Declares a kind; the shared lifecycle unless the kind has its own. */
export function defineKind<D extends Record<string, unknown>>(
  kind: Omit<RequestKindDefinition<D>, "lifecycle" | "subject" | "concerns"> &
    Partial<Pick<RequestKindDefinition<D>, "lifecycle" | "subject" | "concerns">>,
): RequestKindDefinition<D> {
  // Matching needs a provider and quoting a quote: those moves are made by their own operations.
  const own = [...(kind.guardedMoves ?? []), ...(kind.match ? (["matched"] as const) : []), ...(kind.quoted ? (["quoted"] as const) : [])];
  const guardedMoves: readonly RequestStatus[] | undefined = own.length ? own : undefined;
  // Kinds matched to a provider get the lifecycle in which the provider answers the match;
  // kinds priced by quote, the one with quotes on top.
  const base = kind.match ? MATCH_LIFECYCLE : SHARED_LIFECYCLE;
  const lifecycle = kind.quoted ? withQuotes(base) : base;
  return { lifecycle, subject: () => null, concerns: "none", ...kind, ...(guardedMoves ? { guardedMoves } : {}) };
}

/** A field list where every field's label key is `${prefix}${name}`. */
export function labelled<D>(prefix: string, names: readonly (keyof D & string)[]): KindField<D>[] {
  return names.map((name) => ({ name, label: `${prefix}${name}` as MessageKey }));
}

/** Yes/No values are stored as the options' English codes; shown in the reader's language. */
export const yesNo = (value: unknown, t: Translate) => (value === "Yes" ? t("request.yes") : value === "No" ? t("request.no") : null);

/** A stored choice (or list of choices) in the reader's language; numbers and free text as stored. */
export const choice = (value: unknown, t: Translate): string | number | null => {
  if (value === undefined || value === null || value === "") return null;
  if (Array.isArray(value)) return value.map((v) => choiceLabel(t, String(v))).join(", ") || null;
  return typeof value === "string" ? choiceLabel(t, value) : typeof value === "number" ? value : null;
};

/**
 * Dates and times are stored as typed (ISO text: language-neutral, ADR 8) and read in the
 * reader's language on Toronto's clock, never as the raw ISO text: a day is that very day, a time of day
 * and a typed date-and-time are Toronto's wall clock. The formatting itself lives in one place,
 * ~/lib/i18n/format.ts; a stored value that is no date stays as stored.
 */
const stored = (format: (f: ReturnType<typeof formattersFor>, v: string) => string) => (value: unknown, t: Translate) =>
  typeof value === "string" && value ? format(formattersFor(translateLocale(t)), value) : null;
export const asDate = stored((f, v) => f.date(v));
export const asTime = stored((f, v) => f.time(v));
export const asDateTime = stored((f, v) => f.dateTime(v));

const LABELLED = new Set(LABELLED_CHOICES);

/** `asWritten`: the value is the person's own text, shown as typed (not a choice, not a date). */
export type RenderedField = { label: string; value: string | number | null; asWritten: boolean };

/** The fields of a stored request with their labels and values, for the reader's language. */
export function renderFields<D extends Record<string, unknown>>(
  kind: RequestKindDefinition<D>,
  data: D,
  t: Translate,
): RenderedField[] {
  return kind.fields(data).map((f) => {
    const raw = data[f.name];
    const value = f.format ? f.format(raw, t) : raw;
    return {
      label: t(f.label),
      value: value === undefined || value === null || value === "" ? null : (value as string | number),
      asWritten: f.asWritten ?? (!f.format && typeof raw === "string" && !LABELLED.has(raw)),
    };
  });
}
