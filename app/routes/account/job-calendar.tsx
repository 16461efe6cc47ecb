import { requireUser } from "~/lib/auth/session.server";
import { calendarDownload } from "~/lib/http/calendar-download";
import { localeFromRequest } from "~/lib/i18n/catalogue.server";
import { jobCalendar, providerOfUser } from "~/modules/providers/jobs.server";
import type { Route } from "./+types/job-calendar";

/**
 * "Add to calendar" on My Jobs: an accepted job's event as an .ics file, the
 * same PUBLISH file as the customer's status page. Signed in as the job's matched provider only:
 * logged out → log in first; another provider, a customer, or a job not accepted → 404, alike
 * whether or not the reference exists.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const provider = await providerOfUser(user);
  return calendarDownload(provider ? await jobCalendar(provider.id, params.reference, localeFromRequest(request)) : null);
}
