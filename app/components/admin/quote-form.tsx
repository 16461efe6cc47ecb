import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { AdminPanel } from "~/components/admin/admin-panel";
import { FormError } from "~/components/admin/form-error";
import { QUOTE_STATE_KEYS, QuoteTable } from "~/components/quotes/quote-table";
import { useFormat } from "~/lib/i18n/format";
import { QUOTE_FLAG_KEYS } from "~/modules/quotes/flags";
import { useT } from "~/lib/i18n/use-t";
import { centsToInput, hundredthsToInput } from "~/modules/quotes/money";
import { QUOTE_DESCRIPTION_MAX, QUOTE_LINES_MAX, QUOTE_TEXT_MAX } from "~/modules/quotes/schema";
import type { AdminQuotes, QuoteView } from "~/modules/quotes/views";

type LineValue = { description?: string; quantity?: string; unitPrice?: string };
type Values = { lines?: LineValue[]; included?: string; excluded?: string; note?: string; validUntil?: string; appointmentDate?: string; appointmentTime?: string };


function valuesOf(q: QuoteView | null): Values | null {
  if (!q) return null;
  return {
    lines: q.lines.map((l) => ({ description: l.description, quantity: hundredthsToInput(l.quantityHundredths), unitPrice: centsToInput(l.unitCents) })),
    included: q.included ?? "",
    excluded: q.excluded ?? "",
    note: q.note ?? "",
    validUntil: q.validUntil,
    appointmentDate: q.appointment?.slice(0, 10) ?? "",
    appointmentTime: q.appointment?.slice(11, 16) ?? "",
  };
}

/**
 * The operator's quote on a request's back-office page (issue 50 item 2): what is out with the
 * customer and its earlier versions, and the form to write one — line items, included and not,
 * valid until, a note — saved as a draft or sent (a revision replaces the sent one), or the sent
 * one withdrawn. A plain form: without JavaScript it posts as is, with a few empty rows to fill
 * (blank rows are left out); refused, it comes back with what was typed and each field's message.
 */
export function QuoteForm({ quotes, defaultValidUntil, result }: { quotes: AdminQuotes; defaultValidUntil: string; result?: SubmissionResult<string[]> | undefined }) {
  const t = useT();
  const dates = useFormat();
  // Kinds and values with a fixed price have no quote panel (an airport transfer, a listing).
  if (!quotes.quoted) return null;
  const posted = (result?.initialValue as Values | undefined) ?? null;
  const values: Values = posted ?? valuesOf(quotes.draft) ?? valuesOf(quotes.current) ?? {};
  const lines = values.lines ?? [];
  const rows = Math.min(QUOTE_LINES_MAX, Math.max(lines.length + 2, 3));
  const error = (name: string) => result?.error?.[name]?.length;
  /** A field's state for assistive technology: invalid, and described by its message, once refused. */
  const described = (name: string) => (error(name) ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {});
  const revising = quotes.current?.status === "sent";
  const flagKey = quotes.flag ? QUOTE_FLAG_KEYS[quotes.flag] : undefined;
  return (
    <AdminPanel id="quote-title" title={t("quote.title")}>
      {flagKey ? (
        <p className="mt-2 rounded-md bg-amber-50 p-2 text-sm font-medium text-amber-900" data-testid="quote-flag">
          {t(flagKey)}
        </p>
      ) : null}
      {quotes.history.length ? (
        <ul className="mt-3 grid gap-1 text-sm" aria-label={t("quote.title")}>
          {quotes.history.map((q) => (
            <li key={q.id}>
              {t("quote.admin.sentOn", { version: q.version, date: q.sentAt ? dates.dateTime(q.sentAt) : "—", status: t(QUOTE_STATE_KEYS[q.status]) })}
              {q.declineReason ? (
                <span className="block text-slate-600" translate="no">
                  {t("quote.declineReason")}: {q.declineReason}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {quotes.current ? (
        <div className="mt-4">
          <QuoteTable quote={quotes.current} caption={t("quote.version", { version: quotes.current.version })} />
        </div>
      ) : null}
      {revising ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="quote-withdraw" />
          <button type="submit" className="btn-secondary text-sm">
            {t("quote.admin.withdraw")}
          </button>
        </Form>
      ) : null}
      {quotes.canSend ? (
        <Form method="post" className="mt-6 grid gap-4" aria-label={t("quote.title")}>
          <fieldset className="grid gap-2">
            <legend className="field-label">{t("quote.admin.lines")}</legend>
            <p className="text-sm text-slate-600">{t("quote.admin.linesHint")}</p>
            <FormError result={result} name="lines" />
            {Array.from({ length: rows }, (_, i) => {
              const v = lines[i] ?? {};
              const field = (f: string) => `lines[${i}].${f}`;
              return (
                <div key={i} className="grid gap-2 sm:grid-cols-[1fr_6rem_8rem]" role="group" aria-label={t("quote.line", { n: i + 1 })}>
                  {(["description", "quantity", "unitPrice"] as const).map((f) => (
                    <label key={f} className="grid gap-1 text-sm">
                      <span>{t(`quote.${f}`)}</span>
                      <input
                        name={field(f)}
                        defaultValue={v[f] ?? ""}
                        className="field-input"
                        inputMode={f === "description" ? undefined : "decimal"}
                        maxLength={f === "description" ? QUOTE_DESCRIPTION_MAX : 20}
                        {...described(field(f))}
                      />
                      <FormError result={result} name={field(f)} />
                    </label>
                  ))}
                </div>
              );
            })}
          </fieldset>
          {(["included", "excluded", "note"] as const).map((f) => (
            <label key={f} className="grid gap-1">
              <span className="field-label">{t(`quote.${f}`)}</span>
              <textarea
                name={f}
                rows={2}
                maxLength={QUOTE_TEXT_MAX}
                defaultValue={values[f] ?? ""}
                className="field-input"
                {...described(f)}
              />
              <FormError result={result} name={f} />
            </label>
          ))}
          {quotes.needsAppointment ? (
            <fieldset className="grid gap-2" aria-describedby="quote-appointment-hint">
              <legend className="field-label">{t("quote.appointment")}</legend>
              <p id="quote-appointment-hint" className="text-sm text-slate-600">
                {t("quote.appointmentHint")}
              </p>
              <div className="flex flex-wrap gap-3">
                {(
                  [
                    ["appointmentDate", "date"],
                    ["appointmentTime", "time"],
                  ] as const
                ).map(([f, type]) => (
                  <label key={f} className="grid gap-1 text-sm">
                    <span>{t(`quote.${f}`)}</span>
                    <input
                      type={type}
                      name={f}
                      defaultValue={values[f] ?? ""}
                      className="field-input"
                      {...described(f)}
                    />
                    <FormError result={result} name={f} />
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          <label className="grid gap-1">
            <span className="field-label">{t("quote.validUntil")}</span>
            <input
              type="date"
              name="validUntil"
              required
              defaultValue={values.validUntil ?? defaultValidUntil}
              className="field-input max-w-xs"
              {...described("validUntil")}
            />
            <FormError result={result} name="validUntil" />
          </label>
          <FormError result={result} />
          <div className="flex flex-wrap gap-3">
            <button type="submit" name="intent" value="quote-send" className="btn-primary">
              {revising ? t("quote.admin.sendRevision") : t("quote.admin.send")}
            </button>
            <button type="submit" name="intent" value="quote-save" className="btn-secondary">
              {t("quote.admin.saveDraft")}
            </button>
          </div>
        </Form>
      ) : (
        <p className="mt-3 text-sm text-slate-600">{t("quote.admin.closed")}</p>
      )}
    </AdminPanel>
  );
}
