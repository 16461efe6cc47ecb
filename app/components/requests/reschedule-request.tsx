import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { FormError } from "~/components/admin/form-error";
import { SubmitButton } from "~/components/form/form-actions";
import { useIntentBusy } from "~/components/form/use-intent-busy";
import { LinkDialog, LinkDialogTrigger, useLinkDialog } from "~/components/link-dialog";
import { torontoToday } from "~/lib/forms/formats";
import { useFormat } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/use-t";
import { RESCHEDULE_PARAM, RESCHEDULE_SECTION } from "~/modules/requests/cancel-link";
import type { RequestView } from "~/modules/requests/views";

/**
 * The customer proposes a new date and time (issue 49 item 1, ADR 43), beside the cancel action:
 * in the one link-dialog pattern (ADR 7), a dialog once hydrated, `?reschedule#reschedule-request`
 * without JavaScript, where the same form posts as a plain form. A proposal that waits for the
 * provider is said back; the appointment above it changes only once they accept.
 */
export function RescheduleRequest({ request, result }: { request: Pick<RequestView, "reference" | "canReschedule" | "proposal" | "appointment">; result?: SubmissionResult<string[]> | undefined }) {
  const t = useT();
  const format = useFormat();
  const refused = Boolean(result?.error) && (result?.initialValue as { intent?: string } | undefined)?.intent === "reschedule";
  const dialog = useLinkDialog({ param: RESCHEDULE_PARAM, id: RESCHEDULE_SECTION, refused });
  const busy = useIntentBusy("reschedule");
  const sent = refused ? (result?.initialValue as { date?: string; time?: string } | undefined) : undefined;
  const dateError = refused && Boolean(result?.error?.date?.length);
  const timeError = refused && Boolean(result?.error?.time?.length);
  return (
    <>
      {request.proposal ? (
        <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="reschedule-pending">
          {t("reschedule.pending", { date: format.dateTime(request.proposal.appointment) })}
        </p>
      ) : null}
      {request.canReschedule ? (
        <>
          <LinkDialogTrigger dialog={dialog} className="btn-secondary mt-3 mr-3 inline-block">
            {t("reschedule.open")}
          </LinkDialogTrigger>
          <LinkDialog dialog={dialog} title={t("reschedule.title", { reference: request.reference })} description={t("reschedule.text")} closeLabel={t("dialog.close")} width="lg" inlineClassName="mt-4">
            {({ close, inline }) => (
              <Form method="post" className="grid gap-4" onSubmit={inline ? undefined : close}>
                <input type="hidden" name="intent" value="reschedule" />
                <div className="grid gap-4 sm:grid-cols-2">
                  <label className="grid gap-1">
                    <span className="field-label">{t("reschedule.date")}</span>
                    <input
                      type="date"
                      name="date"
                      required
                      min={torontoToday()}
                      defaultValue={sent?.date ?? request.appointment?.slice(0, 10)}
                      className="field-input"
                      aria-invalid={dateError || undefined}
                      aria-describedby={dateError ? "date-error" : undefined}
                    />
                    <FormError result={refused ? result : undefined} name="date" />
                  </label>
                  <label className="grid gap-1">
                    <span className="field-label">{t("reschedule.time")}</span>
                    <input
                      type="time"
                      name="time"
                      required
                      defaultValue={sent?.time ?? request.appointment?.slice(11, 16)}
                      className="field-input"
                      aria-invalid={timeError || undefined}
                      aria-describedby={timeError ? "time-error" : undefined}
                    />
                    <FormError result={refused ? result : undefined} name="time" />
                  </label>
                </div>
                <FormError result={refused ? result : undefined} />
                <div className="flex flex-wrap gap-3">
                  <SubmitButton busy={busy} label={t("reschedule.confirm")} className="btn-primary" />
                  {inline ? (
                    <Link to="." className="btn-secondary">
                      {t("reschedule.keep")}
                    </Link>
                  ) : (
                    <button type="button" className="btn-secondary" onClick={close}>
                      {t("reschedule.keep")}
                    </button>
                  )}
                </div>
              </Form>
            )}
          </LinkDialog>
        </>
      ) : null}
    </>
  );
}
