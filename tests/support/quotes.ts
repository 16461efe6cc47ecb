import type { DB } from "~/lib/db/db.server";
import { torontoToday } from "~/lib/forms/formats";

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Lets a quote's validity pass (issue 50: "an expired quote cannot be accepted (clock moved)"):
 * its stored `valid_until` becomes `daysAgo` days before today (Toronto), as if the week had
 * gone by. The form takes only days to come, so a test sends a quote, then lets time pass in the
 * stored value (the same approach as appointments.ts). Returns the new day.
 */
export async function quoteLapsed(db: DB, quoteId: string, daysAgo = 1): Promise<string> {
  const day = addDays(torontoToday(), -daysAgo);
  await db.updateTable("quotes").set({ valid_until: day }).where("id", "=", quoteId).execute();
  return day;
}
