import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { useFormat } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/use-t";
import { NOTE_MAX } from "~/modules/admin/request-actions";
import type { AdminRequest } from "~/modules/admin/views";
import { statusLabelKey } from "~/modules/requests/status";
import { AdminPanel } from "./admin-panel";
import { FormError } from "./form-error";
import { OutboxStatusBadge } from "./outbox-status-badge";

/** What happened to a request: its timeline, the emails written for it, notes, and who did what. */
export function RequestHistory({ request: r, noteResult }: { request: AdminRequest; noteResult?: SubmissionResult<string[]> }) {
  const t = useT();
  const dates = useFormat();
  const noteError = Boolean(noteResult?.error?.body?.length);
  return (
    <>
      <AdminPanel id="timeline-title" title={t("admin.request.timeline")} className="card p-6">
        <ol className="mt-3 grid gap-2">
          {r.events.map((e, i) => (
            <li key={i} className="text-sm">
              <span className="font-medium">{t(statusLabelKey(r, e.status))}</span> · <time dateTime={e.at}>{dates.dateTime(e.at)}</time>
              {e.note ? (
                <p className="whitespace-pre-line text-slate-600" translate="no">
                  {e.note}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      </AdminPanel>

      <AdminPanel id="emails-title" title={t("admin.request.emails")} className="card p-6">
        {r.emails.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t("admin.request.noEmails")}</p>
        ) : (
          <ul className="mt-3 grid gap-2">
            {r.emails.map((m) => (
              <li key={m.id} className="text-sm">
                <Link to={`/admin/outbox/${m.id}`} className="font-medium text-teal-800 underline" translate="no">
                  {m.subject}
                </Link>
                <span className="block text-slate-600">
                  {t("admin.request.emailTo", { to: m.to })} · <OutboxStatusBadge status={m.status} /> · {dates.dateTime(m.at)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </AdminPanel>

      <section id="notes" aria-labelledby="notes-title" className="card scroll-mt-24 p-6">
        <h2 id="notes-title" className="text-lg font-semibold">
          {t("admin.request.notes")}
        </h2>
        <p className="text-sm text-slate-600">{t("admin.request.notesHint")}</p>
        {r.notes.length ? (
          <ul className="mt-3 grid gap-3">
            {r.notes.map((n) => (
              <li key={n.id} className="rounded-md bg-slate-50 p-3 text-sm">
                <p className="whitespace-pre-line" translate="no">
                  {n.body}
                </p>
                <p className="mt-1 text-xs text-slate-500">
                  <span translate="no">{n.author}</span> · {dates.dateTime(n.at)}
                </p>
              </li>
            ))}
          </ul>
        ) : null}
        <Form method="post" className="mt-4 grid gap-2">
          <input type="hidden" name="intent" value="note" />
          <label className="grid gap-1">
            <span className="field-label">{t("admin.request.addNote")}</span>
            <textarea
              name="body"
              rows={3}
              required
              maxLength={NOTE_MAX}
              className="field-input"
              aria-invalid={noteError || undefined}
              aria-describedby={noteError ? "body-error" : undefined}
            />
          </label>
          <FormError result={noteResult} name="body" />
          <FormError result={noteResult} />
          <button type="submit" className="btn-secondary justify-self-start">
            {t("admin.request.saveNote")}
          </button>
        </Form>
      </section>

      <AdminPanel id="audit-title" title={t("admin.request.audit")} className="card p-6">
        {r.audit.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t("admin.request.noAudit")}</p>
        ) : (
          <ol className="mt-3 grid gap-2 text-sm">
            {r.audit.map((a) => (
              <li key={a.id}>
                {/* The audit record as logged (who, action code, values, note): not translated. */}
                <span className="font-medium" translate="no">
                  {a.actor}
                </span>{" "}
                · <code translate="no">{a.action}</code> · {dates.dateTime(a.at)}
                <span className="block font-mono text-xs break-all text-slate-600" translate="no">
                  {JSON.stringify(a.before)} → {JSON.stringify(a.after)}
                </span>
                {a.note ? (
                  <span className="block whitespace-pre-line text-slate-600" translate="no">
                    {a.note}
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </AdminPanel>
    </>
  );
}
