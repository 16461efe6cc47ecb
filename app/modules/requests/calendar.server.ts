import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/lib/db/schema";
import { messagesFor } from "~/lib/i18n/catalogue.server";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/lib/i18n/locales";
import { createTranslate, type Translate } from "~/lib/i18n/translate";
import type { MailAttachment } from "~/lib/mail/outbox.server";
import { getRuntime } from "~/lib/runtime.server";
import type { CalendarSlot } from "./kind";
import { isRequestKind, kindOf } from "./kinds";
import type { RequestStatus } from "./status";

/**
 * Calendar invites (RFC 5545, with iTIP's METHOD of RFC 5546) for requests that happen at a
 * date and time (the kinds that declare `calendar`). One event per request: its UID is
 * `<reference>@<PUBLIC_URL host>` for the request's whole life, and its SEQUENCE (stored on the
 * request) grows with each change an invite announces — confirmed, rescheduled, cancelled — so
 * calendars replace their older copy. Times are the Toronto wall clock the customer chose,
 * written with TZID=America/Toronto and that zone's VTIMEZONE. Public fields (summary,
 * location, description) carry the service, the area and the reference: never a phone number or
 * an email; the only address in a file is its own recipient's, as the iTIP attendee.
 */
export const CALENDAR_TZ = "America/Toronto";

/** Toronto's rules since 2007 (second Sunday of March to first Sunday of November, at 02:00). */
const TORONTO_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:America/Toronto",
  "X-LIC-LOCATION:America/Toronto",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:-0500",
  "TZOFFSETTO:-0400",
  "TZNAME:EDT",
  "DTSTART:19700308T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:-0400",
  "TZOFFSETTO:-0500",
  "TZNAME:EST",
  "DTSTART:19701101T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

export type InviteMethod = "REQUEST" | "CANCEL" | "PUBLISH";

/**
 * A wall-clock time for ical-generator: it writes a TZID date-time from a date's *local* fields
 * (getHours…) after `withTimeZone`, so this date answers them with the wall clock it was built
 * from, whatever the server's own time zone (a plain Date would be read in the server's zone).
 */
class WallClock extends Date {
  readonly internal: Date;
  constructor(date: string, time: string, plusMinutes = 0) {
    const [y, m, d] = date.split("-").map(Number) as [number, number, number];
    const [hh, mm] = time.split(":").map(Number) as [number, number];
    super(Date.UTC(y, m - 1, d, hh, mm + plusMinutes));
    this.internal = new Date(this.getTime());
  }
  withTimeZone() {
    return this;
  }
  tzComponents() {
    return [this.getUTCFullYear(), this.getUTCMonth(), this.getUTCDate(), this.getUTCHours(), this.getUTCMinutes(), this.getUTCSeconds()];
  }
  override getFullYear() {
    return this.getUTCFullYear();
  }
  override getMonth() {
    return this.getUTCMonth();
  }
  override getDate() {
    return this.getUTCDate();
  }
  override getHours() {
    return this.getUTCHours();
  }
  override getMinutes() {
    return this.getUTCMinutes();
  }
  override getSeconds() {
    return this.getUTCSeconds();
  }
}

export type InviteInput = {
  uid: string;
  sequence: number;
  method: InviteMethod;
  slot: CalendarSlot;
  summary: string;
  description: string;
  /** Tentative until a provider is matched; cancelled in a CANCEL (and in a cancelled request's file). */
  status: "tentative" | "confirmed" | "cancelled";
  organizer: { name: string; email: string };
  /** The recipient (REQUEST and CANCEL only): iTIP addresses an invite to its attendee. */
  attendee?: string | null;
  brand: string;
  language: string;
};

/** The .ics text of one event (CRLF lines folded at 75 octets: ical-generator does both). */
export function buildInvite(input: InviteInput): string {
  const method = { REQUEST: ICalCalendarMethod.REQUEST, CANCEL: ICalCalendarMethod.CANCEL, PUBLISH: ICalCalendarMethod.PUBLISH }[input.method];
  const calendar = ical({
    prodId: { company: input.brand, product: "Requests", language: input.language.slice(0, 2).toUpperCase() },
    method,
    // No calendar-wide zone name (DTSTAMP must stay in UTC); the generator adds the event's VTIMEZONE.
    timezone: { name: null, generator: (tz) => (tz === CALENDAR_TZ ? TORONTO_VTIMEZONE : null) },
  });
  const event = calendar.createEvent({
    id: input.uid,
    sequence: input.sequence,
    stamp: new Date(),
    start: new WallClock(input.slot.date, input.slot.time),
    end: new WallClock(input.slot.date, input.slot.time, input.slot.minutes),
    timezone: CALENDAR_TZ,
    summary: input.summary,
    description: input.description,
    ...(input.slot.location ? { location: input.slot.location } : {}),
    organizer: { name: input.organizer.name, email: input.organizer.email },
    status:
      input.method === "CANCEL" || input.status === "cancelled"
        ? ICalEventStatus.CANCELLED
        : input.status === "confirmed"
          ? ICalEventStatus.CONFIRMED
          : ICalEventStatus.TENTATIVE,
  });
  if (input.attendee && input.method !== "PUBLISH") {
    event.createAttendee({ email: input.attendee, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED, rsvp: false });
  }
  return calendar.toString();
}

