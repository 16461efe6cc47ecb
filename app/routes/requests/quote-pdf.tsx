import { pdfDownload } from "~/lib/http/pdf-download";
import { localeFromRequest } from "~/lib/i18n/catalogue.server";
import { quotePdf } from "~/modules/quotes/pdf.server";
import type { Route } from "./+types/quote-pdf";

/**
 * The quote as a PDF behind the private status link (issue 50 item 5): the same access rule as
 * the status page — whoever holds the link — in the reader's language; 404 for a request with
 * no quote sent. Personal: never cached, never indexed, no Referrer.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return pdfDownload(await quotePdf({ token: params.token }, localeFromRequest(request)));
}
