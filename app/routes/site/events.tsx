import { ANALYTICS_EVENTS, type AnalyticsEvent, countEvent } from "~/modules/analytics/events.server";
import type { Route } from "./+types/events";
import { readForm } from "~/lib/http/form.server";

/** First-party click counter for the spec's analytics events (sent with navigator.sendBeacon). */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const name = form.get("name");
  if (!ANALYTICS_EVENTS.includes(name as AnalyticsEvent)) return new Response(null, { status: 400 });
  await countEvent(name as AnalyticsEvent);
  return new Response(null, { status: 204 });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
