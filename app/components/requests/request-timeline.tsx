import { href, Link } from "react-router";
import { Section } from "~/components/ui/section";
import { useFormat } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/use-t";
import type { RequestView } from "~/modules/requests/views";
import { statusLabelKey } from "~/modules/requests/status";
import { RequestWhen } from "./request-when";


/**
 * A request's reference, timeline (its kind's happy path, e.g. Received → In review → Offered to
 * a provider → Accepted by provider → Completed, or a listing's Received → In review → Published)
 * and details; each status in its lifecycle's words.
 */
export function RequestStatusView({ request }: { request: RequestView }) {
  const t = useT();
  const { dateTime: formatDate } = useFormat();
  const reached = new Map(request.events.map((e) => [e.status, e.at]));
  const { steps, endings } = request.timeline;
  const ended = endings.includes(request.status);
  const currentIndex = steps.indexOf(request.status);
  return (
    <div className="grid gap-8">
      <div>
        <p className="text-sm text-slate-500">{t("status.reference")}</p>
        <p className="font-mono text-2xl font-bold tracking-wider">{request.reference}</p>
        <p className="mt-2 text-slate-700">{request.title}</p>
        <div className="mt-2">
          <RequestWhen appointment={request.appointment} createdAt={request.createdAt} />
        </div>
      </div>
      {request.provider ? (
        // The public profile's name and link only: contact details come by email once they accept.
        <div>
          <p className="text-sm text-slate-500">{t(request.provider.confirmed ? "status.provider.confirmed" : "status.provider.proposed")}</p>
          <p className="font-semibold">
            {request.provider.profileId ? (
              <Link to={href("/providers/:id", { id: request.provider.profileId })} className="text-teal-800 underline" translate="no">
                {request.provider.name}
              </Link>
            ) : (
              <span translate="no">{request.provider.name}</span>
            )}
          </p>
          {request.provider.confirmed ? null : <p className="text-sm text-slate-600">{t("status.provider.proposedHint")}</p>}
        </div>
      ) : null}
      <Section id="timeline-title" title={t("status.timeline")} titleClassName="text-lg font-semibold">
        <ol className="mt-4 grid gap-4">
          {steps.map((step, i) => {
            // An open request has done the steps up to its status, and no later one: a step it went
            // back from (a declined offer, a new time the provider is asked to accept: ADR 43) is
            // not done again yet. An ended one shows the steps it reached.
            const done = ended ? reached.has(step) : i <= currentIndex;
            const at = done ? reached.get(step) : undefined;
            const current = !ended && step === request.status;
            return (
              <li key={step} className="flex items-start gap-3" aria-current={current ? "step" : undefined}>
                <span
                  aria-hidden="true"
                  className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                    done ? "bg-teal-700 text-white" : "border border-slate-300 text-slate-400"
                  }`}
                >
                  {done ? "✓" : i + 1}
                </span>
                <div>
                  <p className={done ? "font-semibold" : "text-slate-500"}>
                    {t(statusLabelKey(request.timeline, step))}
                    <span className="sr-only"> — {done ? t("status.done") : t("status.pending")}</span>
                  </p>
                  {at ? <p className="text-sm text-slate-500">{formatDate(at)}</p> : null}
                </div>
              </li>
            );
          })}
          {ended ? (
            <li className="flex items-start gap-3" aria-current="step">
              <span aria-hidden="true" className="mt-0.5 flex size-6 items-center justify-center rounded-full bg-red-700 text-xs font-bold text-white">
                ×
              </span>
              <div>
                <p className="font-semibold text-red-800">{t(statusLabelKey(request.timeline, request.status))}</p>
                {reached.get(request.status) ? <p className="text-sm text-slate-500">{formatDate(reached.get(request.status)!)}</p> : null}
                {request.reason ? (
                  <p className="mt-1 break-words whitespace-pre-line">{t("status.reason", { reason: request.reason })}</p>
                ) : null}
              </div>
            </li>
          ) : null}
        </ol>
      </Section>
      <Section id="details-title" title={t("status.details")} titleClassName="text-lg font-semibold">
        <dl className="mt-4 grid gap-3 sm:grid-cols-2">
          {request.details.map((d) => (
            <div key={d.label}>
              <dt className="text-sm text-slate-500">{d.label}</dt>
              <dd className="[overflow-wrap:anywhere]">{d.value === null ? t("status.notGiven") : String(d.value)}</dd>
            </div>
          ))}
        </dl>
      </Section>
    </div>
  );
}