type Executor = Kysely<Database> | Transaction<Database>;

type InviteRow = {
  id: string;
  reference: string;
  kind: string;
  status: string;
  data: string;
  locale: string;
  calendar_sequence: number;
};

/** The request's slot, if its kind has one and its stored values hold a date and time. */
export function slotOf(row: Pick<InviteRow, "kind" | "data">): CalendarSlot | null {
  if (!isRequestKind(row.kind)) return null;
  const kind = kindOf(row.kind);
  if (!kind.calendar) return null;
  const parsed = kind.payload.safeParse(JSON.parse(row.data));
  return parsed.success ? kind.calendar(parsed.data) : null;
}

function translator(locale: Locale): Translate {
  const { messages, contentLocale } = messagesFor(locale);
  return createTranslate(messages, { brand: getRuntime().env.BRAND_NAME }, contentLocale);
}

/** The event's UID: the reference at our public host, the same in every invite of the request. */
export function inviteUid(reference: string): string {
  return `${reference}@${new URL(getRuntime().env.PUBLIC_URL).hostname}`;
}

function render(row: InviteRow, method: InviteMethod, locale: Locale, attendee: string | null): MailAttachment | null {
  const slot = slotOf(row);
  if (!slot || !isRequestKind(row.kind)) return null;
  const { env } = getRuntime();
  const t = translator(locale);
  const kind = kindOf(row.kind);
  const data = kind.payload.parse(JSON.parse(row.data));
  const title = kind.title(data, t);
  const content = buildInvite({
    uid: inviteUid(row.reference),
    sequence: row.calendar_sequence,
    method,
    slot,
    summary: t("email.calendar.summary", { title, reference: row.reference }),
    description: t("email.calendar.description", { reference: row.reference, url: env.PUBLIC_URL }),
    // Matched is an offer to a provider (ADR 24): confirmed once they accept.
    status: row.status === "cancelled" ? "cancelled" : row.status === "accepted" || row.status === "completed" ? "confirmed" : "tentative",
    organizer: { name: env.BRAND_NAME, email: env.OPERATOR_EMAIL },
    attendee,
    brand: env.BRAND_NAME,
    language: messagesFor(locale).contentLocale,
  });
  return {
    filename: method === "CANCEL" ? "cancel.ics" : "invite.ics",
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content,
  };
}

export type RequestInviteOptions = {
  /** REQUEST (new or changed) or CANCEL. */
  method: Exclude<InviteMethod, "PUBLISH">;
  /** Who the email goes to: the invite's attendee. */
  to: string;
  /** Bump the SEQUENCE first: the event changed (confirmed, rescheduled, cancelled). */
  bump?: boolean;
  /** The reader's language (default: the request's own, i.e. the customer's). */
  locale?: Locale;
};

/**
 * The invite to attach to an email about a request (pass it as `attachments: [invite]` to
 * `enqueueEmail`, in the same transaction), or null for a request without a date and time.
 * Call it inside the transaction that queues the email: with `bump`, the new SEQUENCE commits
 * with the email that announces it. For the customer's and the provider's emails alike.
 */
export async function requestInvite(db: Executor, requestId: string, options: RequestInviteOptions): Promise<MailAttachment | null> {
  const row = await db
    .selectFrom("requests")
    .select(["id", "reference", "kind", "status", "data", "locale", "calendar_sequence"])
    .where("id", "=", requestId)
    .executeTakeFirst();
  if (!row || !slotOf(row)) return null;
  let sequence = Number(row.calendar_sequence);
  if (options.bump) {
    sequence += 1;
    await db.updateTable("requests").set({ calendar_sequence: sequence }).where("id", "=", requestId).execute();
  }
  const locale = options.locale ?? (isLocale(row.locale) ? row.locale : DEFAULT_LOCALE);
  return render({ ...row, calendar_sequence: sequence }, options.method, locale, options.to);
}

/**
 * The invite of a request being written now, from the values in hand (no read back: the first
 * SEQUENCE is the column's default, 0), or null for a request without a date and time. For the
 * confirmation queued in the same statement or transaction as the request itself.
 */
export function newRequestInvite(row: Omit<InviteRow, "calendar_sequence">, options: Omit<RequestInviteOptions, "bump">): MailAttachment | null {
  const locale = options.locale ?? (isLocale(row.locale) ? row.locale : DEFAULT_LOCALE);
  return render({ ...row, calendar_sequence: 0 }, options.method, locale, options.to);
}

/** How an operator's status move changes the invite: cancelled (CANCEL), or not at all. */
export function inviteForMove(to: RequestStatus): RequestInviteOptions["method"] | null {
  // The confirmed REQUEST goes with the provider's acceptance (jobs.server.ts acceptanceEmails).
  if (to === "cancelled") return "CANCEL";
  return null;
}

/**
 * The "Add to calendar" file of a request (METHOD:PUBLISH: a copy to import, no attendee), or
 * null when it has no date and time. A cancelled request's file says so (STATUS:CANCELLED).
 */
export function calendarFile(row: InviteRow, locale: Locale): string | null {
  return render(row, "PUBLISH", locale, null)?.content ?? null;
}
