import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { LinkDialog, LinkDialogTrigger, useLinkDialog } from "~/components/link-dialog";
import { useFormat } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/use-t";
import { REASON_MAX } from "~/modules/admin/request-actions";
import type { MessageKey } from "~/lib/i18n/translate";
import { type RequestStatus, statusLabelKey, type Transition } from "~/modules/requests/status";
import { FormError } from "./form-error";

/**
 * The moves the request's kind allows from here (status.ts says why each exists); one form, so it works
 * without JavaScript. A cancellation needs its reason (checked on the server; it goes to the
 * customer). Completing has its own button: it is the one operators use most, and it is final
 * and emails the customer at once, so it asks first — in the one link-dialog
 * pattern (ADR 7): a dialog once hydrated, before that a confirmation section at `?complete`;
 * the server refuses a completion that was not confirmed.
 */
export function RequestWorkflow({
  reference,
  labels,
  moves,
  status,
  result,
  completeFrom = null,
}: {
  reference: string;
  /** The lifecycle's own words for its statuses (status.ts `labels`). */
  labels?: Partial<Record<RequestStatus, MessageKey>>;
  moves: Transition[];
  status: RequestStatus;
  result?: SubmissionResult<string[]>;
  /** The appointment, while it has not started: completing waits for it (issue 49 item 2), so it is not offered. */
  completeFrom?: string | null;
}) {
  const t = useT();
  const format = useFormat();
  const noteError = Boolean(result?.error?.note?.length);
  const completeRefused = Boolean(result?.error?.confirm?.length) || (result?.initialValue as { to?: string } | undefined)?.to === "completed";
  const completing = useLinkDialog({ param: "complete", id: "complete-request", refused: Boolean(result?.error) && completeRefused });
  // The other moves' form offers no completion: that one goes through its confirmation.
  const others = moves.filter((m) => m.to !== "completed");
  return (
    <section aria-labelledby="workflow-title" className="card content-start p-6 xl:sticky xl:top-20 xl:self-start">
      <h2 id="workflow-title" className="text-lg font-semibold">
        {t("admin.workflow.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("admin.workflow.current", { status: t(statusLabelKey({ labels }, status)) })}</p>
      {moves.some((m) => m.to === "completed") && completeFrom ? (
        <div className="mt-4 grid gap-2">
          <p className="rounded-md bg-slate-100 p-2 text-sm text-slate-700">{t("admin.workflow.completeFrom", { date: format.dateTime(completeFrom) })}</p>
          {/* A completion refused on the server (the page was older than a new date): its message. */}
          <FormError result={completeRefused ? result : undefined} />
        </div>
      ) : moves.some((m) => m.to === "completed") ? (
        <>
          <LinkDialogTrigger dialog={completing} className="btn-primary mt-4 w-full">
            {t("admin.workflow.complete")}
          </LinkDialogTrigger>
          <LinkDialog
            dialog={completing}
            title={t("admin.complete.title", { reference })}
            description={t("admin.complete.text")}
            closeLabel={t("dialog.close")}
            inlineClassName="mt-4"
          >
            {({ close, inline }) => (
              <Form method="post" className="grid gap-4" onSubmit={inline ? undefined : close}>
                <input type="hidden" name="intent" value="move" />
                <input type="hidden" name="to" value="completed" />
                <input type="hidden" name="confirm" value="yes" />
                <FormError result={completeRefused ? result : undefined} name="confirm" />
                <FormError result={completeRefused ? result : undefined} />
                <div className="flex flex-wrap gap-3">
                  <button type="submit" className="btn-primary">
                    {t("admin.complete.confirm")}
                  </button>
                  {inline ? (
                    <Link to="." className="btn-secondary">
                      {t("admin.complete.cancel")}
                    </Link>
                  ) : (
                    <button type="button" className="btn-secondary" onClick={close}>
                      {t("admin.complete.cancel")}
                    </button>
                  )}
                </div>
              </Form>
            )}
          </LinkDialog>
        </>
      ) : null}
      {moves.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{t("admin.workflow.final")}</p>
      ) : others.length === 0 ? null : (
        <Form method="post" className="mt-4 grid gap-4">
          <input type="hidden" name="intent" value="move" />
          <fieldset className="grid gap-2">
            <legend className="field-label">{t("admin.workflow.moveTo")}</legend>
            {others.map((m, i) => (
              <label key={m.to} className="flex items-start gap-2 rounded-md border border-slate-200 p-2">
                <input type="radio" name="to" value={m.to} defaultChecked={i === 0} className="mt-1" />
                <span className="font-medium">{t(statusLabelKey({ labels }, m.to))}</span>
              </label>
            ))}
          </fieldset>
          <label className="grid gap-1">
            <span className="field-label">{t("admin.workflow.note")}</span>
            <span id="move-note-hint" className="text-xs text-slate-600">
              {t("admin.workflow.noteHint", { max: REASON_MAX })}
            </span>
            <textarea
              name="note"
              rows={3}
              maxLength={REASON_MAX}
              className="field-input"
              aria-invalid={noteError || undefined}
              aria-describedby={noteError ? "move-note-hint note-error" : "move-note-hint"}
            />
            <FormError result={result} name="note" />
          </label>
          <FormError result={completeRefused ? undefined : result} />
          <button type="submit" className="btn-secondary">
            {t("admin.workflow.submit")}
          </button>
        </Form>
      )}
    </section>
  );
}
