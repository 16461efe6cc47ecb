import { requireUser } from "~/lib/auth/session.server";
import { pdfDownload } from "~/lib/http/pdf-download";
import { localeFromRequest } from "~/lib/i18n/catalogue.server";
import { quotePdf } from "~/modules/quotes/pdf.server";
import type { Route } from "./+types/quote-pdf";

/**
 * The quote as a PDF from My Bookings' request page (issue 50 item 5): the signed-in owner's
 * own request only — another account's reference is the 404 of no quote.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return pdfDownload(await quotePdf({ userId: user.id, reference: params.reference }, localeFromRequest(request)));
}
