import { data } from "react-router";
import { localeFromRequest } from "~/lib/i18n/catalogue.server";
import { findCalendarByToken } from "~/modules/requests/requests.server";
import type { Route } from "./+types/calendar";

/**
 * "Add to calendar" on the private status page: the request's event as an .ics file (METHOD:
 * PUBLISH, the same UID and SEQUENCE as the emailed invites). The same access rule as the
 * status page — whoever holds the private link — and 404 for a request without a date and time.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const found = await findCalendarByToken(params.token, localeFromRequest(request));
  if (!found) throw data(null, { status: 404 });
  return new Response(found.ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${found.reference}.ics"`,
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex",
    },
  });
}
