import { calendarDownload } from "~/lib/http/calendar-download";
import { localeFromRequest } from "~/lib/i18n/catalogue.server";
import { findCalendarByToken } from "~/modules/requests/requests.server";
import type { Route } from "./+types/calendar";

/**
 * "Add to calendar" on the private status page: the request's event as an .ics file (METHOD:
 * PUBLISH, the same UID and SEQUENCE as the emailed invites). The same access rule as the
 * status page — whoever holds the private link — and 404 for a request without a date and time.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return calendarDownload(await findCalendarByToken(params.token, localeFromRequest(request)), { "Referrer-Policy": "no-referrer" });
}
