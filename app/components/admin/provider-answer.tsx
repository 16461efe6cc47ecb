import { useFormat } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/use-t";
import { isRematchReason, REMATCH_REASON_KEYS } from "~/modules/providers/jobs";
import type { AdminRequest } from "~/modules/admin/views";

/**
 * The provider's side of a matched request (ADR 24): waiting for their answer (until when),
 * done by them (the operator completes), or — when the match fell through — flagged "needs a
 * new match" with who declined and why. The shortlist no longer offers those providers.
 */
export function ProviderAnswer({ job, providerName }: { job: NonNullable<AdminRequest["job"]>; providerName: string | null }) {
  const t = useT();
  const format = useFormat();
  const reason = (code: string) => (isRematchReason(code) ? t(REMATCH_REASON_KEYS[code]) : code);
  if (!job.respondBy && !job.doneAt && !job.rematchReason && job.declined.length === 0) return null;
  return (
    <section aria-labelledby="provider-answer-title" className={`card p-4 ${job.rematchReason ? "border-amber-300 bg-amber-50" : ""}`}>
      <h2 id="provider-answer-title" className="text-lg font-semibold">
        {job.rematchReason ? t("jobs.admin.needsMatch") : t("jobs.admin.title")}
      </h2>
      {job.rematchReason ? <p className="mt-1">{t("jobs.admin.lastReason", { reason: reason(job.rematchReason) })}</p> : null}
      {job.respondBy && providerName ? <p className="mt-1">{t("jobs.admin.waiting", { provider: providerName, date: format.dateTime(job.respondBy) })}</p> : null}
      {job.doneAt && providerName ? <p className="mt-1 font-medium">{t("jobs.admin.done", { provider: providerName, date: format.dateTime(job.doneAt) })}</p> : null}
      {job.declined.length ? (
        <>
          <h3 className="mt-3 text-sm font-semibold">{t("jobs.admin.declinedBy")}</h3>
          <ul className="mt-1 grid gap-1 text-sm">
            {job.declined.map((d) => (
              <li key={`${d.provider}-${d.at}`}>
                <span translate="no">{d.provider}</span> · {reason(d.reason)} · {format.dateTime(d.at)}
                {d.note ? (
                  <>
                    {" "}
                    · <q translate="no">{d.note}</q>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
