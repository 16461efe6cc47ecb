import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, type ShouldRevalidateFunction } from "react-router";
import { FormError } from "~/components/admin/form-error";
import { StatusBadge } from "~/components/admin/status-badge";
import { EmptyState } from "~/components/empty-state";
import { RequestWhen } from "~/components/requests/request-when";
import { SubmitButton } from "~/components/form/form-actions";
import { IntentButton } from "~/components/form/intent-button";
import { useIntentBusy } from "~/components/form/use-intent-busy";
import { Section } from "~/components/ui/section";
import { readForm } from "~/lib/http/form.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { formattersFor, useFormat } from "~/lib/i18n/format";
import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { type MessageKey, translateLocale } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-t";
import { getAppEnv } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { DECLINE_NOTE_MAX, DECLINE_REASONS, JOB_FILTERS, jobActionSchema, type JobFilter, readJobFilter, REMATCH_REASON_KEYS } from "~/modules/providers/jobs";
import { acceptJob, declineJob, type Job, listJobs, markJobDone } from "~/modules/providers/jobs.server";
import { requireProvider } from "~/modules/providers/require-provider.server";
import { RENEWAL_NAME_KEYS } from "~/modules/providers/renewal";
import { renewableDocuments } from "~/modules/providers/renewals.server";
import { statusLabelKey } from "~/modules/requests/status";
import type { Route } from "./+types/jobs";

export const handle = { messages: ["account", "status", "jobs", "renewal", "provider", "form", "cancel.byCustomer", "cancel.late"] } satisfies MessagesHandle;

