import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { pathInSpaceOf } from "~/lib/i18n/locales";
import { getAppEnv } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { answerQuote, askForNewQuote, ownQuoteRequest, type QuoteAccess } from "./quotes.server";
import { quoteAnswerSchema } from "./schema";

/**
 * The customer's answer to a quote (issue 50 item 3), for both pages that show it (the status
 * link's and the account's request page): the route says who the customer is (`access`).
 * Another's request, or none, is the page's 404 before the post is read; bad input a 400 with
 * the field's message and nothing written; a quote no longer open (replaced, withdrawn,
 * answered) or expired a 409 saying so. Done, back to the page with a toast.
 */
export async function customerQuoteAction(request: Request, form: FormData, access: QuoteAccess, pagePath: string) {
  if (!(await ownQuoteRequest(access))) throw data("Not found", { status: 404 });
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const submission = parseWithZod(form, { schema: quoteAnswerSchema(t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  const result =
    value.intent === "quote-renew"
      ? await askForNewQuote(access)
      : await answerQuote(access, value.quote, value.intent === "quote-accept" ? { accept: true } : { accept: false, reason: value.reason ?? null });
  if (!result.ok) {
    if (result.reason === "not-found") throw data("Not found", { status: 404 });
    return data({ result: submission.reply({ formErrors: [t(result.reason === "expired" ? "quote.error.expired" : "quote.error.gone")] }) }, { status: 409 });
  }
  const toast =
    value.intent === "quote-accept"
      ? { title: t("quote.toast.acceptedTitle"), description: t("quote.toast.acceptedText") }
      : value.intent === "quote-decline"
        ? { title: t("quote.toast.declinedTitle"), description: t("quote.toast.declinedText") }
        : { title: t("quote.toast.renewTitle"), description: t("quote.toast.renewText") };
  return redirectWithToast(pathInSpaceOf(request.url, pagePath), toast, { status: 303 });
}
