import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { FormError } from "~/components/admin/form-error";
import { SubmitButton } from "~/components/form/form-actions";
import { useIntentBusy } from "~/components/form/use-intent-busy";
import { LinkDialog, LinkDialogTrigger, useLinkDialog } from "~/components/link-dialog";
import { useFormat } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/use-t";
import { CANCEL_NOTE_MAX, CANCEL_PARAM, CANCEL_REASON_KEYS, CANCEL_REASONS, CANCEL_SECTION, isCancelReason } from "~/modules/requests/cancel-reasons";
import type { RequestView } from "~/modules/requests/views";
import { RescheduleRequest } from "./reschedule-request";

/**
 * The customer's own actions on a request (issue 49 item 1), below its status: cancel it while
 * it is not done, or — once they did — what they said. Cancelling asks first, in the one
 * link-dialog pattern (ADR 7): a dialog once hydrated; before that (or without JavaScript) the
 * link leads to `?cancel#cancel-request`, where the same form is the confirmation step and posts
 * as a plain form. Used by the status page (status link) and My Bookings' request page alike;
 * each route's action checks who may cancel. Proposing a new date and time sits beside it
 * (reschedule-request.tsx, ADR 43).
 */
export function RequestActions({
  request,
  result,
}: {
  request: Pick<RequestView, "reference" | "canCancel" | "cancellation" | "lateCancelHours" | "canReschedule" | "proposal" | "appointment">;
  result?: SubmissionResult<string[]> | undefined;
}) {
  const t = useT();
  const format = useFormat();
  const refused = Boolean(result?.error) && (result?.initialValue as { intent?: string } | undefined)?.intent === "cancel";
  const dialog = useLinkDialog({ param: CANCEL_PARAM, id: CANCEL_SECTION, refused });
  const busy = useIntentBusy("cancel");
  const { cancellation } = request;
  if (cancellation) {
    return (
      <div className="mt-6 rounded-md bg-slate-100 p-3 text-sm" data-testid="customer-cancellation">
        <p>{t("cancel.done", { date: format.dateTime(cancellation.at) })}</p>
        {isCancelReason(cancellation.reason) ? <p>{t("cancel.doneReason", { reason: t(CANCEL_REASON_KEYS[cancellation.reason]) })}</p> : null}
        {cancellation.late ? <p className="font-medium">{t("cancel.doneLate")}</p> : null}
      </div>
    );
  }
  if (!request.canCancel) return null;
  const reasonError = Boolean(result?.error?.reason?.length);
  const noteError = Boolean(result?.error?.note?.length);
  return (
    <section aria-labelledby="request-actions-title" className="mt-6 border-t border-slate-200 pt-6">
      <h2 id="request-actions-title" className="text-lg font-semibold">
        {t("cancel.actions")}
      </h2>
      <RescheduleRequest request={request} result={result} />
      <LinkDialogTrigger dialog={dialog} className="btn-secondary mt-3 inline-block">
        {t("cancel.open")}
      </LinkDialogTrigger>
      <LinkDialog dialog={dialog} title={t("cancel.title", { reference: request.reference })} description={t("cancel.text")} closeLabel={t("dialog.close")} width="lg" inlineClassName="mt-4">
        {({ close, inline }) => (
          <Form method="post" className="grid gap-4" onSubmit={inline ? undefined : close}>
            <input type="hidden" name="intent" value="cancel" />
            {request.lateCancelHours ? (
              <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{t("cancel.lateWarning", { hours: request.lateCancelHours })}</p>
            ) : null}
            <fieldset className="grid gap-2" aria-describedby={reasonError ? "reason-error" : undefined}>
              <legend className="field-label">{t("cancel.reason.label")}</legend>
              {CANCEL_REASONS.map((r) => (
                <label key={r} className="flex items-start gap-2">
                  <input type="radio" name="reason" value={r} required className="mt-1" />
                  <span>{t(CANCEL_REASON_KEYS[r])}</span>
                </label>
              ))}
              <FormError result={refused ? result : undefined} name="reason" />
            </fieldset>
            <label className="grid gap-1">
              <span className="field-label">{t("cancel.note")}</span>
              <textarea
                name="note"
                rows={3}
                maxLength={CANCEL_NOTE_MAX}
                className="field-input"
                aria-invalid={noteError || undefined}
                aria-describedby={noteError ? "note-error" : undefined}
              />
              <FormError result={refused ? result : undefined} name="note" />
            </label>
            <FormError result={refused ? result : undefined} />
            <div className="flex flex-wrap gap-3">
              <SubmitButton busy={busy} label={t("cancel.confirm")} className="btn-primary bg-red-700 hover:bg-red-800" />
              {inline ? (
                <Link to="." className="btn-secondary">
                  {t("cancel.keep")}
                </Link>
              ) : (
                <button type="button" className="btn-secondary" onClick={close}>
                  {t("cancel.keep")}
                </button>
              )}
            </div>
          </Form>
        )}
      </LinkDialog>
    </section>
  );
}
