import type { DB } from "~/lib/db/db.server";
import { torontoToday } from "~/lib/forms/formats";
import { slotOf } from "~/modules/requests/calendar.server";

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Lets a request's appointment come: moves its stored day `daysAgo` days before today, the time
 * of day kept (issue 49 item 2: a job is done, and a request completed, only once it has
 * started). The forms take only dates to come, so a test books ahead, then lets time pass in the
 * stored values: every value holding the appointment's day (a date field, the day of a date and
 * time) moves with it. Returns the new appointment as stored (Toronto's wall clock).
 */
export async function appointmentPassed(db: DB, requestId: string, daysAgo = 1): Promise<string> {
  const row = await db.selectFrom("requests").select(["kind", "data"]).where("id", "=", requestId).executeTakeFirstOrThrow();
  const slot = slotOf(row);
  if (!slot) throw new Error(`request ${requestId} has no appointment`);
  const day = addDays(torontoToday(), -daysAgo);
  const data = JSON.parse(row.data) as Record<string, unknown>;
  for (const [name, value] of Object.entries(data)) {
    if (value === slot.date) data[name] = day;
    else if (typeof value === "string" && value.startsWith(`${slot.date}T`)) data[name] = `${day}${value.slice(slot.date.length)}`;
  }
  await db.updateTable("requests").set({ data: JSON.stringify(data) }).where("id", "=", requestId).execute();
  return `${day}T${slot.time}`;
}

/** Moves it back to a day to come (`inDays` from today): a new date, as a reschedule leaves it. */
export async function appointmentAhead(db: DB, requestId: string, inDays = 3): Promise<string> {
  return appointmentPassed(db, requestId, -inDays);
}
