import { getRuntime } from "~/lib/runtime.server";
import { recordAudit } from "~/modules/admin/audit.server";
import { type Availability, type AwayPeriod, WEEKDAYS, type WorkHours } from "./availability";

/** Stored JSON read back defensively: a value that no longer fits reads as "not set". */
export function readAvailability(row: { service_areas: string; work_hours: string | null; away_periods: string | null }): Availability {
  const json = (text: string | null): unknown => {
    if (!text) return null;
    try {
      return JSON.parse(text);
    } catch {
      return null;
    }
  };
  const areas = json(row.service_areas);
  const hoursRaw = json(row.work_hours);
  const awayRaw = json(row.away_periods);
  let hours: WorkHours | null = null;
  if (hoursRaw && typeof hoursRaw === "object" && !Array.isArray(hoursRaw)) {
    hours = {};
    for (const d of WEEKDAYS) {
      const h = (hoursRaw as Record<string, unknown>)[d];
      if (Array.isArray(h) && typeof h[0] === "string" && typeof h[1] === "string") hours[d] = [h[0], h[1]];
    }
  }
  const away: AwayPeriod[] = Array.isArray(awayRaw)
    ? awayRaw.filter((p): p is AwayPeriod => typeof p?.from === "string" && typeof p?.to === "string")
    : [];
  return { areas: Array.isArray(areas) ? areas.map(String) : [], hours, away };
}

/** The signed-in provider's availability, or null when the user has no provider profile. */
export async function availabilityFor(userId: string): Promise<Availability | null> {
  const row = await getRuntime()
    .db.selectFrom("providers")
    .select(["service_areas", "work_hours", "away_periods"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? readAvailability(row) : null;
}

/**
 * Saves the provider's own availability (their row only: the user id comes from the session),
 * with the areas' search text kept in step, and an audit entry — in one transaction.
 */
export async function saveAvailability(userId: string, value: Availability): Promise<boolean> {
  const { db } = getRuntime();
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("providers").select(["id", "service_areas", "work_hours", "away_periods"]).where("user_id", "=", userId).executeTakeFirst();
    if (!row) return false;
    await trx
      .updateTable("providers")
      .set({
        service_areas: JSON.stringify(value.areas),
        search_text: value.areas.join(" | ").toLowerCase(),
        work_hours: JSON.stringify(value.hours ?? {}),
        away_periods: JSON.stringify(value.away),
        updated_at: new Date().toISOString(),
      })
      .where("id", "=", row.id)
      .execute();
    await recordAudit(trx, {
      actorId: userId,
      action: "provider.availability",
      entityType: "provider",
      entityId: row.id,
      before: readAvailability(row),
      after: value,
    });
    return true;
  });
}
