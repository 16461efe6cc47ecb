import { useRootData, useT } from "~/lib/i18n/use-t";
import { useFormat } from "~/lib/i18n/format";
import type { MessageKey } from "~/lib/i18n/translate";
import { formatMoney } from "~/modules/quotes/money";
import type { QuoteStatus, QuoteView } from "~/modules/quotes/views";

export const QUOTE_STATE_KEYS: Record<QuoteStatus, MessageKey> = {
  draft: "quote.state.draft",
  sent: "quote.state.sent",
  accepted: "quote.state.accepted",
  declined: "quote.state.declined",
  expired: "quote.state.expired",
  withdrawn: "quote.state.withdrawn",
  replaced: "quote.state.replaced",
};

/**
 * A quote as its reader reads it (issue 50 item 2): line items, the subtotal, HST shown
 * separately, the total, the validity and what is included and not — amounts formatted for the
 * reader's language (money.ts). The same table on the back office and the customer's pages.
 * Descriptions and notes are the operator's words: shown as written.
 */
export function QuoteTable({ quote, caption }: { quote: QuoteView; caption: string }) {
  const t = useT();
  const { contentLocale } = useRootData();
  const dates = useFormat();
  const money = (c: number) => formatMoney(c, quote.currency, contentLocale);
  const qty = (h: number) => new Intl.NumberFormat(contentLocale, { maximumFractionDigits: 2 }).format(h / 100);
  return (
    <div className="grid gap-3" data-testid="quote">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-1 pr-2">
              {t("quote.description")}
            </th>
            <th scope="col" className="py-1 pr-2 text-right">
              {t("quote.quantity")}
            </th>
            <th scope="col" className="py-1 pr-2 text-right">
              {t("quote.unitPrice")}
            </th>
            <th scope="col" className="py-1 text-right">
              {t("quote.amount")}
            </th>
          </tr>
        </thead>
        <tbody>
          {quote.lines.map((l, i) => (
            <tr key={i} className="border-b border-slate-100">
              <td className="py-1 pr-2 [overflow-wrap:anywhere]" translate="no">
                {l.description}
              </td>
              <td className="py-1 pr-2 text-right">{qty(l.quantityHundredths)}</td>
              <td className="py-1 pr-2 text-right">{money(l.unitCents)}</td>
              <td className="py-1 text-right">{money(l.amountCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="py-1 pr-2 text-right font-normal">
              {t("quote.subtotal")}
            </th>
            <td className="py-1 text-right">{money(quote.subtotalCents)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={3} className="py-1 pr-2 text-right font-normal">
              {t("quote.hst")}
            </th>
            <td className="py-1 text-right" data-testid="quote-hst">
              {money(quote.taxCents)}
            </td>
          </tr>
          <tr className="text-base font-semibold">
            <th scope="row" colSpan={3} className="py-1 pr-2 text-right">
              {t("quote.total")}
            </th>
            <td className="py-1 text-right" data-testid="quote-total">
              {money(quote.totalCents)}
            </td>
          </tr>
        </tfoot>
      </table>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        {quote.appointment ? (
          <div>
            <dt className="font-medium">{t("quote.appointment")}</dt>
            <dd>{dates.dateTime(quote.appointment)}</dd>
          </div>
        ) : null}
        <div>
          <dt className="font-medium">{t("quote.validUntil")}</dt>
          <dd>{dates.calendarDay(quote.validUntil)}</dd>
        </div>
        {quote.included ? (
          <div>
            <dt className="font-medium">{t("quote.included")}</dt>
            <dd className="whitespace-pre-line" translate="no">
              {quote.included}
            </dd>
          </div>
        ) : null}
        {quote.excluded ? (
          <div>
            <dt className="font-medium">{t("quote.excluded")}</dt>
            <dd className="whitespace-pre-line" translate="no">
              {quote.excluded}
            </dd>
          </div>
        ) : null}
        {quote.note ? (
          <div>
            <dt className="font-medium">{t("quote.note")}</dt>
            <dd className="whitespace-pre-line" translate="no">
              {quote.note}
            </dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}
