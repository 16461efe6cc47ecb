import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { useT } from "~/lib/i18n/use-t";
import { REASON_MAX } from "~/modules/admin/request-actions";
import { type RequestStatus, STATUS_LABEL_KEYS, type Transition } from "~/modules/requests/status";
import { FormError } from "./form-error";

/**
 * The moves the request's kind allows from here (status.ts says why each exists); one form, so it works
 * without JavaScript. A cancellation needs its reason (checked on the server; it goes to the
 * customer). Completing has its own button: it is the one operators use most.
 */
export function RequestWorkflow({ moves, status, result }: { moves: Transition[]; status: RequestStatus; result?: SubmissionResult<string[]> }) {
  const t = useT();
  const noteError = Boolean(result?.error?.note?.length);
  return (
    <section aria-labelledby="workflow-title" className="card content-start p-6 xl:sticky xl:top-20 xl:self-start">
      <h2 id="workflow-title" className="text-lg font-semibold">
        {t("admin.workflow.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("admin.workflow.current", { status: t(STATUS_LABEL_KEYS[status]) })}</p>
      {moves.some((m) => m.to === "completed") ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="to" value="completed" />
          <button type="submit" className="btn-primary w-full">
            {t("admin.workflow.complete")}
          </button>
        </Form>
      ) : null}
      {moves.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{t("admin.workflow.final")}</p>
      ) : (
        <Form method="post" className="mt-4 grid gap-4">
          <input type="hidden" name="intent" value="move" />
          <fieldset className="grid gap-2">
            <legend className="field-label">{t("admin.workflow.moveTo")}</legend>
            {moves.map((m, i) => (
              <label key={m.to} className="flex items-start gap-2 rounded-md border border-slate-200 p-2">
                <input type="radio" name="to" value={m.to} defaultChecked={i === 0} className="mt-1" />
                <span className="font-medium">{t(STATUS_LABEL_KEYS[m.to])}</span>
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
          <FormError result={result} />
          <button type="submit" className="btn-secondary">
            {t("admin.workflow.submit")}
          </button>
        </Form>
      )}
    </section>
  );
}
