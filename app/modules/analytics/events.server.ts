import { getRuntime } from "~/lib/runtime.server";

/** First-party click counting: one counter per event and day, nothing about who clicked. */
export const ANALYTICS_EVENTS = ["Login Click", "Sign Up Click", "For Providers Click"] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

export async function countEvent(name: AnalyticsEvent, now = new Date()): Promise<void> {
  const { db } = getRuntime();
  const day = now.toISOString().slice(0, 10);
  await db
    .insertInto("analytics_daily")
    .values({ name, day, count: 1 })
    .onConflict((oc) => oc.columns(["name", "day"]).doUpdateSet((eb) => ({ count: eb("analytics_daily.count", "+", 1) })))
    .execute();
}
