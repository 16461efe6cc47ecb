import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { FormError } from "~/components/admin/form-error";
import { SubmitButton } from "~/components/form/form-actions";
import { useIntentBusy } from "~/components/form/use-intent-busy";
import { LinkDialog, LinkDialogTrigger, useLinkDialog } from "~/components/link-dialog";
import { QuoteTable } from "~/components/quotes/quote-table";
import { useFormat } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/use-t";
import { DECLINE_REASON_MAX } from "~/modules/quotes/schema";
import type { CustomerQuote } from "~/modules/quotes/views";

/**
 * The customer's quote on their request's page (issue 50 item 3), from the status link or their
 * account: the latest one sent (and that it replaced an earlier one), accepted with one click (a
 * plain form: no JavaScript needed), declined with an optional reason in the one link-dialog
 * pattern (ADR 7: `?decline-quote#decline-quote` without JavaScript), and once expired, "Ask for
 * a new quote". Each route's action checks who may answer.
 */
export function QuoteAnswer({ quote: q, result, pdfHref }: { quote: CustomerQuote; result?: SubmissionResult<string[]> | undefined; pdfHref?: string }) {
  const t = useT();
  const dates = useFormat();
  const intent = (result?.initialValue as { intent?: string } | undefined)?.intent;
  const refused = Boolean(result?.error) && typeof intent === "string" && intent.startsWith("quote-");
  const declining = useLinkDialog({ param: "decline-quote", id: "decline-quote", refused: refused && intent === "quote-decline" });
  const accepting = useIntentBusy("quote-accept");
  const renewing = useIntentBusy("quote-renew");
  const declineBusy = useIntentBusy("quote-decline");
  const { quote } = q;
  return (
    <section aria-labelledby="quote-title" className="mt-6 border-t border-slate-200 pt-6" id="quote">
      <h2 id="quote-title" className="text-lg font-semibold">
        {t("quote.customer.title")}
      </h2>
      {q.replacedSentAt ? <p className="mt-1 text-sm text-slate-700">{t("quote.customer.replaces", { date: dates.dateTime(q.replacedSentAt) })}</p> : null}
      <div className="mt-3">
        <QuoteTable quote={quote} caption={t("quote.customer.title")} />
      </div>
      {pdfHref ? (
        <p className="no-print mt-3">
          {/* A file download, not a page (in the page's language prefix). */}
          <Link to={pdfHref} reloadDocument download className="text-teal-800 underline">
            {t("quote.customer.pdf")}
          </Link>
        </p>
      ) : null}
      {refused && intent !== "quote-decline" ? (
        <div className="mt-3">
          <FormError result={result} />
        </div>
      ) : null}
      {quote.status === "accepted" && quote.answeredAt ? <p className="mt-4 font-medium text-emerald-800">{t("quote.customer.accepted", { date: dates.dateTime(quote.answeredAt) })}</p> : null}
      {quote.status === "declined" && quote.answeredAt ? <p className="mt-4 font-medium">{t("quote.customer.declined", { date: dates.dateTime(quote.answeredAt) })}</p> : null}
      {quote.status === "withdrawn" ? <p className="mt-4 font-medium">{t("quote.customer.withdrawn")}</p> : null}
      {quote.lapsed ? <p className="mt-4 font-medium text-amber-900">{t("quote.customer.expired", { date: dates.calendarDay(quote.validUntil) })}</p> : null}
      {q.canAnswer ? (
        // Printed, the quote is the table and its terms: the answers are for the screen.
        <div className="no-print mt-4 grid gap-3">
          <p className="text-sm text-slate-600">{t("quote.customer.acceptNote")}</p>
          <div className="flex flex-wrap items-start gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="quote-accept" />
              <input type="hidden" name="quote" value={quote.id} />
              <SubmitButton busy={accepting} label={t("quote.customer.accept")} />
            </Form>
            <LinkDialogTrigger dialog={declining} className="btn-secondary inline-block">
              {t("quote.customer.decline")}
            </LinkDialogTrigger>
          </div>
          <LinkDialog dialog={declining} title={t("quote.customer.declineTitle")} description={t("quote.customer.declineText")} closeLabel={t("dialog.close")} width="lg" inlineClassName="mt-4">
            {({ close, inline }) => (
              <Form method="post" className="grid gap-4" onSubmit={inline ? undefined : close}>
                <input type="hidden" name="intent" value="quote-decline" />
                <input type="hidden" name="quote" value={quote.id} />
                <label className="grid gap-1">
                  <span className="field-label">{t("quote.customer.declineReason")}</span>
                  <textarea name="reason" rows={3} maxLength={DECLINE_REASON_MAX} className="field-input" aria-describedby={refused && result?.error?.reason ? "reason-error" : undefined} />
                  <FormError result={refused ? result : undefined} name="reason" />
                </label>
                <FormError result={refused && intent === "quote-decline" ? result : undefined} />
                <div className="flex flex-wrap gap-3">
                  <SubmitButton busy={declineBusy} label={t("quote.customer.decline")} className="btn-primary bg-red-700 hover:bg-red-800" />
                  {inline ? (
                    <Link to="." className="btn-secondary">
                      {t("quote.customer.keep")}
                    </Link>
                  ) : (
                    <button type="button" className="btn-secondary" onClick={close}>
                      {t("quote.customer.keep")}
                    </button>
                  )}
                </div>
              </Form>
            )}
          </LinkDialog>
        </div>
      ) : null}
      {q.canRenew ? (
        <Form method="post" className="no-print mt-4">
          <input type="hidden" name="intent" value="quote-renew" />
          <SubmitButton busy={renewing} label={t("quote.customer.renew")} className="btn-secondary" />
        </Form>
      ) : null}
    </section>
  );
}