/**
 * My Jobs (ADR 24): a verified provider's matches, newest first, with what they
 * need to answer them; accept or decline within the window, then say the job is done. Only
 * providers: anyone else gets a 404 from the loader and the action alike.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const provider = await requireProvider(request);
  const filter = readJobFilter(new URL(request.url).searchParams.get("show"));
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  // Documents about to expire (or expired) and not yet renewed: the way to the renewal upload.
  const expiring = (await renewableDocuments(provider.userId)).filter((d) => d.due && !d.pendingExpiry);
  return { filter, jobs: await listJobs(provider.id, filter, t), expiring };
}

export async function action({ request }: Route.ActionArgs) {
  const provider = await requireProvider(request);
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const submission = parseWithZod(await readForm(request), { schema: jobActionSchema(t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  const result =
    value.intent === "accept"
      ? await acceptJob(provider, value.reference)
      : value.intent === "decline"
        ? await declineJob(provider, value.reference, value.reason, value.note || null)
        : await markJobDone(provider, value.reference);
  if (!result.ok) {
    if (result.reason === "not-found") throw data("Not found", { status: 404 });
    const message =
      result.reason === "too-early"
        ? t("jobs.error.tooEarly", { date: formattersFor(translateLocale(t)).dateTime(result.startsAt) })
        : t(result.reason === "too-late" ? "jobs.error.tooLate" : "jobs.error.notAllowed");
    return data({ result: submission.reply({ formErrors: [message] }) }, { status: 409 });
  }
  const toast = {
    accept: { title: t("jobs.toast.acceptedTitle"), description: t("jobs.toast.acceptedText") },
    decline: { title: t("jobs.toast.declinedTitle"), description: t("jobs.toast.declinedText") },
    done: { title: t("jobs.toast.doneTitle"), description: t("jobs.toast.doneText") },
  }[value.intent];
  return redirectWithToast(`${href("/account/jobs")}${value.intent === "decline" ? "?show=past" : ""}`, toast, { status: 303 });
}

/**
 * A refused answer (409: the job changed under the page — a new date, the window passed) shows
 * the jobs as they are now, as the plain post's answer page does: after a 4xx React Router would
 * keep the page's older data (a "done" button still offered for a job that has not started).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) => actionStatus === 409 || defaultShouldRevalidate;

const FILTER_KEYS: Record<JobFilter, MessageKey> = { upcoming: "jobs.filter.upcoming", past: "jobs.filter.past" };

export default function JobsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { filter, jobs, expiring } = loaderData;
  const result = actionData?.result;
  const refused = (result?.initialValue as { reference?: string } | undefined)?.reference;
  const format = useFormat();
  return (
    <Section id="jobs-title" title={t("jobs.title")} className="card p-4 sm:p-6">
      <p className="mt-2 text-slate-600">{t("jobs.intro")}</p>
      {expiring.length > 0 ? (
        <div className="mt-4 rounded-md bg-amber-50 p-3 text-amber-900">
          <ul>
            {expiring.map((d) => (
              <li key={d.document}>{t(d.expired ? "renewal.bannerExpired" : "renewal.banner", { document: t(RENEWAL_NAME_KEYS[d.document]), date: format.date(d.expiresOn) })}</li>
            ))}
          </ul>
          <Link to={href("/account/documents")} className="mt-1 inline-block font-medium underline">
            {t("renewal.bannerLink")}
          </Link>
        </div>
      ) : null}
      {/* Plain links: the filter is part of the URL and works without JavaScript. */}
      <nav aria-label={t("jobs.filter.label")} className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {JOB_FILTERS.map((f) => (
            <li key={f}>
              <Link
                to={`${href("/account/jobs")}?show=${f}`}
                aria-current={f === filter ? "page" : undefined}
                className="block rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium aria-[current=page]:border-teal-700 aria-[current=page]:bg-teal-50 aria-[current=page]:text-teal-900"
              >
                {t(FILTER_KEYS[f])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {jobs.length === 0 ? (
        <div className="mt-6">
          <EmptyState title={t(filter === "upcoming" ? "jobs.emptyUpcoming" : "jobs.emptyPast")} text={t("jobs.emptyText")} />
        </div>
      ) : (
        <ul className="mt-6 grid gap-4">
          {jobs.map((job) => (
            <JobCard key={job.reference} job={job} result={refused === job.reference ? result : undefined} />
          ))}
        </ul>
      )}
    </Section>
  );
}

function JobCard({ job, result }: { job: Job; result?: Parameters<typeof FormError>[0]["result"] }) {
  const t = useT();
  const declining = useIntentBusy("decline", { reference: job.reference });
  const format = useFormat();
  const id = `job-${job.reference}`;
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <article aria-labelledby={`${id}-title`}>
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h3 id={`${id}-title`} className="text-lg font-semibold">
              <span translate={job.titleAsWritten ? "no" : undefined}>{job.title}</span>
            </h3>
            <RequestWhen appointment={job.appointment} createdAt={job.createdAt} reference={job.reference} />
          </div>
          <StatusBadge status={job.status} label={statusLabelKey(job, job.status)} />
        </header>

        {job.answer === "declined" || job.answer === "timeout" ? (
          <p className="mt-3 rounded-md bg-slate-100 p-2 text-sm">{t(job.answer === "declined" ? "jobs.youDeclined" : "jobs.youTimedOut")}</p>
        ) : null}
        {job.customerCancelled ? (
          <p className="mt-3 rounded-md bg-red-50 p-2 text-sm text-red-900" data-testid="job-cancelled-by-customer">
            {t("cancel.byCustomer")}
            {job.customerCancelled.late ? <span className="ml-2 rounded bg-red-800 px-2 py-0.5 text-xs text-white">{t("cancel.late")}</span> : null}
          </p>
        ) : null}
        {job.movedFrom ? (
          // The customer asked to move it (ADR 43): the time above is the new one, to accept or decline.
          <p className="mt-3 rounded-md bg-sky-50 p-2 text-sm text-sky-900" data-testid="job-moved">
            {t("jobs.movedFrom", { date: format.dateTime(job.movedFrom) })}
          </p>
        ) : null}
        {job.respondBy ? <p className="mt-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900">{t("jobs.respondBy", { date: format.dateTime(job.respondBy) })}</p> : null}
        {job.doneAt ? <p className="mt-3 rounded-md bg-emerald-50 p-2 text-sm text-emerald-900">{t("jobs.doneAt", { date: format.dateTime(job.doneAt) })}</p> : null}

        <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-2">
          {job.customer ? (
            <>
              <div>
                <dt className="text-sm text-slate-500">{t("jobs.customer")}</dt>
                <dd translate="no">{job.customer.name}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-500">{t("jobs.customerEmail")}</dt>
                <dd translate="no">{job.customer.email ? <a href={`mailto:${job.customer.email}`}>{job.customer.email}</a> : t("status.notGiven")}</dd>
              </div>
            </>
          ) : null}
          {job.fields.map((f) => (
            <div key={f.label}>
              <dt className="text-sm text-slate-500">{f.label}</dt>
              <dd className="break-words whitespace-pre-line" translate={f.asWritten ? "no" : undefined}>
                {f.value ?? t("status.notGiven")}
              </dd>
            </div>
          ))}
        </dl>
        {job.answer === "pending" ? <p className="mt-3 text-sm text-slate-600">{t("jobs.contactAfterAccept")}</p> : null}

        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-medium text-teal-800">{t("jobs.timeline")}</summary>
          <ol className="mt-2 grid gap-1 text-sm">
            {job.events.map((e) => (
              <li key={`${e.status}-${e.at}`}>
                {t(statusLabelKey(job, e.status))} · {format.dateTime(e.at)}
              </li>
            ))}
          </ol>
        </details>

        {job.hasCalendar ? (
          <p className="mt-4">
            {/* A file download, not a page: a plain link the browser fetches, no script needed. */}
            <Link to={href("/account/jobs/:reference/calendar.ics", { reference: job.reference })} reloadDocument download className="text-teal-800 underline" aria-describedby={`${id}-title`}>
              {t("status.addToCalendar")}
            </Link>
          </p>
        ) : null}

        <FormError result={result} />
        {job.answer === "pending" ? (
          <div className="mt-4 grid gap-4">
            <IntentButton
              intent="accept"
              fields={{ reference: job.reference }}
              label={t("jobs.accept")}
              buttonClassName="btn-primary w-full sm:w-auto"
              describedBy={`${id}-title`}
            />
            <details open={Boolean(result?.error?.reason?.length || result?.error?.note?.length) || undefined} className="rounded-md border border-slate-200 p-3">
              <summary className="cursor-pointer font-medium">{t("jobs.decline.open")}</summary>
              <Form method="post" className="mt-3 grid gap-3">
                <input type="hidden" name="intent" value="decline" />
                <input type="hidden" name="reference" value={job.reference} />
                <fieldset className="grid gap-2" aria-describedby={result?.error?.reason?.length ? "reason-error" : undefined}>
                  <legend className="field-label">{t("jobs.reason.label")}</legend>
                  {DECLINE_REASONS.map((r) => (
                    <label key={r} className="flex items-start gap-2">
                      <input type="radio" name="reason" value={r} required className="mt-1" />
                      <span>{t(REMATCH_REASON_KEYS[r])}</span>
                    </label>
                  ))}
                  <FormError result={result} name="reason" />
                </fieldset>
                <label className="grid gap-1">
                  <span className="field-label">{t("jobs.decline.note")}</span>
                  <textarea name="note" rows={3} maxLength={DECLINE_NOTE_MAX} className="field-input" aria-invalid={Boolean(result?.error?.note?.length) || undefined} aria-describedby={result?.error?.note?.length ? "note-error" : undefined} />
                  <FormError result={result} name="note" />
                </label>
                <SubmitButton busy={declining} label={t("jobs.decline.confirm")} className="btn-secondary w-full sm:w-auto" />
              </Form>
            </details>
          </div>
        ) : null}
        {job.answer === "accepted" && job.status === "accepted" && !job.doneAt ? (
          job.started ? (
            <IntentButton
              intent="done"
              fields={{ reference: job.reference }}
              label={t("jobs.markDone")}
              className="mt-4"
              buttonClassName="btn-primary w-full sm:w-auto"
            />
          ) : (
            // Not before the appointment (issue 49 item 2): the button is there, disabled, with the reason.
            <div className="mt-4 grid gap-2">
              <button type="button" disabled aria-describedby={`${id}-done-from`} className="btn-primary w-full sm:w-auto sm:justify-self-start">
                {t("jobs.markDone")}
              </button>
              <p id={`${id}-done-from`} className="text-sm text-slate-600">
                {t("jobs.doneFrom", { date: format.dateTime(job.appointment!) })}
              </p>
            </div>
          )
        ) : null}
      </article>
    </li>
  );
}
