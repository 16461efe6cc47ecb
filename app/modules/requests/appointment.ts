import { fromTorontoWallClock } from "~/modules/admin/export-dates";
import type { CalendarSlot } from "./kind";
import type { Transition } from "./status";

/**
 * A request's appointment as its pages show it and its moves are checked against (issue 49
 * items 2 and 3): the Toronto wall clock the customer chose, as stored ("2026-12-15T10:00", which
 * the formatters of ~/lib/i18n/format.ts write in the reader's language without shifting it).
 * Null for a request without a date and time (its kind has no calendar slot).
 */
export function appointmentOf(slot: CalendarSlot | null): string | null {
  return slot ? `${slot.date}T${slot.time}` : null;
}

/** The instant an appointment starts, on Toronto's clock whatever the server's own zone. */
export function appointmentStart(appointment: string): Date | null {
  const [date, time] = appointment.split("T");
  return date && time ? fromTorontoWallClock(date, time) : null;
}

/** Whether the appointment has started at `now` (a request without one: always). */
export function hasStarted(appointment: string | null, now: Date): boolean {
  const start = appointment ? appointmentStart(appointment) : null;
  return !start || start.getTime() <= now.getTime();
}

/** A move kept until the appointment starts (`notBefore: "start"`), asked for before it. */
export function tooEarly(move: Pick<Transition, "notBefore"> | undefined, appointment: string | null, now: Date): boolean {
  return move?.notBefore === "start" && !hasStarted(appointment, now);
}
